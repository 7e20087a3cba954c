/**
 * Projects as the public pages show them (issue 16, docs/decisions/039-projects.md): the read side.
 * The host builds it once (`createProjectPages`) with the database and the gallery's media
 * addresses; routes ask it for lists, one project's page and the projects of photos. It only
 * reads: the admin side (admin.server.ts) writes and drops the cached pages.
 *
 * Visitors see published projects only, and of them only published photos. A draft project is
 * shown (`project(slug, { drafts: true })`) only for an admin's preview, with all its photos.
 */
import type { Database } from "#app/server/db/index.server.ts";
import type { MediaUrl } from "#app/server/gallery/view.server.ts";
import { listPublishedProjectSlugs } from "#app/server/repos/projects.server.ts";
import { projectsOfPhotos } from "#app/server/repos/project-photos.server.ts";
import { latestProjects, listPage, type ProjectPagesContext } from "#app/server/projects/public-lists.server.ts";
import { projectPage } from "#app/server/projects/public-project.server.ts";
import type { PhotoProjectLink, ProjectPages } from "#app/server/projects/public-types.server.ts";
import { hasSpanishPage } from "#app/i18n/projects.ts";

export type * from "#app/server/projects/public-types.server.ts";
export { PROJECTS_PAGE_SIZE } from "#app/server/projects/public-lists.server.ts";
export { isProjectSlug } from "#app/server/projects/public-project.server.ts";

/** `mediaUrl`: the gallery's (`gallery.mediaUrl`), so photos have the same addresses everywhere. */
export function createProjectPages({ database, mediaUrl }: { database: Pick<Database, "db">; mediaUrl: MediaUrl }): ProjectPages {
  const ctx: ProjectPagesContext = { db: database.db, mediaUrl };
  const { db } = ctx;
  return {
    list: (options) => listPage(ctx, options),
    latest: (options) => latestProjects(ctx, options),
    project: (slug, options) => projectPage(ctx, slug, options),
    async projectsOfPhotos(photoIds) {
      const found = await projectsOfPhotos({ db, photoIds });
      const links = new Map<string, PhotoProjectLink>();
      for (const [photoId, project] of found) {
        if (project.status === "published") {
          links.set(photoId, {
            slug: project.slug,
            title: project.title,
            titleEs: project.title_es,
            descriptionEs: project.description_es,
          });
        }
      }
      return links;
    },
    publishedSlugs: async () =>
      (await listPublishedProjectSlugs({ db })).map((p) => ({
        slug: p.slug,
        spanish: hasSpanishPage({ titleEs: p.title_es, descriptionEs: p.description_es }),
      })),
  };
}
