import { data } from "react-router";
import type { Route } from "./+types/gallery";
import { unavailableInit } from "#app/retry-after.ts";
import { featuredCards, type ServiceCardData } from "#app/content/featured.ts";
import { serviceFilters, serviceName } from "#app/content/service-names.ts";
import { ServiceCardsSection } from "#app/components/service-card.tsx";
import { PageBanner } from "#app/components/page-banner.tsx";
import { EAGER_PHOTOS, PhotoGallery } from "#app/components/photo-gallery.tsx";
import { FilterLinks, PageLinks } from "#app/components/list-navigation.tsx";
import { UnavailableNotice } from "#app/components/unavailable-notice.tsx";
import { galleryHref, parseGalleryQuery } from "#app/schemas/gallery-query.ts";
import { getBackend } from "#app/server/context.server.ts";
import type { GalleryPage } from "#app/server/gallery/gallery.server.ts";
import { useSiteProfile, siteMeta } from "#app/site-profile.ts";
import { EstimateButtons, EstimateCallToAction } from "#app/components/estimate-cta.tsx";
import type { StyleGroup } from "#app/styles/groups.ts";

/**
 * /gallery, ?category=<service> and ?page=N (24 a page). The lightbox is a small inline script,
 * so the page still ships no framework JavaScript (docs/decisions/013-public-gallery.md).
 * Only the query-less /gallery is kept in the host's page cache; a 503 never is.
 */
export const handle = { pageCache: true, hydrate: false, styles: ["banner", "listing", "cards", "gallery"] satisfies StyleGroup[] };

export async function loader({ url, context }: Route.LoaderArgs) {
  const query = parseGalleryQuery(url.searchParams);
  if (!query.ok) throw data(query.message, { status: query.status });
  const backend = getBackend(context);
  let gallery: GalleryPage;
  let projects: Record<string, { slug: string; title: string }>;
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
    services: gallery.total === 0 ? featuredCards() : [],
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
    filters: serviceFilters(counts),
  };
}

/** The loader's Cache-Control and Retry-After reach the browser (the 503). */
export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const category = serviceName(loaderData?.category);
  const page = loaderData?.page ?? 1;
  const title = [category ? `${category} photos` : "Remodeling Gallery", page > 1 ? `page ${page}` : null].filter(Boolean).join(", ");
  const first = loaderData?.status === "ok" ? loaderData.photos[0] : undefined;
  return siteMeta(matches, (site) => ({
    title,
    description: category
      ? `Photos of ${category} jobs finished by ${site.name} for homeowners around ${site.city}, ${site.region}.`
      : `Photos of kitchens, bathrooms, floors, tile and fences finished by ${site.name} for homeowners around ${site.city}, ${site.region}.`,
    path: galleryHref({ category: loaderData?.category ?? null, page }),
    photo: first,
    noindex: loaderData?.status === "unavailable",
  }));
};

export default function Gallery({ loaderData }: Route.ComponentProps) {
  const site = useSiteProfile();
  return (
    <>
      <PageBanner title="Remodeling Gallery" subtitle={`Photos of jobs we have finished around ${site.city}`} />
      {loaderData.status === "unavailable" ? (
        <Unavailable />
      ) : loaderData.total === 0 ? (
        <EmptyGallery services={loaderData.services} />
      ) : (
        <section className="page-section gallery" aria-labelledby="gallery-photos-title">
          <h2 id="gallery-photos-title" className="visually-hidden">
            {loaderData.category ? `${serviceName(loaderData.category) ?? "Service"} photos` : "All photos"}
            {loaderData.pageCount > 1 ? `, page ${loaderData.page} of ${loaderData.pageCount}` : ""}
          </h2>
          <FilterLinks
            label="Photo categories"
            current={loaderData.category}
            allCount={loaderData.allCount}
            filters={loaderData.filters}
            href={(category) => galleryHref({ category, page: 1 })}
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
            label="Gallery pages"
            page={loaderData.page}
            pageCount={loaderData.pageCount}
            href={(page) => galleryHref({ category: loaderData.category, page })}
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
  return (
    <>
      <section className="page-section empty-state" aria-labelledby="gallery-empty-title">
        <h2 id="gallery-empty-title">No photos here yet</h2>
        <p>
          We are putting together photos of recent kitchens, bathrooms, floors and fences. Until they are up, our service pages describe the
          work in detail, and we are happy to show you examples of our work when we visit for your free estimate.
        </p>
        <p className="empty-state__actions">
          <EstimateButtons />
        </p>
      </section>
      <ServiceCardsSection titleId="gallery-services-title" title="What we build" cards={services} more="Browse our services" />
    </>
  );
}

function Unavailable() {
  return (
    <UnavailableNotice
      id="gallery-unavailable-title"
      title="We can't show the photos right now"
      text="Our photo gallery is having a problem on our side. Please try again in a minute. Our service pages describe every kind of job we do, and you can request a free estimate at any time."
    />
  );
}
