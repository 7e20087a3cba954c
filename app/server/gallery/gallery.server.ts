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
import type { ImageQueue } from "../images/queue.server.ts";
import type { PublicPages } from "../context.server.ts";
import { startHousekeeping, type Housekeeping } from "../housekeeping.server.ts";
import { isUuid } from "../ids.server.ts";
import type { AdminPhoto, GalleryPhoto } from "../../gallery/photo.ts";
import { PhotoDetailsSchema } from "../../schemas/photo.ts";
import { getService } from "../../content/services.ts";
import { serviceSlugs, type ServiceSlug } from "../../content/types.ts";
import {
  clearServiceCover,
  countAdminPhotos,
  countPublishedPhotos,
  getPhoto,
  getPhotoPosition,
  getPhotos,
  listAdminPhotos,
  listPublishedPhotoIds,
  listPublishedPhotos,
  listRecentlyPublishedPhotos,
  listServiceCovers,
  movePhoto,
  publishPhotos,
  setPhotosCategory,
  setServiceCover,
  type AdminPhotoFilter,
  type PhotoRow,
} from "../repos/photos.server.ts";
import { addPhotosToProject, getProject, listProjects, projectsOfPhotos, removePhotosFromProjects } from "../repos/projects.server.ts";
import { getSetting, setSetting } from "../repos/settings.server.ts";
import { listImportedPhotoIds } from "../repos/photo-imports.server.ts";
import {
  createPhotoFromUpload,
  deletePhotos,
  editPhoto,
  publishPhoto,
  removeStaleDrafts,
  retryBlobDeletions,
  rotatePhoto,
  RotateError,
  type ConvertingDeps,
} from "./photos.server.ts";
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
import { diskUploadError, tooLargeMessage, UploadError } from "./upload.server.ts";
import { createDiskChecks, type DiskChecks } from "../storage/disk.server.ts";
import { draftAge, type DraftAge } from "./draft-age.server.ts";

export { IMMUTABLE_CACHE_CONTROL } from "./photos.server.ts";
export type { GalleryPage, PhotoView } from "./view.server.ts";

/** Photos on one page of the admin list (ADR 041): a phone's screenful of tiles many times over, well under 1 MB of HTML. */
export const ADMIN_PAGE_SIZE = 48;
/** The most photos one bulk action takes (a page's worth, with room). */
export const BULK_MAX = 200;
/** Published photos offered for the site's photo slots (a contractor's gallery is hundreds). */
const CHOOSABLE_LIMIT = 1000;
/** Projects offered in the admin's selects. */
const PROJECT_CHOICES_LIMIT = 500;

/** Shown on a draft brought over from the old gallery instead of when it will be removed. */
export const IMPORTED_DRAFT_NOTE = "Brought over from the old gallery: kept until you publish or delete it.";

const PHOTO_NOT_FOUND = "We couldn't find that photo. It may have been deleted.";

/** A photo as the admin's list shows it: its place in the gallery when published, its project, a draft's age. */
export type AdminTile = AdminPhoto & {
  /** Place in the whole gallery, from 0; null for a draft. */
  position: number | null;
  project: { id: string; title: string } | null;
  age: DraftAge | null;
};

/** Which photos the list shows (`?show=`, `?project=`, `?service=`, `?page=`). */
export interface AdminListQuery {
  show: "all" | "drafts" | "published";
  projectId: string | null;
  service: ServiceSlug | null;
  page: number;
}

/** What the admin gallery page shows. */
export interface AdminGalleryView {
  photos: AdminTile[];
  query: AdminListQuery;
  /** Photos matching the filter, and the pages they make. */
  matching: number;
  pageCount: number;
  counts: { all: number; drafts: number; published: number };
  /** The photo whose edit view is open (`?edit=<id>`). */
  editing: AdminTile | null;
  /** The photos whose deletion waits for a "yes" (`?delete=<id>`, repeated). */
  confirmDelete: AdminTile[];
  projects: { id: string; title: string; status: "draft" | "published" }[];
  services: { slug: ServiceSlug; title: string }[];
  /** The service and project new uploads go to: remembered per admin, or the project filtered on. */
  upload: { service: ServiceSlug; projectId: string | null };
  limits: { maxBytes: number; maxMegapixels: number; draftMaxAgeHours: number };
}

