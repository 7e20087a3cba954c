/** A project's photos from the admin: added from the gallery, taken out, described, ordered, one made the cover. docs/decisions/040-admin-projects.md */
import { isUuid } from "#app/server/ids.server.ts";
import { PhotoDetailsSchema } from "#app/schemas/photo.ts";
import { getPhoto, updatePhotoDetails, type PhotoRow } from "#app/server/repos/photos.server.ts";
import {
  addPhotosToProject,
  listProjectPhotos,
  moveProjectPhoto,
  removePhotosFromProjects,
  setProjectCover,
} from "#app/server/repos/project-photos.server.ts";
import {
  count,
  done,
  projectVerb,
  PHOTO_NOT_IN_PROJECT,
  refused,
  type ProjectAdminContext,
} from "#app/server/projects/admin-context.server.ts";

/** The photo when it is one of the project's; null for another's, an unknown or a malformed id. */
async function photoInProject({ db }: ProjectAdminContext, projectId: string, photoId: string): Promise<PhotoRow | null> {
  const photo = isUuid(photoId) ? await getPhoto({ db, id: photoId }) : null;
  return photo && photo.project_id === projectId ? photo : null;
}

export const addPhotos = projectVerb<{ projectId: string; photoIds: readonly string[] }>(async (ctx, project, { photoIds }) => {
  const ids = photoIds.filter((id) => isUuid(id));
  if (ids.length === 0) return refused(400, "Please tick at least one photo to add.");
  const added = await addPhotosToProject({ db: ctx.db, dialect: ctx.dialect, projectId: project.id, photoIds: ids });
  if (added === 0) return refused(409, "Those photos are already in this project or were deleted. Please reload the page.");
  return done(project.id, "photos-added", `Added ${count(added, "photo", "photos")} to the project.`);
});

export const removePhoto = projectVerb<{ projectId: string; photoId: string }>(async (ctx, project, { photoId }) => {
  const photo = await photoInProject(ctx, project.id, photoId);
  if (!photo) return refused(404, PHOTO_NOT_IN_PROJECT);
  await removePhotosFromProjects({ db: ctx.db, photoIds: [photo.id] });
  return done(project.id, "photo-removed", "Took the photo out of the project. It is still in the gallery.");
});

export const describePhoto = projectVerb<{ projectId: string; photoId: string; alt: string }>(async (ctx, project, { photoId, alt }) => {
  const photo = await photoInProject(ctx, project.id, photoId);
  if (!photo) return refused(404, PHOTO_NOT_IN_PROJECT);
  // The caption, the Spanish texts and the service stay; only the description changes.
  const parsed = PhotoDetailsSchema.safeParse({
    caption: photo.caption,
    alt,
    captionEs: photo.caption_es,
    altEs: photo.alt_es,
    category: photo.category,
  });
  if (!parsed.success) {
    const message = [...new Set(parsed.error.issues.map((issue) => issue.message))].join(" ");
    return refused(400, message, { alt });
  }
  await updatePhotoDetails({ db: ctx.db, id: photo.id, details: parsed.data });
  return done(project.id, "described", "Saved the photo's description.");
});

export const movePhoto = projectVerb<{ projectId: string; photoId: string; direction: string }>(
  async (ctx, project, { photoId, direction }) => {
    const photos = await listProjectPhotos({ db: ctx.db, projectId: project.id });
    const current = isUuid(photoId) ? photos.findIndex((p) => p.id === photoId) : -1;
    if (current === -1) return refused(404, PHOTO_NOT_IN_PROJECT);
    const last = photos.length - 1;
    const to =
      direction === "up"
        ? current - 1
        : direction === "down"
          ? current + 1
          : direction === "first"
            ? 0
            : direction === "last"
              ? last
              : null;
    if (to === null) return refused(400, "Please say where to move the photo: up, down, first or last.");
    if (to < 0) return refused(409, "This photo is already first.");
    if (to > last) return refused(409, "This photo is already last.");
    const moved = await moveProjectPhoto({
      db: ctx.db,
      dialect: ctx.dialect,
      projectId: project.id,
      photoId,
      position: to,
    });
    if (moved === null) return refused(404, PHOTO_NOT_IN_PROJECT);
    return done(project.id, "moved", `Moved the photo to place ${moved + 1} of ${photos.length}.`);
  },
);

export const setCover = projectVerb<{ projectId: string; photoId: string }>(async (ctx, project, { photoId }) => {
  const ok = isUuid(photoId) && (await setProjectCover({ db: ctx.db, projectId: project.id, photoId }));
  if (!ok) return refused(404, PHOTO_NOT_IN_PROJECT);
  return done(project.id, "cover", "This photo is now the project's cover.");
});
