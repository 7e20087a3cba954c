/** A project's before/after pairs from the admin: two different photos of the project, and a caption. docs/decisions/038-before-after-slider.md */
import { isUuid } from "#app/server/ids.server.ts";
import { PairCaptionEsSchema, PairCaptionSchema } from "#app/schemas/project.ts";
import { listProjectPhotos } from "#app/server/repos/project-photos.server.ts";
import { addProjectPair, deleteProjectPair, updateProjectPairCaptions } from "#app/server/repos/project-pairs.server.ts";
import { done, projectVerb, refused } from "#app/server/projects/admin-context.server.ts";
import type { ProjectChange } from "#app/server/projects/admin-types.server.ts";

/** Both captions checked, or the refusal naming the field to fix (`caption`, `captionEs`). */
function parseCaptions(
  caption: string,
  captionEs: string,
  values: Record<string, string>,
): { ok: true; caption: string; captionEs: string } | { ok: false; change: ProjectChange } {
  const english = PairCaptionSchema.safeParse(caption);
  if (!english.success) {
    return {
      ok: false,
      change: refused(400, english.error.issues[0]?.message ?? "Please shorten the caption.", { ...values, field: "caption" }),
    };
  }
  const spanish = PairCaptionEsSchema.safeParse(captionEs);
  if (!spanish.success) {
    const message = spanish.error.issues[0]?.message ?? "Please shorten the Spanish caption.";
    return { ok: false, change: refused(400, message, { ...values, field: "captionEs" }) };
  }
  return { ok: true, caption: english.data, captionEs: spanish.data };
}

export const addPair = projectVerb<{ projectId: string; beforePhotoId: string; afterPhotoId: string; caption: string; captionEs: string }>(
  async (ctx, project, { beforePhotoId, afterPhotoId, caption, captionEs }) => {
    const values = { beforePhotoId, afterPhotoId, caption, captionEs };
    if (!isUuid(beforePhotoId)) return refused(400, "Please choose the Before photo.", { ...values, field: "before" });
    if (!isUuid(afterPhotoId)) return refused(400, "Please choose the After photo.", { ...values, field: "after" });
    if (beforePhotoId === afterPhotoId) {
      return refused(400, "Please choose two different photos: one from before the work and one from after.", {
        ...values,
        field: "after",
      });
    }
    const captions = parseCaptions(caption, captionEs, values);
    if (!captions.ok) return captions.change;
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
      caption: captions.caption,
      captionEs: captions.captionEs,
    });
    if (!pair) return refused(409, "One of the photos left the project in the meantime. Please reload the page.", values);
    return done(project.id, "pair-added", "Added the before/after pair.");
  },
);

export const savePairCaptions = projectVerb<{ projectId: string; pairId: string; caption: string; captionEs: string }>(
  async (ctx, project, { pairId, caption, captionEs }) => {
    const captions = parseCaptions(caption, captionEs, { pairId, caption, captionEs });
    if (!captions.ok) return captions.change;
    const saved =
      isUuid(pairId) &&
      (await updateProjectPairCaptions({
        db: ctx.db,
        projectId: project.id,
        pairId,
        caption: captions.caption,
        captionEs: captions.captionEs,
      }));
    if (!saved) return refused(404, "That pair is not in this project any more. Please reload the page.");
    return done(project.id, "pair-saved", "Saved the pair's captions.");
  },
);

export const removePair = projectVerb<{ projectId: string; pairId: string }>(async (ctx, project, { pairId }) => {
  const removed = isUuid(pairId) && (await deleteProjectPair({ db: ctx.db, projectId: project.id, pairId }));
  if (!removed) return refused(404, "That pair is not in this project any more. Please reload the page.");
  return done(project.id, "pair-removed", "Removed the pair. Its photos stay in the project.");
});
