import { Link } from "react-router";
import { tagged, type TagRenderers } from "#app/components/tagged-text.tsx";
import { translate } from "#app/i18n/messages.ts";
import { useLocalePath, useT } from "#app/i18n/react.ts";
import { useSiteProfile, type PublicProfile } from "#app/site-profile.ts";

/** The busy site's sentence (app/server/db/busy.server.ts): the English catalog's, said here in the page's language. */
const BUSY = translate("en", "errors.busy");

/** What the error pages' sentences link: the phone, the email, the home page (in the page's language). */
function contactTags(site: PublicProfile, home: string): TagRenderers {
  return {
    phone: (chunk) => <a href={site.phoneHref}>{chunk}</a>,
    email: (chunk) => <a href={`mailto:${site.publicEmail}`}>{chunk}</a>,
    home: (chunk) => <Link to={home}>{chunk}</Link>,
  };
}

/**
 * The branded page for 404s, other 4xx answers, a busy site (503) and crashes, in the language of
 * the address asked for (ADR 064): an unknown /es/… path gets the Spanish page, linking to Spanish pages.
 */
export function ErrorPage({ status, message, detail }: { status: number; message?: string; detail?: string }) {
  const site = useSiteProfile();
  const t = useT();
  const path = useLocalePath();
  const tags = contactTags(site, path("/"));
  const values = { phone: site.phone, email: site.publicEmail };
  if (status === 404) {
    return (
      <section className="page-section error-page" aria-labelledby="error-title">
        <p className="eyebrow">{t("errors.eyebrow", { status: String(status) })}</p>
        <h1 id="error-title">{t("errors.notFound.heading")}</h1>
        <p>{t("errors.notFound.intro")}</p>
        <ul className="link-list">
          <li>
            <Link to={path("/")}>{t("errors.notFound.home")}</Link>
          </li>
          <li>
            <Link to={path("/services")}>{t("errors.notFound.services")}</Link>
          </li>
          <li>
            <Link to={path("/gallery")}>{t("errors.notFound.gallery")}</Link>
          </li>
          <li>
            <Link to={path("/contact")}>{t("errors.notFound.estimate")}</Link>
          </li>
        </ul>
        <p>{tagged(t("errors.callUs", values), tags)}</p>
      </section>
    );
  }
  // A 503 with a sentence (the database was busy, ADR 043) says what to do, like a refusal.
  if (status < 500 || (status === 503 && message)) {
    return (
      <section className="page-section error-page" aria-labelledby="error-title">
        <p className="eyebrow">{t("errors.eyebrow", { status: String(status) })}</p>
        <h1 id="error-title">{message === undefined ? t("errors.refused.heading") : message === BUSY ? t("errors.busy") : message}</h1>
        <p>{tagged(t("errors.refused.next", values), tags)}</p>
      </section>
    );
  }
  return (
    <section className="page-section error-page" aria-labelledby="error-title">
      <p className="eyebrow">{t("errors.eyebrow", { status: String(status) })}</p>
      <h1 id="error-title">{t("errors.crash.heading")}</h1>
      <p>{tagged(t(site.publicEmail ? "errors.crash.bodyWithEmail" : "errors.crash.body", values), tags)}</p>
      <p>
        <Link to={path("/")}>{t("errors.home")}</Link>
      </p>
      {detail ? <pre className="error-detail">{detail}</pre> : null}
    </section>
  );
}
