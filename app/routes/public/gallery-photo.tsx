import { useEffect, useRef } from "react";
import { data, Link } from "react-router";
import type { Route } from "./+types/gallery-photo";
import { unavailableInit } from "#app/retry-after.ts";
import { EstimateCallToAction } from "#app/components/estimate-cta.tsx";
import { LangText } from "#app/components/lang-text.tsx";
import { PhotoPicture } from "#app/components/photo-picture.tsx";
import { galleryHref } from "#app/schemas/gallery-query.ts";
import { photoHref } from "#app/schemas/photo-view.ts";
import { localProjectHref, ownText, projectPageLocale, type ProjectLink } from "#app/i18n/projects.ts";
import { setupShare } from "#app/browser/share.ts";
import { useNonce } from "#app/nonce.tsx";
import { getBackend } from "#app/server/context.server.ts";
import type { PhotoView } from "#app/server/gallery/gallery.server.ts";
import { localeFrom, publicUrlFrom } from "#app/seo.ts";
import { siteMeta } from "#app/site-profile.ts";
import { localeOf } from "#app/i18n/locale.ts";
import { translate, translator } from "#app/i18n/messages.ts";
import { localContactHref, localePath } from "#app/i18n/paths.ts";
import { hasSpanish, localPhotoHref, localPhotoTitle, photoAlt, photoCaption } from "#app/i18n/photo-text.ts";
import { useLocale, useT } from "#app/i18n/react.ts";
import { localServiceName } from "#app/i18n/service-names.ts";
import type { StyleGroup } from "#app/styles/groups.ts";

/**
 * /gallery/photo/:id: one published photo's own page, what the lightbox's address bar and Share
 * show (docs/decisions/036-photo-pages.md). Server-rendered without framework JavaScript, kept in
 * the page cache like /gallery (a gallery change empties the whole cache). The photo comes first,
 * its caption (the heading) and details under it, then the lightbox's two ways on: an estimate
 * for its service and its project (ADR 063). Its Spanish twin, /es/galeria/foto/:id, is served only
 * for a photo whose words are written in Spanish (app/i18n/photo-text.ts `hasSpanish`): any other
 * answers 404 there, and its English page offers no Spanish (`twin: false`).
 */
export const handle = { pageCache: true, hydrate: false, styles: ["banner", "listing", "gallery", "photo-page"] satisfies StyleGroup[] };

/** The photo is as wide as the page's text column allows (app.css `.photo-page__figure`). */
const PHOTO_PAGE_SIZES = "(min-width: 68rem) 64rem, 100vw";

export async function loader({ params, url, context }: Route.LoaderArgs) {
  const locale = localeOf(url.pathname);
  const backend = getBackend(context);
  let view: PhotoView | null;
  let project: ProjectLink | null = null;
  try {
    view = await backend.gallery.photoView({ photoId: params.id });
    if (view) project = (await backend.projectPages.projectsOfPhotos([view.photo.id])).get(view.photo.id) ?? null;
  } catch (error) {
    backend.logger.error("gallery photo could not be read", { error });
    throw data(translate(locale, "photo.unavailable"), unavailableInit());
  }
  // A draft, a deleted photo, or an id that is not one of ours: the address names no public photo.
  if (!view) throw data(null, { status: 404 });
  const twin = hasSpanish(view.photo);
  // Never a Spanish address over English words: without them the photo has no Spanish page.
  if (locale === "es" && !twin) throw data(null, { status: 404 });
  return { ...view, project, serviceTitle: localServiceName(locale, view.photo.category), twin };
}

export const headers: Route.HeadersFunction = ({ loaderHeaders, errorHeaders }) => errorHeaders ?? loaderHeaders;

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  if (!loaderData) return [];
  const { photo, serviceTitle, twin } = loaderData;
  const locale = localeFrom(matches);
  const t = translator(locale);
  const heading = localPhotoTitle(photo, locale).text;
  const alt = photoAlt(photo, locale).text;
  return siteMeta(matches, (site) => ({
    title: serviceTitle ? t("photo.metaTitle", { heading, service: serviceTitle }) : heading,
    description: serviceTitle
      ? t("photo.metaDescription", { alt, service: serviceTitle, name: site.name, city: site.city, region: site.region })
      : t("photo.metaDescriptionPlain", { alt, name: site.name, city: site.city, region: site.region }),
    path: photoHref(photo.id),
    twin,
    photo: { master: photo.master, alt },
  }));
};

