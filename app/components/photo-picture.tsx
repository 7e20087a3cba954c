import type { GalleryPhoto } from "#app/schemas/photo-view.ts";
import { pickSource, srcSet } from "#app/schemas/photo-view.ts";
import { LATER_MEDIA, LATER_PIXEL } from "#app/browser/later-photos.ts";

/**
 * "high": the page's main image (eager, fetched first); "eager": visible at once; "lazy": below
 * the fold; "later": lazy, and not before the page's main image is on screen (the page must end
 * with `LATER_PHOTOS_SCRIPT`).
 */
export type PhotoPriority = "high" | "eager" | "lazy" | "later";

/**
 * One stored photo as a <picture>: AVIF, then WebP, each at every stored width, so the browser
 * fetches the smallest file that fills `sizes` on its screen. `width`/`height` are the photo's
 * own, so the page does not shift while it loads. A "later" photo is lazy and, where scripts
 * run, not fetched before the page's main image is on screen (app/browser/later-photos.ts).
 */
export function PhotoPicture({
  photo,
  sizes,
  className,
  priority = "lazy",
}: {
  photo: GalleryPhoto;
  sizes: string;
  className?: string;
  priority?: PhotoPriority;
}) {
  const lazy = priority === "lazy" || priority === "later";
  const fallback = pickSource(photo.webp, 640) ?? photo.master;
  return (
    <picture>
      {priority === "later" ? <source media={LATER_MEDIA} srcSet={LATER_PIXEL} data-later="" /> : null}
      {photo.avif.length > 0 ? <source type="image/avif" srcSet={srcSet(photo.avif)} sizes={sizes} /> : null}
      {photo.webp.length > 0 ? <source type="image/webp" srcSet={srcSet(photo.webp)} sizes={sizes} /> : null}
      <img
        className={className}
        src={fallback.url}
        width={photo.width}
        height={photo.height}
        alt={photo.alt}
        lang={photo.altLang}
        loading={lazy ? "lazy" : undefined}
        decoding={lazy ? "async" : undefined}
        fetchPriority={priority === "high" ? "high" : undefined}
      />
    </picture>
  );
}
