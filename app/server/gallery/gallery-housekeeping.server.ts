/** Stale drafts removed and refused file deletions retried: now, then hourly. docs/decisions/012-gallery.md */
import { startHousekeeping, type Housekeeping } from "#app/server/housekeeping.server.ts";
import { removeStaleDrafts, retryBlobDeletions } from "#app/server/gallery/photos.server.ts";
import type { GalleryContext } from "#app/server/gallery/gallery-context.server.ts";

export function startGalleryHousekeeping(
  { deps, env, logger }: GalleryContext,
  { intervalMs }: { intervalMs?: number } = {},
): Housekeeping {
  return startHousekeeping({
    name: "gallery",
    logger,
    intervalMs,
    task: async () => {
      const drafts = await removeStaleDrafts({ deps, maxAgeMs: env.DRAFT_MAX_AGE_HOURS * 3600 * 1000 });
      const fileDeletions = await retryBlobDeletions({ deps });
      if (drafts > 0 || fileDeletions > 0) logger.info("gallery housekeeping", { drafts, fileDeletions });
    },
  });
}
