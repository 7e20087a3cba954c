import type { ReactNode } from "react";
import { Link, NavLink } from "react-router";
import { legalLinks } from "#app/content/navigation.ts";
import { tagged } from "#app/components/tagged-text.tsx";
import { languageTags } from "#app/i18n/locale.ts";
import type { MessageKey } from "#app/i18n/messages.ts";
import { useLocale, useLocalePath, useT } from "#app/i18n/react.ts";
import { useSiteProfile } from "#app/site-profile.ts";

/** The day a policy last changed, in the page's language ("November 22, 2026", "22 de noviembre de 2026"). */
export function formatUpdated(locale: "en" | "es", isoDate: string): string {
  return new Intl.DateTimeFormat(languageTags[locale], { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${isoDate}T12:00:00Z`));
}

/** The frame of the three policy pages: title, date of the last change (YYYY-MM-DD), links between them. */
export function LegalPage({ title, updated, children }: { title: string; updated: string; children: ReactNode }) {
  const t = useT();
  const locale = useLocale();
  const path = useLocalePath();
  return (
    <article className="page-section legal" aria-labelledby="page-title">
      <h1 id="page-title">{title}</h1>
      <p className="legal__updated">{t("legal.updated", { date: formatUpdated(locale, updated) })}</p>
      <nav aria-label={t("legal.nav")} className="legal__nav">
        <ul>
          {legalLinks.map((link) => (
            <li key={link.to}>
              <NavLink to={path(link.to)}>{t(link.label)}</NavLink>
            </li>
          ))}
        </ul>
      </nav>
      {children}
    </article>
  );
}

/**
 * A policy paragraph's words in the page's language, with the business's name, place, phone and
 * email put in and its tags made into links to the other policies, the account page, a call or an email.
 */
export function useLegalText(): (key: MessageKey) => ReactNode[] {
  const t = useT();
  const path = useLocalePath();
  const site = useSiteProfile();
  return (key) =>
    tagged(t(key, { name: site.name, location: site.location, city: site.city, phone: site.phone, email: site.publicEmail }), {
      phone: (chunk) => <a href={site.phoneHref}>{chunk}</a>,
      email: (chunk) => <a href={`mailto:${site.publicEmail}`}>{chunk}</a>,
      privacy: (chunk) => <Link to={path("/privacy")}>{chunk}</Link>,
      cookies: (chunk) => <Link to={path("/cookies")}>{chunk}</Link>,
      terms: (chunk) => <Link to={path("/terms")}>{chunk}</Link>,
      profile: (chunk) => <Link to="/profile">{chunk}</Link>,
      strong: (chunk) => <strong>{chunk}</strong>,
      code: (chunk) => <code>{chunk}</code>,
    });
}
