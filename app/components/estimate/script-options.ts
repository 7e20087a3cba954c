import type { EstimateScriptOptions } from "#app/browser/estimate-form.ts";
import { estimatePostUrl, type EstimateFormPage } from "#app/schemas/estimate-paths.ts";
import { ATTRIBUTION_KEY } from "#app/browser/attribution.ts";
import { FORM_TOKEN_FIELD, FORM_TOKEN_PATH, FORM_TOKEN_PLACEHOLDER } from "#app/form-token.ts";
import { attributionFields, JOB_PHOTO_FIELD, MAX_JOB_PHOTOS } from "#app/schemas/estimate-rules.ts";
import { SNIFF_BYTES } from "#app/schemas/image-type.ts";
import { NOT_A_PHOTO_REASON } from "#app/schemas/photo-view.ts";

/**
 * What the form's script is told (ADR 026): where to post, the token, the attribution, the photo
 * limits and the words that refuse a file that is no photo (the server's, ADR 062).
 */
export function estimateScriptOptions(page: EstimateFormPage, uploadMaxMb: number): EstimateScriptOptions {
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
    notPhotoReason: NOT_A_PHOTO_REASON,
    sniffBytes: SNIFF_BYTES,
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
