/**
 * The gallery feature: the one way to change the gallery and to read what its pages show.
 * The host builds it once (`createGallery`) with its database, blob store and limits; routes
 * call its verbs and turn the results into HTTP answers. Every change that public pages show
 * drops the cached pages. docs/decisions/012-gallery.md, 013-public-gallery.md
 */
import type { Config } from "../env.server.ts";
import type { Database } from "../db/index.server.ts";
import type { Logger } from "../logger.server.ts";
import type { BlobStore } from "../storage/blob-store.server.ts";
import type { PublicPages } from "../context.server.ts";
import { startHousekeeping, type Housekeeping } from "../housekeeping.server.ts";
import { isUuid } from "../ids.server.ts";
import type { AdminPhoto, GalleryPhoto } from "../../gallery/photo.ts";
import { PhotoDetailsSchema } from "../../schemas/photo.ts";
import { getService } from "../../content/services.ts";
import { serviceSlugs, type ServiceSlug } from "../../content/types.ts";
import {
  clearServiceCover,
  countPublishedPhotos,
  getPhoto,
  getPhotoPosition,
  listDraftPhotos,
  listPublishedPhotoIds,
  listPublishedPhotos,
  listRecentlyPublishedPhotos,
  listServiceCovers,
  movePhoto,
  setServiceCover,
  type PhotoRow,
} from "../repos/photos.server.ts";
import { listImportedPhotoIds } from "../repos/photo-imports.server.ts";
import { createPhotoFromUpload, deletePhoto, editPhoto, publishPhoto, removeStaleDrafts, type GalleryDeps } from "./photos.server.ts";
import {
  loadGalleryPage,
  loadPhotoView,
  loadServicePhotos,
  mediaUrlFor,
  toAdminPhoto,
  toGalleryPhoto,
  type GalleryPage,
  type MediaUrl,
  type PhotoView,
} from "./view.server.ts";
import { removeStaleUploads, tooLargeMessage, uploadTempDir, UploadError } from "./upload.server.ts";
import { draftAge, type DraftAge } from "./draft-age.server.ts";

export { IMMUTABLE_CACHE_CONTROL } from "./photos.server.ts";
export type { GalleryPage, PhotoView } from "./view.server.ts";

/** More than a contractor's gallery will hold; the admin page lists them all so they can be ordered. */
const ADMIN_PHOTO_LIMIT = 1000;
/** An upload still being written is never this old: requests time out long before. */
const STALE_TEMP_FILE_MS = 6 * 3600 * 1000;

/** Shown on a draft brought over from the old gallery instead of when it will be removed. */
export const IMPORTED_DRAFT_NOTE = "Brought over from the old gallery: kept until you publish or delete it.";

const PHOTO_NOT_FOUND = "We couldn't find that photo. It may have been deleted.";

/** What the admin gallery page shows. */
export interface AdminGalleryView {
  published: AdminPhoto[];
  drafts: (AdminPhoto & { age: DraftAge })[];
  /** The photo whose deletion waits for a "yes", when one was asked for. */
  confirmDelete: AdminPhoto | null;
  total: number;
  services: { slug: ServiceSlug; title: string }[];
  limits: { maxBytes: number; maxMegapixels: number; draftMaxAgeHours: number };
}

/** A change the admin asked for: done (with what the page says about it), or refused and why. */
export type GalleryChange =
  | { ok: true; done: "published" | "saved" | "moved" | "cover" | "uncover" | "deleted"; photoId?: string; service?: string }
  | { ok: false; status: 400 | 404 | 409; error: string; values?: Record<string, string> };

/** Where to move a photo: onto another photo's place (a drop), a step, an end, or a 1-based position. */
export interface MoveTarget {
  to?: string;
  direction?: string;
  position?: string;
}

