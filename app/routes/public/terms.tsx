import { Link } from "react-router";
import type { Route } from "./+types/terms";
import { LegalPage } from "#app/components/legal-page.tsx";
import { useSiteProfile, siteMeta } from "#app/site-profile.ts";

export const handle = { pageCache: true, hydrate: false };

export const meta: Route.MetaFunction = ({ matches }) =>
  siteMeta(matches, (site) => ({
    title: "Terms of Use",
    description: `The terms for using the ${site.name} website: estimate requests, accounts, our content and who to contact in ${site.city}.`,
    path: "/terms",
  }));

export default function Terms() {
  const site = useSiteProfile();
  return (
    <LegalPage title="Terms of Use" updated="November 22, 2026">
      <p>
        This website belongs to {site.name}, a home repair and remodeling contractor in {site.location}. By using it, sending us an estimate
        request or creating an account, you agree to these terms. They are short on purpose; if anything is unclear, call us at{" "}
        <a href={site.phoneHref}>{site.phone}</a>.
      </p>

      <h2>Estimates and quotes</h2>
      <p>
        Sending the estimate form asks us to contact you; it does not order any work and costs nothing. We answer and, if you like, visit to
        measure. Prices, materials and schedules are agreed only in a written quote or contract that we both sign. That document, not this
        website, governs the work and any warranty.
      </p>
      <p>
        Please give us true contact details and describe the project honestly, so we can answer and quote correctly. Photos and descriptions
        on this site show past work and typical options: your project is priced on what we see at your home.
      </p>

      <h2>Accounts</h2>
      <p>
        An account lets you follow the estimate requests you send us. Keep your password to yourself and use a password you do not use
        anywhere else. If you think someone else used your account, change your password on your <Link to="/profile">account page</Link>;
        that also signs out every other browser. We may close an account that is used to harm the site or other people. You can ask us to
        delete your account at any time by writing to <a href={`mailto:${site.publicEmail}`}>{site.publicEmail}</a>.
      </p>

      <h2>Our content</h2>
      <p>
        The text, photos and drawings on this site belong to {site.name}. You may share links to our pages and print them for your own
        project, but not copy them to sell or to advertise someone else&rsquo;s work.
      </p>

      <h2>The website itself</h2>
      <p>
        We work to keep the site available and correct, but it is offered as it is: a page may be out of date or briefly unavailable.
        Nothing on the site is professional advice for a specific home; for that, ask us for a visit. These terms are governed by the laws
        of the State of Texas.
      </p>

      <h2>Your data</h2>
      <p>
        How we handle what you send us is explained in our <Link to="/privacy">Data Policy</Link>; the only cookies we use are listed in our{" "}
        <Link to="/cookies">Cookies Policy</Link>.
      </p>

      <h2>Changes and contact</h2>
      <p>
        When we change these terms we update the date at the top of this page. Questions go to{" "}
        <a href={`mailto:${site.publicEmail}`}>{site.publicEmail}</a> or <a href={site.phoneHref}>{site.phone}</a>.
      </p>
    </LegalPage>
  );
}
