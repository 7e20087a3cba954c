/**
 * Opening the homeowner's page (ADR 069): a wrong or replaced token is nothing at all (the route
 * answers the site's 404); a link emailed within 14 days, or a browser that typed the right code
 * within 14 days, shows the page; any other visit is asked to confirm with a code first.
 */
import type { Locale } from "#app/i18n/locale.ts";
import { isConfirmedBrowser } from "#app/server/homeowner/confirm-cookie.server.ts";
import type { HomeownerDeps } from "#app/server/homeowner/deps.server.ts";
import { findHomeownerLink } from "#app/server/homeowner/link.server.ts";
import { homeownerPageView, type HomeownerPageView } from "#app/server/homeowner/page-view.server.ts";
import { FRESH_LINK_MS, maskEmail } from "#app/server/homeowner/rules.server.ts";
import type { HomeownerLink } from "#app/server/repos/homeowner-links.server.ts";

export type OpenedPage =
  | { state: "not-found" }
  | { state: "confirm"; maskedEmail: string; business: HomeownerPageView["business"] }
  | { state: "open"; view: HomeownerPageView };

/** Whether this visit may see the page without a code: a fresh link, or a confirmed browser. */
export function canOpenHomeownerPage(
  deps: Pick<HomeownerDeps, "config" | "secret">,
  { link, cookieHeader, now }: { link: HomeownerLink; cookieHeader: string | null; now: Date },
): boolean {
  const issued = link.issued_at ? Date.parse(link.issued_at) : Number.NaN;
  if (!Number.isNaN(issued) && now.getTime() - issued < FRESH_LINK_MS) return true;
  return isConfirmedBrowser({ secret: deps.secret, link, cookieHeader, now, isHttps: deps.config.isHttps });
}

export async function openHomeownerPage(
  deps: Pick<HomeownerDeps, "config" | "database" | "secret" | "site" | "clock">,
  { token, locale, cookieHeader }: { token: string | undefined; locale: Locale; cookieHeader: string | null },
): Promise<OpenedPage> {
  const link = await findHomeownerLink(deps, token);
  if (!link || !token) return { state: "not-found" };
  if (!canOpenHomeownerPage(deps, { link, cookieHeader, now: deps.clock.now() })) {
    const { profile } = await deps.site.content();
    return {
      state: "confirm",
      maskedEmail: maskEmail(link.email),
      business: { name: profile.name, phone: profile.phone, phoneHref: profile.phoneHref },
    };
  }
  return { state: "open", view: await homeownerPageView(deps, { link, token, locale }) };
}
