/**
 * The projects' write side (issue 16, ADR 040): the one way the admin creates, edits, fills,
 * orders, publishes and deletes projects, and what the admin pages show of them. The host builds
 * it once (`createProjectAdmin`); routes call its verbs and turn the results into HTTP answers.
 * Every change the public pages may show drops the cached pages, as the gallery does.
 */
import type { Database } from "../db/index.server.ts";
import type { Logger } from "../logger.server.ts";
import type { BlobStore } from "../storage/blob-store.server.ts";
import type { PublicPages } from "../public-pages.server.ts";
import { isUuid } from "../ids.server.ts";
import type { AdminPhoto } from "../../gallery/photo.ts";
import { finishedOn, PairCaptionSchema, ProjectDetailsSchema, type ProjectFormValues, type ProjectStatus } from "../../schemas/project.ts";
import { getService } from "../../content/services.ts";
import { serviceSlugs, type ServiceSlug } from "../../content/types.ts";
import { getPhoto, updatePhotoDetails } from "../repos/photos.server.ts";
import { PhotoDetailsSchema } from "../../schemas/photo.ts";
import { createProject, deleteProject, getProject, listProjects, publishProject, unpublishProject, updateProject, type ProjectRow } from "../repos/projects.server.ts";
import { addPhotosToProject, countPhotosOutsideProjects, countProjectPhotos, listPhotosOutsideProjects, listProjectPhotos, moveProjectPhoto, removePhotosFromProjects, setProjectCover } from "../repos/project-photos.server.ts";
import { addProjectPair, deleteProjectPair, listProjectPairs } from "../repos/project-pairs.server.ts";
import { mediaUrlFor, toAdminPhoto, type MediaUrl } from "../gallery/view.server.ts";

/** Photos offered per page under "Add photos from the gallery". */
export const AVAILABLE_PAGE_SIZE = 24;
/** More projects than a contractor will have; the list shows them all. */
const ADMIN_PROJECT_LIMIT = 500;

export const PROJECT_NOT_FOUND = "We couldn't find that project. It may have been deleted.";
const PHOTO_NOT_IN_PROJECT = "That photo is not in this project any more. Please reload the page.";

/** The fields of the details form as posted (month and year as typed). */
export type ProjectValues = ProjectFormValues;

/** A project in the admin list. */
export interface AdminProjectItem {
  id: string;
  slug: string;
  title: string;
  status: ProjectStatus;
  service: string;
  place: string;
  /** "YYYY-MM". */
  finishedOn: string;
  photoCount: number;
  cover: AdminPhoto | null;
}

export interface AdminProjectPair {
  id: string;
  before: AdminPhoto;
  after: AdminPhoto;
  caption: string;
}

/** What /admin/projects/:id shows. */
export interface AdminProjectView {
  project: AdminProjectItem & { description: string; month: number; year: number; coverPhotoId: string | null };
  /** In story order. */
  photos: AdminPhoto[];
  pairs: AdminProjectPair[];
  /** Draft photos that publishing the project publishes too. */
  draftCount: number;
  /** Drafts without their description (alt text): publishing waits for them. */
  missingAlt: number;
  /** One page of the photos in no project, to add. */
  available: { photos: AdminPhoto[]; page: number; pages: number; total: number };
}

export type ProjectChange =
  | { ok: true; done: ProjectDone; message: string; projectId?: string }
  | { ok: false; status: 400 | 404 | 409; error: string; values?: Record<string, string> };

export type ProjectDone =
  | "created"
  | "saved"
  | "deleted"
  | "photos-added"
  | "photo-removed"
  | "described"
  | "moved"
  | "cover"
  | "pair-added"
  | "pair-removed"
  | "published"
  | "unpublished";

