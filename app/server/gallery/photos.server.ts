/**
 * The gallery's work: turning an upload into a stored draft, publishing, editing, ordering,
 * covers, deleting, and removing stale drafts — each keeping the database rows and the
 * BlobStore's files in step (a quarter turn: photo-rotation.server.ts). docs/decisions/012-gallery.md
 */
import { randomUUID } from "node:crypto";
import { rm } from "node:fs/promises";
import path from "node:path";
import type { Kysely } from "kysely";
import type { DB } from "#app/server/db/schema.server.ts";
import type { BlobStore } from "#app/server/storage/blob-store.server.ts";
import type { Logger } from "#app/server/logger.server.ts";
import {
  isImageRejection,
  photoKeys,
  readImageSize,
  type ImageRejectedError,
  type ProcessedImage,
} from "#app/server/images/pipeline.server.ts";
import type { ImageQueue } from "#app/server/images/queue.server.ts";
import {
  createDraftPhoto,
  deleteDraftRow,
  deletePhotoRowsRecordingFiles,
  updatePhotoDetails,
  type PhotoDetails,
  type PhotoRow,
  type StoredVariant,
} from "#app/server/repos/photos.server.ts";
import { listDraftsCreatedBefore } from "#app/server/repos/photo-lists.server.ts";
import { publishPhoto as publishPhotoRow } from "#app/server/repos/photo-order.server.ts";
import { clearCoversNotMatching } from "#app/server/repos/service-covers.server.ts";
import { clearBlobDeletion, listBlobDeletions, noteBlobDeletionFailure } from "#app/server/repos/blob-deletions.server.ts";
import { diskUploadError, receiveUpload, uploadTempDir, UploadError, type ReceivedUpload } from "#app/server/gallery/upload.server.ts";
import { diskErrorOf } from "#app/server/storage/disk.server.ts";
import { uploadTempName } from "#app/server/storage/temp-files.server.ts";

export { UploadError } from "#app/server/gallery/upload.server.ts";

/** Every stored file of a photo is named by a version, so it can be cached as immutable. */
export const IMMUTABLE_CACHE_CONTROL = "public, max-age=31536000, immutable";

export interface GalleryDeps {
  db: Kysely<DB>;
  dialect: "sqlite" | "postgres";
  blobStore: BlobStore;
  logger: Logger;
}

/** What the verbs that convert photos need besides: the process's image queue (ADR 045). */
export type ConvertingDeps = GalleryDeps & { images: ImageQueue };

export interface UploadLimits {
  maxBytes: number;
  maxPixels: number;
  dataDir: string;
}

/** An ImageRejectedError as the HTTP refusal it becomes. */
function rejectionStatus(error: ImageRejectedError): number {
  switch (error.reason) {
    case "unsupported-type":
      return 415;
    case "too-large":
      return 413;
    default:
      // Too many pixels, or damaged: the request was fine, the image cannot be used.
      return 422;
  }
}

export async function storeProcessed(
  blobStore: BlobStore,
  id: string,
  image: ProcessedImage,
  version = 1,
): Promise<{ masterKey: string; variants: StoredVariant[] }> {
  const keys = photoKeys(id, version);
  const masterKey = keys.master(image.master.width);
  const variants: StoredVariant[] = image.variants.map((v) => ({
    format: v.format,
    width: v.width,
    height: v.height,
    key: keys.variant(v.format, v.width),
    bytes: v.buffer.length,
  }));
  const uploads: { key: string; buffer: Buffer }[] = [
    { key: masterKey, buffer: image.master.buffer },
    ...image.variants.map((v, i) => ({ key: (variants[i] as StoredVariant).key, buffer: v.buffer })),
  ];
  try {
    // A few at a time: S3 round trips dominate, and eleven at once would hold every buffer's socket.
    for (let i = 0; i < uploads.length; i += 4) {
      // Settled, not raced: a refusal must not start the clean-up while the batch's other files
      // are still being written (they would land after it, orphaned).
      const results = await Promise.allSettled(
        uploads.slice(i, i + 4).map((u) => blobStore.put(u.key, u.buffer, { cacheControl: IMMUTABLE_CACHE_CONTROL })),
      );
      const failed = results.find((r) => r.status === "rejected");
      if (failed) throw failed.reason;
    }
  } catch (error) {
    // Only this version's files: an earlier version may be the one the row points at.
    await blobStore.deletePrefix(version === 1 ? keys.photoPrefix : keys.prefix).catch(() => 0);
    throw error;
  }
  return { masterKey, variants };
}

