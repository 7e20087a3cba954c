/**
 * Several photos at once: publish (all or none), move to a project, change service, leave their
 * project, delete. docs/decisions/041-gallery-admin-for-volume.md
 */
import { isUuid } from "#app/server/ids.server.ts";
import { getService } from "#app/content/services.ts";
import { getPhotos, setPhotosCategory, type PhotoRow } from "#app/server/repos/photos.server.ts";
import { publishPhotos } from "#app/server/repos/photo-order.server.ts";
import { getProject } from "#app/server/repos/projects.server.ts";
import { addPhotosToProject, removePhotosFromProjects } from "#app/server/repos/project-photos.server.ts";
import { deletePhotos } from "#app/server/gallery/photos.server.ts";
import { photosText } from "#app/server/gallery/bulk-message.server.ts";
import { change, refused, type GalleryContext } from "#app/server/gallery/gallery-context.server.ts";
import type { BulkInput, GalleryChange } from "#app/server/gallery/types.server.ts";

/** The most photos one bulk action takes (a page's worth, with room). */
export const BULK_MAX = 200;

/** The photos found, in the order selected (a bulk publish puts the first selected first), and how many were gone. */
interface Selection {
  found: string[];
  n: number;
  gone: number;
}

export const bulkChange = (ctx: GalleryContext, input: BulkInput): Promise<GalleryChange> =>
  change(ctx, async () => {
    const ids = [...new Set(input.photoIds.filter((id) => isUuid(id)))];
    if (ids.length === 0) return refused(400, "Please select at least one photo first.");
    if (ids.length > BULK_MAX) return refused(400, `Please select at most ${BULK_MAX} photos at a time.`);
    const rows = await getPhotos({ db: ctx.db, ids });
    if (rows.length === 0) return refused(404, "We couldn't find the selected photos. They may have been deleted.");
    const selection: Selection = {
      found: ids.filter((id) => rows.some((row) => row.id === id)),
      n: rows.length,
      gone: ids.length - rows.length,
    };
    return runBulk(ctx, input, selection);
  });

async function runBulk(ctx: GalleryContext, input: BulkInput, { found, n, gone }: Selection): Promise<GalleryChange> {
  const { db, dialect, logger } = ctx;
  const { action, projectId, category, confirmed = false, adminId } = input;
  if (action === "publish") {
    const result = await publishPhotos({ db, dialect, ids: found });
    if (!result.ok) return refused(409, needDescriptionMessage(result.needDescription));
    logger.info("photos published together", { count: result.published, adminId });
    return { ok: true, done: "bulk-published", counts: { n: result.published, k: n - result.published, gone } };
  }
  if (action === "project") {
    const project = isUuid(projectId) ? await getProject({ db, id: projectId }) : null;
    if (!project) return refused(404, "Please choose a project to move the photos to. That one may have been deleted.");
    const moved = await addPhotosToProject({ db, dialect, projectId: project.id, photoIds: found });
    return { ok: true, done: "bulk-moved", project: project.id, counts: { n: moved, k: n - moved, gone } };
  }
  if (action === "service") {
    const service = getService(category ?? "");
    if (!service) return refused(400, "Please choose which service the photos show.");
    const changed = await setPhotosCategory({ db, ids: found, category: service.slug });
    return { ok: true, done: "bulk-service", service: service.slug, counts: { n: changed, gone } };
  }
  if (action === "unproject") {
    const left = await removePhotosFromProjects({ db, photoIds: found });
    return { ok: true, done: "bulk-unprojected", counts: { n: left, gone } };
  }
  // Delete: only with the confirmation's "yes", so one mis-click never loses photos.
  if (!confirmed) return refused(400, `Please confirm deleting ${photosText(n)} with “Yes, delete”. Nothing was deleted.`);
  const { deleted, filesPending } = await deletePhotos({ deps: ctx.deps, ids: found });
  logger.info("photos deleted together", { count: deleted.length, filesPending: filesPending.length, adminId });
  return {
    ok: true,
    done: "bulk-deleted",
    counts: { n: deleted.length, k: filesPending.length, gone: gone + n - deleted.length },
  };
}

function needDescriptionMessage(needDescription: readonly PhotoRow[]): string {
  const names = needDescription.map((row) => `“${shortName(row)}”`).join(", ");
  const k = needDescription.length;
  return `Nothing was published: ${k === 1 ? "1 of the selected photos needs" : `${k} of the selected photos need`} a description for people who can't see ${k === 1 ? "it" : "them"} first (${names}). Open ${k === 1 ? "it" : "each"} and describe it, then publish again.`;
}

/** A photo's short name in a sentence. */
function shortName(row: Pick<PhotoRow, "caption" | "alt">): string {
  const text = (row.caption || row.alt).trim() || "a photo without a caption";
  return text.length > 40 ? `${text.slice(0, 39)}…` : text;
}
