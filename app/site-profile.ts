/**
 * The business profile as every page sees it: the root loader puts it in its data (without the
 * private lead inbox), components read it with `useSiteProfile()`, meta functions with
 * `siteFrom(matches)`. Nothing renders app/content/company.ts directly.
 */
import { useRouteLoaderData, type MetaDescriptor } from "react-router";
import type { loader as rootLoader } from "#app/root.tsx";
import { defaultProfile } from "#app/content/company.ts";
import { describeProfile, type SiteProfile } from "#app/content/profile.ts";
import { localeFrom, pageMeta, pageTitle, publicUrlFrom, shareImageFrom, type PageMetaOptions } from "#app/seo.ts";

/** What pages may show: everything but the inbox estimate requests go to (and the admin's own bookkeeping). */
export type PublicProfile = Omit<SiteProfile, "leadInbox" | "claimsReviewed">;

export function toPublicProfile(profile: SiteProfile): PublicProfile {
  const { leadInbox: _private, claimsReviewed: _admin, ...shown } = profile;
  return shown;
}

/** For the error page when the root loader itself failed. */
const fallbackProfile: PublicProfile = toPublicProfile(describeProfile(defaultProfile));

export function useSiteProfile(): PublicProfile {
  return useRouteLoaderData<typeof rootLoader>("root")?.site ?? fallbackProfile;
}

interface MatchWithData {
  id: string;
  loaderData?: unknown;
}

/** The profile from the root route's loader data, for meta functions. */
export function siteFrom(matches: readonly (MatchWithData | undefined)[]): PublicProfile {
  const root = matches.find((m) => m?.id === "root")?.loaderData as { site?: PublicProfile } | undefined;
  return root?.site ?? fallbackProfile;
}

/** What a page says about itself; the business and the site's address come from the root loader. */
export type SitePage = Omit<PageMetaOptions, "site" | "publicUrl" | "shareImage">;

/** A meta function's tags for a page titled "Page | Business", described with the profile. */
export function siteMeta(matches: readonly (MatchWithData | undefined)[], page: (site: PublicProfile) => SitePage): MetaDescriptor[] {
  const site = siteFrom(matches);
  const options = page(site);
  return pageMeta({
    ...options,
    title: pageTitle(options.title, site),
    site,
    publicUrl: publicUrlFrom(matches),
    shareImage: shareImageFrom(matches),
    locale: localeFrom(matches),
  });
}
