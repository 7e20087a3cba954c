/**
 * The estimate form's optional details and the visit's attribution, turned into what the lead
 * stores: the ZIP code, address and contact preferences as validated, whether the ZIP is in the
 * business's service area, and where the visit came from.
 *
 * The service area is the profile's ZIP codes (`serviceZips`). Inside or outside is only told to
 * the contractor: it never refuses nor delays a homeowner's request. Without a ZIP code, or when
 * the profile lists none, the flag is null ("unknown"): a business that has not listed its ZIP
 * codes would otherwise see every request marked as outside (docs/decisions/024-lead-details-and-sources.md).
 */
import { attributionFields } from "#app/schemas/estimate-rules.ts";
import { parseAttribution, type Attribution, type EstimateRequest } from "#app/schemas/estimate.ts";
import type { NewLeadDetails } from "#app/server/repos/leads.server.ts";

/** true when `zip` is one of `serviceZips`, false when not, null without a ZIP or without a list. */
export function isInServiceArea(zip: string | null | undefined, serviceZips: readonly string[]): boolean | null {
  const wanted = (zip ?? "").trim();
  if (wanted === "" || serviceZips.length === 0) return null;
  return serviceZips.some((listed) => listed.trim() === wanted);
}

/**
 * The hidden attribution fields as posted (cleaned and cut, never refused). A form sent without
 * JavaScript carries none: every value is then null.
 */
export function attributionFrom(form: FormData): Attribution {
  const values: Record<string, unknown> = {};
  for (const field of attributionFields) values[field] = form.get(field);
  return parseAttribution(values);
}

/** What `createLeadWithJobs` stores besides the original five fields. */
export function leadDetailsFrom(
  estimate: Pick<EstimateRequest, "zip" | "street_address" | "contact_method" | "best_time">,
  attribution: Attribution | null | undefined,
  serviceZips: readonly string[],
): NewLeadDetails {
  return {
    zip: estimate.zip,
    streetAddress: estimate.street_address,
    contactMethod: estimate.contact_method,
    bestTime: estimate.best_time,
    inServiceArea: isInServiceArea(estimate.zip, serviceZips),
    landingPage: attribution?.landing_page ?? null,
    referrer: attribution?.referrer ?? null,
    utmSource: attribution?.utm_source ?? null,
    utmMedium: attribution?.utm_medium ?? null,
    utmCampaign: attribution?.utm_campaign ?? null,
  };
}
