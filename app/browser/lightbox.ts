// A type only: erased from the serialised function below, which still uses nothing from outside.
import type { LightboxPhoto } from "#app/schemas/lightbox-photo.ts";

/**
 * The gallery's lightbox: a photo link opens a native modal <dialog> with the large image, its
 * caption and its place ("Photo 27 of 30"). Previous/next buttons, arrow keys and a sideways
 * swipe move through the whole listing the grid belongs to, across its pages of 24: a photo off
 * this page is read from GET /gallery/photo/:id/lightbox.json (its neighbours come with it).
 * The buttons are hidden at the ends, so both are hidden when there is one photo.
 *
 * The address bar follows: opening pushes the photo's own page (/gallery/photo/:id), moving
 * replaces it, closing goes back to the grid's address, and the browser's Back closes the
 * lightbox. Esc, the close button or a click on the backdrop close it; focus goes back to the
 * thumbnail of the photo shown when it is on this page, else to the one that opened it.
 *
 * Public pages ship no framework JavaScript (ADR 006), so this runs as a small inline module:
 * the page serialises this function with `toString()` (docs/decisions/013-public-gallery.md,
 * 036-photo-pages.md). It must therefore use nothing from outside its own body. Without
 * JavaScript every photo is a plain link to its page.
 *
 * Markup it expects inside `root` (optional `data-offset`, `data-total`, `data-before`,
 * `data-after`, `data-category`: the grid's place in its listing): links `a[data-lightbox-item]`
 * to the photo's page (with `data-photo-id`, `data-src`, `data-width`, `data-height`,
 * `data-estimate-href`, optional `data-service`, `data-project-href` and `data-project-title`, a
 * <picture> whose WebP <source> lists every width, an <img> whose alt is the photo's, and a
 * <figcaption> in the same <figure>), and one `dialog[data-lightbox]` holding
 * `[data-lightbox-img]`, `[data-lightbox-caption]`, `[data-lightbox-position]`,
 * `[data-lightbox-status]`, controls with `data-action="close|prev|next|share"`, and the ways on
 * from the photo (ADR 063): `a[data-lightbox-estimate]` with `[data-lightbox-service-part]` around
 * `[data-lightbox-service]`, and `a[data-lightbox-project]` with `[data-lightbox-project-title]`,
 * hidden for a photo without one (a project's own page names none: it is the page).
 */
