import type { Route } from "./+types/house";
import { siteMeta } from "#app/site-profile.ts";

/** A placeholder page the original site had; it shows only its title. */
export const handle = { pageCache: true, hydrate: false };

export const meta: Route.MetaFunction = ({ matches }) =>
  siteMeta(matches, (site) => ({
    title: "House",
    description: `House remodeling projects in ${site.city}, ${site.region}. This page is being prepared; see our services for the work we do today.`,
    path: "/house",
    // A placeholder with only a title: kept for the spec, not offered to search engines.
    noindex: true,
  }));

export default function House() {
  return (
    <section className="page-section placeholder" aria-labelledby="page-title">
      <h1 id="page-title">House</h1>
    </section>
  );
}
