import type { EstimateScriptOptions } from "#app/browser/estimate-form.ts";
import { estimatePostUrl, type EstimateFormPage } from "#app/schemas/estimate-paths.ts";
import { ATTRIBUTION_KEY } from "#app/browser/attribution.ts";
import { FORM_TOKEN_FIELD, FORM_TOKEN_PATH, FORM_TOKEN_PLACEHOLDER } from "#app/form-token.ts";
import { attributionFields, JOB_PHOTO_FIELD, MAX_JOB_PHOTOS } from "#app/schemas/estimate-rules.ts";
import { SNIFF_BYTES } from "#app/schemas/image-type.ts";
import type { Locale } from "#app/i18n/locale.ts";
import { translator } from "#app/i18n/messages.ts";

/**
 * What the form's script is told (ADR 026): where to post, the token, the attribution, the photo
 * limits, and every sentence the script may say, already in the page's language (ADR 064): the
 * page sends no catalog. A sentence with a value the script only knows ({name}, {count}) keeps
 * that placeholder, filled in the browser.
 */
export function estimateScriptOptions(page: EstimateFormPage, uploadMaxMb: number, locale: Locale = "en"): EstimateScriptOptions {
  const t = translator(locale);
  const name = "{name}";
  return {
    endpoint: estimatePostUrl(page),
    tokenField: FORM_TOKEN_FIELD,
    tokenPath: FORM_TOKEN_PATH,
    tokenPlaceholder: FORM_TOKEN_PLACEHOLDER,
    visitKey: ATTRIBUTION_KEY,
    attributionFields,
    photoField: JOB_PHOTO_FIELD,
    maxPhotos: MAX_JOB_PHOTOS,
    maxPhotoBytes: Math.floor(uploadMaxMb * 1024 * 1024),
    maxPhotoMb: uploadMaxMb,
    notPhotoReason: t("estimate.photo.notPhotoReason"),
    sniffBytes: SNIFF_BYTES,
    lang: locale,
    words: {
      counts: Array.from({ length: MAX_JOB_PHOTOS + 1 }, (_, count) => t("estimate.photos.count", { count, max: MAX_JOB_PHOTOS })),
      removed: t("estimate.photos.removed", { name }),
      remove: t("estimate.photos.remove"),
      sendingPhoto: t("estimate.photos.sendingOne", { name }),
      empty: t("estimate.photos.empty", { name }),
      tooBig: t("estimate.photos.tooBig", { name, size: "{size}", mb: uploadMaxMb }),
      notAdded: t("estimate.photos.notAdded", { name, reason: "{reason}" }),
      overOne: t("estimate.photos.overOne", { max: MAX_JOB_PHOTOS }),
      overOther: t("estimate.photos.overOther", { max: MAX_JOB_PHOTOS, count: "{count}" }),
      sending: t("estimate.sending"),
      dismiss: t("estimate.toast.dismiss"),
      offline: t("estimate.net.offline"),
      serverError: t("estimate.net.serverError", { status: "{status}" }),
    },
    // The browser's own checks speak the page's language; an English page keeps the browser's words.
    validity:
      locale === "en"
        ? null
        : {
            from_name: { valueMissing: t("estimate.error.required", { field: "from_name", max: "" }) },
            email: {
              valueMissing: t("estimate.error.required", { field: "email", max: "" }),
              typeMismatch: t("estimate.error.email"),
            },
            phone: {
              valueMissing: t("estimate.error.required", { field: "phone", max: "" }),
              patternMismatch: t("estimate.error.phoneDigits"),
            },
            subject: { valueMissing: t("estimate.error.required", { field: "subject", max: "" }) },
            zip: { patternMismatch: t("estimate.error.zip") },
          },
  };
}

/**
 * The options as the inline script carries them. The host fills every copy of the placeholder in
 * the page with a token; the script's own copy (to tell an unfilled field) is written with
 * escaped underscores so it stays as it is.
 */
export function inlineScriptOptions(optionsJson: string): string {
  return optionsJson.replace(FORM_TOKEN_PLACEHOLDER, FORM_TOKEN_PLACEHOLDER.replaceAll("_", "\\u005f"));
}
