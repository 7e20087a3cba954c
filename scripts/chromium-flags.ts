/** Flags for Debian's Chromium in the end-to-end tests and the bench: nothing is downloaded, and these keep it off the network. */
export const OFFLINE_CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
