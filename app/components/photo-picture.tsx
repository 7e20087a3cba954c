import type { GalleryPhoto } from "#app/schemas/photo-view.ts";
import { pickSource, sourcesUpTo, srcSet } from "#app/schemas/photo-view.ts";
import { LATER_MEDIA, LATER_PIXEL } from "#app/browser/later-photos.ts";
import { usePageLocale } from "#app/components/lang-text.tsx";
import { photoAlt } from "#app/i18n/photo-text.ts";

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
 * The description is the page's language's when written, else the English one with `lang="en"`.
 */
export function PhotoPicture({
  photo,
  sizes,
  className,
  priority = "lazy",
  widest,
}: {
  photo: GalleryPhoto;
  sizes: string;
  className?: string;
  priority?: PhotoPriority;
  /** The most device pixels the photo ever takes across (its widest `sizes` at 2×): wider files are left out. */
  widest?: number;
}) {
  const lazy = priority === "lazy" || priority === "later";
  const fallback = pickSource(photo.webp, 640) ?? photo.master;
  const alt = photoAlt(photo, usePageLocale());
  const upTo = (sources: GalleryPhoto["webp"]) => (widest === undefined ? sources : sourcesUpTo(sources, widest));
  return (
    <picture>
      {priority === "later" ? <source media={LATER_MEDIA} srcSet={LATER_PIXEL} data-later="" /> : null}
      {photo.avif.length > 0 ? <source type="image/avif" srcSet={srcSet(upTo(photo.avif))} sizes={sizes} /> : null}
      {photo.webp.length > 0 ? <source type="image/webp" srcSet={srcSet(upTo(photo.webp))} sizes={sizes} /> : null}
      <img
        className={className}
        src={fallback.url}
        width={photo.width}
        height={photo.height}
        alt={alt.text}
        lang={alt.lang}
        loading={lazy ? "lazy" : undefined}
        decoding={lazy ? "async" : undefined}
        fetchPriority={priority === "high" ? "high" : undefined}
      />
    </picture>
  );
}