export function setupLightbox(root: HTMLElement | null): void {
  if (!root || root.dataset.lightboxReady === "true") return;
  const dialog = root.querySelector<HTMLDialogElement>("dialog[data-lightbox]");
  const image = dialog?.querySelector<HTMLImageElement>("[data-lightbox-img]");
  const caption = dialog?.querySelector<HTMLElement>("[data-lightbox-caption]");
  const position = dialog?.querySelector<HTMLElement>("[data-lightbox-position]");
  const status = dialog?.querySelector<HTMLElement>("[data-lightbox-status]");
  const control = (action: string) => dialog?.querySelector<HTMLElement>(`[data-action="${action}"]`) ?? null;
  const closeButton = control("close");
  const prevButton = control("prev");
  const nextButton = control("next");
  const shareLink = control("share") as HTMLAnchorElement | null;
  const estimateLink = dialog?.querySelector<HTMLAnchorElement>("a[data-lightbox-estimate]");
  const servicePart = dialog?.querySelector<HTMLElement>("[data-lightbox-service-part]");
  const serviceText = dialog?.querySelector<HTMLElement>("[data-lightbox-service]");
  const projectLink = dialog?.querySelector<HTMLAnchorElement>("a[data-lightbox-project]");
  const projectText = dialog?.querySelector<HTMLElement>("[data-lightbox-project-title]");
  if (!dialog || !image || !caption || !position || !status || !closeButton || !prevButton || !nextButton || !shareLink) return;
  if (!estimateLink || !servicePart || !serviceText || !projectLink || !projectText) return;
  if (typeof dialog.showModal !== "function") return;
  root.dataset.lightboxReady = "true";
  // The sentences the script writes, in the page's language (the dialog's data-words, ADR 064).
  const words = { position: "Photo {position} of {total}", copied: "", failed: "", ...JSON.parse(dialog.dataset.words || "{}") } as {
    position: string;
    copied: string;
    failed: string;
  };

  /** A photo as the lightbox shows it: from the grid's markup, or from the JSON endpoint. */
  type Shown = LightboxPhoto;

  let current: Shown | null = null;
  let opener: HTMLElement | null = null;
  /** The grid's address, restored when the lightbox closes. */
  let gridUrl = "";
  /** Whether the history entry of the photo's address is ours to go back from. */
  let pushed = false;
  /** Moves answered out of order are dropped: only the latest one shows. */
  let moves = 0;
  const fetched = new Map<string, Shown>();

  // Read at each use: a client-side navigation (filters, pages) may replace the photos.
  const items = () => [...root.querySelectorAll<HTMLAnchorElement>("a[data-lightbox-item]")];
  const listed = root.dataset.total !== undefined;

  const fromLink = (link: HTMLAnchorElement, list: HTMLAnchorElement[]): Shown => {
    const index = list.indexOf(link);
    const figcaption = link.closest("figure")?.querySelector("figcaption");
    const text = figcaption?.textContent?.trim() ?? "";
    const img = link.querySelector("img:not([aria-hidden])");
    return {
      id: link.dataset.photoId ?? "",
      href: link.getAttribute("href") ?? "",
      src: link.dataset.src ?? "",
      srcset: link.querySelector<HTMLSourceElement>('source[type="image/webp"]')?.srcset ?? "",
      width: Number(link.dataset.width) || 0,
      height: Number(link.dataset.height) || 0,
      alt: img?.getAttribute("alt") ?? "",
      // The owner's English shown on a Spanish page keeps its language mark in the lightbox.
      altLang: img?.getAttribute("lang") ?? "",
      caption: text,
      captionLang: figcaption?.querySelector("[lang]")?.getAttribute("lang") ?? "",
      previousId: list[index - 1]?.dataset.photoId ?? (index === 0 ? root.dataset.before || null : null),
      nextId: list[index + 1]?.dataset.photoId ?? (index === list.length - 1 ? root.dataset.after || null : null),
      position: (listed ? Number(root.dataset.offset) || 0 : 0) + index + 1,
      total: listed ? Number(root.dataset.total) || list.length : list.length,
      service: link.dataset.service || null,
      estimateHref: link.dataset.estimateHref || "/contact",
      project:
        link.dataset.projectHref && link.dataset.projectTitle ? { href: link.dataset.projectHref, title: link.dataset.projectTitle } : null,
    };
  };

  /** A photo of this page from its link; any other from the server (once). */
  const find = async (id: string): Promise<Shown> => {
    const list = items();
    const link = list.find((a) => a.dataset.photoId === id);
    if (link) return fromLink(link, list);
    const known = fetched.get(id);
    if (known) return known;
    const category = root.dataset.category;
    // The photo's words (its service's name, the estimate link) in the page's language.
    const params = new URLSearchParams();
    if (category) params.set("category", category);
    if (dialog.dataset.locale && dialog.dataset.locale !== "en") params.set("hl", dialog.dataset.locale);
    const query = params.size > 0 ? `?${params.toString()}` : "";
    const response = await fetch(`/gallery/photo/${encodeURIComponent(id)}/lightbox.json${query}`, {
      headers: { Accept: "application/json" },
    });
    if (!response.ok) throw new Error(`lightbox photo ${response.status}`);
    const photo = (await response.json()) as Shown;
    fetched.set(id, photo);
    return photo;
  };

  const show = (photo: Shown) => {
    current = photo;
    // Cleared first, so the previous photo is not shown while the next one loads.
    image.removeAttribute("src");
    image.srcset = photo.srcset;
    image.sizes = "100vw";
    image.width = photo.width;
    image.height = photo.height;
    image.alt = photo.alt;
    if (photo.altLang) image.lang = photo.altLang;
    else image.removeAttribute("lang");
    image.src = photo.src;
    caption.textContent = photo.caption;
    if (photo.captionLang) caption.lang = photo.captionLang;
    else caption.removeAttribute("lang");
    caption.hidden = photo.caption === "";
    position.textContent = words.position.replace("{position}", String(photo.position)).replace("{total}", String(photo.total));
    status.textContent = "";
    shareLink.href = photo.href;
    estimateLink.href = photo.estimateHref;
    serviceText.textContent = photo.service ?? "";
    servicePart.hidden = !photo.service;
    projectLink.href = photo.project?.href ?? "";
    projectText.textContent = photo.project?.title ?? "";
    const focused = document.activeElement;
    projectLink.hidden = !photo.project;
    prevButton.hidden = !photo.previousId;
    nextButton.hidden = !photo.nextId;
    // A control that just disappeared cannot keep the focus: the other direction, else Close.
    if (focused instanceof HTMLElement && focused.hidden) {
      (focused === nextButton && !prevButton.hidden
        ? prevButton
        : focused === prevButton && !nextButton.hidden
          ? nextButton
          : closeButton
      ).focus();
    }
    if (pushed) history.replaceState(history.state, "", photo.href);
  };

  const move = async (direction: "previous" | "next") => {
    const id = direction === "previous" ? current?.previousId : current?.nextId;
    if (!id) return;
    const ticket = ++moves;
    try {
      const photo = await find(id);
      if (ticket === moves && dialog.open) show(photo);
    } catch {
      if (ticket === moves) status.textContent = words.failed;
    }
  };

  const share = (event: Event) => {
    const url = shareLink.href;
    if (typeof navigator.share === "function") {
      event.preventDefault();
      navigator.share({ title: document.title, url }).catch(() => undefined);
    } else if (navigator.clipboard && typeof navigator.clipboard.writeText === "function") {
      event.preventDefault();
      navigator.clipboard.writeText(url).then(
        () => {
          status.textContent = words.copied;
        },
        () => {
          location.href = url;
        },
      );
    }
    // Neither: the link opens the photo's page, whose address can be shared from the browser.
  };

  root.addEventListener("click", (event) => {
    const target = event.target instanceof Element ? event.target : null;
    const link = target?.closest<HTMLAnchorElement>("a[data-lightbox-item]");
    // A click with a modifier key opens the photo's page in a new tab, as links do.
    if (!link || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    opener = link;
    moves++;
    show(fromLink(link, items()));
    dialog.showModal();
    document.documentElement.classList.add("lightbox-open");
    gridUrl = location.href;
    // The photo's own address, so it can be copied, shared or reloaded; Back closes the lightbox.
    history.pushState({ ...(history.state as object | null), lightbox: current?.id }, "", current?.href);
    pushed = true;
    closeButton.focus();
  });

  dialog.addEventListener("click", (event) => {
    const target = event.target instanceof Element ? event.target : null;
    // A click on the backdrop lands on the dialog itself.
    if (target === dialog) return dialog.close();
    const action = target?.closest<HTMLElement>("[data-action]")?.dataset.action;
    if (action === "close") dialog.close();
    else if (action === "prev") void move("previous");
    else if (action === "next") void move("next");
    else if (action === "share") share(event);
  });

  dialog.addEventListener("keydown", (event) => {
    if (event.key === "ArrowLeft") {
      event.preventDefault();
      void move("previous");
    } else if (event.key === "ArrowRight") {
      event.preventDefault();
      void move("next");
    } else if (event.key === "Tab") {
      // Keep Tab and Shift+Tab cycling through the dialog's controls, never out to the browser.
      const controls = [...dialog.querySelectorAll<HTMLElement>("button, a[href]")].filter((el) => !el.hidden);
      const first = controls[0];
      const last = controls.at(-1);
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
    moves++;
    if (pushed) {
      pushed = false;
      // Back to the grid's entry, so Back afterwards leaves the gallery as it would have.
      if ((history.state as { lightbox?: string } | null)?.lightbox) history.back();
      else history.replaceState(history.state, "", gridUrl);
    }
    const shown = current ? items().find((a) => a.dataset.photoId === current?.id) : undefined;
    (shown ?? opener)?.focus();
    opener = null;
  });

  window.addEventListener("popstate", (event) => {
    const state = event.state as { lightbox?: string } | null;
    if (dialog.open) {
      // The browser's Back while the lightbox is open: it closes, the grid's address is back.
      pushed = false;
      dialog.close();
    } else if (state?.lightbox && root.isConnected) {
      // Forward onto a photo's address after closing: show that page itself.
      location.reload();
    }
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
    if (Math.abs(dx) >= 40 && Math.abs(dx) > Math.abs(dy) * 1.5) void move(dx < 0 ? "next" : "previous");
  });
}
