import { Link } from "react-router";
import type { Route } from "./+types/privacy";
import { LegalPage } from "#app/components/legal-page.tsx";
import { useSiteProfile, siteMeta } from "#app/site-profile.ts";

export const handle = { pageCache: true, hydrate: false };

export const meta: Route.MetaFunction = ({ matches }) =>
  siteMeta(matches, (site) => ({
    title: "Data Policy",
    description: `What ${site.name} collects when you ask for an estimate or create an account, why, how long we keep it, and how to have it deleted.`,
    path: "/privacy",
  }));

export default function Privacy() {
  const site = useSiteProfile();
  return (
    <LegalPage title="Data Policy" updated="November 22, 2026">
      <p>
        {site.name} is a home repair and remodeling contractor in {site.location}. This page explains what we learn about you through this
        website, what we do with it and how you can have it deleted. We do not sell your information, and we do not use it for advertising.
      </p>

      <h2>What we collect</h2>
      <ul>
        <li>
          <strong>Estimate requests.</strong> Your name, email address, phone number, the subject and the project details you write in the
          form, the time you sent it and the page you sent it from; and, if you give them, your ZIP code (to see whether it is in our
          service area), your street address and how and when you prefer to be contacted. We also note where your visit began: the first
          page you opened on this site, the site that linked to it and the campaign tags in that link (such as <code>utm_source</code>).
          They are kept only with your request, without a cookie, and no third party receives them.
        </li>
        <li>
          <strong>Accounts.</strong> Your name and email address, and your password stored only as a secure one-way hash that nobody,
          including us, can read back. If you continue with Google, Google tells us your name, your email address, whether Google has
          verified it, and an id for your Google account; never your Google password.
        </li>
        <li>
          <strong>Signed-in browsers.</strong> For each browser you are signed in on, when it signed in and was last used and the
          browser&rsquo;s name (its user agent), so you can sign out everywhere.
        </li>
        <li>
          <strong>Protection against abuse.</strong> A scrambled code made from your internet address (not the address itself) and your
          browser&rsquo;s name, to spot floods of spam or attempts to guess passwords.
        </li>
      </ul>

      <h2>Why we use it</h2>
      <p>
        To answer your request, arrange a visit and prepare a quote; to run your account and show you the requests you sent us; and to keep
        the site safe. We do not use your information for anything else and we do not send newsletters.
      </p>

      <h2>Who else sees it</h2>
      <p>
        Our own team. When you send the form, our mail provider delivers two emails: a notification to us and a confirmation to you. The
        company that hosts the website stores its data for us. Google is involved only if you choose &lsquo;Continue with Google&rsquo;.
        Each of them handles the data only to provide that service. We share information with authorities only when the law requires it.
      </p>

      <h2>How long we keep it</h2>
      <ul>
        <li>
          Estimate requests: while we answer and quote, and, if you hire us, with the records of your job. If you did not hire us, ask and
          we delete your request.
        </li>
        <li>Accounts: until you ask us to delete yours.</li>
        <li>Signed-in browsers: until you sign out, or 30 days after the browser was last used.</li>
        <li>Records of failed sign-ins: they stop counting after a short time (15 minutes) and are then cleared out.</li>
      </ul>

      <h2>Your choices</h2>
      <p>
        You can ask us for a copy of what we hold about you, to correct it, or to delete it, including your account and your estimate
        requests. Write to <a href={`mailto:${site.publicEmail}`}>{site.publicEmail}</a> from the address you used, or call{" "}
        <a href={site.phoneHref}>{site.phone}</a>. We answer within 30 days, usually much sooner.
      </p>

      <h2>Cookies</h2>
      <p>
        We use one cookie to keep you signed in and a short-lived one while you sign in with Google; no tracking or advertising cookies.
        Details are in our <Link to="/cookies">Cookies Policy</Link>.
      </p>

      <h2>Security and children</h2>
      <p>
        Passwords are hashed, pages that show your data are never stored by shared caches, and only our team can see estimate requests. This
        site is meant for adults planning work on a home or business, not for children.
      </p>

      <h2>Changes</h2>
      <p>
        When we change this policy we update the date at the top of this page. See also our <Link to="/terms">Terms of Use</Link>.
      </p>
    </LegalPage>
  );
}
