import { Link } from "react-router";
import type { Route } from "./+types/signup";
import { company } from "~/content/company";
import { pageMeta, pageTitle, publicUrlFrom } from "~/seo";

export const handle = { pageCache: true, hydrate: false };

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: pageTitle("Sign up"),
    description: "Create an account to follow your estimate requests.",
    path: "/signup",
    publicUrl: publicUrlFrom(matches),
    noindex: true,
  });

/** Accounts are not open yet: say so plainly and offer the ways that work today. */
export default function Page() {
  return (
    <section className="page-section narrow" aria-labelledby="page-title">
      <h1 id="page-title">Sign up</h1>
      <p>
        Online accounts are coming soon. Until then, call us at <a href={company.phone.href}>{company.phone.display}</a>{" "}
        or <Link to="/contact">send us a message</Link> about your estimate.
      </p>
    </section>
  );
}
