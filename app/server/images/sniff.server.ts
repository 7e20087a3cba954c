/**
 * What an uploaded file really is, judged only by its first bytes (never by its name or the type
 * the browser declared). docs/decisions/011-image-pipeline.md. The check itself lives in
 * app/schemas/image-type.ts, so the estimate form's script refuses exactly what the server does.
 */
export { SNIFF_BYTES, sniffImageType, type ImageType } from "#app/schemas/image-type.ts";
