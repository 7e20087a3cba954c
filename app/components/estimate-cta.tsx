import type { ReactNode } from "react";
import { Link } from "react-router";
import { useSiteProfile } from "#app/site-profile.ts";
import type { ServiceSlug } from "#app/schemas/content.ts";
import { contactHref } from "#app/schemas/estimate-paths.ts";
import { useLocalePath, useT } from "#app/i18n/react.ts";

/** The button to the contact form; on a page about one service, the form opens with it chosen (ADR 060). */
export function EstimateLink({ service = null }: { service?: ServiceSlug | null } = {}) {
  const t = useT();
  const path = useLocalePath();
  return (
    <Link className="button button--primary" to={path(contactHref(service))}>
      {t("estimate.cta.request")}
    </Link>
  );
}

/** The two ways to a free estimate, as buttons: the contact form, and a call. */
export function EstimateButtons({ service = null }: { service?: ServiceSlug | null } = {}) {
  const site = useSiteProfile();
  const t = useT();
  return (
    <>
      <EstimateLink service={service} />
      <a className="button button--secondary" href={site.phoneHref}>
        {t("estimate.cta.call", { phone: site.phone })}
      </a>
    </>
  );
}

/**
 * The end of a page that has no form: the two ways to a free estimate, by form or by phone.
 * A page about one service (a project) says so in `title` and `text`, and may add a link.
 */
export function EstimateCallToAction({
  title,
  text,
  more,
  service = null,
}: { title?: string; text?: string; more?: ReactNode; service?: ServiceSlug | null } = {}) {
  const t = useT();
  title ??= t("estimate.cta.title");
  text ??= t("estimate.cta.text");
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
