/**
 * Where a lead photo's files are (`lead-photos/{id}/`, private: /media never serves them), and
 * removing them when their lead goes or their rows could not be added (ADR 025). A delete that
 * fails is left to housekeeping, which removes files no row points at after a grace period.
 */
import type { Logger } from "#app/server/logger.server.ts";
import { assertKey, type BlobStore } from "#app/server/storage/blob-store.server.ts";
import { LEAD_PHOTO_PREFIX, type PhotoSize } from "#app/server/leads/job-photos/rules.server.ts";

/** A photo id as the store names its folder (and as an admin address carries it). */
export const PHOTO_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

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

export interface StoredVariant {
  format: "webp";
  width: number;
  height: number;
  key: string;
  bytes: number;
}

export async function deleteLeadPhotoPrefixes(blobStore: BlobStore, prefixes: string[], logger: Logger): Promise<void> {
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
  await deleteLeadPhotoPrefixes(
    blobStore,
    photoIds.map((id) => leadPhotoKeys(id).prefix),
    logger,
  );
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
