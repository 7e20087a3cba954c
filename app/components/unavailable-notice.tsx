import { Link } from "react-router";
import { useSiteProfile } from "#app/site-profile.ts";
import { usePageLocale, usePageT } from "#app/components/lang-text.tsx";
import { localePath } from "#app/i18n/paths.ts";

/**
 * What a list page shows while what it lists cannot be read (its 503): the problem is ours, try
 * again in a minute, and the two ways to an estimate that still work (services, the phone).
 */
export function UnavailableNotice({ id, title, text }: { id: string; title: string; text: string }) {
  const site = useSiteProfile();
  const locale = usePageLocale();
  const t = usePageT();
  return (
    <section className="page-section empty-state" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <p>{text}</p>
      <p className="empty-state__actions">
        <Link className="button button--primary" to={localePath(locale, "/services")}>
          {t("list.unavailable.services")}
        </Link>
        <a className="button button--secondary" href={site.phoneHref}>
          {t("pages.cta.call", { phone: site.phone })}
        </a>
      </p>
    </section>
  );
}

/** While the projects cannot be read. */
export function ProjectsUnavailable() {
  const t = usePageT();
  return (
    <UnavailableNotice id="projects-unavailable-title" title={t("projects.unavailable.title")} text={t("projects.unavailable.text")} />
  );
}
