import type { GalleryPhoto } from "~/gallery/photo";
import { pickSource, srcSet } from "~/gallery/photo";

/**
 * One stored photo as a <picture>: AVIF, then WebP, each at every stored width, so the browser
 * fetches the smallest file that fills `sizes` on its screen. `width`/`height` are the photo's
 * own, so the page does not shift while it loads.
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
  /** "high": the page's main image (eager, fetched first); "eager": visible at once; "lazy": below the fold. */
  priority?: "high" | "eager" | "lazy";
}) {
  const fallback = pickSource(photo.webp, 640) ?? photo.master;
  return (
    <picture>
      {photo.avif.length > 0 ? <source type="image/avif" srcSet={srcSet(photo.avif)} sizes={sizes} /> : null}
      {photo.webp.length > 0 ? <source type="image/webp" srcSet={srcSet(photo.webp)} sizes={sizes} /> : null}
      <img
        className={className}
        src={fallback.url}
        width={photo.width}
        height={photo.height}
        alt={photo.alt}
        loading={priority === "lazy" ? "lazy" : undefined}
        decoding={priority === "lazy" ? "async" : undefined}
        fetchPriority={priority === "high" ? "high" : undefined}
      />
    </picture>
  );
}
