import type { Route } from "./+types/room";
import { pageMeta, pageTitle, publicUrlFrom } from "~/seo";

/** A placeholder page the original site had; it shows only its title. */
export const handle = { pageCache: true, hydrate: false };

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: pageTitle("Room"),
    description: "Room remodeling projects in Houston, TX. This page is being prepared; see our services for the work we do today.",
    path: "/room",
    publicUrl: publicUrlFrom(matches),
  });

export default function Room() {
  return (
    <section className="page-section placeholder" aria-labelledby="page-title">
      <h1 id="page-title">Room</h1>
    </section>
  );
}