export interface ProjectAdmin {
  /** Every project, newest first by the month finished. */
  list(): Promise<AdminProjectItem[]>;
  /** A project's page, or null for an unknown or malformed id (no query for the latter). */
  view(input: { projectId: string; page?: number }): Promise<AdminProjectView | null>;
  services(): { slug: ServiceSlug; title: string }[];
  create(input: { values: ProjectValues; adminId: string }): Promise<ProjectChange>;
  saveDetails(input: { projectId: string; values: ProjectValues }): Promise<ProjectChange>;
  /** Deletes the project and its pairs; its photos stay in the gallery. Needs `confirmed`. */
  remove(input: { projectId: string; confirmed: boolean }): Promise<ProjectChange>;
  addPhotos(input: { projectId: string; photoIds: readonly string[] }): Promise<ProjectChange>;
  removePhoto(input: { projectId: string; photoId: string }): Promise<ProjectChange>;
  /** Writes a photo's description (alt text), so its project can be published. */
  describePhoto(input: { projectId: string; photoId: string; alt: string }): Promise<ProjectChange>;
  /** `direction`: up, down, first or last. */
  movePhoto(input: { projectId: string; photoId: string; direction: string }): Promise<ProjectChange>;
  setCover(input: { projectId: string; photoId: string }): Promise<ProjectChange>;
  addPair(input: { projectId: string; beforePhotoId: string; afterPhotoId: string; caption: string }): Promise<ProjectChange>;
  removePair(input: { projectId: string; pairId: string }): Promise<ProjectChange>;
  /** Publishes the project with all its drafts at once; refused while a draft has no description or there is no photo. */
  publish(input: { projectId: string; adminId: string }): Promise<ProjectChange>;
  unpublish(input: { projectId: string; adminId: string }): Promise<ProjectChange>;
}

export interface ProjectAdminOptions {
  database: Pick<Database, "db" | "dialect">;
  blobStore: BlobStore;
  logger: Logger;
  publicPages: PublicPages;
}

const refused = (status: 400 | 404 | 409, error: string, values?: Record<string, string>): ProjectChange => ({
  ok: false,
  status,
  error,
  ...(values ? { values } : {}),
});

function count(n: number, one: string, many: string): string {
  return n === 1 ? `1 ${one}` : `${n} ${many}`;
}

/** The sentence that says why a project cannot be published yet. */
export function missingAltMessage(n: number): string {
  return n === 1
    ? "1 photo still needs a description for people who can't see it: add it, then publish."
    : `${n} photos still need a description for people who can't see them: add it, then publish.`;
}

/** Checks the details form; a refusal names the first field to fix (`values.field`). */
function parseDetails(values: ProjectValues): { ok: true; fields: Parameters<typeof createProject>[0]["fields"] } | { ok: false; change: ProjectChange } {
  const parsed = ProjectDetailsSchema.safeParse(values);
  if (!parsed.success) {
    const messages = [...new Set(parsed.error.issues.map((issue) => issue.message))];
    const field = String(parsed.error.issues[0]?.path[0] ?? "title");
    return { ok: false, change: refused(400, messages.join(" "), { ...values, field }) };
  }
  const { title, service, place, month, year, description } = parsed.data;
  return { ok: true, fields: { title, service, place, finishedOn: finishedOn({ month, year }), description } };
}

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

