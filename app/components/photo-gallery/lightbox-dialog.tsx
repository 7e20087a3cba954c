/**
 * The lightbox's dialog, empty until the script (app/browser/lightbox.ts) fills it: where the
 * photo is in the listing, Share, Close, the photo and its caption, the two ways on from it (an
 * estimate for its service, its project: ADR 063), Previous and Next.
 */
export function LightboxDialog({ id }: { id: string }) {
  return (
    <dialog className="lightbox" data-lightbox="" aria-labelledby={`${id}-position`}>
      <div className="lightbox__bar">
        <p className="lightbox__position" id={`${id}-position`} data-lightbox-position="" aria-live="polite">
          Photo
        </p>
        <output className="lightbox__status" data-lightbox-status="" />
        <div className="lightbox__actions">
          {/* The photo's page: shared with the Web Share API, else copied, else simply opened. */}
          <a className="lightbox__button" data-action="share" href="/gallery">
            Share<span className="visually-hidden"> this photo</span>
          </a>
          <button type="button" className="lightbox__button" data-action="close">
            Close
          </button>
        </div>
      </div>
      <figure className="lightbox__figure">
        <img className="lightbox__img" data-lightbox-img="" alt="" />
        <figcaption className="lightbox__caption" data-lightbox-caption="" />
      </figure>
      <div className="lightbox__ways">
        {/* One span around each label: a flex item's edge spaces would be dropped. */}
        <a className="lightbox__button lightbox__button--estimate" data-lightbox-estimate="" href="/contact">
          <span>
            Get a free estimate
            <span data-lightbox-service-part="">
              {" for "}
              <span data-lightbox-service="" />
            </span>
          </span>
        </a>
        <a className="lightbox__button" data-lightbox-project="" href="/projects" hidden>
          <span>
            See the project: <span data-lightbox-project-title="" />
          </span>
        </a>
      </div>
      <div className="lightbox__nav">
        <button type="button" className="lightbox__button" data-action="prev">
          Previous photo
        </button>
        <button type="button" className="lightbox__button" data-action="next">
          Next photo
        </button>
      </div>
    </dialog>
  );
}
