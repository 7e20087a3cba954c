import { Link } from "react-router";
import type { Route } from "./+types/services";
import { services } from "#app/content/services.ts";
import { featuredCards, featuredServices } from "#app/content/featured.ts";
import { PageBanner } from "#app/components/page-banner.tsx";
import { ServiceCard } from "#app/components/service-card.tsx";
import { getBackend } from "#app/server/context.server.ts";
import { siteMeta } from "#app/site-profile.ts";
import { EstimateCallToAction } from "#app/components/estimate-cta.tsx";

export const handle = { pageCache: true, hydrate: false };

export async function loader({ context }: Route.LoaderArgs) {
  const { texts } = await getBackend(context).site.content();
  const summaries = Object.fromEntries(Object.entries(texts.services).map(([slug, t]) => [slug, t.summary]));
  const featured = new Set<string>(featuredServices);
  return {
    tiles: featuredCards(summaries),
    others: services
      .filter((s) => !featured.has(s.slug))
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