/**
 * Streams the body to a temp file (removed whatever happens) and converts it in the image
 * queue. Every refusal is logged once and thrown as an UploadError with its HTTP status.
 */
async function receiveAndConvert({
  deps,
  limits,
  id,
  body,
  uploadedBy,
  signal,
}: {
  deps: ConvertingDeps;
  limits: UploadLimits;
  id: string;
  body: ReadableStream<Uint8Array> | null;
  uploadedBy: string | null;
  signal?: AbortSignal;
}): Promise<{ received: ReceivedUpload; image: ProcessedImage }> {
  const filePath = path.join(uploadTempDir(limits.dataDir), uploadTempName(id));
  let received;
  let image: ProcessedImage;
  try {
    received = await receiveUpload({ body, filePath, maxBytes: limits.maxBytes, signal });
    // The header's size, read before any pixel is decoded, is what the upload weighs in the queue.
    // An admin's upload (or the import) is admitted past the queue's cap: it waits its fair turn.
    const { pixels } = await readImageSize(received.path, limits.maxPixels);
    image = await deps.images.convert(
      received.path,
      { maxPixels: limits.maxPixels },
      {
        client: uploadedBy ? `admin:${uploadedBy}` : "import",
        request: id,
        pixels,
      },
    );
  } catch (error) {
    // Every refusal is one warning line: what was refused, why, and by whom.
    if (isImageRejection(error)) {
      const status = rejectionStatus(error);
      deps.logger.warn("upload refused", {
        status,
        reason: error.reason,
        cause: error.cause instanceof Error ? error.cause.message : undefined,
        uploadedBy,
      });
      throw new UploadError(status, error.message);
    }
    if (error instanceof UploadError) {
      const log = error.diskError ? deps.logger.error : deps.logger.warn;
      log("upload refused", {
        status: error.status,
        reason: error.message,
        uploadedBy,
        ...(error.diskError ? { diskError: error.diskError } : {}),
      });
    }
    throw error;
  } finally {
    await rm(filePath, { force: true });
  }
  return { received, image };
}

/**
 * Streams the body to a temp file, checks and converts it, stores every file and records a
 * draft. Throws UploadError (with its HTTP status) for anything the uploader must fix.
 */
export async function createPhotoFromUpload({
  deps,
  limits,
  body,
  category,
  caption = "",
  uploadedBy,
  signal,
  now = new Date(),
}: {
  deps: ConvertingDeps;
  limits: UploadLimits;
  body: ReadableStream<Uint8Array> | null;
  category: string;
  /** A suggested caption the admin reviews before publishing (the import's file name). */
  caption?: string;
  uploadedBy: string | null;
  signal?: AbortSignal;
  now?: Date;
}): Promise<PhotoRow> {
  const id = randomUUID();
  const { received, image } = await receiveAndConvert({ deps, limits, id, body, uploadedBy, signal });
  let stored;
  try {
    stored = await storeProcessed(deps.blobStore, id, image);
  } catch (error) {
    const diskError = diskErrorOf(error);
    if (!diskError) throw error;
    deps.logger.error("photo not saved: the disk refused a write", { ...diskError, uploadedBy });
    throw diskUploadError(diskError);
  }
  const stamp = now.toISOString();
  const row: PhotoRow = {
    id,
    status: "draft",
    version: 1,
    category,
    caption,
    caption_es: "",
    alt: "",
    alt_es: "",
    sort_order: 0,
    width: image.width,
    height: image.height,
    master_key: stored.masterKey,
    master_width: image.master.width,
    master_height: image.master.height,
    variants: JSON.stringify(stored.variants),
    placeholder: image.placeholder,
    source_type: image.sourceType,
    source_bytes: received.bytes,
    uploaded_by: uploadedBy,
    created_at: stamp,
    updated_at: stamp,
    published_at: null,
    project_id: null,
    project_position: null,
  };
  try {
    await createDraftPhoto({ db: deps.db, photo: row });
  } catch (error) {
    await deps.blobStore.deletePrefix(photoKeys(id, 1).photoPrefix).catch(() => 0);
    throw error;
  }
  deps.logger.info("photo uploaded", {
    id,
    type: image.sourceType,
    bytes: received.bytes,
    width: image.width,
    height: image.height,
  });
  return row;
}

