/**
 * Photo rows as pages see them: addresses instead of keys (under /media, or under
 * PUBLIC_MEDIA_URL when the files are served from a bucket or CDN), and the gallery's pages.
 */
import type { Kysely } from "kysely";
import type { DB } from "#app/server/db/schema.server.ts";
import type { BlobStore } from "#app/server/storage/blob-store.server.ts";
import type { AdminPhoto, GalleryPhoto, PhotoSource } from "#app/schemas/photo-view.ts";
import { getPhoto, getPhotos, parseVariants, type PhotoRow } from "#app/server/repos/photos.server.ts";
import { hasSpanish } from "#app/i18n/photo-text.ts";
import {
  countPublishedPhotos,
  listPublishedCategories,
  listPublishedPhotoIds,
  listPublishedPhotos,
  listServiceShowcasePhotos,
} from "#app/server/repos/photo-lists.server.ts";
import { getProject } from "#app/server/repos/projects.server.ts";
import { listProjectPhotos } from "#app/server/repos/project-photos.server.ts";

export type MediaUrl = (key: string) => string;

/** Where the browser fetches a stored file: PUBLIC_MEDIA_URL when set, else this site's /media. */
export function mediaUrlFor(blobStore: Pick<BlobStore, "publicUrl">): MediaUrl {
  return (key) => blobStore.publicUrl(key) ?? `/media/${key}`;
}

export function toGalleryPhoto(row: PhotoRow, mediaUrl: MediaUrl): GalleryPhoto {
  const variants = parseVariants(row);
  const sources = (format: "avif" | "webp"): PhotoSource[] =>
    variants
      .filter((v) => v.format === format)
      .toSorted((a, b) => a.width - b.width)
      .map((v) => ({ url: mediaUrl(v.key), width: v.width, height: v.height }));
  const master: PhotoSource = { url: mediaUrl(row.master_key), width: row.master_width, height: row.master_height };
  const webp = sources("webp");
  return {
    id: row.id,
    caption: row.caption,
    alt: row.alt,
    captionEs: row.caption_es,
    altEs: row.alt_es,
    category: row.category,
    width: row.master_width,
    height: row.master_height,
    placeholder: row.placeholder,
    avif: sources("avif"),
    webp,
    large: webp.at(-1) ?? master,
    master,
  };
}

export function toAdminPhoto(row: PhotoRow, mediaUrl: MediaUrl, coverOf: string | null): AdminPhoto {
  return {
    ...toGalleryPhoto(row, mediaUrl),
    status: row.status,
    createdAt: row.created_at,
    coverOf,
    sourceType: row.source_type,
    sourceBytes: row.source_bytes,
    originalWidth: row.width,
    originalHeight: row.height,
  };
}

const GALLERY_PAGE_SIZE = 24;

export interface GalleryPage {
  photos: GalleryPhoto[];
  total: number;
  page: number;
  pageCount: number;
  /** Categories with published photos, and how many each has. */
  categories: { category: string; count: number }[];
  /** How many photos come before this page's first, in the same listing. */
  offset: number;
  /** The photos just before and after this page (the lightbox moves across pages). */
  beforeId: string | null;
  afterId: string | null;
}

/** One page of the public gallery. `page` beyond the last gives an empty list (the route answers 404). */
export async function loadGalleryPage({
  db,
  mediaUrl,
  category,
  page,
  pageSize = GALLERY_PAGE_SIZE,
}: {
  db: Kysely<DB>;
  mediaUrl: MediaUrl;
  category: string | null;
  page: number;
  pageSize?: number;
}): Promise<GalleryPage> {
  const offset = (page - 1) * pageSize;
  // One photo either side of the page comes with the same query: the lightbox's way across.
  const hasBefore = offset > 0;
  const [rows, total, categories] = await Promise.all([
    // Before photos show in their pair, not in the gallery (ADR 060).
    listPublishedPhotos({ db, category, finishedOnly: true, limit: pageSize + (hasBefore ? 2 : 1), offset: hasBefore ? offset - 1 : 0 }),
    countPublishedPhotos({ db, category, finishedOnly: true }),
    listPublishedCategories({ db, finishedOnly: true }),
  ]);
  const first = hasBefore ? 1 : 0;
  const pageRows = rows.slice(first, first + pageSize);
  return {
    photos: pageRows.map((row) => toGalleryPhoto(row, mediaUrl)),
    total,
    page,
    pageCount: Math.max(1, Math.ceil(total / pageSize)),
    categories,
    offset,
    beforeId: hasBefore && pageRows.length > 0 ? (rows[0]?.id ?? null) : null,
    afterId: rows[first + pageSize]?.id ?? null,
  };
}