/** A change the admin asked for: done (with what the page says about it), or refused and why. */
export type GalleryChange =
  | {
      ok: true;
      done: GalleryDone;
      photoId?: string;
      service?: string;
      project?: string;
      /** For a bulk action: how many it changed (n), a second count (k: already so, files pending), and how many were gone. */
      counts?: { n: number; k?: number; gone?: number };
    }
  | { ok: false; status: 400 | 404 | 409 | 503; error: string; values?: Record<string, string> };

export type BulkAction = "publish" | "project" | "service" | "unproject" | "delete";

export type GalleryDone =
  | "published"
  | "saved"
  | "moved"
  | "cover"
  | "uncover"
  | "deleted"
  | "rotated"
  | "bulk-published"
  | "bulk-moved"
  | "bulk-service"
  | "bulk-unprojected"
  | "bulk-deleted";

const photosText = (k: number) => (k === 1 ? "1 photo" : `${k} photos`);

/**
 * The sentence a bulk action's redirect shows, from its codes (never free text in the address):
 * `n` changed, `k` a second count, `gone` already deleted; `name` the project's or service's name.
 */
export function bulkMessage(done: string, counts: { n: number; k: number; gone: number }, name: string | null): string | null {
  const { n, k, gone } = counts;
  const goneText = gone > 0 ? ` ${photosText(gone)} had already been deleted.` : "";
  switch (done) {
    case "bulk-published":
      return `Published ${photosText(n)}.${k > 0 ? ` ${photosText(k)} ${k === 1 ? "was" : "were"} already published.` : ""}${goneText}`;
    case "bulk-moved":
      return `Moved ${photosText(n)} to the project “${name ?? "…"}”.${k > 0 ? ` ${photosText(k)} ${k === 1 ? "was" : "were"} already in it.` : ""}${goneText}`;
    case "bulk-service":
      return `${photosText(n)} now ${n === 1 ? "shows" : "show"} ${name ?? "the chosen service"}.${goneText}`;
    case "bulk-unprojected":
      return `Took ${photosText(n)} out of ${n === 1 ? "its project" : "their projects"}; ${n === 1 ? "it stays" : "they stay"} in the gallery.${goneText}`;
    case "bulk-deleted":
      return `Deleted ${photosText(n)} and ${n === 1 ? "its" : "their"} files.${
        k > 0
          ? ` The storage did not remove the files of ${photosText(k)} just now: they are shown nowhere and are removed automatically later.`
          : ""
      }${goneText}`;
    default:
      return null;
  }
}

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
    /** A project the new draft joins (and the admin's remembered choice); "" or null for none. */
    projectId?: string | null;
    uploadedBy: string;
    signal?: AbortSignal;
    /** The body's Content-Length, when sent: the room it needs on the disk is checked first. */
    declaredBytes?: number | null;
  }): Promise<{ ok: true; photo: AdminPhoto } | { ok: false; status: number; error: string }>;
  adminView(options: {
    adminId: string;
    query: AdminListQuery;
    editId?: string | null;
    confirmDeleteIds?: readonly string[];
    now?: Date;
  }): Promise<AdminGalleryView>;
  /** Several photos at once: publish (all or none), move to a project, change service, leave their project, delete. */
  bulk(input: { action: BulkAction; photoIds: readonly string[]; projectId?: string; category?: string; confirmed?: boolean; adminId: string }): Promise<GalleryChange>;
  /** A quarter turn, every file made again under a new version. */
  rotate(input: { photoId: string; direction: string }): Promise<GalleryChange>;
  /** Deletes again the files that the store refused to delete before. */
  retryFileDeletions(): Promise<number>;
  /** A published photo's place, from 0, or null. */
  positionOf(photoId: string): Promise<number | null>;
  countPublished(): Promise<number>;
  saveDetails(input: { photoId: string; values: PhotoValues; publish: boolean; adminId: string }): Promise<GalleryChange>;
  move(input: { photoId: string; target: MoveTarget }): Promise<GalleryChange>;
  setCover(input: { photoId: string }): Promise<GalleryChange>;
  clearCover(input: { service: string }): Promise<GalleryChange>;
  remove(input: { photoId: string; confirmed: boolean }): Promise<GalleryChange>;
  /** Published photos a page may show (the site's photo slots), and how many drafts wait. */
  choosablePhotos(): Promise<{ published: GalleryPhoto[]; drafts: number }>;
  /** The service and project the admin chose for the next uploads (kept per admin, in settings). */
  rememberUploadChoice(input: { adminId: string; service: string; projectId: string }): Promise<void>;
  /** Is there such a project (for a filter or an upload)? */
  projectExists(projectId: string): Promise<boolean>;
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
  /** Removes stale drafts and retries file deletions now, then hourly. */
  startHousekeeping(options?: { intervalMs?: number }): Housekeeping;
}