export function createProjectAdmin({ database, blobStore, logger, publicPages }: ProjectAdminOptions): ProjectAdmin {
  const { db, dialect } = database;
  const mediaUrl: MediaUrl = mediaUrlFor(blobStore);
  const adminPhoto = (row: Parameters<typeof toAdminPhoto>[0]) => toAdminPhoto(row, mediaUrl, null);

  /** Runs a change and, when it went through, drops the public pages. */
  async function change(run: () => Promise<ProjectChange>): Promise<ProjectChange> {
    const result = await run();
    if (result.ok) await publicPages.invalidate();
    return result;
  }

  async function findProject(projectId: string): Promise<ProjectRow | null> {
    return isUuid(projectId) ? getProject({ db, id: projectId }) : null;
  }

  /** Runs `run` on an existing project; 404 otherwise. */
  function onProject(projectId: string, run: (project: ProjectRow) => Promise<ProjectChange>): Promise<ProjectChange> {
    return change(async () => {
      const project = await findProject(projectId);
      if (!project) return refused(404, PROJECT_NOT_FOUND);
      return run(project);
    });
  }

  return {
    services: () => serviceSlugs.map((slug) => ({ slug, title: getService(slug)?.title ?? slug })),

    async list() {
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
    },

    async view({ projectId, page = 1 }) {
      const row = await findProject(projectId);
      if (!row) return null;
      const [photoRows, pairRows, total] = await Promise.all([
        listProjectPhotos({ db, projectId: row.id }),
        listProjectPairs({ db, projectId: row.id }),
        countPhotosOutsideProjects({ db }),
      ]);
      const pages = Math.max(1, Math.ceil(total / AVAILABLE_PAGE_SIZE));
      const current = Math.min(Math.max(1, Math.trunc(page) || 1), pages);
      const availableRows = await listPhotosOutsideProjects({ db, limit: AVAILABLE_PAGE_SIZE, offset: (current - 1) * AVAILABLE_PAGE_SIZE });
      const photos = photoRows.map(adminPhoto);
      const byId = new Map(photos.map((p) => [p.id, p]));
      const coverId = row.cover_photo_id && byId.has(row.cover_photo_id) ? row.cover_photo_id : null;
      const [year, month] = row.finished_on.split("-").map(Number);
      const drafts = photoRows.filter((p) => p.status === "draft");
      return {
        project: {
          ...item(row, photos.length, (coverId ? byId.get(coverId) : photos[0]) ?? null),
          description: row.description,
          month: month ?? 1,
          year: year ?? new Date().getUTCFullYear(),
          coverPhotoId: coverId,
        },
        photos,
        pairs: pairRows.flatMap((pair) => {
          const before = byId.get(pair.before_photo_id);
          const after = byId.get(pair.after_photo_id);
          return before && after ? [{ id: pair.id, before, after, caption: pair.caption }] : [];
        }),
        draftCount: drafts.length,
        missingAlt: drafts.filter((p) => p.alt.trim() === "").length,
        available: { photos: availableRows.map(adminPhoto), page: current, pages, total },
      };
    },

    create: ({ values, adminId }) =>
      change(async () => {
        const parsed = parseDetails(values);
        if (!parsed.ok) return parsed.change;
        const row = await createProject({ db, fields: parsed.fields });
        logger.info("project created", { id: row.id, adminId });
        return { ok: true, done: "created", projectId: row.id, message: `Created the project “${row.title}”. Now add its photos.` };
      }),

    saveDetails: ({ projectId, values }) =>
      onProject(projectId, async (project) => {
        const parsed = parseDetails(values);
        if (!parsed.ok) return parsed.change;
        const saved = await updateProject({ db, id: project.id, fields: parsed.fields });
        if (!saved) return refused(404, PROJECT_NOT_FOUND);
        return { ok: true, done: "saved", projectId: project.id, message: "Saved the project's details." };
      }),

    remove: ({ projectId, confirmed }) =>
      onProject(projectId, async (project) => {
        // Only with the confirmation's "yes", so one mis-tap never loses a project.
        if (!confirmed) return refused(400, "Please confirm with “Yes, delete this project”. Nothing was deleted.");
        await deleteProject({ db, id: project.id });
        logger.info("project deleted", { id: project.id });
        return { ok: true, done: "deleted", message: `Deleted the project “${project.title}”. Its photos are still in the gallery.` };
      }),

    addPhotos: ({ projectId, photoIds }) =>
      onProject(projectId, async (project) => {
        const ids = photoIds.filter((id) => isUuid(id));
        if (ids.length === 0) return refused(400, "Please tick at least one photo to add.");
        const added = await addPhotosToProject({ db, dialect, projectId: project.id, photoIds: ids });
        if (added === 0) return refused(409, "Those photos are already in this project or were deleted. Please reload the page.");
        return { ok: true, done: "photos-added", projectId: project.id, message: `Added ${count(added, "photo", "photos")} to the project.` };
      }),

    removePhoto: ({ projectId, photoId }) =>
      onProject(projectId, async (project) => {
        const photo = isUuid(photoId) ? await getPhoto({ db, id: photoId }) : null;
        if (!photo || photo.project_id !== project.id) return refused(404, PHOTO_NOT_IN_PROJECT);
        await removePhotosFromProjects({ db, photoIds: [photo.id] });
        return { ok: true, done: "photo-removed", projectId: project.id, message: "Took the photo out of the project. It is still in the gallery." };
      }),

    describePhoto: ({ projectId, photoId, alt }) =>
      onProject(projectId, async (project) => {
        const photo = isUuid(photoId) ? await getPhoto({ db, id: photoId }) : null;
        if (!photo || photo.project_id !== project.id) return refused(404, PHOTO_NOT_IN_PROJECT);
        // The caption and service stay; only the description changes.
        const parsed = PhotoDetailsSchema.safeParse({ caption: photo.caption, alt, category: photo.category });
        if (!parsed.success) {
          const message = [...new Set(parsed.error.issues.map((issue) => issue.message))].join(" ");
          return refused(400, message, { alt });
        }
        await updatePhotoDetails({ db, id: photo.id, details: parsed.data });
        return { ok: true, done: "described", projectId: project.id, message: "Saved the photo's description." };
      }),

    movePhoto: ({ projectId, photoId, direction }) =>
      onProject(projectId, async (project) => {
        const photos = await listProjectPhotos({ db, projectId: project.id });
        const current = isUuid(photoId) ? photos.findIndex((p) => p.id === photoId) : -1;
        if (current === -1) return refused(404, PHOTO_NOT_IN_PROJECT);
        const last = photos.length - 1;
        const to =
          direction === "up" ? current - 1 : direction === "down" ? current + 1 : direction === "first" ? 0 : direction === "last" ? last : null;
        if (to === null) return refused(400, "Please say where to move the photo: up, down, first or last.");
        if (to < 0) return refused(409, "This photo is already first.");
        if (to > last) return refused(409, "This photo is already last.");
        const moved = await moveProjectPhoto({ db, dialect, projectId: project.id, photoId, position: to });
        if (moved === null) return refused(404, PHOTO_NOT_IN_PROJECT);
        return { ok: true, done: "moved", projectId: project.id, message: `Moved the photo to place ${moved + 1} of ${photos.length}.` };
      }),

    setCover: ({ projectId, photoId }) =>
      onProject(projectId, async (project) => {
        const ok = isUuid(photoId) && (await setProjectCover({ db, projectId: project.id, photoId }));
        if (!ok) return refused(404, PHOTO_NOT_IN_PROJECT);
        return { ok: true, done: "cover", projectId: project.id, message: "This photo is now the project's cover." };
      }),

    addPair: ({ projectId, beforePhotoId, afterPhotoId, caption }) =>
      onProject(projectId, async (project) => {
        const values = { beforePhotoId, afterPhotoId, caption };
        if (!isUuid(beforePhotoId)) return refused(400, "Please choose the Before photo.", { ...values, field: "before" });
        if (!isUuid(afterPhotoId)) return refused(400, "Please choose the After photo.", { ...values, field: "after" });
        if (beforePhotoId === afterPhotoId) {
          return refused(400, "Please choose two different photos: one from before the work and one from after.", { ...values, field: "after" });
        }
        const parsedCaption = PairCaptionSchema.safeParse(caption);
        if (!parsedCaption.success) return refused(400, parsedCaption.error.issues[0]?.message ?? "Please shorten the caption.", { ...values, field: "caption" });
        const ours = new Set((await listProjectPhotos({ db, projectId: project.id })).map((p) => p.id));
        if (!ours.has(beforePhotoId) || !ours.has(afterPhotoId)) {
          return refused(400, "Both photos of a pair must be photos of this project. Add them to the project first.", {
            ...values,
            field: ours.has(beforePhotoId) ? "after" : "before",
          });
        }
        const pair = await addProjectPair({ db, dialect, projectId: project.id, beforePhotoId, afterPhotoId, caption: parsedCaption.data });
        if (!pair) return refused(409, "One of the photos left the project in the meantime. Please reload the page.", values);
        return { ok: true, done: "pair-added", projectId: project.id, message: "Added the before/after pair." };
      }),

    removePair: ({ projectId, pairId }) =>
      onProject(projectId, async (project) => {
        const removed = isUuid(pairId) && (await deleteProjectPair({ db, projectId: project.id, pairId }));
        if (!removed) return refused(404, "That pair is not in this project any more. Please reload the page.");
        return { ok: true, done: "pair-removed", projectId: project.id, message: "Removed the pair. Its photos stay in the project." };
      }),

    publish: ({ projectId, adminId }) =>
      onProject(projectId, async (project) => {
        const photos = await listProjectPhotos({ db, projectId: project.id });
        if (photos.length === 0) return refused(409, "Add at least one photo to the project, then publish.");
        const missing = photos.filter((p) => p.status === "draft" && p.alt.trim() === "").length;
        if (missing > 0) return refused(409, missingAltMessage(missing));
        const result = await publishProject({ db, dialect, id: project.id });
        if (!result) return refused(404, PROJECT_NOT_FOUND);
        logger.info("project published", { id: project.id, adminId, photosPublished: result.photosPublished });
        const drafts = result.photosPublished > 0 ? ` with ${count(result.photosPublished, "draft photo", "draft photos")}` : "";
        return { ok: true, done: "published", projectId: project.id, message: `Published the project${drafts}. It is on the site now.` };
      }),

    unpublish: ({ projectId, adminId }) =>
      onProject(projectId, async (project) => {
        if (project.status === "draft") return refused(409, "This project is not on the site.");
        await unpublishProject({ db, id: project.id });
        logger.info("project unpublished", { id: project.id, adminId });
        return { ok: true, done: "unpublished", projectId: project.id, message: "Took the project off the site. Its photos stay in the gallery." };
      }),
  };
}