/**
 * What a service page shows: its banner photo (the cover an admin chose, else its latest photo)
 * and its photos in gallery order; never a before photo (ADR 060).
 */
export async function loadServicePhotos({
  db,
  mediaUrl,
  service,
  limit = 12,
}: {
  db: Kysely<DB>;
  mediaUrl: MediaUrl;
  service: string;
  limit?: number;
}): Promise<{ cover: GalleryPhoto | null; photos: GalleryPhoto[]; total: number }> {
  const [showcase, rows, total] = await Promise.all([
    listServiceShowcasePhotos({ db, services: [service] }),
    listPublishedPhotos({ db, category: service, finishedOnly: true, limit }),
    countPublishedPhotos({ db, category: service, finishedOnly: true }),
  ]);
  const cover = showcase.get(service);
  return {
    cover: cover ? toGalleryPhoto(cover, mediaUrl) : null,
    photos: rows.map((row) => toGalleryPhoto(row, mediaUrl)),
    total,
  };
}

/** One published photo and its place in a listing (the whole gallery, or one category). */
export interface PhotoView {
  photo: GalleryPhoto;
  previousId: string | null;
  nextId: string | null;
  /** From 1, in the listing. */
  position: number;
  total: number;
  /** The grid page (24 a page) that shows this photo. */
  page: number;
  /** Whether the previous and next photos have their own Spanish page (app/i18n/photo-text.ts `hasSpanish`). */
  neighboursInSpanish: { previous: boolean; next: boolean };
}

/**
 * A published photo with its neighbours in gallery order, or null for a draft, an unknown id or
 * a photo not in `category`. The ids of the listing are read in one query (hundreds of rows).
 * A before photo is not in the gallery's listing: its page, linked from its project's page, has
 * its place among that project's photos instead, and answers 404 while the project is not
 * published, since nothing public shows it then (ADR 060).
 */
export async function loadPhotoView({
  db,
  mediaUrl,
  id,
  category = null,
  pageSize = GALLERY_PAGE_SIZE,
}: {
  db: Kysely<DB>;
  mediaUrl: MediaUrl;
  id: string;
  category?: string | null;
  pageSize?: number;
}): Promise<PhotoView | null> {
  const [row, galleryIds] = await Promise.all([getPhoto({ db, id }), listPublishedPhotoIds({ db, category, finishedOnly: true })]);
  if (!row || row.status !== "published") return null;
  let ids = galleryIds;
  if (!ids.includes(id)) {
    ids = category === null || row.category === category ? await projectPhotoIds(db, row.project_id) : [];
  }
  const index = ids.indexOf(id);
  if (index === -1) return null;
  const previousId = ids[index - 1] ?? null;
  const nextId = ids[index + 1] ?? null;
  const neighbours = await getPhotos({ db, ids: [previousId, nextId].filter((n): n is string => n !== null) });
  const inSpanish = (neighbourId: string | null) => {
    const neighbour = neighbours.find((n) => n.id === neighbourId);
    return neighbour
      ? hasSpanish({ caption: neighbour.caption, alt: neighbour.alt, captionEs: neighbour.caption_es, altEs: neighbour.alt_es })
      : false;
  };
  return {
    photo: toGalleryPhoto(row, mediaUrl),
    previousId,
    nextId,
    position: index + 1,
    total: ids.length,
    page: Math.floor(index / pageSize) + 1,
    neighboursInSpanish: { previous: inSpanish(previousId), next: inSpanish(nextId) },
  };
}

/** The published photos of a published project, in the project's order; none otherwise. */
async function projectPhotoIds(db: Kysely<DB>, projectId: string | null): Promise<string[]> {
  if (!projectId) return [];
  const project = await getProject({ db, id: projectId });
  if (project?.status !== "published") return [];
  return (await listProjectPhotos({ db, projectId, status: "published" })).map((photo) => photo.id);
}
