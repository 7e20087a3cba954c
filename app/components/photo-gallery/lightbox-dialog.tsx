import { usePageLocale } from "#app/components/lang-text.tsx";
import { translator } from "#app/i18n/messages.ts";
import { localePath } from "#app/i18n/paths.ts";

/**
 * The lightbox's dialog, empty until the script (app/browser/lightbox.ts) fills it: where the
 * photo is in the listing, Share, Close, the photo and its caption, the two ways on from it (an
 * estimate for its service, its project: ADR 063), Previous and Next.
 */
export function LightboxDialog({ id }: { id: string }) {
  const locale = usePageLocale();
  const t = translator(locale);
  // What the script writes itself, already in the page's language; "{position}" and "{total}" it fills in.
  const words = {
    position: t("lightbox.position", { position: "{position}", total: "{total}" }),
    copied: t("lightbox.copied"),
    failed: t("lightbox.failed"),
  };
  return (
    <dialog
      className="lightbox"
      data-lightbox=""
      aria-labelledby={`${id}-position`}
      data-locale={locale}
      data-words={JSON.stringify(words)}
    >
      <div className="lightbox__bar">
        <p className="lightbox__position" id={`${id}-position`} data-lightbox-position="" aria-live="polite">
          {t("lightbox.photo")}
        </p>
        <output className="lightbox__status" data-lightbox-status="" />
        <div className="lightbox__actions">
          {/* The photo's page: shared with the Web Share API, else copied, else simply opened. */}
          <a className="lightbox__button" data-action="share" href={localePath(locale, "/gallery")}>
            {t("lightbox.share")}
            <span className="visually-hidden">{t("lightbox.shareWhat")}</span>
          </a>
          <button type="button" className="lightbox__button" data-action="close">
            {t("lightbox.close")}
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
            {t("lightbox.estimate")}
            <span data-lightbox-service-part="">
              {t("lightbox.estimateFor")}
              <span data-lightbox-service="" />
            </span>
          </span>
        </a>
        <a className="lightbox__button" data-lightbox-project="" href="/projects" hidden>
          <span>
            {t("lightbox.project")}
            <span data-lightbox-project-title="" />
          </span>
        </a>
      </div>
      <div className="lightbox__nav">
        <button type="button" className="lightbox__button" data-action="prev">
          {t("lightbox.previous")}
        </button>
        <button type="button" className="lightbox__button" data-action="next">
          {t("lightbox.next")}
        </button>
      </div>
    </dialog>
  );
}
