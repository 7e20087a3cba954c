/**
 * What the estimate form's action answers besides the request itself: the sizes and types it
 * takes, the words of its refusals (chosen here, at the edge, in the page's language: ADR 064),
 * and the headers a plain form post keeps.
 */
import type { Locale } from "#app/i18n/locale.ts";
import { translate, translator } from "#app/i18n/messages.ts";
import { MAX_JOB_PHOTOS } from "#app/schemas/estimate-rules.ts";
import { formatMegabytes } from "#app/schemas/photo-view.ts";
import type { EstimateField, FieldErrors, FieldRefusal, FieldRefusals } from "#app/schemas/estimate.ts";

/** Form posts are small; anything larger is not our form. */
export const MAX_FORM_BYTES = 64 * 1024;

export const FORM_TYPE = "application/x-www-form-urlencoded" as const;

/** The refusals before the form is read (415, 413, 400), in the page's language. */
export function estimateRefusals(locale: Locale) {
  const t = translator(locale);
  return {
    unsupported: t("estimate.answer.unsupported"),
    tooLarge: t("estimate.answer.tooLarge"),
    unreadable: t("estimate.answer.unreadable"),
    /** A multipart post past the size of six photos (413). */
    photosTooLarge: (maxFileBytes: number) =>
      t("estimate.answer.photosTooLarge", { max: MAX_JOB_PHOTOS, size: formatMegabytes(maxFileBytes) }),
  };
}

/** Each refused field's code put into words, in the page's language (catalog `estimate.error.*`). */
export function fieldErrorWords(locale: Locale, refusals: FieldRefusals): FieldErrors {
  const words: FieldErrors = {};
  for (const [field, refusal] of Object.entries(refusals) as [EstimateField, FieldRefusal][]) {
    words[field] = translate(locale, `estimate.error.${refusal.code}`, {
      field: refusal.field,
      // As typed, without a thousands separator: "5000 characters".
      max: String(refusal.max ?? ""),
    });
  }
  return words;
}

/**
 * The routes' `headers`: React Router drops an action's headers (all but Set-Cookie) from the
 * document it renders after a plain form post unless the route passes them on. Keep the
 * Retry-After of the 429 and the 503; everything else stays as it would be without this export.
 */
export function estimateHeaders({ actionHeaders, parentHeaders }: { actionHeaders: Headers; parentHeaders: Headers }): Headers {
  const headers = new Headers(parentHeaders);
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
}

/** What was typed, each field cut short, to put back in the form. */
export function clip(values: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v.slice(0, 6000)]));
}
