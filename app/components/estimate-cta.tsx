import { Link } from "react-router";
import { useSiteProfile } from "~/site-profile";

/** The two ways to a free estimate, as buttons: the contact form, and a call. */
export function EstimateButtons() {
  const site = useSiteProfile();
  return (
    <>
      <Link className="button button--primary" to="/contact">
        Request a free estimate
      </Link>
      <a className="button button--secondary" href={site.phoneHref}>
        Call {site.phone}
      </a>
    </>
  );
}

/** The end of a page that has no form: the two ways to a free estimate, by form or by phone. */
export function EstimateCallToAction() {
  return (
    <section className="page-section estimate-cta" aria-labelledby="estimate-cta-title">
      <h2 id="estimate-cta-title">Ready for a free estimate?</h2>
      <p>Tell us about the job and we will set up a visit to measure and give you a written quote, free and with no obligation.</p>
      <p className="estimate-cta__actions">
        <EstimateButtons />
      </p>
    </section>
  );
}
