import { data, Link } from "react-router";
import type { Route } from "./+types/service";
import { getService } from "#app/content/services.ts";
import { PageBanner } from "#app/components/page-banner.tsx";
import { PhotoGallery } from "#app/components/photo-gallery.tsx";
import { PhotoPicture } from "#app/components/photo-picture.tsx";
import { ProjectCards } from "#app/components/project-card.tsx";
import { projectsHref } from "#app/schemas/projects-query.ts";
import { RichText } from "#app/components/rich-text.tsx";
import { Testimonials } from "#app/components/testimonials.tsx";
import { galleryHref } from "#app/schemas/gallery-query.ts";
import { getBackend } from "#app/server/context.server.ts";
import { useSiteProfile, siteMeta } from "#app/site-profile.ts";
import { EstimateButtons } from "#app/components/estimate-cta.tsx";
import { localContactHref } from "#app/i18n/paths.ts";
import { TrustStrip } from "#app/components/trust-strip.tsx";
import { FinancingLink, TypicalPrice } from "#app/components/typical-price.tsx";
import { englishPathOf } from "#app/i18n/paths.ts";
import { localeOf } from "#app/i18n/locale.ts";
import { translate } from "#app/i18n/messages.ts";
import { useLocale, useLocalePath, useT } from "#app/i18n/react.ts";
import { localService, localTexts, ownLine } from "#app/i18n/site-texts.ts";
import { localeFrom } from "#app/seo.ts";
import { stylesIf, type RouteStyles } from "#app/styles/groups.ts";

/** One module serves all ten service pages; the path names the service. */
export const handle = {
  pageCache: true,
  hydrate: false,
  // The stylesheet's parts this page uses (ADR 065); the photos', reviews' and projects' only when it shows them.
  styles: ((loaderData) => {
    const page = loaderData as { photos?: unknown[]; projects?: unknown[]; testimonials?: unknown[] } | undefined;
    return [
      "banner",
      "service",
      "cards",
      "trust",
      "trust-details",
      ...stylesIf(page?.testimonials, "testimonials"),
      ...stylesIf(page?.photos, "gallery"),
      ...stylesIf(page?.projects, "projects"),
    ];
  }) satisfies RouteStyles,
};

/** How many of the service's photos the page shows; the rest are a link away, in the gallery. */
const SERVICE_PHOTOS = 6;
/** How many of the service's projects the page shows; all of them are on /projects?service= (ADR 039). */
const SERVICE_PROJECTS = 3;

/** The banner's columns (app.css `.banner--with-image`): the cover fills about 45% from 48rem. */
const COVER_SIZES = "(min-width: 72rem) 520px, (min-width: 48rem) 45vw, 100vw";

export async function loader({ url, context }: Route.LoaderArgs) {
  // `url` is the page's URL; `request.url` of a client-side navigation ends in ".data".
  // The English path names the service on either language's page ("/es/banos" → "/bathroom").
  const slug = (englishPathOf(url.pathname.toLowerCase()) ?? "").replace(/^\/+|\/+$/g, "");
  const service = getService(slug);
  if (!service) throw data(null, { status: 404 });
  const backend = getBackend(context);
  const content = await backend.site.content();
  // The page's language (ADR 064): the built-in copy in it, the owner's texts as they wrote them.
  const locale = localeOf(url.pathname);
  const { texts, langs } = localTexts(locale, content.texts, content.profile, content.spanishTexts);
  const page = {
    service: localService(locale, service),
    texts: texts.services[service.slug],
    langs: {
      summary: langs[`service.${service.slug}.summary`],
      body: langs[`service.${service.slug}.body`],
      list: langs[`service.${service.slug}.list`],
    },
    testimonials: content.testimonials.filter((t) => t.service === service.slug),
  };
  try {
    const [gallery, projects] = await Promise.all([
      backend.gallery.servicePhotos({ service: service.slug, limit: SERVICE_PHOTOS }),
      backend.projectPages.latest({ service: service.slug, limit: SERVICE_PROJECTS }),
    ]);
    return { ...page, ...gallery, projects: projects.projects, projectTotal: projects.total };
  } catch (error) {
    // The page is useful without its photos: shown with its artwork, and not kept in the cache.
    backend.logger.error("service photos could not be read", { error, service: service.slug });
    return data(
      { ...page, cover: null, photos: [], total: 0, projects: [], projectTotal: 0 },
      { headers: { "Cache-Control": "no-store" } },
    );
  }
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const service = loaderData?.service;
  if (!service) return [];
  return siteMeta(matches, (site) => ({
    title: translate(localeFrom(matches), "pages.service.metaTitle", { service: service.title, city: site.city, region: site.region }),
    description: loaderData.texts.summary,
    path: `/${service.slug}`,
    photo: loaderData.cover,
  }));
};

export default function ServicePage({ loaderData }: Route.ComponentProps) {
  const { service, texts, langs, testimonials, cover, photos, total, projects, projectTotal } = loaderData;
  const site = useSiteProfile();
  const locale = useLocale();
  const t = useT();
  const path = useLocalePath();
  const financing = ownLine(locale, site, "financingLabel");
  return (
    <>
      <PageBanner
        title={service.title}
        subtitle={texts.summary}
        subtitleLang={langs.summary}
        image={service.image}
        media={cover ? <PhotoPicture photo={cover} sizes={COVER_SIZES} className="banner__image" priority="high" /> : undefined}
        eyebrow={t("pages.service.eyebrow")}
        actions={
          <Link className="button button--primary" to={localContactHref(locale, service.slug)}>
            {t("pages.service.estimate")}
          </Link>
        }
      />
      {/* The proof right under the banner: in the first screen of a phone (ADR 061). */}
      <TrustStrip />
      {/* The job photos before the long text: on a phone they are what people look at first. */}
      {photos.length > 0 ? (
        <section className="page-section service-photos" aria-labelledby="service-photos-title">
          <h2 id="service-photos-title">{t("pages.service.photosTitle", { service: service.title })}</h2>
          <PhotoGallery id="service-photos" photos={photos} labelledBy="service-photos-title" />
          <p className="section-more">
            <Link to={path(galleryHref({ category: service.slug, page: 1 }))}>
              {total > photos.length ? t("pages.service.photosAll", { total, service: service.title }) : t("pages.service.photosMore")}
            </Link>
          </p>
        </section>
      ) : null}
      {projects.length > 0 ? (
        <section className="page-section service-projects" aria-labelledby="service-projects-title">
          <h2 id="service-projects-title">{t("pages.service.projectsTitle", { service: service.title })}</h2>
          <ProjectCards projects={projects} />
          <p className="section-more">
            <Link to={path(projectsHref({ service: service.slug, page: 1 }))}>
              {t("pages.service.projectsAll", { count: projectTotal, service: service.title })}
            </Link>
          </p>
        </section>
      ) : null}
      <div className="page-section service">
        <RichText source={texts.body} className="service__body" lang={langs.body} />
        <aside className="service__aside" aria-labelledby="service-list-title">
          <h2 id="service-list-title">{service.listTitle}</h2>
          <ul className="check-list" lang={langs.list && langs.list !== locale ? langs.list : undefined}>
            {texts.list.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
          <div className="service__cta">
            <TypicalPrice range={site.priceRanges[service.slug]} />
            <p>{t("pages.service.freeEstimates", { city: site.city })}</p>
            <EstimateButtons service={service.slug} />
            <FinancingLink href={site.financingLink} label={financing.text} lang={financing.lang ?? null} />
          </div>
        </aside>
      </div>
      <Testimonials testimonials={testimonials} id="service-testimonials-title" />
    </>
  );
}
