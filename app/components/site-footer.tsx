import { Link, useRouteLoaderData } from "react-router";
import { accountLinks, footerColumns, legalLinks } from "#app/content/navigation.ts";
import type { loader as rootLoader } from "#app/root.tsx";
import { useSiteProfile } from "#app/site-profile.ts";
import { ProfileLinks } from "#app/components/profile-links.tsx";
import { LanguageSwitch } from "#app/components/language-switch.tsx";
import { useLocale, useLocalePath, useT } from "#app/i18n/react.ts";
import { claimKey, localSlogan } from "#app/i18n/site-texts.ts";
import { hoursSummaryIn } from "#app/i18n/business-hours.ts";
import { defaultProfile } from "#app/content/company.ts";
import { LangText } from "#app/components/lang-text.tsx";

// Read once per server start and once per page load, not during render.
const currentYear = new Date().getFullYear();

/**
 * Company facts, the About and Services columns, the account link and the policies. The account
 * link comes from the root loader: 'Log in' for visitors (every page-cached copy is anonymous,
 * the cache skips requests with a session cookie), 'My account' and, for admins, 'Admin'.
 * The hours are here too: every way to reach the business, on every page, so a page need not
 * repeat them on a phone (the home page's form). On a phone the block is compact (app.css).
 */
export function SiteFooter() {
  // Undefined when the root loader itself failed (the error page): show the visitor's links.
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const site = useSiteProfile();
  const t = useT();
  const path = useLocalePath();
  // The built-in slogan in the page's language; the owner's in their Spanish when written (ADR 064).
  const locale = useLocale();
  const slogan = localSlogan(locale, site, defaultProfile.slogan);
  // "Licensed and insured." only from what the owner entered (ADR 056), in the page's language.
  const claim = claimKey(site);
  const columns = [...footerColumns, { title: "site.footer.account" as const, links: accountLinks(root?.account) }];
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <div className="site-footer__brand">
          <p className="site-footer__name">{site.name}</p>
          {slogan.text ? (
            <p className="site-footer__slogan">
              <LangText lang={slogan.lang}>{slogan.text}</LangText>
            </p>
          ) : null}
          <p>
            <a href={site.phoneHref}>{site.phone}</a>
            {site.publicEmail ? (
              <>
                <br />
                <a href={`mailto:${site.publicEmail}`}>{site.publicEmail}</a>
              </>
            ) : null}
            <br />
            {site.streetAddress ?? site.location}
            <br />
            {hoursSummaryIn(locale, site.hours)}
          </p>
          <ProfileLinks className="site-footer__profiles" />
        </div>
        {columns.map((column) => (
          <nav key={column.title} aria-label={t("site.footer.columnLabel", { title: t(column.title) })} className="site-footer__column">
            <h2 className="site-footer__heading">{t(column.title)}</h2>
            <ul>
              {column.links.map((link) => (
                <li key={link.to + link.label}>
                  <Link to={path(link.to)}>{t(link.label)}</Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="site-footer__legal">
        <p>
          © {currentYear} {site.name}.{claim ? ` ${t(claim)}` : ""} {t("site.footer.serving", { city: site.city })}
        </p>
        <nav aria-label={t("site.footer.columnLabel", { title: t("site.footer.policies") })}>
          <ul className="site-footer__policies">
            {legalLinks.map((link) => (
              <li key={link.to}>
                <Link to={path(link.to)}>{t(link.label)}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <LanguageSwitch className="site-footer__language" />
      </div>
    </footer>
  );
}
