/**
 * Photos that wait for the page's first picture (ADR 039, "Speed"). On a project's page the
 * banner's cover is the largest thing on a phone's first screen; the before/after pair and the
 * photo grid sit just below it, within the distance at which a browser starts fetching lazy
 * images, so on a slow connection their files would share the bandwidth with the cover and the
 * first screen would wait for all of them.
 *
 * A photo drawn with `PhotoPicture`'s priority "later" carries one more `<source>` in front of
 * its real ones: `media="(scripting: enabled)"`, an empty image as its only file, and
 * `data-later`. A browser running scripts picks it first and fetches nothing (the blurred
 * placeholder under the photo shows); once the cover is on screen `releaseLaterPhotos` removes
 * those sources, and each photo is chosen again from its real sources, still lazily, as the
 * browser does for any `<picture>` whose sources change. Without JavaScript the media query is
 * false: the photos load as before, so the page never depends on this script to show them.
 */

/** True only where scripts run: where `releaseLaterPhotos` will let the photo go. */
export const LATER_MEDIA = "(scripting: enabled)";

/**
 * The held source's one file: a transparent 1 × 1 GIF. No request, nothing drawn over the
 * placeholder, and cheap to paint (an empty SVG of the photo's shape cost a phone's main thread
 * more than the photo itself). The photo's box keeps its shape from the stylesheet: a grid cell
 * is 4:3, a slider takes its pair's ratio (`.before-after--slider` in app.css).
 */
export const LATER_PIXEL = "data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7";

/**
 * Lets every held photo of the document go once the page's main image (`img[fetchpriority=high]`,
 * the cover) is on screen: when the browser reports it as the largest contentful paint. Where the
 * browser does not report paints, after the load event and the next frame. And in any case at
 * the visitor's first scroll, key or touch, or 2.5 s after the load event (the cover may never be
 * the largest paint: a page opened part-way down, or a wide screen where the title is larger).
 * Sent inline with `toString()` (public pages load no other script): it must use nothing from
 * outside its own body, and comments stay out of it.
 */
function releaseLaterPhotos(doc: Document): void {
  const view = doc.defaultView;
  if (!view) return;
  const stops: (() => void)[] = [];
  let done = false;
  const release = () => {
    if (done) return;
    done = true;
    for (const stop of stops) stop();
    for (const source of Array.from(doc.querySelectorAll("source[data-later]"))) source.remove();
  };
  for (const type of ["scroll", "keydown", "pointerdown", "touchstart"]) {
    view.addEventListener(type, release, { once: true, passive: true, capture: true });
    stops.push(() => view.removeEventListener(type, release, { capture: true }));
  }
  const cover = doc.querySelector("img[fetchpriority=high]");
  const paints =
    typeof PerformanceObserver === "function" && (PerformanceObserver.supportedEntryTypes || []).includes("largest-contentful-paint");
  if (cover && paints) {
    const observer = new PerformanceObserver((list) => {
      if (list.getEntries().some((entry) => (entry as PerformanceEntry & { element?: Element | null }).element === cover)) release();
    });
    observer.observe({ type: "largest-contentful-paint", buffered: true });
    stops.push(() => observer.disconnect());
  }
  const afterLoad = () => {
    if (cover && paints) {
      const timer = view.setTimeout(release, 2500);
      stops.push(() => view.clearTimeout(timer));
    } else view.requestAnimationFrame(() => view.setTimeout(release, 0));
  };
  if (doc.readyState === "complete") afterLoad();
  else view.addEventListener("load", afterLoad, { once: true });
}

/** The inline script a page with "later" photos ends with. */
export const LATER_PHOTOS_SCRIPT = `(${releaseLaterPhotos.toString()})(document);`;
