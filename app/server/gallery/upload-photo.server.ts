/**
 * An upload becomes a new draft: the disk is checked before a byte is written, the admin's
 * choices are remembered, and a chosen project gets the draft. docs/decisions/012-gallery.md,
 * 044-disk-trouble-costs-photos.md
 */
import { isUuid } from "#app/server/ids.server.ts";
import type { AdminPhoto } from "#app/schemas/photo-view.ts";
import { getProject } from "#app/server/repos/projects.server.ts";
import { addPhotosToProject } from "#app/server/repos/project-photos.server.ts";
import { createPhotoFromUpload } from "#app/server/gallery/photos.server.ts";
import { toAdminPhoto } from "#app/server/gallery/view.server.ts";
import { diskUploadError, UploadError } from "#app/server/gallery/upload.server.ts";
import { isServiceSlug, saveUploadChoice } from "#app/server/gallery/upload-choice.server.ts";
import type { GalleryContext } from "#app/server/gallery/gallery-context.server.ts";
import type { Gallery } from "#app/server/gallery/types.server.ts";

type UploadInput = Parameters<Gallery["upload"]>[0];
export type UploadResult = { ok: true; photo: AdminPhoto } | { ok: false; status: number; error: string };

export async function uploadPhoto(
  ctx: GalleryContext,
  { body, category, projectId, uploadedBy, signal, declaredBytes }: UploadInput,
): Promise<UploadResult> {
  const { db, dialect, deps, logger, maxBytes, maxPixels, dataDir } = ctx;
  const project = isUuid(projectId) ? await getProject({ db, id: projectId }) : null;
  if (projectId && !project) {
    return {
      ok: false,
      status: 404,
      error: "The project chosen for this upload no longer exists. Please reload the page and choose again.",
    };
  }
  // Refused before a byte is written: the admin's photo must not take the room a homeowner's request needs.
  const trouble = await ctx.disk.troubleFor(declaredBytes && declaredBytes > 0 ? declaredBytes : maxBytes);
  if (trouble) {
    const refusal = diskUploadError(trouble);
    logger.warn("upload refused: disk", { status: refusal.status, trouble, uploadedBy });
    return { ok: false, status: refusal.status, error: refusal.message };
  }
  try {
    const row = await createPhotoFromUpload({
      deps,
      limits: { maxBytes, maxPixels, dataDir },
      body,
      category: isServiceSlug(category) ? category : "repair",
      uploadedBy,
      signal,
    });
    // The next upload starts with the same choices (per admin, on any device).
    await saveUploadChoice({ db, adminId: uploadedBy, service: row.category, projectId: project?.id ?? null });
    if (project) {
      // A draft of the project: it goes public when the admin publishes it (or the project's drafts together).
      await addPhotosToProject({ db, dialect, projectId: project.id, photoIds: [row.id] });
      await ctx.publicPages.invalidate();
    }
    return { ok: true, photo: toAdminPhoto(row, ctx.mediaUrl, null) };
  } catch (error) {
    if (error instanceof UploadError) return { ok: false, status: error.status, error: error.message };
    throw error;
  }
}
