import type { ReactNode } from "react";
import { Link } from "react-router";
import { useSiteProfile } from "#app/site-profile.ts";
import type { ServiceSlug } from "#app/schemas/content.ts";
import { localContactHref } from "#app/i18n/paths.ts";
import { usePageLocale, usePageT } from "#app/components/lang-text.tsx";
import { translate } from "#app/i18n/messages.ts";

/** The button to the contact form; on a page about one service, the form opens with it chosen (ADR 060). */
export function EstimateLink({ service = null }: { service?: ServiceSlug | null } = {}) {
  const locale = usePageLocale();
  return (
    <Link className="button button--primary" to={localContactHref(locale, service)}>
      {translate(locale, "pages.cta.request")}
    </Link>
  );
}

/** The two ways to a free estimate, as buttons: the contact form, and a call. */
export function EstimateButtons({ service = null }: { service?: ServiceSlug | null } = {}) {
  const site = useSiteProfile();
  const t = usePageT();
  return (
    <>
      <EstimateLink service={service} />
      <a className="button button--secondary" href={site.phoneHref}>
        {t("pages.cta.call", { phone: site.phone })}
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
  const t = usePageT();
  return (
    <section className="page-section estimate-cta" aria-labelledby="estimate-cta-title">
      <h2 id="estimate-cta-title">{title ?? t("pages.cta.title")}</h2>
      <p>{text ?? t("pages.cta.text")}</p>
      <p className="estimate-cta__actions">
        <EstimateButtons service={service} />
      </p>
      {more ? <p className="estimate-cta__more">{more}</p> : null}
    </section>
  );
}
