/**
 * A photo's details (caption, description, each also in Spanish, service, project) saved, and published when asked.
 * docs/decisions/012-gallery.md
 */
import { isUuid } from "#app/server/ids.server.ts";
import { PhotoDetailsSchema } from "#app/schemas/photo.ts";
import { addPhotosToProject, removePhotosFromProjects } from "#app/server/repos/project-photos.server.ts";
import { editPhoto, publishPhoto } from "#app/server/gallery/photos.server.ts";
import { change, findPhoto, PHOTO_NOT_FOUND, refused, type GalleryContext } from "#app/server/gallery/gallery-context.server.ts";
import type { GalleryChange, PhotoValues } from "#app/server/gallery/types.server.ts";

interface SaveDetailsInput {
  photoId: string;
  values: PhotoValues;
  publish: boolean;
  adminId: string;
}

export const saveDetails = (ctx: GalleryContext, { photoId, values, publish, adminId }: SaveDetailsInput): Promise<GalleryChange> =>
  change(ctx, async () => {
    const { db, dialect, deps } = ctx;
    const photo = await findPhoto(ctx, photoId);
    if (!photo) return refused(404, PHOTO_NOT_FOUND);
    // A form without the Spanish fields keeps what is stored in them.
    const parsed = PhotoDetailsSchema.safeParse({
      ...values,
      captionEs: values.captionEs ?? photo.caption_es,
      altEs: values.altEs ?? photo.alt_es,
    });
    if (!parsed.success) {
      const message = parsed.error.issues.map((issue) => issue.message).join(" ");
      return refused(400, message, { ...values, photoId: photo.id });
    }
    const { projectId } = values;
    if (projectId !== undefined && projectId !== (photo.project_id ?? "")) {
      if (projectId === "") await removePhotosFromProjects({ db, photoIds: [photo.id] });
      else if (!isUuid(projectId) || (await addPhotosToProject({ db, dialect, projectId, photoIds: [photo.id] })) === 0) {
        return refused(404, "That project no longer exists. Please choose another, or No project.", {
          ...values,
          photoId: photo.id,
        });
      }
    }
    const saved = publish
      ? await publishPhoto({ deps, id: photo.id, details: parsed.data })
      : await editPhoto({ deps, id: photo.id, details: parsed.data });
    if (!saved) return refused(404, PHOTO_NOT_FOUND);
    ctx.logger.info(publish ? "photo published" : "photo details saved", { id: photo.id, adminId });
    return { ok: true, done: publish ? "published" : "saved", photoId: photo.id };
  });
