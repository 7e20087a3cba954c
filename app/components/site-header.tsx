import { useRef } from "react";
import { Link, NavLink, useMatches } from "react-router";
import { callBarFor } from "#app/components/call-bar.tsx";
import { mainNavigation } from "#app/content/navigation.ts";
import { useSiteProfile } from "#app/site-profile.ts";
import { BrandMark } from "#app/components/brand-mark.tsx";
import { LanguageSwitch } from "#app/components/language-switch.tsx";
import { useLocalePath, useT } from "#app/i18n/react.ts";

function NavItems({ className, onNavigate }: { className: string; onNavigate?: () => void }) {
  const t = useT();
  const path = useLocalePath();
  return (
    <ul className={className}>
      {mainNavigation.map((item) => (
        <li key={item.to}>
          <NavLink to={path(item.to)} end={item.to === "/"} prefetch="intent" onClick={onNavigate}>
            {t(item.label)}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

/**
 * Logo, click-to-call phone and navigation. On small screens the navigation
 * sits in a native <details> disclosure: it opens by mouse, touch, Enter or
 * Space without any JavaScript; Escape closes it (app/browser/menu-escape.ts, on every page),
 * and in the hydrated admin area following a link closes it too. From 48rem, where the phone's
 * bottom bar gives way, the header carries the way to a free estimate: the form on this page
 * when it has one, else the contact page's.
 */
export function SiteHeader() {
  const site = useSiteProfile();
  const t = useT();
  const path = useLocalePath();
  const menu = useRef<HTMLDetailsElement>(null);
  const { show: isPublic, formPage } = callBarFor(useMatches());
  const closeMenu = () => {
    if (menu.current) menu.current.open = false;
  };

  return (
    <header className="site-header">
      <div className="site-header__inner">
        <Link to={path("/")} className="brand">
          <BrandMark className="brand__logo" />
          <span className="brand__name">{site.name}</span>
        </Link>
        <a className="header-phone" href={site.phoneHref}>
          <span className="header-phone__short" aria-hidden="true">
            {t("site.header.call")}
          </span>
          <span className="visually-hidden">{t("site.header.callUs")}</span>
          <span className="header-phone__number">{site.phone}</span>
        </a>
        <nav aria-label={t("site.nav.label")} className="nav-desktop">
          <NavItems className="nav-list" />
        </nav>
        {isPublic ? <LanguageSwitch className="language-switch language-switch--header" /> : null}
        {isPublic ? (
          <a className="button button--primary header-estimate" href={formPage ? "#estimate" : `${path("/contact")}#estimate`}>
            {t("site.header.estimate")}
          </a>
        ) : null}
        <details className="nav-mobile" ref={menu}>
          <summary className="nav-mobile__toggle">
            <span className="hamburger" aria-hidden="true" />
            <span className="nav-mobile__label">{t("site.header.menu")}</span>
          </summary>
          <nav aria-label={t("site.nav.label")} className="nav-mobile__panel">
            <NavItems className="nav-list nav-list--stacked" onNavigate={closeMenu} />
            {isPublic ? <LanguageSwitch className="language-switch language-switch--menu" /> : null}
          </nav>
        </details>
      </div>
    </header>
  );
}
