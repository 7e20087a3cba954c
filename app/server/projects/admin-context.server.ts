/**
 * What every verb of the projects' admin works with, bound once by `createProjectAdmin`, and
 * how a change on an existing project runs: refused with a 404 when it is gone, and, when it
 * went through, the public pages dropped (as the gallery does). docs/decisions/040-admin-projects.md
 */
import type { Database } from "#app/server/db/index.server.ts";
import type { Logger } from "#app/server/logger.server.ts";
import type { BlobStore } from "#app/server/storage/blob-store.server.ts";
import { invalidateAfter, type PublicPages } from "#app/server/public-pages.server.ts";
import { isUuid } from "#app/server/ids.server.ts";
import type { AdminPhoto } from "#app/schemas/photo-view.ts";
import type { PhotoRow } from "#app/server/repos/photos.server.ts";
import { getProject, type ProjectRow } from "#app/server/repos/projects.server.ts";
import { mediaUrlFor, toAdminPhoto } from "#app/server/gallery/view.server.ts";
import type { ProjectChange, ProjectDone } from "#app/server/projects/admin-types.server.ts";

export const PROJECT_NOT_FOUND = "We couldn't find that project. It may have been deleted.";
export const PHOTO_NOT_IN_PROJECT = "That photo is not in this project any more. Please reload the page.";

export interface ProjectAdminOptions {
  database: Pick<Database, "db" | "dialect">;
  blobStore: BlobStore;
  logger: Logger;
  publicPages: PublicPages;
}

export interface ProjectAdminContext {
  db: Database["db"];
  dialect: Database["dialect"];
  logger: Logger;
  publicPages: PublicPages;
  /** A photo as the admin pages show it, at the gallery's addresses. */
  adminPhoto(row: PhotoRow): AdminPhoto;
}

export function createProjectAdminContext({ database, blobStore, logger, publicPages }: ProjectAdminOptions): ProjectAdminContext {
  const mediaUrl = mediaUrlFor(blobStore);
  return {
    db: database.db,
    dialect: database.dialect,
    logger,
    publicPages,
    adminPhoto: (row) => toAdminPhoto(row, mediaUrl, null),
  };
}

/** A verb that did its work on the project `projectId`, with the sentence the page shows. */
export const done = (projectId: string, what: ProjectDone, message: string): ProjectChange => ({
  ok: true,
  done: what,
  projectId,
  message,
});

export const refused = (status: 400 | 404 | 409, error: string, values?: Record<string, string>): ProjectChange => ({
  ok: false,
  status,
  error,
  ...(values ? { values } : {}),
});

export function count(n: number, one: string, many: string): string {
  return n === 1 ? `1 ${one}` : `${n} ${many}`;
}

/** Runs a change and, when it went through, drops the public pages. */
export const change = (ctx: Pick<ProjectAdminContext, "publicPages">, run: () => Promise<ProjectChange>): Promise<ProjectChange> =>
  invalidateAfter(ctx.publicPages, run);

export async function findProject({ db }: Pick<ProjectAdminContext, "db">, projectId: string): Promise<ProjectRow | null> {
  return isUuid(projectId) ? getProject({ db, id: projectId }) : null;
}

/** A verb on one existing project (404 otherwise): `run` gets the context, the project and the verb's input. */
export function projectVerb<Input extends { projectId: string }>(
  run: (ctx: ProjectAdminContext, project: ProjectRow, input: Input) => Promise<ProjectChange>,
): (ctx: ProjectAdminContext, input: Input) => Promise<ProjectChange> {
  return (ctx, input) =>
    change(ctx, async () => {
      const project = await findProject(ctx, input.projectId);
      if (!project) return refused(404, PROJECT_NOT_FOUND);
      return run(ctx, project, input);
    });
}
