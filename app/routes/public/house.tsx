import type { Route } from "./+types/house";
import { pageMeta, pageTitle, publicUrlFrom } from "~/seo";

/** A placeholder page the original site had; it shows only its title. */
export const handle = { pageCache: true, hydrate: false };

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: pageTitle("House"),
    description: "House remodeling projects in Houston, TX. This page is being prepared; see our services for the work we do today.",
    path: "/house",
    publicUrl: publicUrlFrom(matches),
  });

export default function House() {
  return (
    <section className="page-section placeholder" aria-labelledby="page-title">
      <h1 id="page-title">House</h1>
    </section>
  );
}
