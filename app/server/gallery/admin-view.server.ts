/**
 * What the admin gallery page shows: one page of tiles under a filter, the counts, the photo
 * being edited or deleted, the projects and services to choose from and the upload's defaults.
 * docs/decisions/041-gallery-admin-for-volume.md
 */
import { isUuid } from "#app/server/ids.server.ts";
import { getService } from "#app/content/services.ts";
import { serviceSlugs } from "#app/schemas/content.ts";
import { getPhotos, type PhotoRow } from "#app/server/repos/photos.server.ts";
import { countAdminPhotos, listAdminPhotos, listPublishedPhotoIds, type AdminPhotoFilter } from "#app/server/repos/photo-lists.server.ts";
import { listServiceCovers } from "#app/server/repos/service-covers.server.ts";
import { listProjects } from "#app/server/repos/projects.server.ts";
import { projectsOfPhotos } from "#app/server/repos/project-photos.server.ts";
import { listImportedPhotoIds } from "#app/server/repos/photo-imports.server.ts";
import { toAdminPhoto } from "#app/server/gallery/view.server.ts";
import { draftAge, type DraftAge } from "#app/server/gallery/draft-age.server.ts";
import { getUploadChoice, isServiceSlug } from "#app/server/gallery/upload-choice.server.ts";
import type { GalleryContext } from "#app/server/gallery/gallery-context.server.ts";
import type { AdminGalleryView, AdminListQuery, AdminTile } from "#app/server/gallery/types.server.ts";

/** Photos on one page of the admin list (ADR 041): a phone's screenful of tiles many times over, well under 1 MB of HTML. */
export const ADMIN_PAGE_SIZE = 48;
/** Projects offered in the admin's selects. */
const PROJECT_CHOICES_LIMIT = 500;

/** Shown on a draft brought over from the old gallery instead of when it will be removed. */
export const IMPORTED_DRAFT_NOTE = "Brought over from the old gallery: kept until you publish or delete it.";

interface AdminViewOptions {
  adminId: string;
  query: AdminListQuery;
  editId?: string | null;
  confirmDeleteIds?: readonly string[];
  now?: Date;
}

export async function loadAdminView(
  ctx: GalleryContext,
  { adminId, query, editId = null, confirmDeleteIds = [], now = new Date() }: AdminViewOptions,
): Promise<AdminGalleryView> {
  const { db, env } = ctx;
  const filter: AdminPhotoFilter = {
    ...(query.show === "all" ? {} : { status: query.show === "drafts" ? "draft" : "published" }),
    // A draft has no page yet: the photos still missing their Spanish words are published ones.
    ...(query.spanish === "missing" ? { status: "published", spanishMissing: true } : {}),
    ...(query.projectId ? { projectId: query.projectId } : {}),
    ...(query.service ? { category: query.service } : {}),
  };
  const [matching, drafts, published, spanishMissing, projectRows, choice] = await Promise.all([
    countAdminPhotos({ db, filter }),
    countAdminPhotos({ db, filter: { status: "draft" } }),
    countAdminPhotos({ db, filter: { status: "published" } }),
    countAdminPhotos({ db, filter: { status: "published", spanishMissing: true } }),
    listProjects({ db, limit: PROJECT_CHOICES_LIMIT }),
    getUploadChoice({ db, adminId }),
  ]);
  const pageCount = Math.max(1, Math.ceil(matching / ADMIN_PAGE_SIZE));
  // A page past the end (photos were deleted since the link was made) shows the last one.
  const page = Math.min(query.page, pageCount);
  const rows = await listAdminPhotos({ db, filter, limit: ADMIN_PAGE_SIZE, offset: (page - 1) * ADMIN_PAGE_SIZE });
  const extraIds = [editId, ...confirmDeleteIds].filter((id): id is string => isUuid(id) && !rows.some((r) => r.id === id));
  const extra = await getPhotos({ db, ids: extraIds });
  const tiles = await makeTiles(ctx, [...rows, ...extra], now);
  const projects = projectRows.map((p) => ({ id: p.id, title: p.title, status: p.status }));
  const uploadProject = query.projectId ?? (projects.some((p) => p.id === choice.projectId) ? choice.projectId : null);
  return {
    photos: rows.map((row) => tiles.get(row.id) as AdminTile),
    query: { ...query, page },
    matching,
    pageCount,
    counts: { all: drafts + published, drafts, published, spanishMissing },
    editing: (editId && tiles.get(editId)) || null,
    confirmDelete: confirmDeleteIds.map((id) => tiles.get(id)).filter((t): t is AdminTile => t !== undefined),
    projects,
    services: serviceSlugs.map((slug) => ({ slug, title: getService(slug)?.title ?? slug })),
    upload: { service: isServiceSlug(choice.service) ? choice.service : "repair", projectId: uploadProject },
    limits: {
      maxBytes: ctx.maxBytes,
      maxMegapixels: env.MAX_IMAGE_MEGAPIXELS,
      draftMaxAgeHours: env.DRAFT_MAX_AGE_HOURS,
    },
  };
}

/** The tiles of these photos by id: place in the gallery, cover, project and a draft's age. */
async function makeTiles({ db, env, mediaUrl }: GalleryContext, all: PhotoRow[], now: Date): Promise<Map<string, AdminTile>> {
  const [order, covers, projectOf, imported] = await Promise.all([
    listPublishedPhotoIds({ db }),
    listServiceCovers({ db }),
    projectsOfPhotos({ db, photoIds: all.map((row) => row.id) }),
    listImportedPhotoIds({ db, photoIds: all.filter((row) => row.status === "draft").map((row) => row.id) }),
  ]);
  const positionOf = new Map(order.map((id, index) => [id, index]));
  const coverOf = new Map(covers.map((c) => [c.photo_id, c.service]));
  const tile = (row: PhotoRow): AdminTile => {
    const project = projectOf.get(row.id);
    let age: DraftAge | null = null;
    if (row.status === "draft") {
      age = draftAge(row.created_at, now, env.DRAFT_MAX_AGE_HOURS);
      // Imported drafts are kept until the admin publishes or deletes them (ADR 035).
      if (imported.has(row.id)) age = { ...age, removal: IMPORTED_DRAFT_NOTE };
    }
    return {
      ...toAdminPhoto(row, mediaUrl, coverOf.get(row.id) ?? null),
      position: positionOf.get(row.id) ?? null,
      project: project ? { id: project.id, title: project.title } : null,
      age,
    };
  };
  return new Map(all.map((row) => [row.id, tile(row)]));
}