/** The details form's fields as posted. */
export interface PhotoValues {
  caption: string;
  alt: string;
  category: string;
  /** The project it belongs to ("" for none); absent when the form has no project field. */
  projectId?: string;
}

export interface GalleryOptions {
  config: Pick<Config, "env" | "dataDir">;
  database: Pick<Database, "db" | "dialect">;
  blobStore: BlobStore;
  /** The process's one image queue (ADR 045). */
  images: ImageQueue;
  logger: Logger;
  publicPages: PublicPages;
  /** The host's disk checks; made from the config when not given. */
  disk?: Pick<DiskChecks, "troubleFor">;
}

const refused = (status: 400 | 404 | 409 | 503, error: string, values?: Record<string, string>): GalleryChange => ({
  ok: false,
  status,
  error,
  ...(values ? { values } : {}),
});

export function createGallery({ config, database, blobStore, images, logger, publicPages, disk: givenDisk }: GalleryOptions): Gallery {
  const { env, dataDir } = config;
  const { db, dialect } = database;
  const deps: ConvertingDeps = { db, dialect, blobStore, logger, images };
  const mediaUrl = mediaUrlFor(blobStore);
  const maxBytes = Math.floor(env.UPLOAD_MAX_MB * 1024 * 1024);
  const maxPixels = Math.floor(env.MAX_IMAGE_MEGAPIXELS * 1_000_000);
  const disk =
    givenDisk ??
    createDiskChecks({ dataDir, localMedia: blobStore.kind === "local", reserveMb: env.DISK_RESERVE_MB, largestRequestBytes: maxBytes });

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

    async upload({ body, category, projectId, uploadedBy, signal, declaredBytes }) {
      const known = (serviceSlugs as readonly string[]).includes(category);
      const project = isUuid(projectId) ? await getProject({ db, id: projectId }) : null;
      if (projectId && !project) {
        return { ok: false, status: 404, error: "The project chosen for this upload no longer exists. Please reload the page and choose again." };
      }
      // Refused before a byte is written: the admin's photo must not take the room a homeowner's request needs.
      const trouble = await disk.troubleFor(declaredBytes && declaredBytes > 0 ? declaredBytes : maxBytes);
      if (trouble) {
        const refusal = diskUploadError(trouble);
        logger.warn("upload refused: disk", { status: refusal.status, trouble, uploadedBy });
        return { ok: false, status: refusal.status, error: refusal.message };
      }
      try {
        const row = await createPhotoFromUpload({
          deps,
          limits: { maxBytes, maxPixels, dataDir },
          body,
          category: known ? category : "repair",
          uploadedBy,
          signal,
        });
        // The next upload starts with the same choices (per admin, on any device).
        await setSetting({
          db,
          key: uploadChoiceKey(uploadedBy),
          value: { service: row.category, projectId: project?.id ?? null },
        });
        if (project) {
          // A draft of the project: it goes public when the admin publishes it (or the project's drafts together).
          await addPhotosToProject({ db, dialect, projectId: project.id, photoIds: [row.id] });
          await publicPages.invalidate();
        }
        return { ok: true, photo: toAdminPhoto(row, mediaUrl, null) };
      } catch (error) {
        if (error instanceof UploadError) return { ok: false, status: error.status, error: error.message };
        throw error;
      }
    },

    async adminView({ adminId, query, editId = null, confirmDeleteIds = [], now = new Date() }) {
      const filter: AdminPhotoFilter = {
        ...(query.show === "all" ? {} : { status: query.show === "drafts" ? "draft" : "published" }),
        ...(query.projectId ? { projectId: query.projectId } : {}),
        ...(query.service ? { category: query.service } : {}),
      };
      const [matching, drafts, published, projectRows, order, covers, remembered] = await Promise.all([
        countAdminPhotos({ db, filter }),
        countAdminPhotos({ db, filter: { status: "draft" } }),
        countAdminPhotos({ db, filter: { status: "published" } }),
        listProjects({ db, limit: PROJECT_CHOICES_LIMIT }),
        listPublishedPhotoIds({ db }),
        listServiceCovers({ db }),
        getSetting({ db, key: uploadChoiceKey(adminId) }),
      ]);
      const pageCount = Math.max(1, Math.ceil(matching / ADMIN_PAGE_SIZE));
      // A page past the end (photos were deleted since the link was made) shows the last one.
      const page = Math.min(query.page, pageCount);
      const rows = await listAdminPhotos({ db, filter, limit: ADMIN_PAGE_SIZE, offset: (page - 1) * ADMIN_PAGE_SIZE });
      const extraIds = [editId, ...confirmDeleteIds].filter((id): id is string => isUuid(id) && !rows.some((r) => r.id === id));
      const extra = await getPhotos({ db, ids: extraIds });
      const all = [...rows, ...extra];
      const positionOf = new Map(order.map((id, index) => [id, index]));
      const coverOf = new Map(covers.map((c) => [c.photo_id, c.service]));
      const [projectOf, imported] = await Promise.all([
        projectsOfPhotos({ db, photoIds: all.map((row) => row.id) }),
        listImportedPhotoIds({ db, photoIds: all.filter((row) => row.status === "draft").map((row) => row.id) }),
      ]);
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
      const tiles = new Map(all.map((row) => [row.id, tile(row)]));
      const projects = projectRows.map((p) => ({ id: p.id, title: p.title, status: p.status }));
      const choice = remembered && typeof remembered === "object" && !Array.isArray(remembered) ? remembered : {};
      const rememberedService = typeof choice.service === "string" ? choice.service : "";
      const rememberedProject = typeof choice.projectId === "string" ? choice.projectId : null;
      const uploadProject = query.projectId ?? (projects.some((p) => p.id === rememberedProject) ? rememberedProject : null);
      return {
        photos: rows.map((row) => tiles.get(row.id) as AdminTile),
        query: { ...query, page },
        matching,
        pageCount,
        counts: { all: drafts + published, drafts, published },
        editing: (editId && tiles.get(editId)) || null,
        confirmDelete: confirmDeleteIds.map((id) => tiles.get(id)).filter((t): t is AdminTile => t !== undefined),
        projects,
        services: serviceSlugs.map((slug) => ({ slug, title: getService(slug)?.title ?? slug })),
        upload: {
          service: (serviceSlugs as readonly string[]).includes(rememberedService) ? (rememberedService as ServiceSlug) : "repair",
          projectId: uploadProject,
        },
        limits: { maxBytes, maxMegapixels: env.MAX_IMAGE_MEGAPIXELS, draftMaxAgeHours: env.DRAFT_MAX_AGE_HOURS },
      };
    },

    async choosablePhotos() {
      const [rows, drafts] = await Promise.all([
        listPublishedPhotos({ db, limit: CHOOSABLE_LIMIT }),
        countAdminPhotos({ db, filter: { status: "draft" } }),
      ]);
      return { published: rows.map((row) => toGalleryPhoto(row, mediaUrl)), drafts };
    },

    async rememberUploadChoice({ adminId, service, projectId }) {
      const known = (serviceSlugs as readonly string[]).includes(service) ? service : "repair";
      const project = isUuid(projectId) ? await getProject({ db, id: projectId }) : null;
      await setSetting({ db, key: uploadChoiceKey(adminId), value: { service: known, projectId: project?.id ?? null } });
    },

    async projectExists(projectId) {
      return isUuid(projectId) && (await getProject({ db, id: projectId })) !== null;
    },

    bulk: ({ action, photoIds, projectId, category, confirmed = false, adminId }) =>
      change(async () => {
        const ids = [...new Set(photoIds.filter((id) => isUuid(id)))];
        if (ids.length === 0) return refused(400, "Please select at least one photo first.");
        if (ids.length > BULK_MAX) return refused(400, `Please select at most ${BULK_MAX} photos at a time.`);
        const rows = await getPhotos({ db, ids });
        if (rows.length === 0) return refused(404, "We couldn't find the selected photos. They may have been deleted.");
        const n = rows.length;
        const gone = ids.length - n;
        // In the order selected (a bulk publish puts the first selected first).
        const found = ids.filter((id) => rows.some((row) => row.id === id));

        if (action === "publish") {
          const result = await publishPhotos({ db, dialect, ids: found });
          if (!result.ok) {
            const names = result.needDescription.map((row) => `“${shortName(row)}”`).join(", ");
            const k = result.needDescription.length;
            return refused(
              409,
              `Nothing was published: ${k === 1 ? "1 of the selected photos needs" : `${k} of the selected photos need`} a description for people who can't see ${k === 1 ? "it" : "them"} first (${names}). Open ${k === 1 ? "it" : "each"} and describe it, then publish again.`,
            );
          }
          logger.info("photos published together", { count: result.published, adminId });
          return { ok: true, done: "bulk-published", counts: { n: result.published, k: n - result.published, gone } };
        }
        if (action === "project") {
          const project = isUuid(projectId) ? await getProject({ db, id: projectId }) : null;
          if (!project) return refused(404, "Please choose a project to move the photos to. That one may have been deleted.");
          const moved = await addPhotosToProject({ db, dialect, projectId: project.id, photoIds: found });
          return { ok: true, done: "bulk-moved", project: project.id, counts: { n: moved, k: n - moved, gone } };
        }
        if (action === "service") {
          const service = getService(category ?? "");
          if (!service) return refused(400, "Please choose which service the photos show.");
          const changed = await setPhotosCategory({ db, ids: found, category: service.slug });
          return { ok: true, done: "bulk-service", service: service.slug, counts: { n: changed, gone } };
        }
        if (action === "unproject") {
          const left = await removePhotosFromProjects({ db, photoIds: found });
          return { ok: true, done: "bulk-unprojected", counts: { n: left, gone } };
        }
        // Delete: only with the confirmation's "yes", so one mis-click never loses photos.
        if (!confirmed) return refused(400, `Please confirm deleting ${photosText(n)} with “Yes, delete”. Nothing was deleted.`);
        const { deleted, filesPending } = await deletePhotos({ deps, ids: found });
        logger.info("photos deleted together", { count: deleted.length, filesPending: filesPending.length, adminId });
        return { ok: true, done: "bulk-deleted", counts: { n: deleted.length, k: filesPending.length, gone: gone + n - deleted.length } };
      }),

    rotate: ({ photoId, direction }) =>
      change(async () => {
        if (direction !== "left" && direction !== "right") return refused(400, "Please say which way to turn the photo: left or right.", { photoId });
        try {
          await rotatePhoto({ deps, id: photoId, direction, maxPixels });
        } catch (error) {
          if (error instanceof RotateError) return refused(error.status, error.message, { photoId });
          logger.error("photo rotation failed", { id: photoId, error });
          return refused(503, "The photo could not be turned just now; it is unchanged. Please try again in a minute.", { photoId });
        }
        return { ok: true, done: "rotated", photoId };
      }),

    retryFileDeletions: () => retryBlobDeletions({ deps }),

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
        const { projectId } = values;
        if (projectId !== undefined && projectId !== (photo.project_id ?? "")) {
          if (projectId === "") await removePhotosFromProjects({ db, photoIds: [photo.id] });
          else if (!isUuid(projectId) || (await addPhotosToProject({ db, dialect, projectId, photoIds: [photo.id] })) === 0) {
            return refused(404, "That project no longer exists. Please choose another, or No project.", { ...values, photoId: photo.id });
          }
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
        const { deleted } = await deletePhotos({ deps, ids: [photo.id] });
        if (deleted.length === 0) return refused(404, PHOTO_NOT_FOUND);
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
          const fileDeletions = await retryBlobDeletions({ deps });
          if (drafts > 0 || fileDeletions > 0) logger.info("gallery housekeeping", { drafts, fileDeletions });
        },
      }),
  };
}

/** The settings key of an admin's remembered upload choices. */
function uploadChoiceKey(adminId: string | null): string {
  return `gallery.upload-choice.${adminId ?? "none"}`;
}

/** A photo's short name in a sentence. */
function shortName(row: Pick<PhotoRow, "caption" | "alt">): string {
  const text = (row.caption || row.alt).trim() || "a photo without a caption";
  return text.length > 40 ? `${text.slice(0, 39)}…` : text;
}
