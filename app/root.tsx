import { Links, Meta, Outlet, Scripts, ScrollRestoration, isRouteErrorResponse, useMatches } from "react-router";
import type { Route } from "./+types/root";
import { useNonce } from "#app/nonce.tsx";
import { shouldHydrate } from "#app/hydration.ts";
import { siteCss } from "#app/styles/site-css.ts";
import { styleGroupsOf, type StyleGroup } from "#app/styles/groups.ts";
import { SiteHeader } from "#app/components/site-header.tsx";
import { SiteFooter } from "#app/components/site-footer.tsx";
import { CallBar } from "#app/components/call-bar.tsx";
import { ErrorPage } from "#app/components/error-page.tsx";
import { getBackend } from "#app/server/context.server.ts";
import { getUser, sessionMiddleware } from "#app/server/auth/session.server.ts";
import { siteFrom, toPublicProfile } from "#app/site-profile.ts";
import { HYDRATE_AFTER_LOAD } from "#app/hydrate-after-load.ts";
import { ATTRIBUTION_SCRIPT } from "#app/browser/attribution.ts";
import { MENU_ESCAPE_SCRIPT } from "#app/browser/menu-escape.ts";
import { SPANISH_OFFER_SCRIPT } from "#app/browser/spanish-offer.ts";
import { SpanishOffer } from "#app/components/spanish-offer.tsx";
import { localeOf } from "#app/i18n/locale.ts";
import { useLocale, useT } from "#app/i18n/react.ts";
import { translate } from "#app/i18n/messages.ts";

export const handle = { pageCache: true };

/**
 * The site's icons (scripts/make-site-icons.ts, ADR 063): PNGs for the browsers and home screens
 * that read no SVG, the SVG last so a browser that reads it takes it. The apple-touch-icon is
 * written by Layout: the back office links its own.
 */
export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/icons/site-32.png", type: "image/png", sizes: "32x32" },
  { rel: "icon", href: "/icons/site-192.png", type: "image/png", sizes: "192x192" },
  { rel: "icon", href: "/icons/site-512.png", type: "image/png", sizes: "512x512" },
  { rel: "icon", href: "/images/favicon.svg", type: "image/svg+xml" },
];

/** Reads the visitor's session once per request and keeps it alive while it is used. */
export const middleware: Route.MiddlewareFunction[] = [sessionMiddleware];

export async function loader({ request, context }: Route.LoaderArgs) {
  const backend = getBackend(context);
  const [user, content, shareImage] = await Promise.all([getUser(request, context), backend.site.content(), backend.site.shareImage()]);
  return {
    publicUrl: backend.config.publicUrl,
    // The page's language, from its address alone (ADR 064).
    locale: localeOf(new URL(request.url).pathname),
    // The business profile every page shows (header, footer, titles), from the one cached read.
    site: toPublicProfile(content.profile),
    // What a page's shared link shows when it has no photo of its own (ADR 058).
    shareImage,
    // Only what the header and footer show. Cached pages are anonymous: the page cache skips
    // requests that carry a session cookie.
    account: user ? { name: user.name, isAdmin: user.role === "admin" } : null,
  };
}

/** The English home page offers its Spanish twin to a Spanish browser; never a redirect (ADR 064). */
const offersSpanishOn = (matches: readonly { id: string }[]) => matches.some((match) => match.id === "routes/public/home");

/** The groups a page inlines (ADR 065): its routes', and the offer of Spanish's where it shows. */
function pageGroups(matches: readonly { id: string; handle?: unknown; loaderData?: unknown }[]): Set<StyleGroup> {
  const groups = styleGroupsOf(matches);
  if (offersSpanishOn(matches)) groups.add("spanish-offer");
  return groups;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const matches = useMatches();
  const hydrate = shouldHydrate(matches);
  // A page that stays HTML inlines the parts of the stylesheet its route names, but for those it
  // links late; one that hydrates may become any page in the browser, so it has all of it, and
  // keeps it when it does (the root renders in the browser only in a hydrated document) (ADR 065).
  const css = siteCss(hydrate || typeof document !== "undefined" ? "all" : pageGroups(matches));
  // One apple-touch-icon per page: which of two iOS would take is not written down anywhere.
  const isBackOffice = matches.some((match) => match.id.startsWith("routes/admin/"));
  const locale = useLocale();
  const t = useT();
  const offersSpanish = offersSpanishOn(matches);
  return (
    <html lang={locale}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1f3a5f" />
        <Meta />
        {/* The stylesheet is small: inlined, it costs no request before the first paint. */}
        <style nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: css }} />
        <Links />
        {/* What an iPhone's home screen shows for a public page. */}
        {isBackOffice ? null : <link rel="apple-touch-icon" href="/apple-touch-icon.png" />}
        {/* Notes where the visit came from, for the estimate form (app/browser/attribution.ts), and lets Escape close the phone menu (app/browser/menu-escape.ts). */}
        <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: ATTRIBUTION_SCRIPT + MENU_ESCAPE_SCRIPT }} />
        {/* On the English home page, shows a Spanish browser the offer of Spanish before the first paint (app/browser/spanish-offer.ts). */}
        {offersSpanish ? (
          <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: SPANISH_OFFER_SCRIPT }} />
        ) : null}
      </head>
      <body>
        <a className="skip-link" href="#main">
          {t("site.skip")}
        </a>
        {offersSpanish ? <SpanishOffer /> : null}
        <SiteHeader />
        <main id="main" tabIndex={-1}>
          {children}
        </main>
        <SiteFooter />
        <CallBar />
        {hydrate ? (
          <>
            <ScrollRestoration />
            <Scripts />
            {/* Starts the scripts <Scripts> wrote once the page has loaded (app/hydrate-after-load.ts). */}
            <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: HYDRATE_AFTER_LOAD }} />
          </>
        ) : null}
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <ErrorPage status={404} />;
  }
  if (isRouteErrorResponse(error)) {
    return <ErrorPage status={error.status} message={typeof error.data === "string" ? error.data : undefined} />;
  }
  if (import.meta.env.DEV && error instanceof Error) {
    return <ErrorPage status={500} detail={error.stack} />;
  }
  return <ErrorPage status={500} />;
}

export const meta: Route.MetaFunction = ({ error, matches, location }) =>
  error
    ? [
        {
          title: `${translate(localeOf(location.pathname), isRouteErrorResponse(error) && error.status === 404 ? "errors.title.notFound" : "errors.title.failed")} | ${siteFrom(matches).name}`,
        },
        { name: "robots", content: "noindex" },
      ]
    : [];
