/**
 * Photos of the job, sent with an estimate request (issue 14): reading the multipart form,
 * checking and converting each photo, storing its private files, and removing them again
 * when their lead goes (or never came). docs/decisions/025-job-photos.md
 *
 * The rule everything here follows: a person's request is never lost because of a photo. A
 * photo that cannot be kept (the 7th, an empty file, one over UPLOAD_MAX_MB, one that is not
 * an image, too many pixels, damaged) is refused with a sentence naming it, and the request
 * goes on without it. Only a body too large as a whole, or text fields the form would never
 * send, refuse the request (413 / 400), and then nothing is left behind.
 *
 * Order of work (ADR 045): the body is streamed part by part, photos to temp files under
 * DATA_DIR/tmp/uploads (never held in memory), text into a small FormData; the action
 * validates the text; each photo's header is read and the request's pixel budget applied
 * (`measureJobPhotos`); the lead is stored; the photos then take their turns in the process's
 * image queue, their files are written under `lead-photos/{id}/`, and their rows are added to
 * the stored lead. Files whose rows could not be added are removed at once; a crash in between
 * leaves files without rows, which housekeeping removes after a grace period.
 *
 * Disk trouble costs photos, never the request (ADR 044): before the first byte is written the
 * folders are checked for room (the request's size plus DISK_RESERVE_MB, kept for the database)
 * and for write access; when short, photos are read and dropped, each with a sentence. A write
 * that fails all the same (ENOSPC, EACCES, EROFS…) drops that photo and the ones after it.
 */
import { randomUUID } from "node:crypto";
import { mkdir, open, readdir, rm, rmdir, stat, type FileHandle } from "node:fs/promises";
import path from "node:path";
import { data } from "react-router";
import type { Kysely } from "kysely";
import { JOB_PHOTO_FIELD, MAX_JOB_PHOTOS } from "../../schemas/estimate-rules.ts";
import { cleanSingleLineText } from "../../schemas/text.ts";
import { ACCEPTED_TYPES_TEXT, formatMegabytes } from "../../gallery/photo.ts";
import type { DB } from "../db/schema.server.ts";
import type { Logger } from "../logger.server.ts";
import { startHousekeeping, type Housekeeping } from "../housekeeping.server.ts";
import { isImageRejection, readImageSize } from "../images/pipeline.server.ts";
import type { ImageQueue } from "../images/queue.server.ts";
import { SNIFF_BYTES, sniffImageType, type ImageType } from "../images/sniff.server.ts";
import { assertKey, type BlobStore } from "../storage/blob-store.server.ts";
import { diskErrorOf, type DiskChecks, type DiskError, type DiskTrouble } from "../storage/disk.server.ts";
import { uploadTempDir, uploadTempName } from "../storage/temp-files.server.ts";
import { MultipartError, multipartBoundary, readMultipart, type PartSink } from "../multipart.server.ts";
import { existingLeadPhotoIds, getLeadPhoto, listLeadPhotos } from "../repos/lead-photos.server.ts";
import type { NewLeadPhoto } from "../repos/leads.server.ts";

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

