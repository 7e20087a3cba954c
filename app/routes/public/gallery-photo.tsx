import { useEffect, useRef } from "react";
import { data, Link } from "react-router";
import type { Route } from "./+types/gallery-photo";
import { unavailableInit } from "#app/retry-after.ts";
import { serviceName } from "#app/content/service-names.ts";
import { EstimateCallToAction } from "#app/components/estimate-cta.tsx";
import { PhotoPicture } from "#app/components/photo-picture.tsx";
import { contactHref } from "#app/schemas/estimate-paths.ts";
import { galleryHref } from "#app/schemas/gallery-query.ts";
import { photoHref, photoTitle } from "#app/schemas/photo-view.ts";
import { projectHref } from "#app/schemas/project-view.ts";
import { setupShare } from "#app/browser/share.ts";
import { useNonce } from "#app/nonce.tsx";
import { getBackend } from "#app/server/context.server.ts";
import type { PhotoView } from "#app/server/gallery/gallery.server.ts";
import { publicUrlFrom } from "#app/seo.ts";
import { siteMeta } from "#app/site-profile.ts";
import type { StyleGroup } from "#app/styles/groups.ts";

/**
 * /gallery/photo/:id: one published photo's own page, what the lightbox's address bar and Share
 * show (docs/decisions/036-photo-pages.md). Server-rendered without framework JavaScript, kept in
 * the page cache like /gallery (a gallery change empties the whole cache). The photo comes first,
 * its caption (the heading) and details under it, then the lightbox's two ways on: an estimate
 * for its service and its project (ADR 063).
 */
export const handle = { pageCache: true, hydrate: false, styles: ["banner", "listing", "gallery", "photo-page"] satisfies StyleGroup[] };

/** The photo is as wide as the page's text column allows (app.css `.photo-page__figure`). */
const PHOTO_PAGE_SIZES = "(min-width: 68rem) 64rem, 100vw";

export async function loader({ params, context }: Route.LoaderArgs) {
  const backend = getBackend(context);
  let view: PhotoView | null;
  let project: { slug: string; title: string } | null = null;
  try {
    view = await backend.gallery.photoView({ photoId: params.id });
    if (view) project = (await backend.projectPages.projectsOfPhotos([view.photo.id])).get(view.photo.id) ?? null;
  } catch (error) {
    backend.logger.error("gallery photo could not be read", { error });
    throw data("We can't show this photo right now. Please try again in a minute.", unavailableInit());
  }
  // A draft, a deleted photo, or an id that is not one of ours: the address names no public photo.
  if (!view) throw data(null, { status: 404 });
  return { ...view, project, serviceTitle: serviceName(view.photo.category) };
}

export const headers: Route.HeadersFunction = ({ loaderHeaders, errorHeaders }) => errorHeaders ?? loaderHeaders;

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  if (!loaderData) return [];
  const { photo, serviceTitle } = loaderData;
  const heading = photoTitle(photo);
  return siteMeta(matches, (site) => ({
    title: serviceTitle ? `${heading} | ${serviceTitle} photo` : heading,
    description: `${photo.alt}. ${serviceTitle ? `${serviceTitle} by` : "A job finished by"} ${site.name} for a homeowner around ${site.city}, ${site.region}.`,
    path: photoHref(photo.id),
    photo,
  }));
};

export default function GalleryPhoto({ loaderData, matches }: Route.ComponentProps) {
  const { photo, previousId, nextId, position, total, page, serviceTitle, project } = loaderData;
  const nonce = useNonce();
  const rootRef = useRef<HTMLElement>(null);
  // After a client-side navigation (from a hydrated admin page) React does not run inline scripts.
  useEffect(() => setupShare(rootRef.current), []);
  const shareUrl = new URL(photoHref(photo.id), publicUrlFrom(matches) + "/").href;
  return (
    <>
      <article className="page-section photo-page" id="photo-page" ref={rootRef} aria-labelledby="page-title">
        <p className="photo-page__back">
          <Link to={`${galleryHref({ category: null, page })}#photo-${photo.id}`}>Back to the gallery</Link>
        </p>
        <figure className="photo-page__figure">
          <PhotoPicture photo={photo} sizes={PHOTO_PAGE_SIZES} className="photo-page__img" priority="high" />
          <figcaption className="photo-page__text">
            <h1 id="page-title" className="photo-page__title">
              {photoTitle(photo)}
            </h1>
            {photo.caption && photo.caption !== photoTitle(photo) ? <p className="photo-page__caption">{photo.caption}</p> : null}
          </figcaption>
        </figure>
        <p className="photo-page__meta">
          <span>
            Photo {position} of {total}
          </span>
          {serviceTitle ? (
            <span>
              {" · "}
              <Link to={`/${photo.category}`}>{serviceTitle}</Link>
            </span>
          ) : null}
        </p>
        {/* The lightbox's two links, for a visit without JavaScript or from a shared link. */}
        <p className="photo-page__ways">
          <Link className="button button--primary" to={contactHref(photo.category)}>
            Get a free estimate{serviceTitle ? ` for ${serviceTitle}` : ""}
          </Link>
          {/* The published project this photo belongs to (ADR 039). */}
          {project ? (
            <Link className="button button--secondary" to={projectHref(project.slug)}>
              See the project: {project.title}
            </Link>
          ) : null}
        </p>
        {previousId || nextId ? (
          <nav className="photo-page__nav" aria-label="Other photos">
            {previousId ? (
              <Link className="pagination__step" rel="prev" to={photoHref(previousId)}>
                Previous photo
              </Link>
            ) : null}
            {nextId ? (
              <Link className="pagination__step" rel="next" to={photoHref(nextId)}>
                Next photo
              </Link>
            ) : null}
          </nav>
        ) : null}
        <p className="photo-page__share">
          <a className="button button--secondary" href={shareUrl} data-share="">
            Share<span className="visually-hidden"> this photo</span>
          </a>
          <output className="photo-page__share-status" data-share-status="" />
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
