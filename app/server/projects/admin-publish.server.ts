/** A project published with all its drafts at once, or taken off the site. docs/decisions/040-admin-projects.md */
import { publishProject, unpublishProject } from "#app/server/repos/projects.server.ts";
import { listProjectPhotos } from "#app/server/repos/project-photos.server.ts";
import { count, done, projectVerb, PROJECT_NOT_FOUND, refused } from "#app/server/projects/admin-context.server.ts";

/** The sentence that says why a project cannot be published yet. */
export function missingAltMessage(n: number): string {
  return n === 1
    ? "1 photo still needs a description for people who can't see it: add it, then publish."
    : `${n} photos still need a description for people who can't see them: add it, then publish.`;
}

export const publish = projectVerb<{ projectId: string; adminId: string }>(async (ctx, project, { adminId }) => {
  const photos = await listProjectPhotos({ db: ctx.db, projectId: project.id });
  if (photos.length === 0) return refused(409, "Add at least one photo to the project, then publish.");
  const missing = photos.filter((p) => p.status === "draft" && p.alt.trim() === "").length;
  if (missing > 0) return refused(409, missingAltMessage(missing));
  const result = await publishProject({ db: ctx.db, dialect: ctx.dialect, id: project.id });
  if (!result) return refused(404, PROJECT_NOT_FOUND);
  ctx.logger.info("project published", { id: project.id, adminId, photosPublished: result.photosPublished });
  const drafts = result.photosPublished > 0 ? ` with ${count(result.photosPublished, "draft photo", "draft photos")}` : "";
  return done(project.id, "published", `Published the project${drafts}. It is on the site now.`);
});

export const unpublish = projectVerb<{ projectId: string; adminId: string }>(async (ctx, project, { adminId }) => {
  if (project.status === "draft") return refused(409, "This project is not on the site.");
  await unpublishProject({ db: ctx.db, id: project.id });
  ctx.logger.info("project unpublished", { id: project.id, adminId });
  return done(project.id, "unpublished", "Took the project off the site. Its photos stay in the gallery.");
});
