/**
 * "Share" on a photo's page: the link's own address is the photo's canonical URL. With the Web
 * Share API (phones) the system's share sheet opens; else the address is copied and a status line
 * says so; else (no clipboard, or it was refused) the link simply opens, which is the page itself.
 *
 * Like the lightbox (ADR 013), this runs as an inline module serialised with `toString()`, so it
 * must use nothing from outside its own body. Markup: `a[data-share]` and `[data-share-status]`
 * inside `root`; the status's `data-copied` holds the sentence to show, in the page's language.
 */
export function setupShare(root: HTMLElement | null): void {
  if (!root || root.dataset.shareReady === "true") return;
  const link = root.querySelector<HTMLAnchorElement>("a[data-share]");
  const status = root.querySelector<HTMLElement>("[data-share-status]");
  if (!link || !status) return;
  root.dataset.shareReady = "true";
  link.addEventListener("click", (event) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const url = link.href;
    const title = document.title;
    if (typeof navigator.share === "function") {
      event.preventDefault();
      // A cancelled share sheet rejects: nothing to say about it.
      navigator.share({ title, url }).catch(() => undefined);
      return;
    }
    if (navigator.clipboard && typeof navigator.clipboard.writeText === "function") {
      event.preventDefault();
      navigator.clipboard.writeText(url).then(
        () => {
          status.textContent = status.dataset.copied || "Link copied. Paste it in a message or an email.";
        },
        () => {
          // The browser refused the copy: the plain link still works.
          location.href = url;
        },
      );
    }
  });
}
