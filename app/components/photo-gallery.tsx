import { useEffect, useRef } from "react";
import type { ProjectLink } from "#app/i18n/projects.ts";
import type { GalleryPhoto } from "#app/schemas/photo-view.ts";
import { setupLightbox } from "#app/browser/lightbox.ts";
import { useNonce } from "#app/nonce.tsx";
import { scriptUrl } from "#app/components/script-files.ts";
import { GridPhoto } from "#app/components/photo-gallery/grid-photo.tsx";
import { LightboxDialog } from "#app/components/photo-gallery/lightbox-dialog.tsx";

/**
 * A grid cell's width, which the browser picks each photo's file from (app.css `.photo-grid`
 * inside a `.page-section`): the page's 1rem padding on each side and 0.75rem gaps between two
 * columns on a phone, three from 40rem and four from 64rem; from 72rem the page stops growing
 * (70rem inside, four cells of 271px). Exact, not rounded up: a 375 px phone's cell is 166 px,
 * 332 px at DPR 2, so it takes the 480 px file, not the 640 (ADR 037; a browser test checks
 * these against the rendered cells).
 */
const PHOTO_GRID_SIZES =
  "(min-width: 72rem) 271px, (min-width: 64rem) calc((100vw - 4.25rem) / 4), (min-width: 40rem) calc((100vw - 3.5rem) / 3), calc((100vw - 2.75rem) / 2)";

/**
 * A cell is at most 322 CSS px wide (three columns at 63.99rem; 271 from 72rem), so 640 px covers
 * a 2× screen: the 960 and 1280 files are never picked, and are left out of the grid's markup.
 */
const PHOTO_GRID_WIDEST = 640;

/** The widest row (four columns): loaded at once, the rest only as they scroll into view. */
export const EAGER_PHOTOS = 4;

/** Where a grid sits in a longer listing (a page of /gallery): the lightbox moves past its ends. */
interface PhotoListing {
  /** Photos before this grid's first. */
  offset: number;
  total: number;
  beforeId: string | null;
  afterId: string | null;
  /** The service the listing is filtered to, if any. */
  category: string | null;
}

/**
 * A grid of photos that open in a lightbox. Each photo is a link to its own page, so it
 * works without JavaScript; the lightbox script is a file the browser keeps (ADR 065), also
 * started from an effect when the page was rendered in the browser.
 * Without `listing` the lightbox moves within these photos only (service pages, home page).
 */
export function PhotoGallery({
  id,
  photos,
  eager = 0,
  later = false,
  labelledBy,
  listing,
  projects,
}: {
  id: string;
  listing?: PhotoListing;
  /** The published project of photos that have one (photo id → slug and title): linked under the photo. */
  projects?: Record<string, ProjectLink>;
  photos: GalleryPhoto[];
  /** How many photos at the top are in view when the page opens (the first is fetched first). */
  eager?: number;
  /** The photos not loaded at once wait for the page's main image (PhotoPicture's "later"). */
  later?: boolean;
  labelledBy: string;
}) {
  const nonce = useNonce();
  const rootRef = useRef<HTMLDivElement>(null);
  useEffect(() => setupLightbox(rootRef.current), []);
  return (
    <div
      className="photo-gallery"
      id={id}
      data-lightbox-root=""
      ref={rootRef}
      data-offset={listing?.offset}
      data-total={listing?.total}
      data-before={listing?.beforeId ?? undefined}
      data-after={listing?.afterId ?? undefined}
      data-category={listing?.category ?? undefined}
    >
      <ul className="photo-grid" aria-labelledby={labelledBy}>
        {photos.map((photo, i) => (
          <GridPhoto
            key={photo.id}
            photo={photo}
            sizes={PHOTO_GRID_SIZES}
            widest={PHOTO_GRID_WIDEST}
            priority={i === 0 && eager > 0 ? "high" : i < eager ? "eager" : later ? "later" : "lazy"}
            project={projects?.[photo.id]}
          />
        ))}
      </ul>
      <LightboxDialog id={id} />
      {/* The lightbox's script, one file the browser keeps (ADR 065). */}
      <script type="module" src={scriptUrl("lightbox")} nonce={nonce} suppressHydrationWarning />
    </div>
  );
}
