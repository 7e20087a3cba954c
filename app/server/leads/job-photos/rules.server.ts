/**
 * The words and limits of job photos (ADR 025): where their files live, how large a request with
 * photos may be, and the sentence that names each photo not kept. A person's request is never
 * lost because of a photo: a photo that cannot be kept is refused with one of these sentences,
 * and the request goes on without it.
 */
import { MAX_JOB_PHOTOS } from "#app/schemas/estimate-rules.ts";
import { cleanSingleLineText } from "#app/schemas/text.ts";
import { formatMegabytes, NOT_A_PHOTO_REASON } from "#app/schemas/photo-view.ts";
import type { ImageType } from "#app/server/images/sniff.server.ts";

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

export interface PhotoRefusal {
  name: string;
  reason: string;
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

const quoted = (name: string) => `“${name}”`;

export const photoRefusals = {
  tooMany: (name: string) =>
    `${quoted(name)} was not kept: a request can carry ${MAX_JOB_PHOTOS} photos. Please send the others by replying to our email.`,
  empty: (name: string) => `${quoted(name)} was not kept: the file is empty (0 bytes). Please choose the photo again.`,
  tooLarge: (name: string, maxBytes: number) =>
    `${quoted(name)} was not kept: it is larger than ${formatMegabytes(maxBytes)}, the largest photo we accept. Phones can share a smaller size.`,
  notAnImage: (name: string) => `${quoted(name)} was not kept: ${NOT_A_PHOTO_REASON}`,
  rejected: (name: string, why: string) => `${quoted(name)} was not kept. ${why}`,
  notSaved: (name: string) => `${quoted(name)} could not be saved just now, so it was not kept. Please send it by replying to our email.`,
  overBudget: (name: string, budgetPixels: number) =>
    `${quoted(name)} was not kept: with the photos before it, it is more than the ${Math.round(budgetPixels / 1_000_000)} megapixels a request can carry. Please send it by replying to our email.`,
  busy: (name: string) =>
    `${quoted(name)} could not be prepared just now: we are busy with many photos. Please send it by replying to our email.`,
};

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