export default function GalleryPhoto({ loaderData, matches }: Route.ComponentProps) {
  const { photo, previousId, nextId, position, total, page, serviceTitle, project, neighboursInSpanish } = loaderData;
  const nonce = useNonce();
  const t = useT();
  const locale = useLocale();
  const title = localPhotoTitle(photo, locale);
  const caption = photoCaption(photo, locale);
  // A neighbour without its Spanish words is linked at its English page.
  const neighbourHref = (id: string, spanish: boolean) => (spanish ? localePath(locale, photoHref(id)) : photoHref(id));
  const rootRef = useRef<HTMLElement>(null);
  // After a client-side navigation (from a hydrated admin page) React does not run inline scripts.
  useEffect(() => setupShare(rootRef.current), []);
  const shareUrl = new URL(localPhotoHref(locale, photo), publicUrlFrom(matches) + "/").href;
  return (
    <>
      <article className="page-section photo-page" id="photo-page" ref={rootRef} aria-labelledby="page-title">
        <p className="photo-page__back">
          <Link to={`${localePath(locale, galleryHref({ category: null, page }))}#photo-${photo.id}`}>{t("photo.back")}</Link>
        </p>
        <figure className="photo-page__figure">
          <PhotoPicture photo={photo} sizes={PHOTO_PAGE_SIZES} className="photo-page__img" priority="high" />
          <figcaption className="photo-page__text">
            <h1 id="page-title" className="photo-page__title">
              <LangText lang={title.lang}>{title.text}</LangText>
            </h1>
            {caption.text && caption.text !== title.text ? (
              <p className="photo-page__caption">
                <LangText lang={caption.lang}>{caption.text}</LangText>
              </p>
            ) : null}
          </figcaption>
        </figure>
        <p className="photo-page__meta">
          <span>{t("lightbox.position", { position, total })}</span>
          {serviceTitle ? (
            <span>
              {" · "}
              <Link to={localePath(locale, `/${photo.category}`)}>{serviceTitle}</Link>
            </span>
          ) : null}
        </p>
        {/* The lightbox's two links, for a visit without JavaScript or from a shared link. */}
        <p className="photo-page__ways">
          <Link className="button button--primary" to={localContactHref(locale, photo.category)}>
            {serviceTitle ? t("photo.estimateFor", { service: serviceTitle }) : t("lightbox.estimate")}
          </Link>
          {/* The published project this photo belongs to (ADR 039). */}
          {project ? (
            <Link
              className="button button--secondary"
              to={localProjectHref(locale, project)}
              hrefLang={projectPageLocale(locale, project) !== locale ? "en" : undefined}
            >
              {t("lightbox.project")}
              <LangText lang={ownText(locale, project.title, project.titleEs).lang}>
                {ownText(locale, project.title, project.titleEs).text}
              </LangText>
            </Link>
          ) : null}
        </p>
        {previousId || nextId ? (
          <nav className="photo-page__nav" aria-label={t("photo.others")}>
            {previousId ? (
              <Link className="pagination__step" rel="prev" to={neighbourHref(previousId, neighboursInSpanish.previous)}>
                {t("lightbox.previous")}
              </Link>
            ) : null}
            {nextId ? (
              <Link className="pagination__step" rel="next" to={neighbourHref(nextId, neighboursInSpanish.next)}>
                {t("lightbox.next")}
              </Link>
            ) : null}
          </nav>
        ) : null}
        <p className="photo-page__share">
          <a className="button button--secondary" href={shareUrl} data-share="">
            {t("lightbox.share")}
            <span className="visually-hidden">{t("lightbox.shareWhat")}</span>
          </a>
          <output className="photo-page__share-status" data-share-status="" data-copied={t("lightbox.copied")} />
        </p>
        <script
          type="module"
          nonce={nonce}
          suppressHydrationWarning
          dangerouslySetInnerHTML={{ __html: `(${setupShare.toString()})(document.getElementById("photo-page"));` }}
        />
      </article>
      <EstimateCallToAction />
    </>
  );
}
