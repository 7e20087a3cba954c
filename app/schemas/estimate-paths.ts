/**
 * Where the estimate form's script posts (a resource route that answers JSON), and the pages
 * that carry the form. The page is sent as `?from=`; only these are taken, so a lead's `source`
 * is always one of the form's own pages (docs/decisions/026-estimate-form-script.md).
 */
export const ESTIMATE_POST_PATH = "/estimate-request";
export const ESTIMATE_FORM_PAGES = ["/", "/contact"] as const;
export type EstimateFormPage = (typeof ESTIMATE_FORM_PAGES)[number];

export function estimatePostUrl(page: EstimateFormPage): string {
  return `${ESTIMATE_POST_PATH}?from=${encodeURIComponent(page)}`;
}
