/**
 * Projects as the public pages show them (issue 16, docs/decisions/039-projects.md): the read side.
 * The host builds it once (`createProjectPages`) with the database and the gallery's media
 * addresses; routes ask it for lists, one project's page and the projects of photos. It only
 * reads: the admin side (admin.server.ts) writes and drops the cached pages.
 *
 * Visitors see published projects only, and of them only published photos. A draft project is
 * shown (`project(slug, { drafts: true })`) only for an admin's preview, with all its photos.
 */
import type { Database } from "../db/index.server.ts";
import type { BeforeAfterPair, ProjectSummary } from "../../projects/project.ts";
import { SLUG_PATTERN } from "../../projects/project.ts";
import type { GalleryPhoto } from "../../gallery/photo.ts";
import { toGalleryPhoto, type MediaUrl } from "../gallery/view.server.ts";
import { countProjects, getProjectBySlug, listProjects, listPublishedProjectServices, listPublishedProjectSlugs, type ProjectRow } from "../repos/projects.server.ts";
import { countProjectPhotos, listProjectCovers, listProjectPhotos, projectsOfPhotos } from "../repos/project-photos.server.ts";
import { listProjectPairs } from "../repos/project-pairs.server.ts";

/** /projects shows this many projects a page. */
export const PROJECTS_PAGE_SIZE = 12;

/** Longer than any slug slugify makes (60, plus "-N"): refused without a query. */
const SLUG_MAX_LENGTH = 80;

export interface ProjectListPage {
  projects: ProjectSummary[];
  /** Published projects in this listing (all, or of the service). */
  total: number;
  page: number;
  pageCount: number;
  /** Services with published projects, and how many each has (every service, not only the filtered one). */
  services: { service: string; count: number }[];
}

/** One project's page. */
export interface ProjectView {
  project: ProjectSummary;
  status: "draft" | "published";
  /** The photos in story order: published ones only, unless a draft is previewed. */
  photos: GalleryPhoto[];
  /** Pairs whose two photos are both shown. */
  pairs: BeforeAfterPair[];
}

/** A photo's project, as a link. */
export interface PhotoProjectLink {
  slug: string;
  title: string;
}

export interface ProjectPages {
  /** One page of /projects (newest first), optionally of one service. `page` beyond the last gives an empty list. */
  list(options: { service: string | null; page: number; pageSize?: number }): Promise<ProjectListPage>;
  /** The newest published projects (home page, a service page), and how many there are in all. */
  latest(options: { limit: number; service?: string | null }): Promise<{ projects: ProjectSummary[]; total: number }>;
  /**
   * A project by its slug: published ones for everyone; drafts only with `drafts: true` (an
   * admin's preview). Null for an unknown or malformed slug (no query then) or a draft without it.
   */
  project(slug: string, options?: { drafts?: boolean }): Promise<ProjectView | null>;
  /** The published project of each photo that has one (photo id → link). */
  projectsOfPhotos(photoIds: readonly string[]): Promise<Map<string, PhotoProjectLink>>;
  /** Every published project's slug, newest first (the sitemap). */
  publishedSlugs(): Promise<string[]>;
}

export function isProjectSlug(slug: string): boolean {
  return slug.length <= SLUG_MAX_LENGTH && SLUG_PATTERN.test(slug);
}

/** `mediaUrl`: the gallery's (`gallery.mediaUrl`), so photos have the same addresses everywhere. */
export function createProjectPages({ database, mediaUrl }: { database: Pick<Database, "db">; mediaUrl: MediaUrl }): ProjectPages {
  const { db } = database;

  /** Cards for these rows: covers and published photo counts in two queries each. */
  async function summaries(rows: ProjectRow[]): Promise<ProjectSummary[]> {
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

  return {
    async list({ service, page, pageSize = PROJECTS_PAGE_SIZE }) {
      const [rows, total, services] = await Promise.all([
        listProjects({ db, status: "published", service, limit: pageSize, offset: (page - 1) * pageSize }),
        countProjects({ db, status: "published", service }),
        listPublishedProjectServices({ db }),
      ]);
      return {
        projects: await summaries(rows),
        total,
        page,
        pageCount: Math.max(1, Math.ceil(total / pageSize)),
        services,
      };
    },

    async latest({ limit, service = null }) {
      const [rows, total] = await Promise.all([
        listProjects({ db, status: "published", service, limit }),
        countProjects({ db, status: "published", service }),
      ]);
      return { projects: await summaries(rows), total };
    },

    async project(slug, { drafts = false } = {}) {
      if (!isProjectSlug(slug)) return null;
      const row = await getProjectBySlug({ db, slug });
      if (!row || (row.status !== "published" && !drafts)) return null;
      const preview = row.status !== "published";
      const [photoRows, pairRows] = await Promise.all([
        listProjectPhotos({ db, projectId: row.id, status: preview ? undefined : "published" }),
        listProjectPairs({ db, projectId: row.id }),
      ]);
      const photos = photoRows.map((photo) => toGalleryPhoto(photo, mediaUrl));
      const byId = new Map(photos.map((photo) => [photo.id, photo]));
      const pairs: BeforeAfterPair[] = [];
      for (const pair of pairRows) {
        const before = byId.get(pair.before_photo_id);
        const after = byId.get(pair.after_photo_id);
        if (before && after) pairs.push({ id: pair.id, before, after, caption: pair.caption });
      }
      // The card's rule for the cover, over the photos this page shows.
      const cover = (row.cover_photo_id ? byId.get(row.cover_photo_id) : undefined) ?? photos[0] ?? null;
      return { project: summaryOf(row, cover, photos.length), status: row.status, photos, pairs };
    },

    async projectsOfPhotos(photoIds) {
      const found = await projectsOfPhotos({ db, photoIds });
      const links = new Map<string, PhotoProjectLink>();
      for (const [photoId, project] of found) {
        if (project.status === "published") links.set(photoId, { slug: project.slug, title: project.title });
      }
      return links;
    },

    async publishedSlugs() {
      return (await listPublishedProjectSlugs({ db })).map((p) => p.slug);
    },
  };
}

function summaryOf(row: ProjectRow, cover: GalleryPhoto | null, photoCount: number): ProjectSummary {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    service: row.service,
    place: row.place,
    finishedOn: row.finished_on,
    description: row.description,
    cover,
    photoCount,
  };
}
