/**
 * A quarter turn of a photo: every file made again under the next version, the row moved to it
 * in one update, the old version's files deleted (recorded, retried if the store refuses).
 * docs/decisions/012-gallery.md
 */
import { buffer as readAll } from "node:stream/consumers";
import sharp from "sharp";
import { photoKeys } from "#app/server/images/pipeline.server.ts";
import { getPhoto, replacePhotoVersion, type PhotoRow } from "#app/server/repos/photos.server.ts";
import { removeRecordedFiles, storeProcessed, type ConvertingDeps } from "#app/server/gallery/photos.server.ts";

/** Why a rotation did not happen. */
export class RotateError extends Error {
  readonly status: 404 | 409 | 503;
  constructor(status: 404 | 409 | 503, message: string) {
    super(message);
    this.name = "RotateError";
    this.status = status;
  }
}

/**
 * Turns a photo a quarter turn (`left` = anticlockwise). The master is turned and every variant
 * made again from it under the next version's keys (so every cached file stays right); the row
 * then points at them in one update, and the old version's files are deleted (recorded in the same
 * transaction, retried if the store refuses). If encoding or storing fails, the row keeps the old
 * version and the new version's files are removed.
 */
export async function rotatePhoto({
  deps,
  id,
  direction,
  maxPixels,
}: {
  deps: ConvertingDeps;
  id: string;
  direction: "left" | "right";
  maxPixels: number;
}): Promise<PhotoRow> {
  const row = await getPhoto({ db: deps.db, id });
  if (!row) throw new RotateError(404, "We couldn't find that photo. It may have been deleted.");
  const master = await deps.blobStore.get(row.master_key);
  if (!master) throw new RotateError(409, "This photo's file is missing, so it cannot be turned. Delete it and upload it again.");
  const turned = await sharp(await readAll(master.body))
    .rotate(direction === "left" ? 270 : 90)
    .jpeg({ quality: 92 })
    .toBuffer();
  const image = await deps.images.convert(
    turned,
    { maxPixels },
    { client: "admin", request: `rotate:${id}`, pixels: row.master_width * row.master_height },
  );
  const version = row.version + 1;
  const stored = await storeProcessed(deps.blobStore, id, image, version);
  const change = {
    version,
    // The upload's upright size turns with it.
    width: row.height,
    height: row.width,
    master_key: stored.masterKey,
    master_width: image.master.width,
    master_height: image.master.height,
    variants: JSON.stringify(stored.variants),
    placeholder: image.placeholder,
  };
  let replaced: boolean;
  try {
    replaced = await replacePhotoVersion({ db: deps.db, id, fromVersion: row.version, change });
  } catch (error) {
    await deps.blobStore.deletePrefix(photoKeys(id, version).prefix).catch(() => 0);
    throw error;
  }
  if (!replaced) {
    // Another turn of the same photo won the race and may own these keys: then they stay.
    const now = await getPhoto({ db: deps.db, id });
    if (now?.version !== version) await deps.blobStore.deletePrefix(photoKeys(id, version).prefix).catch(() => 0);
    throw new RotateError(409, "This photo changed or was deleted meanwhile. Please reload the page and try again.");
  }
  await removeRecordedFiles(deps, photoKeys(id, row.version).prefix);
  deps.logger.info("photo rotated", { id, direction, version });
  return { ...row, ...change };
}