export interface Gallery {
  /** The browser's address of a stored file: PUBLIC_MEDIA_URL, else /media. */
  readonly mediaUrl: MediaUrl;
  /** What the host checks before an upload's body is read. */
  readonly uploadPolicy: { maxBytes: number; tooLargeMessage: string };
  /**
   * Streams an upload into a new draft, or says (status and sentence) what the uploader must fix.
   * A refusal is a result, not a thrown class: the host builds this service outside the server
   * bundle, so a route's `instanceof` would compare two copies of the class.
   */
  upload(input: {
    body: ReadableStream<Uint8Array> | null;
    category: string;
    uploadedBy: string;
    signal?: AbortSignal;
  }): Promise<{ ok: true; photo: AdminPhoto } | { ok: false; status: number; error: string }>;
  adminView(options: { confirmDeleteId?: string | null; now?: Date }): Promise<AdminGalleryView>;
  /** A published photo's place, from 0, or null. */
  positionOf(photoId: string): Promise<number | null>;
  countPublished(): Promise<number>;
  saveDetails(input: { photoId: string; values: PhotoValues; publish: boolean; adminId: string }): Promise<GalleryChange>;
  move(input: { photoId: string; target: MoveTarget }): Promise<GalleryChange>;
  setCover(input: { photoId: string }): Promise<GalleryChange>;
  clearCover(input: { service: string }): Promise<GalleryChange>;
  remove(input: { photoId: string; confirmed: boolean }): Promise<GalleryChange>;
  /** One page of the public gallery. */
  page(input: { category: string | null; page: number }): Promise<GalleryPage>;
  /** A service page's cover and latest photos. */
  servicePhotos(input: { service: string; limit: number }): Promise<{ cover: GalleryPhoto | null; photos: GalleryPhoto[]; total: number }>;
  /**
   * A published photo's page: the photo, its neighbours and place in the whole gallery or in one
   * service's photos; null for a draft, an unknown or malformed id, or a photo of another service.
   */
  photoView(input: { photoId: string; category?: string | null }): Promise<PhotoView | null>;
  /** Every published photo's id, in gallery order (the sitemap). */
  publishedPhotoIds(): Promise<string[]>;
  /** A photo as the public pages show it, or null unless it exists and is published. */
  publishedPhoto(photoId: string): Promise<GalleryPhoto | null>;
  /** The latest published photos, newest first. */
  recentPhotos(limit: number): Promise<GalleryPhoto[]>;
  /** Removes stale drafts and crash-left temp files now, then hourly. */
  startHousekeeping(options?: { intervalMs?: number }): Housekeeping;
}

/** The details form's fields as posted. */
export interface PhotoValues {
  caption: string;
  alt: string;
  category: string;
}

export interface GalleryOptions {
  config: Pick<Config, "env" | "dataDir">;
  database: Pick<Database, "db" | "dialect">;
  blobStore: BlobStore;
  logger: Logger;
  publicPages: PublicPages;
}

const refused = (status: 400 | 404 | 409, error: string, values?: Record<string, string>): GalleryChange => ({
  ok: false,
  status,
  error,
  ...(values ? { values } : {}),
});

