/**
 * Housekeeping for the gallery, run by the host once at start and then every hour: drafts
 * older than DRAFT_MAX_AGE_HOURS are removed with their files, and upload temp files a crash
 * left behind are deleted.
 */
import { removeStaleDrafts, type GalleryDeps } from "./photos.server.ts";
import { removeStaleUploads, uploadTempDir } from "./upload.server.ts";

/** An upload still being written is never this old: requests time out long before. */
const STALE_TEMP_FILE_MS = 6 * 3600 * 1000;

export function startGalleryMaintenance({
  deps,
  dataDir,
  draftMaxAgeMs,
  intervalMs = 3600 * 1000,
}: {
  deps: GalleryDeps;
  dataDir: string;
  draftMaxAgeMs: number;
  intervalMs?: number;
}): { stop(): void; runOnce(): Promise<void> } {
  async function runOnce() {
    try {
      const drafts = await removeStaleDrafts({ deps, maxAgeMs: draftMaxAgeMs });
      const tempFiles = await removeStaleUploads(uploadTempDir(dataDir), STALE_TEMP_FILE_MS);
      if (drafts > 0 || tempFiles > 0) deps.logger.info("gallery housekeeping", { drafts, tempFiles });
    } catch (error) {
      deps.logger.warn("gallery housekeeping failed; will try again", { error });
    }
  }
  void runOnce();
  const timer = setInterval(() => void runOnce(), intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer), runOnce };
}
