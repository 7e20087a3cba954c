/**
 * The business profile: the stored fields over the defaults, saved whole from the form or as the
 * first-run essentials. docs/decisions/017-business-profile.md, 018-first-run-and-go-live.md
 */
import type { Database } from "#app/server/db/index.server.ts";
import { defaultProfile } from "#app/content/company.ts";
import {
  profileLinkKinds,
  weekdays,
  type BusinessProfile,
  type DayHours,
  type Licence,
  type SetupBusinessValues,
} from "#app/schemas/site.ts";
import { serviceSlugs, type ServiceSlug } from "#app/schemas/content.ts";
import { getStoredProfile, saveStoredProfile } from "#app/server/repos/site-profile.server.ts";
import { readSpanishProfile } from "#app/schemas/site-spanish.ts";
import { change, type SiteContext } from "#app/server/site/site-context.server.ts";
import type { SiteChange } from "#app/server/site/types.server.ts";

export async function readProfile({ db }: { db: Database["db"] }): Promise<BusinessProfile> {
  const stored = await getStoredProfile({ db });
  return mergeProfile(stored?.data ?? {});
}

export async function profileSavedAt({ db }: SiteContext): Promise<string | null> {
  return (await getStoredProfile({ db }))?.updatedAt ?? null;
}

export const saveProfile = (ctx: SiteContext, { profile, by }: { profile: BusinessProfile; by: string | null }): Promise<SiteChange> =>
  change(ctx, async () => {
    await saveStoredProfile({ db: ctx.db, data: { ...profile }, updatedBy: by });
    return { ok: true };
  });

export const saveEssentials = (ctx: SiteContext, { values, by }: { values: SetupBusinessValues; by: string | null }): Promise<SiteChange> =>
  change(ctx, async () => {
    const current = await readProfile(ctx);
    const next: BusinessProfile = {
      ...current,
      name: values.name,
      phone: values.phone,
      publicEmail: values.public_email,
      leadInbox: values.lead_inbox,
      city: values.city,
      serviceCities: values.service_cities.length > 0 ? values.service_cities : current.serviceCities,
      serviceZips: values.service_zips.length > 0 ? values.service_zips : current.serviceZips,
    };
    await saveStoredProfile({ db: ctx.db, data: { ...next }, updatedBy: by });
    return { ok: true };
  });

const isString = (value: unknown): value is string => typeof value === "string";
const isBoolean = (value: unknown): value is boolean => typeof value === "boolean";
const isStringArray = (value: unknown): value is string[] => Array.isArray(value) && value.every(isString);

/**
 * The stored profile over the defaults, field by field: a field missing or of the wrong shape
 * (written by an older version) reads as its default, so a partial row never breaks a page.
 */
export function mergeProfile(data: Record<string, unknown>): BusinessProfile {
  const pick = <K extends keyof BusinessProfile>(key: K, ok: (value: unknown) => boolean): BusinessProfile[K] =>
    ok(data[key]) ? (data[key] as BusinessProfile[K]) : defaultProfile[key];
  const hoursData = typeof data.hours === "object" && data.hours !== null ? (data.hours as Record<string, unknown>) : null;
  const linksData = typeof data.links === "object" && data.links !== null ? (data.links as Record<string, unknown>) : {};
  const isDay = (value: unknown): value is DayHours =>
    value === null ||
    (typeof value === "object" && isString((value as { open?: unknown }).open) && isString((value as { close?: unknown }).close));
  const isLicences = (value: unknown): value is Licence[] =>
    Array.isArray(value) && value.every((item) => isString(item?.label) && isString(item?.number));
  return {
    name: pick("name", isString),
    slogan: pick("slogan", isString),
    phone: pick("phone", isString),
    publicEmail: pick("publicEmail", isString),
    leadInbox: pick("leadInbox", isString),
    street: pick("street", isString),
    city: pick("city", isString),
    region: pick("region", isString),
    postalCode: pick("postalCode", isString),
    serviceCities: pick("serviceCities", isStringArray),
    serviceZips: pick("serviceZips", isStringArray),
    hours: Object.fromEntries(
      weekdays.map((day) => {
        const value = hoursData?.[day];
        return [day, hoursData && isDay(value) ? value : defaultProfile.hours[day]];
      }),
    ) as BusinessProfile["hours"],
    yearsInBusiness: pick("yearsInBusiness", (value) => value === null || Number.isInteger(value)),
    licences: pick("licences", isLicences),
    insurance: pick("insurance", isString),
    warranty: pick("warranty", isString),
    permits: pick("permits", isString),
    paymentTerms: pick("paymentTerms", isString),
    familyRun: pick("familyRun", isBoolean),
    claimsReviewed: pick("claimsReviewed", isBoolean),
    links: Object.fromEntries(
      profileLinkKinds.map((kind) => [kind, isString(linksData[kind]) ? linksData[kind] : defaultProfile.links[kind]]),
    ) as BusinessProfile["links"],
    featuredServices: featuredFrom(data.featuredServices),
    answerPromise: pick("answerPromise", isString),
    reviewRating: pick("reviewRating", (value) => value === null || (typeof value === "number" && value >= 0 && value <= 5)),
    reviewCount: pick("reviewCount", (value) => value === null || (Number.isInteger(value) && (value as number) > 0)),
    reviewSource: pick("reviewSource", isString),
    reviewLink: pick("reviewLink", isString),
    reviewPlaceId: pick("reviewPlaceId", isString),
    reviewWriteLink: pick("reviewWriteLink", isString),
    priceRanges: priceRangesOf(data.priceRanges),
    financingLink: pick("financingLink", isString),
    financingLabel: pick("financingLabel", isString),
    spanish: readSpanishProfile(data.spanish),
  };
}

const isServiceSlug = (value: unknown): value is ServiceSlug => (serviceSlugs as readonly unknown[]).includes(value);

/** The stored order without what is no longer a service or comes twice; the default when nothing is left. */
function featuredFrom(value: unknown): ServiceSlug[] {
  if (!Array.isArray(value)) return defaultProfile.featuredServices;
  const featured = [...new Set(value.filter(isServiceSlug))];
  return featured.length > 0 ? featured : defaultProfile.featuredServices;
}

/** The stored price ranges, keeping only well-formed ones of today's services. */
function priceRangesOf(value: unknown): BusinessProfile["priceRanges"] {
  if (typeof value !== "object" || value === null) return {};
  const ranges: BusinessProfile["priceRanges"] = {};
  for (const slug of serviceSlugs) {
    const range = (value as Record<string, unknown>)[slug] as { from?: unknown; to?: unknown } | undefined;
    if (range && Number.isInteger(range.from) && Number.isInteger(range.to) && (range.from as number) <= (range.to as number)) {
      ranges[slug] = { from: range.from as number, to: range.to as number };
    }
  }
  return ranges;
}
