import { Link } from "react-router";
import type { Route } from "./+types/services";
import { services, getService } from "~/content/services";
import { featuredServices } from "~/content/navigation";
import { company } from "~/content/company";
import { PageBanner } from "~/components/page-banner";
import { ServiceCard } from "~/components/service-card";
import { pageMeta, pageTitle, publicUrlFrom } from "~/seo";

export const handle = { pageCache: true };

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: pageTitle("Repair & Remodeling Services in Houston"),
    description: `Kitchens, bathrooms, floors, tile, countertops, backsplashes, fences, outdoor living and repairs: the remodeling work ${company.name} does across Houston.`,
    path: "/services",
    publicUrl: publicUrlFrom(matches),
  });

export default function Services() {
  const featured = new Set<string>(featuredServices.map((f) => f.slug));
  const others = services.filter((s) => !featured.has(s.slug));
  return (
    <>
      <PageBanner title="Repair & Remodeling Services" subtitle="View our wide range of services" />
      <section className="page-section" aria-labelledby="featured-title">
        <h2 id="featured-title" className="visually-hidden">
          Our main services
        </h2>
        <div className="card-grid">
          {featuredServices.map(({ slug, tileTitle }) => {
            const service = getService(slug);
            return service ? <ServiceCard key={slug} service={service} title={tileTitle} /> : null;
          })}
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
