import { Link } from "react-router";
import { useSiteProfile } from "#app/site-profile.ts";

/** The branded page for 404s, other 4xx answers, a busy site (503) and crashes. */
export function ErrorPage({ status, message, detail }: { status: number; message?: string; detail?: string }) {
  const site = useSiteProfile();
  if (status === 404) {
    return (
      <section className="page-section error-page" aria-labelledby="error-title">
        <p className="eyebrow">Error 404</p>
        <h1 id="error-title">We couldn't find that page</h1>
        <p>The link may be old, or the address may have a typo. These pages can help:</p>
        <ul className="link-list">
          <li>
            <Link to="/">Home page</Link>
          </li>
          <li>
            <Link to="/services">All our services</Link>
          </li>
          <li>
            <Link to="/gallery">Photos of our work</Link>
          </li>
          <li>
            <Link to="/contact">Request a free estimate</Link>
          </li>
        </ul>
        <p>
          Or call us at <a href={site.phoneHref}>{site.phone}</a>.
        </p>
      </section>
    );
  }
  // A 503 with a sentence (the database was busy, ADR 043) says what to do, like a refusal.
  if (status < 500 || (status === 503 && message)) {
    return (
      <section className="page-section error-page" aria-labelledby="error-title">
        <p className="eyebrow">Error {status}</p>
        <h1 id="error-title">{message ?? "We couldn't do that"}</h1>
        <p>
          <Link to="/">Go to the home page</Link> or call us at <a href={site.phoneHref}>{site.phone}</a>.
        </p>
      </section>
    );
  }
  return (
    <section className="page-section error-page" aria-labelledby="error-title">
      <p className="eyebrow">Error {status}</p>
      <h1 id="error-title">Unexpected Application Error!</h1>
      <p>
        Something went wrong on our side. Please try again in a moment. If you were asking for an estimate, you can always call us at{" "}
        <a href={site.phoneHref}>{site.phone}</a>
        {site.publicEmail ? (
          <>
            {" "}
            or write to <a href={`mailto:${site.publicEmail}`}>{site.publicEmail}</a>
          </>
        ) : null}
        .
      </p>
      <p>
        <Link to="/">Go to the home page</Link>
      </p>
      {detail ? <pre className="error-detail">{detail}</pre> : null}
    </section>
  );
}
