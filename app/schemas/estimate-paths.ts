/**
 * Where the estimate form's script posts (a resource route that answers JSON), and the pages
 * that carry the form. The page is sent as `?from=`; only these are taken, so a lead's `source`
 * is always one of the form's own pages (docs/decisions/026-estimate-form-script.md), in English or
 * Spanish: the page's language is the homeowner's (ADR 064).
 */
import { toServiceSlug, type ServiceSlug } from "#app/schemas/content.ts";

export const ESTIMATE_POST_PATH = "/estimate-request";
/** Each page in both languages: the Spanish address tells the lead's language (localeOf, ADR 064). */
export const ESTIMATE_FORM_PAGES = ["/", "/contact", "/es/", "/es/contacto"] as const;
export type EstimateFormPage = (typeof ESTIMATE_FORM_PAGES)[number];

export function estimatePostUrl(page: EstimateFormPage): string {
  return `${ESTIMATE_POST_PATH}?from=${encodeURIComponent(page)}`;
}

/** The query parameter that chooses the form's service in advance: `/contact?service=kitchen`, `/?service=bathroom` (ADR 060). */
export const SERVICE_PARAM = "service";

/**
 * The contact page with `service` chosen in its form. Anything that is not one of our services
 * (a photo's category, a stale link) gets the plain form, never an address the form would not
 * understand.
 */
export function contactHref(service?: string | null): string {
  const slug = toServiceSlug(service);
  return slug ? `/contact?${SERVICE_PARAM}=${encodeURIComponent(slug)}` : "/contact";
}

/** The service a page's `?service=` names, or null: a missing or unknown one chooses nothing, it is never an error. */
export function chosenService(url: URL): ServiceSlug | null {
  return toServiceSlug(url.searchParams.get(SERVICE_PARAM)?.trim().toLowerCase());
}
