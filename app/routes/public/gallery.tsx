import { data } from "react-router";
import type { ProjectLink } from "#app/i18n/projects.ts";
import type { Route } from "./+types/gallery";
import { unavailableInit } from "#app/retry-after.ts";
import { featuredCards, type ServiceCardData } from "#app/content/featured.ts";
import { serviceFilters } from "#app/content/service-names.ts";
import { ServiceCardsSection } from "#app/components/service-card.tsx";
import { PageBanner } from "#app/components/page-banner.tsx";
import { EAGER_PHOTOS, PhotoGallery } from "#app/components/photo-gallery.tsx";
import { FilterLinks, PageLinks } from "#app/components/list-navigation.tsx";
import { UnavailableNotice } from "#app/components/unavailable-notice.tsx";
import { galleryHref, parseGalleryQuery } from "#app/schemas/gallery-query.ts";
import { photoAlt } from "#app/i18n/photo-text.ts";
import { getBackend } from "#app/server/context.server.ts";
import type { GalleryPage } from "#app/server/gallery/gallery.server.ts";
import { useSiteProfile, siteMeta } from "#app/site-profile.ts";
import { EstimateButtons, EstimateCallToAction } from "#app/components/estimate-cta.tsx";
import { localeOf } from "#app/i18n/locale.ts";
import { translate, translator } from "#app/i18n/messages.ts";
import { localePath } from "#app/i18n/paths.ts";
import { useLocale, useT } from "#app/i18n/react.ts";
import { localServiceName } from "#app/i18n/service-names.ts";
import { localCards, localTexts } from "#app/i18n/site-texts.ts";
import { localeFrom } from "#app/seo.ts";
import type { StyleGroup } from "#app/styles/groups.ts";

/**
 * /gallery, ?category=<service> and ?page=N (24 a page), and its Spanish twin /es/galeria: every
 * photo is listed on both, with its Spanish words when written, else its English ones marked as
 * English (app/i18n/photo-text.ts). The lightbox is a small inline script,
 * so the page still ships no framework JavaScript (docs/decisions/013-public-gallery.md).
 * Only the query-less /gallery is kept in the host's page cache; a 503 never is.
 */
export const handle = { pageCache: true, hydrate: false, styles: ["banner", "listing", "cards", "gallery"] satisfies StyleGroup[] };

export async function loader({ url, context }: Route.LoaderArgs) {
  const query = parseGalleryQuery(url.searchParams);
  const locale = localeOf(url.pathname);
  // A malformed page number's sentence in the page's language; an unknown category is the 404 page.
  if (!query.ok) throw data(query.status === 400 ? translate(locale, "list.badPage") : query.message, { status: query.status });
  const backend = getBackend(context);
  let gallery: GalleryPage;
  let projects: Record<string, ProjectLink>;
  try {
    gallery = await backend.gallery.page({ category: query.category, page: query.page });
    // Each photo of a published project links to its story (ADR 039).
    projects = Object.fromEntries(await backend.projectPages.projectsOfPhotos(gallery.photos.map((p) => p.id)));
  } catch (error) {
    backend.logger.error("gallery could not be read", { error });
    return data({ status: "unavailable" as const, category: query.category, page: query.page }, unavailableInit());
  }
  // A category without published photos has no page 1; an empty gallery has its empty state.
  const hasCategory = query.category === null || gallery.categories.some((c) => c.category === query.category);
  if (!hasCategory || query.page > gallery.pageCount) throw data(null, { status: 404 });
  const counts = new Map(gallery.categories.map((c) => [c.category, c.count]));
  return {
    // An empty gallery shows the services' drawings instead, each a way to an estimate.
    services: gallery.total === 0 ? await emptyGalleryCards(backend, locale) : [],
    status: "ok" as const,
    category: query.category,
    page: gallery.page,
    pageCount: gallery.pageCount,
    total: gallery.total,
    photos: gallery.photos,
    projects,
    listing: {
      offset: gallery.offset,
      total: gallery.total,
      beforeId: gallery.beforeId,
      afterId: gallery.afterId,
      category: query.category,
    },
    allCount: gallery.categories.reduce((sum, c) => sum + c.count, 0),
    filters: serviceFilters(counts).map((filter) => ({ ...filter, label: localServiceName(locale, filter.slug) ?? filter.label })),
  };
}

