import type { Route } from "./+types/room";
import { siteMeta } from "#app/site-profile.ts";

/** A placeholder page the original site had; it shows only its title. */
export const handle = { pageCache: true, hydrate: false };

export const meta: Route.MetaFunction = ({ matches }) =>
  siteMeta(matches, (site) => ({
    title: "Room",
    description: `Room remodeling projects in ${site.city}, ${site.region}. This page is being prepared; see our services for the work we do today.`,
    path: "/room",
    // A placeholder with only a title: kept for the spec, not offered to search engines.
    noindex: true,
  }));

export default function Room() {
  return (
    <section className="page-section placeholder" aria-labelledby="page-title">
      <h1 id="page-title">Room</h1>
    </section>
  );
}
