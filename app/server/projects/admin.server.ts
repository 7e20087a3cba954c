/**
 * The projects' write side (issue 16, ADR 040): the one way the admin creates, edits, fills,
 * orders, publishes and deletes projects, and what the admin pages show of them. The host builds
 * it once (`createProjectAdmin`); routes call its verbs and turn the results into HTTP answers.
 * Every change the public pages may show drops the cached pages, as the gallery does.
 */
import { getService } from "#app/content/services.ts";
import { serviceSlugs } from "#app/schemas/content.ts";
import { createProjectAdminContext, type ProjectAdminOptions } from "#app/server/projects/admin-context.server.ts";
import { listAdminProjects, viewAdminProject } from "#app/server/projects/admin-views.server.ts";
import { create, remove, saveDetails } from "#app/server/projects/admin-details.server.ts";
import { addPhotos, describePhoto, movePhoto, removePhoto, setCover } from "#app/server/projects/admin-photos.server.ts";
import { addPair, removePair, savePairCaptions } from "#app/server/projects/admin-pairs.server.ts";
import { publish, unpublish } from "#app/server/projects/admin-publish.server.ts";
import type { ProjectAdmin } from "#app/server/projects/admin-types.server.ts";

export type * from "#app/server/projects/admin-types.server.ts";
export { PROJECT_NOT_FOUND, type ProjectAdminOptions } from "#app/server/projects/admin-context.server.ts";
export { AVAILABLE_PAGE_SIZE } from "#app/server/projects/admin-views.server.ts";
export { missingAltMessage } from "#app/server/projects/admin-publish.server.ts";

export function createProjectAdmin(options: ProjectAdminOptions): ProjectAdmin {
  const ctx = createProjectAdminContext(options);
  return {
    services: () => serviceSlugs.map((slug) => ({ slug, title: getService(slug)?.title ?? slug })),
    list: () => listAdminProjects(ctx),
    view: (input) => viewAdminProject(ctx, input),
    create: (input) => create(ctx, input),
    saveDetails: (input) => saveDetails(ctx, input),
    remove: (input) => remove(ctx, input),
    addPhotos: (input) => addPhotos(ctx, input),
    removePhoto: (input) => removePhoto(ctx, input),
    describePhoto: (input) => describePhoto(ctx, input),
    movePhoto: (input) => movePhoto(ctx, input),
    setCover: (input) => setCover(ctx, input),
    addPair: (input) => addPair(ctx, input),
    savePairCaptions: (input) => savePairCaptions(ctx, input),
    removePair: (input) => removePair(ctx, input),
    publish: (input) => publish(ctx, input),
    unpublish: (input) => unpublish(ctx, input),
  };
}
