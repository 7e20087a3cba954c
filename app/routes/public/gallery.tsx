import { Link } from "react-router";
import type { Route } from "./+types/gallery";
import { company } from "~/content/company";
import { PageBanner } from "~/components/page-banner";
import { pageMeta, pageTitle, publicUrlFrom } from "~/seo";

export const handle = { pageCache: true, hydrate: false };

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: pageTitle("Remodeling Gallery"),
    description: `Photos of kitchens, bathrooms, floors, tile and fences finished by ${company.name} for homeowners around Houston, TX.`,
    path: "/gallery",
    publicUrl: publicUrlFrom(matches),
  });

export default function Gallery() {
  return (
    <>
      <PageBanner title="Remodeling Gallery" subtitle="Photos of jobs we have finished around Houston" />
      <section className="page-section empty-state" aria-labelledby="gallery-empty-title">
        <h2 id="gallery-empty-title">No photos here yet</h2>
        <p>
          We are putting together photos of recent kitchens, bathrooms, floors and fences. Until they are up,
          our service pages describe the work in detail, and we are happy to show you examples when we visit
          for your free estimate.
        </p>
        <p className="empty-state__actions">
          <Link className="button button--primary" to="/services">
            Browse our services
          </Link>
          <Link className="button button--secondary" to="/contact">
            Request a free estimate
          </Link>
        </p>
      </section>
    </>
  );
}
