import { useEffect, useRef } from "react";
import { useLocation, useMatches } from "react-router";
import { useNonce } from "#app/nonce.tsx";
import { useSiteProfile } from "#app/site-profile.ts";
import { routeBase } from "#app/i18n/locale.ts";
import { useLocalePath, useT } from "#app/i18n/react.ts";

/** Route ids (file paths under app/) whose pages are not the public site: no bar there. */
const PRIVATE_ROUTES = ["routes/admin/", "routes/auth/"];

/** Pages that show the estimate form, inside the element with this id (home and contact). */
const FORM_PAGES = new Set(["routes/public/home", "routes/public/contact"]);
/**
 * Form pages whose form is never in the first screen (the home page's comes after the hero): the
 * form's script file starts the watch there, and the page carries no inline copy (ADR 065).
 */
const FORM_BELOW_FIRST_SCREEN = new Set(["routes/public/home"]);
export const ESTIMATE_ANCHOR = "estimate";
export const CALL_BAR_ID = "call-bar";

type Watched = HTMLElement & { formObserver?: IntersectionObserver };

/**
 * Marks the bar `data-form-in-view` while any part of the estimate form's section is on the
 * screen (app.css hides it then: the form is the same way to an estimate, and the bar would cover
 * its fields). Runs as an inline script on the page (public pages ship no framework JavaScript,
 * ADR 006), serialised with `toString()` like the gallery's lightbox, so it uses nothing from
 * outside its own body; also called from an effect after a client-side navigation. Calling it
 * again replaces the previous watch; with no section it only stops watching.
 */
export function hideCallBarNearForm(bar: HTMLElement | null, section: Element | null): void {
  const watched = bar as Watched | null;
  if (!watched) return;
  watched.formObserver?.disconnect();
  watched.removeAttribute("data-form-in-view");
  if (!section || typeof IntersectionObserver !== "function") return;
  const observer = new IntersectionObserver((entries) => {
    watched.toggleAttribute("data-form-in-view", entries[entries.length - 1]!.isIntersecting);
  });
  watched.formObserver = observer;
  observer.observe(section);
}

/**
 * Whether the page (its matched routes) is part of the public site, whether it has the form, and
 * whether the bar's own inline script watches it (where the form may be in the first screen; the
 * form's script file watches it everywhere).
 */
export function callBarFor(matches: readonly { id: string }[]): { show: boolean; formPage: boolean; inlineWatch: boolean } {
  const show = !matches.some((match) => PRIVATE_ROUTES.some((prefix) => match.id.startsWith(prefix)));
  const base = routeBase(matches.at(-1)?.id ?? "");
  const formPage = show && FORM_PAGES.has(base);
  return { show, formPage, inlineWatch: formPage && !FORM_BELOW_FIRST_SCREEN.has(base) };
}

/*
 * Line icons drawn for this bar (24 × 24, stroked in the text colour); decorative, the words
 * carry the meaning.
 */
const icons = {
  call: "M7 3h3l1.5 4.5-2 1.5a11 11 0 0 0 5.5 5.5l1.5-2L21 14v3a3 3 0 0 1-3 3C10 20 4 14 4 6a3 3 0 0 1 3-3z",
  text: "M4 5h16v11h-9l-5 4v-4H4z M8 9.5h8 M8 12.5h5",
  estimate: "M7 3h7l4 4v14H7z M14 3v4h4 M10 12h5 M10 16h5",
};

function Icon({ path }: { path: string }) {
  return (
    <svg className="call-bar__icon" viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <path d={path} fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" strokeLinecap="round" />
    </svg>
  );
}

/**
 * The bar fixed to the bottom of the screen on a phone (app.css `.call-bar`; hidden from 48rem
 * up, where the header shows the number): call, text, or go to the estimate form. On every public
 * page; not in the admin area or on the account pages. It gives way to a focused field (CSS) and,
 * on the pages with the form, to the form while it is in view (hideCallBarNearForm); the body
 * keeps room below the page's last content for it.
 */
export function CallBar() {
  const site = useSiteProfile();
  const nonce = useNonce();
  const { pathname } = useLocation();
  const { show, formPage, inlineWatch } = callBarFor(useMatches());
  const t = useT();
  const path = useLocalePath();
  const bar = useRef<HTMLElement>(null);

  // After a client-side navigation the inline script does not run again: watch the new page's
  // form (a new element on each form page, hence the path).
  const formPath = formPage ? pathname : null;
  useEffect(() => {
    const element = bar.current;
    hideCallBarNearForm(element, formPath === null ? null : document.getElementById(ESTIMATE_ANCHOR));
    return () => hideCallBarNearForm(element, null);
  }, [formPath]);

  if (!show) return null;
  return (
    <nav className="call-bar" id={CALL_BAR_ID} aria-label={t("site.callBar.label")} ref={bar}>
      <ul className="call-bar__list">
        <li>
          <a className="call-bar__link" href={site.phoneHref}>
            <Icon path={icons.call} />
            <span>
              {t("site.callBar.call")}
              <span className="visually-hidden">{t("site.callBar.callTo", { phone: site.phone })}</span>
            </span>
          </a>
        </li>
        <li>
          <a className="call-bar__link" href={`sms:${site.phoneE164}`}>
            <Icon path={icons.text} />
            <span>
              {t("site.callBar.text")}
              <span className="visually-hidden">{t("site.callBar.textTo", { phone: site.phone })}</span>
            </span>
          </a>
        </li>
        <li>
          <a
            className="call-bar__link call-bar__link--estimate"
            href={formPage ? `#${ESTIMATE_ANCHOR}` : `${path("/contact")}#${ESTIMATE_ANCHOR}`}
          >
            <Icon path={icons.estimate} />
            <span>{t("site.callBar.estimate")}</span>
          </a>
        </li>
      </ul>
      {inlineWatch ? (
        <script
          nonce={nonce}
          suppressHydrationWarning
          dangerouslySetInnerHTML={{
            __html: `(${hideCallBarNearForm.toString()})(document.getElementById(${JSON.stringify(CALL_BAR_ID)}),document.getElementById(${JSON.stringify(ESTIMATE_ANCHOR)}));`,
          }}
        />
      ) : null}
    </nav>
  );
}
