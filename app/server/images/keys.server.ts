/**
 * Storage keys of a photo's files: deterministic, namespaced by photo and version, and
 * valid for the blob store (`assertKey`, docs/decisions/010-blob-storage.md). A new
 * version gets new keys, so every key can be cached as immutable.
 */
import { assertKey } from "#app/server/storage/blob-store.server.ts";

export type VariantFormat = "avif" | "webp";
export type MasterFormat = "jpeg";

export interface PhotoKeys {
  /** `photos/{id}/v{version}/`: everything of this version, for `list` and `deletePrefix`. */
  readonly prefix: string;
  /** `photos/{id}/`: every version of the photo. */
  readonly photoPrefix: string;
  /** `photos/{id}/v{version}/master-{width}.jpg` */
  master(width: number): string;
  /** `photos/{id}/v{version}/display-{width}.{avif|webp}` */
  variant(format: VariantFormat, width: number): string;
}

const ID = /^[a-z0-9][a-z0-9_-]{0,63}$/;

function assertWidth(width: number): void {
  if (!Number.isSafeInteger(width) || width < 1 || width > 100_000) {
    throw new RangeError(`A photo width must be a whole number of pixels from 1 to 100000, not ${String(width)}`);
  }
}

function checked(key: string): string {
  assertKey(key);
  return key;
}

/** Keys for one version of one photo. `photoId` is a positive integer or a lowercase id; `version` a positive integer. */
export function photoKeys(photoId: number | string, version: number): PhotoKeys {
  const id = String(photoId);
  if (typeof photoId === "number" ? !Number.isSafeInteger(photoId) || photoId < 1 : !ID.test(id)) {
    throw new RangeError(`A photo id must be a positive integer or 1-64 characters of a-z, 0-9, '-', '_', not ${JSON.stringify(id)}`);
  }
  if (!Number.isSafeInteger(version) || version < 1) {
    throw new RangeError(`A photo version must be a positive integer, not ${String(version)}`);
  }
  const photoPrefix = `photos/${id}/`;
  const prefix = `${photoPrefix}v${version}/`;
  return {
    prefix,
    photoPrefix,
    master(width) {
      assertWidth(width);
      return checked(`${prefix}master-${width}.jpg`);
    },
    variant(format, width) {
      assertWidth(width);
      if (format !== "avif" && format !== "webp") throw new RangeError(`Unknown variant format ${JSON.stringify(format)}`);
      return checked(`${prefix}display-${width}.${format}`);
    },
  };
}
