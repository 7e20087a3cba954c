/** What the admin pages show of projects: the list with covers and counts, and one project's page. docs/decisions/040-admin-projects.md */
import type { AdminPhoto } from "#app/schemas/photo-view.ts";
import { getPhoto } from "#app/server/repos/photos.server.ts";
import { listProjects, type ProjectRow } from "#app/server/repos/projects.server.ts";
import {
  countPhotosOutsideProjects,
  countProjectPhotos,
  listPhotosOutsideProjects,
  listProjectPhotos,
} from "#app/server/repos/project-photos.server.ts";
import { listProjectPairs } from "#app/server/repos/project-pairs.server.ts";
import { shownPairs } from "#app/server/projects/pairs.server.ts";
import { findProject, type ProjectAdminContext } from "#app/server/projects/admin-context.server.ts";
import type { AdminProjectItem, AdminProjectView } from "#app/server/projects/admin-types.server.ts";

/** Photos offered per page under "Add photos from the gallery". */
export const AVAILABLE_PAGE_SIZE = 24;
/** More projects than a contractor will have; the list shows them all. */
const ADMIN_PROJECT_LIMIT = 500;

function item(row: ProjectRow, photoCount: number, cover: AdminPhoto | null): AdminProjectItem {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    status: row.status,
    service: row.service,
    place: row.place,
    finishedOn: row.finished_on,
    photoCount,
    cover,
  };
}

export async function listAdminProjects({ db, adminPhoto }: ProjectAdminContext): Promise<AdminProjectItem[]> {
  const rows = await listProjects({ db, limit: ADMIN_PROJECT_LIMIT });
  const counts = await countProjectPhotos({ db, projectIds: rows.map((r) => r.id) });
  return Promise.all(
    rows.map(async (row) => {
      // The cover, else the first photo of the story.
      const coverRow = row.cover_photo_id ? await getPhoto({ db, id: row.cover_photo_id }) : null;
      const first = coverRow ?? (await listProjectPhotos({ db, projectId: row.id }))[0] ?? null;
      return item(row, counts.get(row.id) ?? 0, first ? adminPhoto(first) : null);
    }),
  );
}

export async function viewAdminProject(
  ctx: ProjectAdminContext,
  { projectId, page = 1 }: { projectId: string; page?: number },
): Promise<AdminProjectView | null> {
  const { db, adminPhoto } = ctx;
  const row = await findProject(ctx, projectId);
  if (!row) return null;
  const [photoRows, pairRows, total] = await Promise.all([
    listProjectPhotos({ db, projectId: row.id }),
    listProjectPairs({ db, projectId: row.id }),
    countPhotosOutsideProjects({ db }),
  ]);
  const pages = Math.max(1, Math.ceil(total / AVAILABLE_PAGE_SIZE));
  const current = Math.min(Math.max(1, Math.trunc(page) || 1), pages);
  const availableRows = await listPhotosOutsideProjects({
    db,
    limit: AVAILABLE_PAGE_SIZE,
    offset: (current - 1) * AVAILABLE_PAGE_SIZE,
  });
  const photos = photoRows.map(adminPhoto);
  const byId = new Map(photos.map((p) => [p.id, p]));
  const coverId = row.cover_photo_id && byId.has(row.cover_photo_id) ? row.cover_photo_id : null;
  const [year, month] = row.finished_on.split("-").map(Number);
  const drafts = photoRows.filter((p) => p.status === "draft");
  return {
    project: {
      ...item(row, photos.length, (coverId ? byId.get(coverId) : photos[0]) ?? null),
      description: row.description,
      titleEs: row.title_es,
      descriptionEs: row.description_es,
      month: month ?? 1,
      year: year ?? new Date().getUTCFullYear(),
      coverPhotoId: coverId,
    },
    photos,
    pairs: shownPairs(pairRows, byId),
    draftCount: drafts.length,
    missingAlt: drafts.filter((p) => p.alt.trim() === "").length,
    available: { photos: availableRows.map(adminPhoto), page: current, pages, total },
  };
}
