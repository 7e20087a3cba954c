/** A project's details: created, saved (checked by the form's schema), or the project deleted. docs/decisions/040-admin-projects.md */
import { finishedOn, ProjectDetailsSchema } from "#app/schemas/project.ts";
import { createProject, deleteProject, updateProject, type ProjectFields } from "#app/server/repos/projects.server.ts";
import {
  change,
  done,
  projectVerb,
  PROJECT_NOT_FOUND,
  refused,
  type ProjectAdminContext,
} from "#app/server/projects/admin-context.server.ts";
import type { ProjectChange, ProjectValues } from "#app/server/projects/admin-types.server.ts";

/** Checks the details form; a refusal names the first field to fix (`values.field`). */
function parseDetails(values: ProjectValues): { ok: true; fields: ProjectFields } | { ok: false; change: ProjectChange } {
  const parsed = ProjectDetailsSchema.safeParse(values);
  if (!parsed.success) {
    const messages = [...new Set(parsed.error.issues.map((issue) => issue.message))];
    const field = String(parsed.error.issues[0]?.path[0] ?? "title");
    return { ok: false, change: refused(400, messages.join(" "), { ...values, field }) };
  }
  const { title, service, place, month, year, description, titleEs, descriptionEs } = parsed.data;
  return { ok: true, fields: { title, service, place, finishedOn: finishedOn({ month, year }), description, titleEs, descriptionEs } };
}

export const create = (ctx: ProjectAdminContext, { values, adminId }: { values: ProjectValues; adminId: string }): Promise<ProjectChange> =>
  change(ctx, async () => {
    const parsed = parseDetails(values);
    if (!parsed.ok) return parsed.change;
    const row = await createProject({ db: ctx.db, fields: parsed.fields });
    ctx.logger.info("project created", { id: row.id, adminId });
    return done(row.id, "created", `Created the project “${row.title}”. Now add its photos.`);
  });

export const saveDetails = projectVerb<{ projectId: string; values: ProjectValues }>(async (ctx, project, { values }) => {
  const parsed = parseDetails(values);
  if (!parsed.ok) return parsed.change;
  const saved = await updateProject({ db: ctx.db, id: project.id, fields: parsed.fields });
  if (!saved) return refused(404, PROJECT_NOT_FOUND);
  return done(project.id, "saved", "Saved the project's details.");
});

export const remove = projectVerb<{ projectId: string; confirmed: boolean }>(async (ctx, project, { confirmed }) => {
  // Only with the confirmation's "yes", so one mis-tap never loses a project.
  if (!confirmed) return refused(400, "Please confirm with “Yes, delete this project”. Nothing was deleted.");
  await deleteProject({ db: ctx.db, id: project.id });
  ctx.logger.info("project deleted", { id: project.id });
  return {
    ok: true,
    done: "deleted",
    message: `Deleted the project “${project.title}”. Its photos are still in the gallery.`,
  };
});
