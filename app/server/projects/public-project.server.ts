/** One project's page: published photos only, unless an admin previews a draft. docs/decisions/039-projects.md */
import { SLUG_PATTERN } from "#app/schemas/project-view.ts";
import { toGalleryPhoto } from "#app/server/gallery/view.server.ts";
import { getProjectBySlug } from "#app/server/repos/projects.server.ts";
import { listProjectPhotos } from "#app/server/repos/project-photos.server.ts";
import { listProjectPairs } from "#app/server/repos/project-pairs.server.ts";
import { shownPairs } from "#app/server/projects/pairs.server.ts";
import { summaryOf, type ProjectPagesContext } from "#app/server/projects/public-lists.server.ts";
import type { ProjectView } from "#app/server/projects/public-types.server.ts";

/** Longer than any slug slugify makes (60, plus "-N"): refused without a query. */
const SLUG_MAX_LENGTH = 80;

export function isProjectSlug(slug: string): boolean {
  return slug.length <= SLUG_MAX_LENGTH && SLUG_PATTERN.test(slug);
}

export async function projectPage(
  { db, mediaUrl }: ProjectPagesContext,
  slug: string,
  { drafts = false }: { drafts?: boolean } = {},
): Promise<ProjectView | null> {
  if (!isProjectSlug(slug)) return null;
  const row = await getProjectBySlug({ db, slug });
  if (!row || (row.status !== "published" && !drafts)) return null;
  const preview = row.status !== "published";
  const [photoRows, pairRows] = await Promise.all([
    listProjectPhotos({ db, projectId: row.id, status: preview ? undefined : "published" }),
    listProjectPairs({ db, projectId: row.id }),
  ]);
  // Each photo carries its words in both languages; the page picks (app/i18n/photo-text.ts).
  const photos = photoRows.map((photo) => toGalleryPhoto(photo, mediaUrl));
  const byId = new Map(photos.map((photo) => [photo.id, photo]));
  const pairs = shownPairs(pairRows, byId);
  // The card's rule for the cover, over the photos this page shows: never a before photo unless chosen (ADR 060).
  const before = new Set(pairRows.map((pair) => pair.before_photo_id));
  const cover = (row.cover_photo_id ? byId.get(row.cover_photo_id) : undefined) ?? photos.find((photo) => !before.has(photo.id)) ?? null;
  return { project: summaryOf(row, cover, photos.length), status: row.status, photos, pairs };
}