interface ReceivedPhoto {
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

// --- The sentences ------------------------------------------------------------------------------

const quoted = (name: string) => `“${name}”`;

export const photoRefusals = {
  tooMany: (name: string) =>
    `${quoted(name)} was not kept: a request can carry ${MAX_JOB_PHOTOS} photos. Please send the others by replying to our email.`,
  empty: (name: string) => `${quoted(name)} was not kept: the file is empty (0 bytes). Please choose the photo again.`,
  tooLarge: (name: string, maxBytes: number) =>
    `${quoted(name)} was not kept: it is larger than ${formatMegabytes(maxBytes)}, the largest photo we accept. Phones can share a smaller size.`,
  notAnImage: (name: string) =>
    `${quoted(name)} was not kept: it is not a photo we can read. Please send a ${ACCEPTED_TYPES_TEXT} photo.`,
  rejected: (name: string, why: string) => `${quoted(name)} was not kept. ${why}`,
  notSaved: (name: string) =>
    `${quoted(name)} could not be saved just now, so it was not kept. Please send it by replying to our email.`,
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

// --- Reading the form ---------------------------------------------------------------------------

/** Whether the post is a multipart form (it may carry photos). */
export function isMultipartForm(request: Request): boolean {
  return /^\s*multipart\/form-data\s*(;|$)/i.test(request.headers.get("content-type") ?? "");
}

/** Why this request's photos could not be written, for its one log line. */
type PhotoDiskTrouble = DiskTrouble | ({ kind: "write" } & DiskError);

/**
 * Reads a multipart estimate form: text fields into `form`, photos to temp files. Throws the
 * 413 (body or text too large) or 400 (unreadable) Response; nothing is left on disk then.
 * Disk trouble refuses the photos, not the request: their sentences are in `refused`.
 */
export async function receiveJobPhotoForm(
  request: Request,
  limits: JobPhotoLimits,
  messages: { tooLarge: string; unreadable: string },
  { disk, logger, requestId }: { disk: Pick<DiskChecks, "troubleFor">; logger: Logger; requestId?: string },
): Promise<ReceivedJobPhotos> {
  const maxBytes = maxEstimateBodyBytes(limits.maxFileBytes, limits.maxTextBytes);
  const tooLarge = () => data(requestTooLargeMessage(limits.maxFileBytes), { status: 413 });
  const declared = Number(request.headers.get("content-length") ?? "");
  if (declared > maxBytes) throw tooLarge();
  const boundary = multipartBoundary(request.headers.get("content-type"));
  if (!boundary) throw data(messages.unreadable, { status: 400 });
  // Without a Content-Length the body may be as large as allowed: it is judged at that size.
  let diskTrouble: PhotoDiskTrouble | null = await disk
    .troubleFor(declared > 0 ? declared : maxBytes)
    .catch((error: unknown) => {
      const found = diskErrorOf(error);
      if (!found) throw error;
      return { kind: "write" as const, ...found };
    });
  let photosLostToDisk = 0;

  const dir = uploadTempDir(limits.dataDir);
  const form = new FormData();
  const files: ReceivedPhoto[] = [];
  const refused: PhotoRefusal[] = [];
  const written = new Set<string>();
  const openHandles = new Set<FileHandle>();
  let textBytes = 0;
  let fileParts = 0;
  let sent = false;
  let textTooLarge = false;

  const discard = async () => {
    await Promise.all([...openHandles].map((handle) => handle.close().catch(() => {})));
    openHandles.clear();
    await Promise.all([...written].map((file) => rm(file, { force: true })));
    written.clear();
  };

  const textSink = (name: string): PartSink => {
    const chunks: Buffer[] = [];
    return {
      write(chunk) {
        textBytes += chunk.length;
        if (textBytes > limits.maxTextBytes) {
          textTooLarge = true;
          throw new MultipartError("too-large", "text fields too large");
        }
        chunks.push(Buffer.from(chunk));
      },
      end() {
        form.append(name, Buffer.concat(chunks).toString("utf8"));
      },
    };
  };

  const ignoredSink: PartSink = { write() {}, end() {} };

  /** Notes a write the disk refused (the first one is what the log names); false for any other error. */
  const isDiskTrouble = (error: unknown, filePath: string): boolean => {
    const found = diskErrorOf(error);
    if (!found) return false;
    diskTrouble ??= { kind: "write", ...found, path: found.path ?? filePath };
    return true;
  };

  const notSaved = (name: string) => {
    photosLostToDisk++;
    return photoRefusals.notSaved(name);
  };

  const photoSink = async (rawName: string): Promise<PartSink> => {
    fileParts++;
    const name = displayName(rawName, fileParts);
    if (files.length >= MAX_JOB_PHOTOS) {
      refused.push({ name, reason: photoRefusals.tooMany(name) });
      return ignoredSink;
    }
    if (diskTrouble) {
      refused.push({ name, reason: notSaved(name) });
      return ignoredSink;
    }
    const filePath = path.join(dir, uploadTempName(randomUUID()));
    let handle: FileHandle | null;
    try {
      await mkdir(dir, { recursive: true });
      handle = await open(filePath, "wx");
    } catch (error) {
      if (!isDiskTrouble(error, filePath)) throw error;
      refused.push({ name, reason: notSaved(name) });
      return ignoredSink;
    }
    openHandles.add(handle);
    written.add(filePath);
    let bytes = 0;
    let head = Buffer.alloc(0);
    let type: ImageType | null = null;
    let refusal: string | null = null;
    const drop = async (reason: string) => {
      refusal = reason;
      if (handle) {
        openHandles.delete(handle);
        // A disk that refused the write may refuse the close too: the file goes either way.
        await handle.close().catch(() => {});
      }
      handle = null;
      await rm(filePath, { force: true });
      written.delete(filePath);
    };
    return {
      async write(chunk) {
        bytes += chunk.length;
        if (refusal) return;
        if (bytes > limits.maxFileBytes) return drop(photoRefusals.tooLarge(name, limits.maxFileBytes));
        if (type === null && head.length < SNIFF_BYTES) {
          head = Buffer.concat([head, chunk.subarray(0, SNIFF_BYTES - head.length)]);
          if (head.length >= SNIFF_BYTES) {
            type = sniffImageType(head);
            if (!type) return drop(photoRefusals.notAnImage(name));
          }
        }
        try {
          await handle!.write(chunk);
        } catch (error) {
          if (!isDiskTrouble(error, filePath)) throw error;
          return drop(notSaved(name));
        }
      },
      async end() {
        if (refusal) {
          refused.push({ name, reason: refusal });
          return;
        }
        if (bytes === 0) await drop(photoRefusals.empty(name));
        else {
          // A file shorter than the sniffing window is judged on what there is.
          type ??= sniffImageType(head);
          if (!type) await drop(photoRefusals.notAnImage(name));
        }
        if (refusal) {
          refused.push({ name, reason: refusal });
          return;
        }
        openHandles.delete(handle!);
        try {
          await handle!.close();
        } catch (error) {
          if (!isDiskTrouble(error, filePath)) throw error;
          handle = null;
          await drop(notSaved(name));
          refused.push({ name, reason: refusal! });
          return;
        }
        handle = null;
        files.push({ name, path: filePath, bytes, type: type! });
      },
    };
  };

  try {
    await readMultipart(request.body, boundary, {
      maxBytes,
      // The form's own fields, the attribution fields, and a few more photos than kept.
      maxParts: 64,
      signal: request.signal,
      async onPart(part) {
        if (part.filename === null) return textSink(part.name);
        if (part.name !== JOB_PHOTO_FIELD) return ignoredSink;
        // An empty file input sends a part with no name and no bytes: nothing was chosen.
        if (part.filename === "") return emptyChoiceSink(() => photoSink(""));
        sent = true;
        return photoSink(part.filename);
      },
    });
  } catch (error) {
    await discard();
    if (error instanceof MultipartError) {
      if (error.problem === "too-large") throw textTooLarge ? data(messages.tooLarge, { status: 413 }) : tooLarge();
      throw data(messages.unreadable, { status: 400 });
    }
    // The sinks keep disk errors to their photo: an error with a syscall here is a fault of
    // ours (500); anything else while reading is the connection dropping.
    const isSystemError = typeof error === "object" && error !== null && "syscall" in error;
    if (request.signal.aborted || !isSystemError) throw data(messages.unreadable, { status: 400 });
    throw error;
  }
  if (files.length > 0 || refused.length > 0) sent = true;
  if (diskTrouble && photosLostToDisk > 0) logPhotosLost(logger, diskTrouble, photosLostToDisk, requestId);
  return { form, sent, files, refused, discard };
}

/** One line per request whose photos the disk cost, naming the real cause. */
function logPhotosLost(logger: Logger, trouble: PhotoDiskTrouble, photos: number, requestId: string | undefined): void {
  if (trouble.kind === "full") {
    const { path: folder, freeBytes, needBytes, reserveBytes } = trouble;
    logger.warn("job photos not kept: too little free disk space", { requestId, photos, path: folder, freeBytes, needBytes, reserveBytes });
  } else if (trouble.kind === "unwritable") {
    logger.error("job photos not kept: the server cannot write the upload folder", { requestId, photos, path: trouble.path, code: trouble.code });
  } else {
    const { code, syscall, path: file, message } = trouble;
    logger.error("job photos not kept: the disk refused a write", { requestId, photos, code, syscall, path: file, message });
  }
}

/**
 * A part with an empty file name: usually the empty file input (no bytes); should bytes come
 * anyway, they are handled as a photo without a name.
 */
function emptyChoiceSink(asPhoto: () => Promise<PartSink>): PartSink {
  let inner: PartSink | null = null;
  return {
    async write(chunk) {
      if (chunk.length === 0) return;
      inner ??= await asPhoto();
      await inner.write(chunk);
    },
    async end() {
      await inner?.end();
    },
  };
}


// --- Converting and storing ---------------------------------------------------------------------

function checked(key: string): string {
  assertKey(key);
  return key;
}

export function leadPhotoKeys(photoId: string) {
  const prefix = `${LEAD_PHOTO_PREFIX}${photoId}/`;
  return {
    prefix,
    large: (width: number) => checked(`${prefix}large-${width}.jpg`),
    thumb: (width: number) => checked(`${prefix}thumb-${width}.webp`),
  };
}

interface StoredVariant {
  format: "webp";
  width: number;
  height: number;
  key: string;
  bytes: number;
}

/** Received photos whose headers were read: each with its size, in the order sent. */
export interface MeasuredJobPhotos {
  files: (ReceivedPhoto & { pixels: number })[];
  /** The receiving's refusals, then those of the headers and the budget. */
  refused: PhotoRefusal[];
  /** Removes the temp files. */
  discard(): Promise<void>;
}

/**
 * Reads each received photo's header (no pixel decoded) and keeps those that fit the request's
 * budget of pixels, in the order sent: a photo whose header says it is not a supported image or
 * has too many pixels, or that would take the request past `budgetPixels`, is refused with its
 * sentence and its temp file removed. Done before the lead is stored, so the lead's emails know
 * whether photos are coming.
 */
export async function measureJobPhotos({
  received,
  maxPixels,
  budgetPixels,
  logger,
  requestId,
}: {
  received: Pick<ReceivedJobPhotos, "files" | "refused" | "discard">;
  maxPixels: number;
  budgetPixels: number;
  logger: Logger;
  requestId?: string;
}): Promise<MeasuredJobPhotos> {
  const files: MeasuredJobPhotos["files"] = [];
  const refused = [...received.refused];
  let spent = 0;
  for (const file of received.files) {
    let pixels: number;
    try {
      ({ pixels } = await readImageSize(file.path, maxPixels));
    } catch (error) {
      await rm(file.path, { force: true });
      if (!isImageRejection(error)) throw error;
      logger.warn("job photo refused", { requestId, reason: error.reason, bytes: file.bytes });
      refused.push({ name: file.name, reason: photoRefusals.rejected(file.name, error.message) });
      continue;
    }
    if (spent + pixels > budgetPixels) {
      await rm(file.path, { force: true });
      logger.warn("job photo refused", { requestId, reason: "over-budget", pixels, spent, budgetPixels });
      refused.push({ name: file.name, reason: photoRefusals.overBudget(file.name, budgetPixels) });
      continue;
    }
    spent += pixels;
    files.push({ ...file, pixels });
  }
  return { files, refused, discard: received.discard };
}

export interface StoredJobPhotos {
  /** The rows to add to the lead, positions from 0 in the order sent. */
  photos: NewLeadPhoto[];
  /** Every photo not kept, with its sentence: the receiving's and the headers' refusals, then the conversion's. */
  refused: PhotoRefusal[];
  /** Removes the stored files (their rows could not be added after all). */
  discard(): Promise<void>;
}

/**
 * Converts each measured photo through the process's image queue and writes its large JPEG and
 * its thumbnail under `lead-photos/{id}/`. Every photo is put in the queue at once, as one
 * request of one client (the visitor's address), so it gets its fair turns; a photo the queue
 * has no room for is refused at once with a sentence, as is one the pipeline refuses or whose
 * files cannot be written; the others go on. Temp files are removed.
 */
export async function storeJobPhotos({
  measured,
  images,
  client,
  blobStore,
  maxPixels,
  logger,
  requestId,
}: {
  measured: Pick<MeasuredJobPhotos, "files" | "refused" | "discard">;
  images: ImageQueue;
  /** Whose turn the photos take: the visitor's address. */
  client: string;
  blobStore: BlobStore;
  maxPixels: number;
  logger: Logger;
  requestId: string;
}): Promise<StoredJobPhotos> {
  const photos: NewLeadPhoto[] = [];
  const refused = [...measured.refused];
  const prefixes: string[] = [];
  // After the disk refused one photo's files, the others would fail the same way: not worth storing.
  let diskTrouble: DiskError | null = null;
  const options = { maxPixels, masterMaxSide: LARGE_MAX_SIDE, widths: [THUMB_WIDTH] };
  // Queued together, before any is awaited: the request's photos are admitted or refused at
  // arrival, against what the queue holds now.
  const conversions = measured.files.map((file) => {
    const converting = images.tryConvert(file.path, options, { client, request: requestId, pixels: file.pixels });
    // Settled at once, so a refusal never goes unhandled while an earlier photo is awaited.
    return converting?.then(
      (image) => ({ ok: true as const, image }),
      (error: unknown) => ({ ok: false as const, error }),
    );
  });
  try {
    for (const [index, file] of measured.files.entries()) {
      const id = randomUUID();
      const keys = leadPhotoKeys(id);
      try {
        if (diskTrouble) {
          refused.push({ name: file.name, reason: photoRefusals.notSaved(file.name) });
          continue;
        }
        const converted = await conversions[index];
        if (!converted) {
          logger.warn("job photo refused", { requestId, reason: "queue-full", pixels: file.pixels, queue: images.stats() });
          refused.push({ name: file.name, reason: photoRefusals.busy(file.name) });
          continue;
        }
        if (!converted.ok) throw converted.error;
        const { image } = converted;
        const thumb = image.variants.find((v) => v.format === "webp");
        if (!thumb) throw new Error("the pipeline made no WebP thumbnail");
        const largeKey = keys.large(image.master.width);
        const thumbKey = keys.thumb(thumb.width);
        prefixes.push(keys.prefix);
        await blobStore.put(largeKey, image.master.buffer, { cacheControl: PRIVATE_CACHE_CONTROL });
        await blobStore.put(thumbKey, thumb.buffer, { cacheControl: PRIVATE_CACHE_CONTROL });
        const variants: StoredVariant[] = [
          { format: "webp", width: thumb.width, height: thumb.height, key: thumbKey, bytes: thumb.buffer.length },
        ];
        photos.push({
          id,
          position: photos.length,
          file_name: file.name,
          width: image.width,
          height: image.height,
          master_key: largeKey,
          master_width: image.master.width,
          master_height: image.master.height,
          variants: JSON.stringify(variants),
          source_type: image.sourceType,
          source_bytes: file.bytes,
        });
      } catch (error) {
        if (isImageRejection(error)) {
          logger.warn("job photo refused", { requestId, reason: error.reason, bytes: file.bytes });
          refused.push({ name: file.name, reason: photoRefusals.rejected(file.name, error.message) });
        } else {
          diskTrouble = diskErrorOf(error);
          if (diskTrouble) {
            const { code, syscall, path: where, message } = diskTrouble;
            logger.error("job photos not kept: the disk refused a write", { requestId, code, syscall, path: where, message });
          } else logger.error("job photo not stored", { requestId, error });
          await blobStore.deletePrefix(keys.prefix).catch(() => 0);
          refused.push({ name: file.name, reason: photoRefusals.notSaved(file.name) });
        }
      }
    }
  } finally {
    // Every conversion is over before a temp file goes.
    await Promise.all(conversions);
    await Promise.all(measured.files.map((file) => rm(file.path, { force: true })));
    await measured.discard();
  }
  return {
    photos,
    refused,
    discard: async () => {
      await deleteLeadPhotoPrefixes(blobStore, prefixes, logger);
    },
  };
}

async function deleteLeadPhotoPrefixes(blobStore: BlobStore, prefixes: string[], logger: Logger): Promise<void> {
  for (const prefix of prefixes) {
    try {
      await blobStore.deletePrefix(prefix);
    } catch (error) {
      // Left for housekeeping: files without a row are removed after the grace period.
      logger.warn("job photo files not deleted; housekeeping will retry", { prefix, error });
    }
  }
}

/** Deletes the files of these photos (their rows are gone, or going, with their lead). */
export async function deleteLeadPhotoFiles({
  blobStore,
  photoIds,
  logger,
}: {
  blobStore: BlobStore;
  photoIds: string[];
  logger: Logger;
}): Promise<void> {
  await deleteLeadPhotoPrefixes(blobStore, photoIds.map((id) => leadPhotoKeys(id).prefix), logger);
}

/** The stored key of a photo's size, from its row. */
export function leadPhotoKey(row: { master_key: string; variants: string }, size: PhotoSize): string | null {
  if (size === "large") return row.master_key;
  try {
    const variants = JSON.parse(row.variants) as StoredVariant[];
    return Array.isArray(variants) ? (variants[0]?.key ?? null) : null;
  } catch {
    return null;
  }
}

// --- Housekeeping -------------------------------------------------------------------------------

const PHOTO_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Removes files under `lead-photos/` that no row points at and that are older than
 * `olderThanMs`: written for a request the process did not live to store (or whose deletion
 * failed half-way). Younger ones may belong to a request being stored right now.
 */
export async function removeOrphanLeadPhotos({
  db,
  blobStore,
  dataDir,
  olderThanMs = ORPHAN_GRACE_MS,
  now = Date.now(),
}: {
  db: Kysely<DB>;
  blobStore: BlobStore;
  /** With the local store: also the half-written files a put killed mid-way left (never listed as keys). */
  dataDir?: string;
  olderThanMs?: number;
  now?: number;
}): Promise<number> {
  if (dataDir && blobStore.kind === "local") await removeStaleLocalTempFiles(path.resolve(dataDir, "media", LEAD_PHOTO_PREFIX), olderThanMs, now);
  // Key → its photo id; the first key of each id is enough to judge its age.
  const firstKey = new Map<string, string>();
  for await (const key of blobStore.list(LEAD_PHOTO_PREFIX)) {
    const id = key.slice(LEAD_PHOTO_PREFIX.length).split("/")[0] ?? "";
    if (PHOTO_ID.test(id) && !firstKey.has(id)) firstKey.set(id, key);
  }
  let removed = 0;
  const ids = [...firstKey.keys()];
  for (let i = 0; i < ids.length; i += 200) {
    const batch = ids.slice(i, i + 200);
    const known = await existingLeadPhotoIds({ db, ids: batch });
    for (const id of batch) {
      if (known.has(id)) continue;
      const info = await blobStore.head(firstKey.get(id)!);
      const written = info?.lastModified?.getTime() ?? 0;
      if (info && now - written <= olderThanMs) continue;
      await blobStore.deletePrefix(leadPhotoKeys(id).prefix);
      removed++;
    }
  }
  return removed;
}

/**
 * The local store writes each file beside its target under a hidden temporary name and renames
 * it when complete: a process killed in between leaves that file, which no key lists. Removes
 * those older than the grace period, and the photo folders that are then empty.
 */
async function removeStaleLocalTempFiles(root: string, olderThanMs: number, now: number): Promise<void> {
  let folders: string[];
  try {
    folders = await readdir(root);
  } catch {
    return;
  }
  for (const folder of folders) {
    if (!PHOTO_ID.test(folder)) continue;
    const dir = path.join(root, folder);
    let names: string[];
    try {
      names = await readdir(dir);
    } catch {
      continue;
    }
    let left = names.length;
    for (const name of names) {
      if (!name.startsWith(".") || !name.endsWith(".tmp")) continue;
      try {
        if (now - (await stat(path.join(dir, name))).mtimeMs > olderThanMs) {
          await rm(path.join(dir, name), { force: true });
          left--;
        }
      } catch {
        // Gone already.
      }
    }
    if (left === 0) await rmdir(dir).catch(() => {});
  }
}

/** Runs `removeOrphanLeadPhotos` at start, then hourly. */
export function startLeadPhotoHousekeeping({
  db,
  blobStore,
  dataDir,
  logger,
  intervalMs,
}: {
  db: Kysely<DB>;
  blobStore: BlobStore;
  dataDir: string;
  logger: Logger;
  intervalMs?: number;
}): Housekeeping {
  return startHousekeeping({
    name: "lead photos",
    logger,
    intervalMs,
    task: async () => {
      const orphans = await removeOrphanLeadPhotos({ db, blobStore, dataDir });
      if (orphans > 0) logger.info("lead photo housekeeping", { orphans });
    },
  });
}

// --- Serving to admins --------------------------------------------------------------------------

/**
 * A lead photo's file as the admin route serves it, or null when the lead, the photo or the
 * size does not exist (a malformed id is not looked up).
 */
export async function openLeadPhoto({
  db,
  blobStore,
  leadId,
  photoId,
  size,
}: {
  db: Kysely<DB>;
  blobStore: BlobStore;
  leadId: string | undefined;
  photoId: string | undefined;
  size: string | undefined;
}) {
  if (!leadId || !photoId || !PHOTO_ID.test(leadId) || !PHOTO_ID.test(photoId)) return null;
  if (size !== "thumb" && size !== "large") return null;
  const row = await getLeadPhoto({ db, leadId, photoId });
  if (!row) return null;
  const key = leadPhotoKey(row, size);
  if (!key || !key.startsWith(LEAD_PHOTO_PREFIX)) return null;
  return blobStore.get(key);
}

/** What the admin lead page shows of each photo (LeadPhotoView in components/admin/lead-photos.tsx). */
export async function leadPhotoViews({ db, leadId }: { db: Kysely<DB>; leadId: string }) {
  const rows = await listLeadPhotos({ db, leadId });
  return rows.map((row) => {
    const base = `/admin/leads/${leadId}/photos/${row.id}`;
    let thumb: StoredVariant | undefined;
    try {
      thumb = (JSON.parse(row.variants) as StoredVariant[])[0];
    } catch {
      thumb = undefined;
    }
    return {
      id: row.id,
      fileName: row.file_name,
      thumbUrl: `${base}/thumb`,
      largeUrl: `${base}/large`,
      thumbWidth: thumb?.width ?? THUMB_WIDTH,
      thumbHeight: thumb?.height ?? Math.round((THUMB_WIDTH * row.master_height) / Math.max(1, row.master_width)),
    };
  });
}
