/** The project cards: one page of /projects, the newest for the home and service pages. docs/decisions/039-projects.md */
import type { Database } from "#app/server/db/index.server.ts";
import type { ProjectSummary } from "#app/schemas/project-view.ts";
import type { GalleryPhoto } from "#app/schemas/photo-view.ts";
import { toGalleryPhoto, type MediaUrl } from "#app/server/gallery/view.server.ts";
import { countProjects, listProjects, listPublishedProjectServices, type ProjectRow } from "#app/server/repos/projects.server.ts";
import { countProjectPhotos, listProjectCovers } from "#app/server/repos/project-photos.server.ts";
import type { ProjectListPage } from "#app/server/projects/public-types.server.ts";

/** /projects shows this many projects a page. */
export const PROJECTS_PAGE_SIZE = 12;

export interface ProjectPagesContext {
  db: Database["db"];
  /** The gallery's (`gallery.mediaUrl`), so photos have the same addresses everywhere. */
  mediaUrl: MediaUrl;
}

/** Cards for these rows: covers and published photo counts in two queries each. */
async function summaries({ db, mediaUrl }: ProjectPagesContext, rows: ProjectRow[]): Promise<ProjectSummary[]> {
  const ids = rows.map((r) => r.id);
  const [covers, counts] = await Promise.all([
    listProjectCovers({ db, projects: rows }),
    countProjectPhotos({ db, projectIds: ids, status: "published" }),
  ]);
  return rows.map((row) => {
    const cover = covers.get(row.id);
    return summaryOf(row, cover ? toGalleryPhoto(cover, mediaUrl) : null, counts.get(row.id) ?? 0);
  });
}

export async function listPage(
  ctx: ProjectPagesContext,
  { service, page, pageSize = PROJECTS_PAGE_SIZE }: { service: string | null; page: number; pageSize?: number },
): Promise<ProjectListPage> {
  const { db } = ctx;
  const [rows, total, services] = await Promise.all([
    listProjects({ db, status: "published", service, limit: pageSize, offset: (page - 1) * pageSize }),
    countProjects({ db, status: "published", service }),
    listPublishedProjectServices({ db }),
  ]);
  return {
    projects: await summaries(ctx, rows),
    total,
    page,
    pageCount: Math.max(1, Math.ceil(total / pageSize)),
    services,
  };
}

export async function latestProjects(
  ctx: ProjectPagesContext,
  { limit, service = null }: { limit: number; service?: string | null },
): Promise<{ projects: ProjectSummary[]; total: number }> {
  const { db } = ctx;
  const [rows, total] = await Promise.all([
    listProjects({ db, status: "published", service, limit }),
    countProjects({ db, status: "published", service }),
  ]);
  return { projects: await summaries(ctx, rows), total };
}

export function summaryOf(row: ProjectRow, cover: GalleryPhoto | null, photoCount: number): ProjectSummary {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    service: row.service,
    place: row.place,
    finishedOn: row.finished_on,
    description: row.description,
    titleEs: row.title_es,
    descriptionEs: row.description_es,
    cover,
    photoCount,
  };
}
