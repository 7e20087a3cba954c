import { Link } from "react-router";
import type { Route } from "./+types/services";
import { services } from "#app/content/services.ts";
import { featuredCards } from "#app/content/featured.ts";
import type { GalleryPhoto } from "#app/schemas/photo-view.ts";
import { PageBanner } from "#app/components/page-banner.tsx";
import { ServiceCard } from "#app/components/service-card.tsx";
import { getBackend } from "#app/server/context.server.ts";
import { siteMeta } from "#app/site-profile.ts";
import { EstimateCallToAction } from "#app/components/estimate-cta.tsx";

export const handle = { pageCache: true, hydrate: false };

export async function loader({ context }: Route.LoaderArgs) {
  const backend = getBackend(context);
  const { texts, profile } = await backend.site.content();
  const summaries = Object.fromEntries(Object.entries(texts.services).map(([slug, t]) => [slug, t.summary]));
  const featured = profile.featuredServices;
  let showcase = new Map<string, GalleryPhoto>();
  try {
    showcase = await backend.gallery.showcasePhotos(featured);
  } catch (error) {
    // The tiles show their drawings.
    backend.logger.error("service tile photos could not be read", { error });
  }
  return {
    tiles: featuredCards(featured, summaries, showcase),
    others: services
      .filter((s) => !featured.includes(s.slug))
      .map((s) => ({ slug: s.slug, title: s.title, summary: texts.services[s.slug].summary })),
  };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  siteMeta(matches, (site) => ({
    title: `Repair & Remodeling Services in ${site.city}`,
    description: `Kitchens, bathrooms, floors, tile, countertops, backsplashes, fences, outdoor living and repairs: the remodeling work ${site.name} does across ${site.city}.`,
    path: "/services",
  }));

export default function Services({ loaderData }: Route.ComponentProps) {
  const { tiles, others } = loaderData;
  return (
    <>
      <PageBanner title="Repair & Remodeling Services" subtitle="View our wide range of services" />
      <section className="page-section" aria-labelledby="featured-title">
        <h2 id="featured-title" className="visually-hidden">
          Our main services
        </h2>
        <div className="card-grid">
          {tiles.map((card, index) => (
            <ServiceCard key={card.slug} card={card} priority={index === 0} />
          ))}
        </div>
      </section>
      <section className="page-section" aria-labelledby="more-title">
        <h2 id="more-title">More of what we do</h2>
        <ul className="service-list">
          {others.map((service) => (
            <li key={service.slug}>
              <Link to={`/${service.slug}`} prefetch="intent">
                {service.title}
              </Link>
              <span> — {service.summary}</span>
            </li>
          ))}
        </ul>
      </section>
      <EstimateCallToAction />
    </>
  );
}
