import { useEffect, useRef } from "react";
import type { GalleryPhoto } from "~/gallery/photo";
import { setupLightbox } from "~/gallery/lightbox";
import { useNonce } from "~/nonce";
import { PhotoPicture } from "./photo-picture";

/**
 * The grid's columns (app.css `.photo-grid`): two on a phone, three from 40rem, four from 64rem,
 * inside the 72rem page. The browser picks each photo's file from this.
 */
export const PHOTO_GRID_SIZES = "(min-width: 72rem) 272px, (min-width: 64rem) 24vw, (min-width: 40rem) 32vw, 48vw";

/** The widest row (four columns): loaded at once, the rest only as they scroll into view. */
export const EAGER_PHOTOS = 4;

/**
 * A grid of photos that open in a lightbox. Each photo is a link to its large image, so it
 * works without JavaScript; the lightbox script is inlined (the page may load no other
 * script) and also started from an effect when the page was rendered in the browser.
 */
export function PhotoGallery({
  id,
  photos,
  eager = 0,
  labelledBy,
}: {
  id: string;
  photos: GalleryPhoto[];
  /** How many photos at the top are in view when the page opens (the first is fetched first). */
  eager?: number;
  labelledBy: string;
}) {
  const nonce = useNonce();
  const rootRef = useRef<HTMLDivElement>(null);
  useEffect(() => setupLightbox(rootRef.current), []);
  return (
    <div className="photo-gallery" id={id} ref={rootRef}>
      <ul className="photo-grid" aria-labelledby={labelledBy}>
        {photos.map((photo, i) => (
          <li key={photo.id}>
            <figure className="photo">
              <a
                className="photo__link"
                href={photo.large.url}
                data-lightbox-item=""
                data-width={photo.large.width}
                data-height={photo.large.height}
              >
                {/* The tiny placeholder, blurred, until the photo loads over it (no script needed). */}
                <img className="photo__placeholder" src={photo.placeholder} width={photo.width} height={photo.height} alt="" aria-hidden="true" />
                <PhotoPicture
                  photo={photo}
                  sizes={PHOTO_GRID_SIZES}
                  className="photo__img"
                  priority={i === 0 && eager > 0 ? "high" : i < eager ? "eager" : "lazy"}
                />
              </a>
              {photo.caption ? <figcaption className="photo__caption">{photo.caption}</figcaption> : null}
            </figure>
          </li>
        ))}
      </ul>
      <dialog className="lightbox" data-lightbox="" aria-labelledby={`${id}-position`}>
        <div className="lightbox__bar">
          <p className="lightbox__position" id={`${id}-position`} data-lightbox-position="" aria-live="polite">
            Photo
          </p>
          <button type="button" className="lightbox__button" data-action="close">
            Close
          </button>
        </div>
        <figure className="lightbox__figure">
          <img className="lightbox__img" data-lightbox-img="" alt="" />
          <figcaption className="lightbox__caption" data-lightbox-caption="" />
        </figure>
        <div className="lightbox__nav">
          <button type="button" className="lightbox__button" data-action="prev">
            Previous photo
          </button>
          <button type="button" className="lightbox__button" data-action="next">
            Next photo
          </button>
        </div>
      </dialog>
      <script
        type="module"
        nonce={nonce}
        suppressHydrationWarning
        dangerouslySetInnerHTML={{ __html: `(${setupLightbox.toString()})(document.getElementById(${JSON.stringify(id)}));` }}
      />
    </div>
  );
}
