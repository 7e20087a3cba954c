import { Link } from "react-router";
import type { Route } from "./+types/cookies";
import { LegalPage } from "#app/components/legal-page.tsx";
import { useSiteProfile, siteMeta } from "#app/site-profile.ts";

export const handle = { pageCache: true, hydrate: false };

export const meta: Route.MetaFunction = ({ matches }) =>
  siteMeta(matches, (site) => ({
    title: "Cookies Policy",
    description: `The only cookies the ${site.name} website sets: one to keep you signed in, one while you sign in with Google. No tracking.`,
    path: "/cookies",
  }));

export default function Cookies() {
  const site = useSiteProfile();
  return (
    <LegalPage title="Cookies Policy" updated="November 22, 2026">
      <p>
        A cookie is a small piece of text a website asks your browser to keep. This site uses as few as it can: if you only read our pages
        or send the estimate form, it sets none at all.
      </p>

      <h2>The cookies we use</h2>
      <div className="table-scroll">
        <table className="data-table">
          <caption className="visually-hidden">Cookies set by this website</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">What it is for</th>
              <th scope="col">How long it lasts</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <td>
                <code>session</code>
              </td>
              <td>
                Keeps you signed in after you log in. It holds a random number that only our server can match to your account. Your browser
                cannot read it with scripts (HttpOnly) and does not send it along when another site sends you here with a form.
              </td>
              <td>30 days, renewed while you use the site; deleted when you sign out</td>
            </tr>
            <tr>
              <td>
                <code>oidc</code>
              </td>
              <td>
                Set only when you choose &lsquo;Continue with Google&rsquo;: it lets us check that the answer coming back from Google
                belongs to the sign-in you started in this browser.
              </td>
              <td>10 minutes; removed as soon as the sign-in finishes</td>
            </tr>
          </tbody>
        </table>
      </div>
      <p>
        On a secure (https) connection the names carry the prefix <code>__Host-</code>, which tells the browser to keep them for this exact
        site only.
      </p>

      <h2>What we do not use</h2>
      <p>
        No analytics, tracking, advertising or social media cookies, and no cookies from other companies. We do not follow you from one
        website to another.
      </p>

      <h2>Removing cookies</h2>
      <p>
        Signing out deletes the sign-in cookie. You can also delete cookies or block them in your browser&rsquo;s settings; the site still
        works, but you will not be able to stay signed in.
      </p>

      <h2>Questions</h2>
      <p>
        Write to <a href={`mailto:${site.publicEmail}`}>{site.publicEmail}</a>. What we do with your information is in our{" "}
        <Link to="/privacy">Data Policy</Link>; the rules for using the site are in our <Link to="/terms">Terms of Use</Link>.
      </p>
    </LegalPage>
  );
}
