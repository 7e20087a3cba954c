/** A project's before/after pairs from the admin: two different photos of the project, and a caption. docs/decisions/038-before-after-slider.md */
import { isUuid } from "#app/server/ids.server.ts";
import { PairCaptionSchema } from "#app/schemas/project.ts";
import { listProjectPhotos } from "#app/server/repos/project-photos.server.ts";
import { addProjectPair, deleteProjectPair } from "#app/server/repos/project-pairs.server.ts";
import { done, projectVerb, refused } from "#app/server/projects/admin-context.server.ts";

export const addPair = projectVerb<{ projectId: string; beforePhotoId: string; afterPhotoId: string; caption: string }>(
  async (ctx, project, { beforePhotoId, afterPhotoId, caption }) => {
    const values = { beforePhotoId, afterPhotoId, caption };
    if (!isUuid(beforePhotoId)) return refused(400, "Please choose the Before photo.", { ...values, field: "before" });
    if (!isUuid(afterPhotoId)) return refused(400, "Please choose the After photo.", { ...values, field: "after" });
    if (beforePhotoId === afterPhotoId) {
      return refused(400, "Please choose two different photos: one from before the work and one from after.", {
        ...values,
        field: "after",
      });
    }
    const parsedCaption = PairCaptionSchema.safeParse(caption);
    if (!parsedCaption.success)
      return refused(400, parsedCaption.error.issues[0]?.message ?? "Please shorten the caption.", {
        ...values,
        field: "caption",
      });
    const ours = new Set((await listProjectPhotos({ db: ctx.db, projectId: project.id })).map((p) => p.id));
    if (!ours.has(beforePhotoId) || !ours.has(afterPhotoId)) {
      return refused(400, "Both photos of a pair must be photos of this project. Add them to the project first.", {
        ...values,
        field: ours.has(beforePhotoId) ? "after" : "before",
      });
    }
    const pair = await addProjectPair({
      db: ctx.db,
      dialect: ctx.dialect,
      projectId: project.id,
      beforePhotoId,
      afterPhotoId,
      caption: parsedCaption.data,
    });
    if (!pair) return refused(409, "One of the photos left the project in the meantime. Please reload the page.", values);
    return done(project.id, "pair-added", "Added the before/after pair.");
  },
);

export const removePair = projectVerb<{ projectId: string; pairId: string }>(async (ctx, project, { pairId }) => {
  const removed = isUuid(pairId) && (await deleteProjectPair({ db: ctx.db, projectId: project.id, pairId }));
  if (!removed) return refused(404, "That pair is not in this project any more. Please reload the page.");
  return done(project.id, "pair-removed", "Removed the pair. Its photos stay in the project.");
});
