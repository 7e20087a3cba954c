/**
 * On a phone the gallery's and the projects' filters are one row that scrolls sideways (ADR 063).
 * Tab moves along it, but Chromium leaves a link where it is when 32 px of it already show, so
 * this brings the whole link into view. Only for keyboard focus: a tap or a click focuses the
 * link too, and scrolling it away under the pointer would turn the click into a miss.
 *
 * Public pages ship no framework JavaScript, so this runs as a small inline script after the row
 * (serialised with `toString()`: it must use nothing from outside its own body), and from an
 * effect when the page was rendered in the browser.
 */
export function revealFocusedFilter(nav: Element | null): void {
  if (!(nav instanceof HTMLElement) || nav.dataset.revealReady === "true") return;
  nav.dataset.revealReady = "true";
  nav.addEventListener("focusin", (event) => {
    const link = event.target;
    if (link instanceof HTMLElement && link.matches(":focus-visible")) link.scrollIntoView({ block: "nearest", inline: "nearest" });
  });
}