/** The services' cards in the page's language (the owner's summaries, in Spanish when written). */
async function emptyGalleryCards(backend: ReturnType<typeof getBackend>, locale: ReturnType<typeof localeOf>): Promise<ServiceCardData[]> {
  if (locale === "en") return featuredCards();
  const content = await backend.site.content();
  const { texts, langs } = localTexts(locale, content.texts, content.profile, content.spanishTexts);
  return localCards(locale, featuredCards(), texts, langs);
}

/** The loader's Cache-Control and Retry-After reach the browser (the 503). */
export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const locale = localeFrom(matches);
  const t = translator(locale);
  const category = localServiceName(locale, loaderData?.category);
  const page = loaderData?.page ?? 1;
  const name = category ? t("gallery.serviceTitle", { service: category }) : t("gallery.title");
  const title = page > 1 ? t("gallery.pagedTitle", { title: name, page }) : name;
  const first = loaderData?.status === "ok" ? loaderData.photos[0] : undefined;
  return siteMeta(matches, (site) => ({
    title,
    description: category
      ? t("gallery.metaDescriptionService", { service: category, name: site.name, city: site.city, region: site.region })
      : t("gallery.metaDescription", { name: site.name, city: site.city, region: site.region }),
    path: galleryHref({ category: loaderData?.category ?? null, page }),
    photo: first ? { master: first.master, alt: photoAlt(first, locale).text } : undefined,
    noindex: loaderData?.status === "unavailable",
  }));
};

export default function Gallery({ loaderData }: Route.ComponentProps) {
  const site = useSiteProfile();
  const t = useT();
  const locale = useLocale();
  const href = (category: string | null, page: number) => localePath(locale, galleryHref({ category, page }));
  const listName = loaderData.category
    ? t("gallery.serviceTitle", { service: localServiceName(locale, loaderData.category) ?? "" })
    : t("gallery.allPhotos");
  return (
    <>
      <PageBanner title={t("gallery.title")} subtitle={t("gallery.subtitle", { city: site.city })} />
      {loaderData.status === "unavailable" ? (
        <Unavailable />
      ) : loaderData.total === 0 ? (
        <EmptyGallery services={loaderData.services} />
      ) : (
        <section className="page-section gallery" aria-labelledby="gallery-photos-title">
          <h2 id="gallery-photos-title" className="visually-hidden">
            {loaderData.pageCount > 1
              ? t("gallery.pageOf", { title: listName, page: loaderData.page, pageCount: loaderData.pageCount })
              : listName}
          </h2>
          <FilterLinks
            label={t("gallery.filters")}
            allLabel={t("gallery.filterAll")}
            current={loaderData.category}
            allCount={loaderData.allCount}
            filters={loaderData.filters}
            href={(category) => href(category, 1)}
          />
          <PhotoGallery
            id="gallery-photos"
            photos={loaderData.photos}
            eager={loaderData.page === 1 ? EAGER_PHOTOS : 0}
            labelledBy="gallery-photos-title"
            listing={loaderData.listing}
            projects={loaderData.projects}
          />
          <PageLinks
            label={t("gallery.pages")}
            page={loaderData.page}
            pageCount={loaderData.pageCount}
            href={(page) => href(loaderData.category, page)}
          />
        </section>
      )}
      {/* The empty and unavailable states carry their own way to an estimate. */}
      {loaderData.status !== "unavailable" && loaderData.total > 0 ? <EstimateCallToAction /> : null}
    </>
  );
}

/** Before the first photo is published: what we do, drawn, and the two ways to an estimate. */
function EmptyGallery({ services }: { services: ServiceCardData[] }) {
  const t = useT();
  return (
    <>
      <section className="page-section empty-state" aria-labelledby="gallery-empty-title">
        <h2 id="gallery-empty-title">{t("gallery.empty.title")}</h2>
        <p>{t("gallery.empty.text")}</p>
        <p className="empty-state__actions">
          <EstimateButtons />
        </p>
      </section>
      <ServiceCardsSection
        titleId="gallery-services-title"
        title={t("gallery.empty.servicesTitle")}
        cards={services}
        more={t("gallery.empty.servicesMore")}
      />
    </>
  );
}

function Unavailable() {
  const t = useT();
  return <UnavailableNotice id="gallery-unavailable-title" title={t("gallery.unavailable.title")} text={t("gallery.unavailable.text")} />;
}
