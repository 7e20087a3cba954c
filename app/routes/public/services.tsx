import { Link } from "react-router";
import type { Route } from "./+types/services";
import { services } from "~/content/services";
import { featuredCards, featuredServices } from "~/content/featured";
import { company } from "~/content/company";
import { PageBanner } from "~/components/page-banner";
import { ServiceCard } from "~/components/service-card";
import { pageMeta, pageTitle, publicUrlFrom } from "~/seo";

export const handle = { pageCache: true, hydrate: false };

export function loader() {
  const featured = new Set<string>(featuredServices.map((f) => f.slug));
  return {
    tiles: featuredCards("tileTitle"),
    others: services
      .filter((s) => !featured.has(s.slug))
      .map((s) => ({ slug: s.slug, title: s.title, summary: s.summary })),
  };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: pageTitle("Repair & Remodeling Services in Houston"),
    description: `Kitchens, bathrooms, floors, tile, countertops, backsplashes, fences, outdoor living and repairs: the remodeling work ${company.name} does across Houston.`,
    path: "/services",
    publicUrl: publicUrlFrom(matches),
  });

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
    </>
  );
}
