/**
 * The words and limits of job photos (ADR 025): where their files live, how large a request with
 * photos may be, and the sentence that names each photo not kept. A person's request is never
 * lost because of a photo: a photo that cannot be kept is refused with one of these sentences,
 * and the request goes on without it.
 */
import { MAX_JOB_PHOTOS } from "#app/schemas/estimate-rules.ts";
import { cleanSingleLineText } from "#app/schemas/text.ts";
import { formatMegabytes } from "#app/schemas/photo-view.ts";
import type { ImageType } from "#app/server/images/sniff.server.ts";
import type { Locale } from "#app/i18n/locale.ts";
import { translator } from "#app/i18n/messages.ts";

/** Every lead photo's files live under this prefix; /media never serves it (server/middleware/media.ts). */
export const LEAD_PHOTO_PREFIX = "lead-photos/";
/** The thumbnail's width and the large image's longer side, in pixels. */
export const THUMB_WIDTH = 320;
export const LARGE_MAX_SIDE = 2048;
/** Stored files are private: a proxy or browser must not keep them. */
export const PRIVATE_CACHE_CONTROL = "private, no-store";
/** Room for part headers and boundaries on top of the files and text fields. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;
/** A request never takes this long: files without a row older than this were left by a crash. */
export const ORPHAN_GRACE_MS = 6 * 3600 * 1000;
const MAX_NAME_LENGTH = 80;

export type PhotoSize = "thumb" | "large";

export interface JobPhotoLimits {
  /** Largest photo file, in bytes (UPLOAD_MAX_MB). */
  maxFileBytes: number;
  /** All text fields together (the urlencoded form's limit). */
  maxTextBytes: number;
  /** Largest image, width × height (MAX_IMAGE_MEGAPIXELS). */
  maxPixels: number;
  dataDir: string;
}

/** The largest body an estimate request with photos may have: six photos at the limit and the form. */
export function maxEstimateBodyBytes(maxFileBytes: number, maxTextBytes: number): number {
  return MAX_JOB_PHOTOS * maxFileBytes + maxTextBytes + MULTIPART_OVERHEAD_BYTES;
}

export function requestTooLargeMessage(maxFileBytes: number): string {
  return `This request is too large: you can send up to ${MAX_JOB_PHOTOS} photos of up to ${formatMegabytes(maxFileBytes)} each. Please send fewer or smaller photos (phones can share a smaller size), or call us.`;
}

/**
 * Why a photo was not kept, as a code and its values (ADR 064): the answer puts it into words in
 * the page's language (`photoReasonWords`, the catalog's `estimate.photo.*`).
 */
export type PhotoRefusalCode = "tooMany" | "empty" | "tooLarge" | "notAnImage" | "rejected" | "notSaved" | "overBudget" | "busy";
export interface PhotoReason {
  code: PhotoRefusalCode;
  values: Record<string, string | number>;
}

export interface PhotoRefusal {
  name: string;
  reason: PhotoReason;
}

export interface ReceivedPhoto {
  name: string;
  path: string;
  bytes: number;
  type: ImageType;
}

export interface ReceivedJobPhotos {
  /** The text fields, as the urlencoded form would give them. */
  form: FormData;
  /** Whether the homeowner chose any file at all (then the answer says what became of them). */
  sent: boolean;
  /** Files on disk that passed the first checks, in the order sent. */
  files: ReceivedPhoto[];
  refused: PhotoRefusal[];
  /** Removes the temp files (after processing, or when the request is refused). */
  discard(): Promise<void>;
}

/** The image pipeline's reasons (ImageRejectedError.reason), as the catalog's select names them. */
const rejectionKinds: Record<string, string> = {
  "unsupported-type": "unsupportedType",
  "too-many-pixels": "tooManyPixels",
  "too-large": "tooLarge",
  corrupt: "corrupt",
};

export const photoRefusals = {
  tooMany: (name: string): PhotoReason => ({ code: "tooMany", values: { name, max: MAX_JOB_PHOTOS } }),
  empty: (name: string): PhotoReason => ({ code: "empty", values: { name } }),
  tooLarge: (name: string, maxBytes: number): PhotoReason => ({ code: "tooLarge", values: { name, size: formatMegabytes(maxBytes) } }),
  notAnImage: (name: string): PhotoReason => ({ code: "notAnImage", values: { name } }),
  /** `why` is the pipeline's English sentence, `kind` its reason (ImageRejectedError.reason). */
  rejected: (name: string, why: string, kind = ""): PhotoReason => ({
    code: "rejected",
    values: { name, why, kind: rejectionKinds[kind] ?? "other" },
  }),
  notSaved: (name: string): PhotoReason => ({ code: "notSaved", values: { name } }),
  overBudget: (name: string, budgetPixels: number): PhotoReason => ({
    code: "overBudget",
    values: { name, megapixels: String(Math.round(budgetPixels / 1_000_000)) },
  }),
  busy: (name: string): PhotoReason => ({ code: "busy", values: { name } }),
};

/** A photo's refusal in words, in `locale` ("“x.jpg” was not kept: …"). */
export function photoReasonWords(locale: Locale, reason: PhotoReason): string {
  const t = translator(locale);
  // The reason a file is no photo is one sentence shared with the form's script (notPhotoReason).
  if (reason.code === "notAnImage") return t("estimate.photo.notAnImage", { ...reason.values, reason: t("estimate.photo.notPhotoReason") });
  return t(`estimate.photo.${reason.code}`, reason.values);
}

/** The file's name as the contractor sees it: no folders, no control characters, not too long. */
export function displayName(raw: string, position: number): string {
  const base = raw.slice(Math.max(raw.lastIndexOf("/"), raw.lastIndexOf("\\")) + 1);
  const clean = cleanSingleLineText(base).trim();
  if (clean === "") return `Photo ${position}`;
  return clean.length > MAX_NAME_LENGTH ? `${clean.slice(0, MAX_NAME_LENGTH - 1)}…` : clean;
}

/** Whether the post is a multipart form (it may carry photos). */
export function isMultipartForm(request: Request): boolean {
  return /^\s*multipart\/form-data\s*(;|$)/i.test(request.headers.get("content-type") ?? "");
}