export async function publishPhoto({
  deps,
  id,
  details,
}: {
  deps: GalleryDeps;
  id: string;
  details: PhotoDetails;
}): Promise<PhotoRow | null> {
  const row = await publishPhotoRow({ db: deps.db, dialect: deps.dialect, id, details });
  if (row) await clearCoversNotMatching({ db: deps.db, photoId: id, category: details.category });
  return row;
}

export async function editPhoto({ deps, id, details }: { deps: GalleryDeps; id: string; details: PhotoDetails }): Promise<PhotoRow | null> {
  const row = await updatePhotoDetails({ db: deps.db, id, details });
  if (row) await clearCoversNotMatching({ db: deps.db, photoId: id, category: details.category });
  return row;
}

/**
 * Deletes photos: their rows go first, in one transaction that also records their files for
 * deletion (ADR 041), then the files. After the commit no page shows them; a file the store
 * refuses to delete now stays recorded and is retried by housekeeping, so a photo is never left
 * half there (a row whose files are partly gone). Returns the deleted rows and the ids whose files
 * are still waiting.
 */
export async function deletePhotos({
  deps,
  ids,
}: {
  deps: GalleryDeps;
  ids: readonly string[];
}): Promise<{ deleted: PhotoRow[]; filesPending: string[] }> {
  const deleted = await deletePhotoRowsRecordingFiles({ db: deps.db, ids });
  const filesPending: string[] = [];
  for (const row of deleted) {
    deps.logger.info("photo deleted", { id: row.id, status: row.status });
    if (!(await removeRecordedFiles(deps, `photos/${row.id}/`))) filesPending.push(row.id);
  }
  return { deleted, filesPending };
}

/** Deletes one photo (as `deletePhotos`); false when there was no such photo. */
export async function deletePhoto({ deps, id }: { deps: GalleryDeps; id: string }): Promise<boolean> {
  const { deleted } = await deletePhotos({ deps, ids: [id] });
  return deleted.length > 0;
}

/** Deletes a recorded prefix's files, then its record; on a refusal notes why and says false. */
export async function removeRecordedFiles(deps: GalleryDeps, prefix: string): Promise<boolean> {
  try {
    await deps.blobStore.deletePrefix(prefix);
  } catch (error) {
    deps.logger.warn("could not delete files yet; will retry", { prefix, error });
    await noteBlobDeletionFailure({
      db: deps.db,
      prefix,
      error: error instanceof Error ? error.message : String(error),
    }).catch(() => undefined);
    return false;
  }
  await clearBlobDeletion({ db: deps.db, prefix });
  return true;
}

/** Retries every recorded file deletion (housekeeping). Returns how many prefixes were cleared. */
export async function retryBlobDeletions({ deps }: { deps: GalleryDeps }): Promise<number> {
  let cleared = 0;
  for (const row of await listBlobDeletions({ db: deps.db })) {
    if (await removeRecordedFiles(deps, row.prefix)) cleared++;
  }
  return cleared;
}

/**
 * Removes drafts uploaded more than `maxAgeMs` ago with their files. The row goes first, and
 * only while it is still a draft, so a photo published at this moment keeps its files.
 */
export async function removeStaleDrafts({
  deps,
  maxAgeMs,
  now = new Date(),
}: {
  deps: GalleryDeps;
  maxAgeMs: number;
  now?: Date;
}): Promise<number> {
  const stale = await listDraftsCreatedBefore({ db: deps.db, before: new Date(now.getTime() - maxAgeMs) });
  let removed = 0;
  for (const draft of stale) {
    try {
      if (!(await deleteDraftRow({ db: deps.db, id: draft.id }))) continue;
      removed++;
      await deps.blobStore.deletePrefix(`photos/${draft.id}/`);
    } catch (error) {
      deps.logger.warn("could not remove a stale draft photo's files", { id: draft.id, error });
    }
  }
  return removed;
}
