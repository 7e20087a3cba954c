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
import { contactHref } from "#app/schemas/estimate-paths.ts";
import { TrustStrip } from "#app/components/trust-strip.tsx";
import { FinancingLink, TypicalPrice } from "#app/components/typical-price.tsx";
import { englishPathOf } from "#app/i18n/paths.ts";

/** One module serves all ten service pages; the path names the service. */
export const handle = { pageCache: true, hydrate: false };

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
  const page = {
    service: { slug: service.slug, title: service.title, listTitle: service.listTitle, image: service.image },
    texts: content.texts.services[service.slug],
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
    title: `${service.title} in ${site.city}, ${site.region}`,
    description: loaderData.texts.summary,
    path: `/${service.slug}`,
    photo: loaderData.cover,
  }));
};

export default function ServicePage({ loaderData }: Route.ComponentProps) {
  const { service, texts, testimonials, cover, photos, total, projects, projectTotal } = loaderData;
  const site = useSiteProfile();
  return (
    <>
      <PageBanner
        title={service.title}
        subtitle={texts.summary}
        image={service.image}
        media={cover ? <PhotoPicture photo={cover} sizes={COVER_SIZES} className="banner__image" priority="high" /> : undefined}
        eyebrow="Our services"
        actions={
          <Link className="button button--primary" to={contactHref(service.slug)}>
            Get a free estimate
          </Link>
        }
      />
      {/* The proof right under the banner: in the first screen of a phone (ADR 061). */}
      <TrustStrip />
      {/* The job photos before the long text: on a phone they are what people look at first. */}
      {photos.length > 0 ? (
        <section className="page-section service-photos" aria-labelledby="service-photos-title">
          <h2 id="service-photos-title">{service.title} photos</h2>
          <PhotoGallery id="service-photos" photos={photos} labelledBy="service-photos-title" />
          <p className="section-more">
            <Link to={galleryHref({ category: service.slug, page: 1 })}>
              {total > photos.length ? `See all ${total} ${service.title} photos in our gallery` : "See more of our work in the gallery"}
            </Link>
          </p>
        </section>
      ) : null}
      {projects.length > 0 ? (
        <section className="page-section service-projects" aria-labelledby="service-projects-title">
          <h2 id="service-projects-title">{service.title} projects</h2>
          <ProjectCards projects={projects} />
          <p className="section-more">
            <Link to={projectsHref({ service: service.slug, page: 1 })}>
              {projectTotal === 1 ? `See the ${service.title} project` : `See all ${projectTotal} ${service.title} projects`}
            </Link>
          </p>
        </section>
      ) : null}
      <div className="page-section service">
        <RichText source={texts.body} className="service__body" />
        <aside className="service__aside" aria-labelledby="service-list-title">
          <h2 id="service-list-title">{service.listTitle}</h2>
          <ul className="check-list">
            {texts.list.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
          <div className="service__cta">
            <TypicalPrice range={site.priceRanges[service.slug]} />
            <p>Free estimates across {site.city}.</p>
            <EstimateButtons service={service.slug} />
            <FinancingLink href={site.financingLink} label={site.financingLabel} />
          </div>
        </aside>
      </div>
      <Testimonials testimonials={testimonials} id="service-testimonials-title" />
    </>
  );
}
