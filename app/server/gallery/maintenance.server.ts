/**
 * Housekeeping for the gallery, run by the host once at start and then every hour: drafts
 * older than DRAFT_MAX_AGE_HOURS are removed with their files, and upload temp files a crash
 * left behind are deleted.
 */
import { startHousekeeping, type Housekeeping } from "../housekeeping.server.ts";
import { removeStaleDrafts, type GalleryDeps } from "./photos.server.ts";
import { removeStaleUploads, uploadTempDir } from "./upload.server.ts";

/** An upload still being written is never this old: requests time out long before. */
const STALE_TEMP_FILE_MS = 6 * 3600 * 1000;

export function startGalleryMaintenance({
  deps,
  dataDir,
  draftMaxAgeMs,
  intervalMs,
}: {
  deps: GalleryDeps;
  dataDir: string;
  draftMaxAgeMs: number;
  intervalMs?: number;
}): Housekeeping {
  return startHousekeeping({
    name: "gallery",
    logger: deps.logger,
    intervalMs,
    task: async () => {
      const drafts = await removeStaleDrafts({ deps, maxAgeMs: draftMaxAgeMs });
      const tempFiles = await removeStaleUploads(uploadTempDir(dataDir), STALE_TEMP_FILE_MS);
      if (drafts > 0 || tempFiles > 0) deps.logger.info("gallery housekeeping", { drafts, tempFiles });
    },
  });
}
