/**
 * The gallery's lightbox: a photo link opens a native modal <dialog> with the large image, its
 * caption and its position ("Photo 3 of 24"); previous/next buttons, arrow keys and a sideways
 * swipe move within the photos of the current page (wrapping around); Esc, the close button or
 * a click on the backdrop close it, and focus goes back to the photo that opened it.
 *
 * Public pages ship no framework JavaScript (ADR 006), so this runs as a small inline module:
 * the page serialises this function with `toString()` (docs/decisions/013-public-gallery.md).
 * It must therefore use nothing from outside its own body. Without JavaScript every photo is
 * a plain link to its large image.
 *
 * Markup it expects inside `root`: links `a[data-lightbox-item]` to the large image (with
 * `data-width` and `data-height`, a <picture> whose WebP <source> lists every width, an <img>
 * whose alt is the photo's, and a <figcaption> in the same <figure>), and one `dialog[data-lightbox]` holding `[data-lightbox-img]`,
 * `[data-lightbox-caption]`, `[data-lightbox-position]` and buttons with
 * `data-action="close|prev|next"`.
 */
export function setupLightbox(root: HTMLElement | null): void {
  if (!root || root.dataset.lightboxReady === "true") return;
  const dialog = root.querySelector<HTMLDialogElement>("dialog[data-lightbox]");
  const image = dialog?.querySelector<HTMLImageElement>("[data-lightbox-img]");
  const caption = dialog?.querySelector<HTMLElement>("[data-lightbox-caption]");
  const position = dialog?.querySelector<HTMLElement>("[data-lightbox-position]");
  if (!dialog || !image || !caption || !position || typeof dialog.showModal !== "function") return;
  root.dataset.lightboxReady = "true";

  let index = 0;
  let opener: HTMLElement | null = null;
  // Read at each use: a client-side navigation (filters, pages) may replace the photos.
  const items = () => [...root.querySelectorAll<HTMLAnchorElement>("a[data-lightbox-item]")];

  const show = (next: number) => {
    const list = items();
    if (list.length === 0) return;
    index = (next + list.length) % list.length;
    const link = list[index]!;
    const thumb = link.querySelector("img:not([aria-hidden])");
    const text = link.closest("figure")?.querySelector("figcaption")?.textContent?.trim() ?? "";
    // Cleared first, so the previous photo is not shown while the next one loads.
    image.removeAttribute("src");
    image.srcset = link.querySelector<HTMLSourceElement>('source[type="image/webp"]')?.srcset ?? "";
    image.sizes = "100vw";
    image.width = Number(link.dataset.width) || 0;
    image.height = Number(link.dataset.height) || 0;
    image.alt = thumb?.getAttribute("alt") ?? "";
    image.src = link.href;
    caption.textContent = text;
    caption.hidden = text === "";
    position.textContent = `Photo ${index + 1} of ${list.length}`;
  };

  root.addEventListener("click", (event) => {
    const target = event.target instanceof Element ? event.target : null;
    const link = target?.closest<HTMLAnchorElement>("a[data-lightbox-item]");
    // A click with a modifier key opens the image in a new tab, as links do.
    if (!link || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    opener = link;
    show(items().indexOf(link));
    dialog.showModal();
    document.documentElement.classList.add("lightbox-open");
    dialog.querySelector<HTMLButtonElement>("[data-action=close]")?.focus();
  });

  dialog.addEventListener("click", (event) => {
    const target = event.target instanceof Element ? event.target : null;
    // A click on the backdrop lands on the dialog itself.
    if (target === dialog) return dialog.close();
    const action = target?.closest<HTMLElement>("[data-action]")?.dataset.action;
    if (action === "close") dialog.close();
    else if (action === "prev") show(index - 1);
    else if (action === "next") show(index + 1);
  });

  dialog.addEventListener("keydown", (event) => {
    if (event.key === "ArrowLeft") {
      event.preventDefault();
      show(index - 1);
    } else if (event.key === "ArrowRight") {
      event.preventDefault();
      show(index + 1);
    } else if (event.key === "Tab") {
      // Keep Tab and Shift+Tab cycling through the dialog's buttons, never out to the browser.
      const buttons = [...dialog.querySelectorAll<HTMLButtonElement>("button:not([disabled])")];
      const first = buttons[0];
      const last = buttons.at(-1);
      const active = document.activeElement;
      if (event.shiftKey && (active === first || !dialog.contains(active))) {
        event.preventDefault();
        last?.focus();
      } else if (!event.shiftKey && (active === last || !dialog.contains(active))) {
        event.preventDefault();
        first?.focus();
      }
    }
  });

  // Esc closes the dialog natively; every way of closing ends here.
  dialog.addEventListener("close", () => {
    document.documentElement.classList.remove("lightbox-open");
    image.removeAttribute("src");
    opener?.focus();
    opener = null;
  });

  // A sideways swipe on a touch screen: left shows the next photo, right the previous.
  let start: { x: number; y: number } | null = null;
  dialog.addEventListener("pointerdown", (event) => {
    start = event.pointerType === "mouse" ? null : { x: event.clientX, y: event.clientY };
  });
  dialog.addEventListener("pointercancel", () => {
    start = null;
  });
  dialog.addEventListener("pointerup", (event) => {
    if (!start) return;
    const dx = event.clientX - start.x;
    const dy = event.clientY - start.y;
    start = null;
    if (Math.abs(dx) >= 40 && Math.abs(dx) > Math.abs(dy) * 1.5) show(dx < 0 ? index + 1 : index - 1);
  });
}
