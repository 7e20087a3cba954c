import type { ReactNode } from "react";
import { Link } from "react-router";
import { useSiteProfile } from "#app/site-profile.ts";
import type { ServiceSlug } from "#app/schemas/content.ts";
import { contactHref } from "#app/schemas/estimate-paths.ts";

/** The button to the contact form; on a page about one service, the form opens with it chosen (ADR 060). */
export function EstimateLink({ service = null }: { service?: ServiceSlug | null } = {}) {
  return (
    <Link className="button button--primary" to={contactHref(service)}>
      Request a free estimate
    </Link>
  );
}

/** The two ways to a free estimate, as buttons: the contact form, and a call. */
export function EstimateButtons({ service = null }: { service?: ServiceSlug | null } = {}) {
  const site = useSiteProfile();
  return (
    <>
      <EstimateLink service={service} />
      <a className="button button--secondary" href={site.phoneHref}>
        Call {site.phone}
      </a>
    </>
  );
}

/**
 * The end of a page that has no form: the two ways to a free estimate, by form or by phone.
 * A page about one service (a project) says so in `title` and `text`, and may add a link.
 */
export function EstimateCallToAction({
  title = "Ready for a free estimate?",
  text = "Tell us about the job and we will set up a visit to measure and give you a written quote, free and with no obligation.",
  more,
  service = null,
}: { title?: string; text?: string; more?: ReactNode; service?: ServiceSlug | null } = {}) {
  return (
    <section className="page-section estimate-cta" aria-labelledby="estimate-cta-title">
      <h2 id="estimate-cta-title">{title}</h2>
      <p>{text}</p>
      <p className="estimate-cta__actions">
        <EstimateButtons service={service} />
      </p>
      {more ? <p className="estimate-cta__more">{more}</p> : null}
    </section>
  );
}
