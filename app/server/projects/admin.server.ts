/**
 * The projects' write side (issue 16, ADR 040): the one way the admin creates, edits, fills,
 * orders, publishes and deletes projects, and what the admin pages show of them. The host builds
 * it once (`createProjectAdmin`); routes call its verbs and turn the results into HTTP answers.
 * Every change the public pages may show drops the cached pages, as the gallery does.
 */
import { getService } from "../../content/services.ts";
import { serviceSlugs } from "../../content/types.ts";
import { createProjectAdminContext, type ProjectAdminOptions } from "./admin-context.server.ts";
import { listAdminProjects, viewAdminProject } from "./admin-views.server.ts";
import { create, remove, saveDetails } from "./admin-details.server.ts";
import { addPhotos, describePhoto, movePhoto, removePhoto, setCover } from "./admin-photos.server.ts";
import { addPair, removePair } from "./admin-pairs.server.ts";
import { publish, unpublish } from "./admin-publish.server.ts";
import type { ProjectAdmin } from "./admin-types.server.ts";

export type * from "./admin-types.server.ts";
export { PROJECT_NOT_FOUND, type ProjectAdminOptions } from "./admin-context.server.ts";
export { AVAILABLE_PAGE_SIZE } from "./admin-views.server.ts";
export { missingAltMessage } from "./admin-publish.server.ts";

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
    removePair: (input) => removePair(ctx, input),
    publish: (input) => publish(ctx, input),
    unpublish: (input) => unpublish(ctx, input),
  };
}