export function createGallery({ config, database, blobStore, logger, publicPages }: GalleryOptions): Gallery {
  const { env, dataDir } = config;
  const { db, dialect } = database;
  const deps: GalleryDeps = { db, dialect, blobStore, logger };
  const mediaUrl = mediaUrlFor(blobStore);
  const maxBytes = Math.floor(env.UPLOAD_MAX_MB * 1024 * 1024);
  const maxPixels = Math.floor(env.MAX_IMAGE_MEGAPIXELS * 1_000_000);

  /** Runs a change and, when it went through, drops the public pages that show the gallery. */
  async function change(run: () => Promise<GalleryChange>): Promise<GalleryChange> {
    const result = await run();
    if (result.ok) await publicPages.invalidate();
    return result;
  }

  async function findPhoto(photoId: string): Promise<PhotoRow | null> {
    return isUuid(photoId) ? getPhoto({ db, id: photoId }) : null;
  }

  return {
    mediaUrl,
    uploadPolicy: { maxBytes, tooLargeMessage: tooLargeMessage(maxBytes) },

    async upload({ body, category, uploadedBy, signal }) {
      const known = (serviceSlugs as readonly string[]).includes(category);
      try {
        const row = await createPhotoFromUpload({
          deps,
          limits: { maxBytes, maxPixels, dataDir },
          body,
          category: known ? category : "repair",
          uploadedBy,
          signal,
        });
        return { ok: true, photo: toAdminPhoto(row, mediaUrl, null) };
      } catch (error) {
        if (error instanceof UploadError) return { ok: false, status: error.status, error: error.message };
        throw error;
      }
    },

    async adminView({ confirmDeleteId, now = new Date() }) {
      const [published, drafts, covers, total] = await Promise.all([
        listPublishedPhotos({ db, limit: ADMIN_PHOTO_LIMIT }),
        listDraftPhotos({ db }),
        listServiceCovers({ db }),
        countPublishedPhotos({ db }),
      ]);
      const coverOf = new Map(covers.map((c) => [c.photo_id, c.service]));
      const publishedPhotos = published.map((row) => toAdminPhoto(row, mediaUrl, coverOf.get(row.id) ?? null));
      const imported = await listImportedPhotoIds({ db, photoIds: drafts.map((row) => row.id) });
      const draftPhotos = drafts.map((row) => {
        const age = draftAge(row.created_at, now, env.DRAFT_MAX_AGE_HOURS);
        // Imported drafts are kept until the admin publishes or deletes them (ADR 035).
        return {
          ...toAdminPhoto(row, mediaUrl, null),
          age: imported.has(row.id) ? { ...age, removal: IMPORTED_DRAFT_NOTE } : age,
        };
      });
      const confirmDelete = confirmDeleteId
        ? ([...publishedPhotos, ...draftPhotos].find((p) => p.id === confirmDeleteId) ?? null)
        : null;
      return {
        published: publishedPhotos,
        drafts: draftPhotos,
        confirmDelete,
        total,
        services: serviceSlugs.map((slug) => ({ slug, title: getService(slug)?.title ?? slug })),
        limits: { maxBytes, maxMegapixels: env.MAX_IMAGE_MEGAPIXELS, draftMaxAgeHours: env.DRAFT_MAX_AGE_HOURS },
      };
    },

    positionOf: (photoId) => getPhotoPosition({ db, id: photoId }),
    countPublished: () => countPublishedPhotos({ db }),

    saveDetails: ({ photoId, values, publish, adminId }) =>
      change(async () => {
        const photo = await findPhoto(photoId);
        if (!photo) return refused(404, PHOTO_NOT_FOUND);
        const parsed = PhotoDetailsSchema.safeParse(values);
        if (!parsed.success) {
          const message = parsed.error.issues.map((issue) => issue.message).join(" ");
          return refused(400, message, { ...values, photoId: photo.id });
        }
        const saved = publish
          ? await publishPhoto({ deps, id: photo.id, details: parsed.data })
          : await editPhoto({ deps, id: photo.id, details: parsed.data });
        if (!saved) return refused(404, PHOTO_NOT_FOUND);
        logger.info(publish ? "photo published" : "photo details saved", { id: photo.id, adminId });
        return { ok: true, done: publish ? "published" : "saved", photoId: photo.id };
      }),

    move: ({ photoId, target }) =>
      change(async () => {
        const photo = await findPhoto(photoId);
        if (!photo) return refused(404, PHOTO_NOT_FOUND);
        const values = { photoId: photo.id };
        if (photo.status !== "published") return refused(409, "Only published photos have a place in the gallery. Publish it first.", values);
        const current = await getPhotoPosition({ db, id: photo.id });
        const { to, direction, position: rawPosition } = target;
        // `to`: the photo whose place this one takes (a drag and drop), by id, so the place is
        // right even when the list changed since the page was shown.
        const isDrop = isUuid(to);
        let position: number | null = null;
        if (isDrop) position = await getPhotoPosition({ db, id: to });
        else if (direction === "up" && current !== null) position = current - 1;
        else if (direction === "down" && current !== null) position = current + 1;
        else if (direction === "first") position = 0;
        else if (direction === "last") position = Number.MAX_SAFE_INTEGER;
        else if (rawPosition !== undefined && /^\d{1,6}$/.test(rawPosition)) position = Number(rawPosition) - 1;
        if (position === null || position < 0) {
          if (direction === "up" && current === 0) return refused(409, "This photo is already first.", values);
          if (isDrop) return refused(409, "The photo you dropped it on is no longer in the gallery. Please reload the page.", values);
          return refused(400, "Please say where to move the photo: up, down, or a position from 1.", values);
        }
        const moved = await movePhoto({ db, dialect, id: photo.id, position });
        if (moved === null) return refused(404, PHOTO_NOT_FOUND);
        return { ok: true, done: "moved", photoId: photo.id };
      }),

    setCover: ({ photoId }) =>
      change(async () => {
        const photo = await findPhoto(photoId);
        if (!photo) return refused(404, PHOTO_NOT_FOUND);
        const values = { photoId: photo.id };
        if (photo.status !== "published") return refused(409, "Publish the photo before making it a page's cover.", values);
        const ok = await setServiceCover({ db, dialect, service: photo.category, photoId: photo.id });
        if (!ok) return refused(409, "This photo changed in the meantime. Please reload the page and try again.", values);
        return { ok: true, done: "cover", photoId: photo.id, service: photo.category };
      }),

    clearCover: ({ service }) =>
      change(async () => {
        const known = getService(service);
        if (!known) return refused(400, "The form did not say which service page to change.");
        await clearServiceCover({ db, service: known.slug });
        return { ok: true, done: "uncover", service: known.slug };
      }),

    remove: ({ photoId, confirmed }) =>
      change(async () => {
        const photo = await findPhoto(photoId);
        if (!photo) return refused(404, PHOTO_NOT_FOUND);
        const values = { photoId: photo.id };
        // Only with the confirmation's "yes", so one mis-click never loses a photo.
        if (!confirmed) return refused(400, "Please confirm with “Yes, delete this photo”. Nothing was deleted.", values);
        try {
          await deletePhoto({ deps, id: photo.id });
        } catch (error) {
          logger.error("photo delete failed", { id: photo.id, error });
          return refused(409, "The photo's files could not be deleted just now, so the photo was kept. Please try again in a minute.", values);
        }
        return { ok: true, done: "deleted" };
      }),

    page: ({ category, page }) => loadGalleryPage({ db, mediaUrl, category, page }),
    servicePhotos: ({ service, limit }) => loadServicePhotos({ db, mediaUrl, service, limit }),

    async photoView({ photoId, category = null }) {
      // A malformed id costs no query: it cannot name a photo.
      if (!isUuid(photoId)) return null;
      return loadPhotoView({ db, mediaUrl, id: photoId, category });
    },

    publishedPhotoIds: () => listPublishedPhotoIds({ db }),

    async publishedPhoto(photoId) {
      const row = await findPhoto(photoId);
      return row?.status === "published" ? toGalleryPhoto(row, mediaUrl) : null;
    },

    async recentPhotos(limit) {
      const rows = await listRecentlyPublishedPhotos({ db, limit });
      return rows.map((row) => toGalleryPhoto(row, mediaUrl));
    },

    startHousekeeping: ({ intervalMs } = {}) =>
      startHousekeeping({
        name: "gallery",
        logger,
        intervalMs,
        task: async () => {
          const drafts = await removeStaleDrafts({ deps, maxAgeMs: env.DRAFT_MAX_AGE_HOURS * 3600 * 1000 });
          const tempFiles = await removeStaleUploads(uploadTempDir(dataDir), STALE_TEMP_FILE_MS);
          if (drafts > 0 || tempFiles > 0) logger.info("gallery housekeeping", { drafts, tempFiles });
        },
      }),
  };
}
