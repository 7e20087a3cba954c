/**
 * The gallery's work: turning an upload into a stored draft, publishing, editing, ordering,
 * covers, deleting, and removing stale drafts — each keeping the database rows and the
 * BlobStore's files in step. docs/decisions/012-gallery.md
 */
import { randomUUID } from "node:crypto";
import { rm } from "node:fs/promises";
import path from "node:path";
import type { Kysely } from "kysely";
import type { DB } from "../db/schema.server.ts";
import type { BlobStore } from "../storage/blob-store.server.ts";
import type { Logger } from "../logger.server.ts";
import { ImageRejectedError, photoKeys, processImage, type ProcessedImage } from "../images/pipeline.server.ts";
import {
  clearCoversNotMatching,
  createDraftPhoto,
  deleteDraftRow,
  deletePhotoRow,
  getPhoto,
  listDraftsCreatedBefore,
  publishPhoto as publishPhotoRow,
  updatePhotoDetails,
  type PhotoDetails,
  type PhotoRow,
  type StoredVariant,
} from "../repos/photos.server.ts";
import { receiveUpload, uploadTempDir, UploadError } from "./upload.server.ts";

export { UploadError } from "./upload.server.ts";

/** Every stored file of a photo is named by a version, so it can be cached as immutable. */
export const IMMUTABLE_CACHE_CONTROL = "public, max-age=31536000, immutable";

export interface GalleryDeps {
  db: Kysely<DB>;
  dialect: "sqlite" | "postgres";
  blobStore: BlobStore;
  logger: Logger;
}

export interface UploadLimits {
  maxBytes: number;
  maxPixels: number;
  dataDir: string;
}

/** An ImageRejectedError as the HTTP refusal it becomes. */
export function rejectionStatus(error: ImageRejectedError): number {
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

async function storeProcessed(blobStore: BlobStore, id: string, image: ProcessedImage): Promise<{ masterKey: string; variants: StoredVariant[] }> {
  const keys = photoKeys(id, 1);
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
      await Promise.all(
        uploads.slice(i, i + 4).map((u) => blobStore.put(u.key, u.buffer, { cacheControl: IMMUTABLE_CACHE_CONTROL })),
      );
    }
  } catch (error) {
    await blobStore.deletePrefix(keys.photoPrefix).catch(() => 0);
    throw error;
  }
  return { masterKey, variants };
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
  deps: GalleryDeps;
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
  const filePath = path.join(uploadTempDir(limits.dataDir), `${id}.upload`);
  let received;
  let image: ProcessedImage;
  try {
    received = await receiveUpload({ body, filePath, maxBytes: limits.maxBytes, signal });
    image = await processImage(received.path, { maxPixels: limits.maxPixels });
  } catch (error) {
    // Every refusal is one warning line: what was refused, why, and by whom.
    if (error instanceof ImageRejectedError) {
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
      deps.logger.warn("upload refused", { status: error.status, reason: error.message, uploadedBy });
    }
    throw error;
  } finally {
    await rm(filePath, { force: true });
  }
  const stored = await storeProcessed(deps.blobStore, id, image);
  const stamp = now.toISOString();
  const row: PhotoRow = {
    id,
    status: "draft",
    version: 1,
    category,
    caption,
    alt: "",
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
  deps.logger.info("photo uploaded", { id, type: image.sourceType, bytes: received.bytes, width: image.width, height: image.height });
  return row;
}

export async function publishPhoto({ deps, id, details }: { deps: GalleryDeps; id: string; details: PhotoDetails }): Promise<PhotoRow | null> {
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
 * Removes every file of the photo, then its row. Files go first: should the store fail, the
 * row stays and the admin can try again, rather than files being left behind unseen.
 */
export async function deletePhoto({ deps, id }: { deps: GalleryDeps; id: string }): Promise<boolean> {
  const row = await getPhoto({ db: deps.db, id });
  if (!row) return false;
  await deps.blobStore.deletePrefix(`photos/${row.id}/`);
  await deletePhotoRow({ db: deps.db, id });
  deps.logger.info("photo deleted", { id, status: row.status });
  return true;
}

/**
 * Removes drafts uploaded more than `maxAgeMs` ago with their files. The row goes first, and
 * only while it is still a draft, so a photo published at this moment keeps its files.
 */
export async function removeStaleDrafts({ deps, maxAgeMs, now = new Date() }: { deps: GalleryDeps; maxAgeMs: number; now?: Date }): Promise<number> {
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
