/**
 * Converting the measured photos of a stored lead through the process's image queue (ADR 045)
 * and writing each one's large JPEG and thumbnail under `lead-photos/{id}/`. Whatever goes wrong
 * costs photos, never the stored request (ADR 025, 044).
 */
import { randomUUID } from "node:crypto";
import { rm } from "node:fs/promises";
import type { Logger } from "#app/server/logger.server.ts";
import { isImageRejection } from "#app/server/images/pipeline.server.ts";
import type { ImageQueue } from "#app/server/images/queue.server.ts";
import type { BlobStore } from "#app/server/storage/blob-store.server.ts";
import { diskErrorOf, type DiskError } from "#app/server/storage/disk.server.ts";
import type { NewLeadPhoto } from "#app/server/repos/leads.server.ts";
import {
  LARGE_MAX_SIDE,
  PRIVATE_CACHE_CONTROL,
  THUMB_WIDTH,
  photoRefusals,
  type PhotoRefusal,
} from "#app/server/leads/job-photos/rules.server.ts";
import { deleteLeadPhotoPrefixes, leadPhotoKeys, type StoredVariant } from "#app/server/leads/job-photos/files.server.ts";
import type { MeasuredJobPhotos } from "#app/server/leads/job-photos/measure.server.ts";

interface StoredJobPhotos {
  /** The rows to add to the lead, positions from 0 in the order sent. */
  photos: NewLeadPhoto[];
  /** Every photo not kept, with its sentence: the receiving's and the headers' refusals, then the conversion's. */
  refused: PhotoRefusal[];
  /** Removes the stored files (their rows could not be added after all). */
  discard(): Promise<void>;
}

type MeasuredPhoto = MeasuredJobPhotos["files"][number];
/** A photo's conversion, settled; undefined when the queue had no room for it. */
type Conversion = Promise<{ ok: true; image: Awaited<ReturnType<ImageQueue["convert"]>> } | { ok: false; error: unknown }> | undefined;

/** What one request's storing shares from photo to photo. */
interface Storing {
  blobStore: BlobStore;
  images: ImageQueue;
  logger: Logger;
  requestId: string;
  photos: NewLeadPhoto[];
  refused: PhotoRefusal[];
  prefixes: string[];
  /** After the disk refused one photo's files, the others would fail the same way: not worth storing. */
  diskTrouble: DiskError | null;
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
  const storing: Storing = {
    blobStore,
    images,
    logger,
    requestId,
    photos: [],
    refused: [...measured.refused],
    prefixes: [],
    diskTrouble: null,
  };
  const options = { maxPixels, masterMaxSide: LARGE_MAX_SIDE, widths: [THUMB_WIDTH] };
  // Queued together, before any is awaited: the request's photos are admitted or refused at
  // arrival, against what the queue holds now.
  const conversions: Conversion[] = measured.files.map((file) => {
    const converting = images.tryConvert(file.path, options, { client, request: requestId, pixels: file.pixels });
    // Settled at once, so a refusal never goes unhandled while an earlier photo is awaited.
    return converting?.then(
      (image) => ({ ok: true as const, image }),
      (error: unknown) => ({ ok: false as const, error }),
    );
  });
  try {
    for (const [index, file] of measured.files.entries()) await storeOne(storing, file, conversions[index]);
  } finally {
    // Every conversion is over before a temp file goes.
    await Promise.all(conversions);
    await Promise.all(measured.files.map((file) => rm(file.path, { force: true })));
    await measured.discard();
  }
  const { photos, refused, prefixes } = storing;
  return {
    photos,
    refused,
    discard: async () => {
      await deleteLeadPhotoPrefixes(blobStore, prefixes, logger);
    },
  };
}

/** One photo: its conversion awaited, its files written and its row noted, or its refusal. */
async function storeOne(storing: Storing, file: MeasuredPhoto, conversion: Conversion): Promise<void> {
  const { blobStore, images, logger, requestId, photos, refused } = storing;
  const id = randomUUID();
  const keys = leadPhotoKeys(id);
  try {
    if (storing.diskTrouble) {
      refused.push({ name: file.name, reason: photoRefusals.notSaved(file.name) });
      return;
    }
    const converted = await conversion;
    if (!converted) {
      logger.warn("job photo refused", { requestId, reason: "queue-full", pixels: file.pixels, queue: images.stats() });
      refused.push({ name: file.name, reason: photoRefusals.busy(file.name) });
      return;
    }
    if (!converted.ok) throw converted.error;
    const { image } = converted;
    const thumb = image.variants.find((v) => v.format === "webp");
    if (!thumb) throw new Error("the pipeline made no WebP thumbnail");
    const largeKey = keys.large(image.master.width);
    const thumbKey = keys.thumb(thumb.width);
    storing.prefixes.push(keys.prefix);
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
      refused.push({ name: file.name, reason: photoRefusals.rejected(file.name, error.message, error.reason) });
    } else {
      storing.diskTrouble = diskErrorOf(error);
      if (storing.diskTrouble) {
        const { code, syscall, path: where, message } = storing.diskTrouble;
        logger.error("job photos not kept: the disk refused a write", {
          requestId,
          code,
          syscall,
          path: where,
          message,
        });
      } else logger.error("job photo not stored", { requestId, error });
      await blobStore.deletePrefix(keys.prefix).catch(() => 0);
      refused.push({ name: file.name, reason: photoRefusals.notSaved(file.name) });
    }
  }
}
