/**
 * What every gallery verb works with, bound once by `createGallery`: the database, the store,
 * the limits from the config, the disk checks and the public pages it drops after a change.
 * docs/decisions/012-gallery.md
 */
import type { Config } from "#app/server/env.server.ts";
import type { Database } from "#app/server/db/index.server.ts";
import type { Logger } from "#app/server/logger.server.ts";
import type { BlobStore } from "#app/server/storage/blob-store.server.ts";
import type { ImageQueue } from "#app/server/images/queue.server.ts";
import { invalidateAfter, type PublicPages } from "#app/server/public-pages.server.ts";
import { isUuid } from "#app/server/ids.server.ts";
import { getPhoto, type PhotoRow } from "#app/server/repos/photos.server.ts";
import { createDiskChecks, type DiskChecks } from "#app/server/storage/disk.server.ts";
import type { ConvertingDeps } from "#app/server/gallery/photos.server.ts";
import { mediaUrlFor, type MediaUrl } from "#app/server/gallery/view.server.ts";
import type { GalleryChange } from "#app/server/gallery/types.server.ts";

export interface GalleryOptions {
  config: Pick<Config, "env" | "dataDir">;
  database: Pick<Database, "db" | "dialect">;
  blobStore: BlobStore;
  /** The process's one image queue (ADR 045). */
  images: ImageQueue;
  logger: Logger;
  publicPages: PublicPages;
  /** The host's disk checks; made from the config when not given. */
  disk?: Pick<DiskChecks, "troubleFor">;
}

export interface GalleryContext {
  env: Config["env"];
  dataDir: string;
  db: Database["db"];
  dialect: Database["dialect"];
  deps: ConvertingDeps;
  logger: Logger;
  publicPages: PublicPages;
  disk: Pick<DiskChecks, "troubleFor">;
  mediaUrl: MediaUrl;
  maxBytes: number;
  maxPixels: number;
}

export const PHOTO_NOT_FOUND = "We couldn't find that photo. It may have been deleted.";

export function createGalleryContext({ config, database, blobStore, images, logger, publicPages, disk }: GalleryOptions): GalleryContext {
  const { env, dataDir } = config;
  const { db, dialect } = database;
  const maxBytes = Math.floor(env.UPLOAD_MAX_MB * 1024 * 1024);
  return {
    env,
    dataDir,
    db,
    dialect,
    deps: { db, dialect, blobStore, logger, images },
    logger,
    publicPages,
    disk:
      disk ??
      createDiskChecks({
        dataDir,
        localMedia: blobStore.kind === "local",
        reserveMb: env.DISK_RESERVE_MB,
        largestRequestBytes: maxBytes,
      }),
    mediaUrl: mediaUrlFor(blobStore),
    maxBytes,
    maxPixels: Math.floor(env.MAX_IMAGE_MEGAPIXELS * 1_000_000),
  };
}

export const refused = (status: 400 | 404 | 409 | 503, error: string, values?: Record<string, string>): GalleryChange => ({
  ok: false,
  status,
  error,
  ...(values ? { values } : {}),
});

/** Runs a change and, when it went through, drops the public pages that show the gallery. */
export const change = (ctx: Pick<GalleryContext, "publicPages">, run: () => Promise<GalleryChange>): Promise<GalleryChange> =>
  invalidateAfter(ctx.publicPages, run);

export async function findPhoto(ctx: Pick<GalleryContext, "db">, photoId: string): Promise<PhotoRow | null> {
  return isUuid(photoId) ? getPhoto({ db: ctx.db, id: photoId }) : null;
}
