/**
 * The gallery's words: what its verbs take and answer, and the service's shape (`Gallery`).
 * docs/decisions/012-gallery.md, 041-gallery-admin-for-volume.md
 */
import type { Housekeeping } from "#app/server/housekeeping.server.ts";
import type { AdminPhoto, GalleryPhoto } from "#app/schemas/photo-view.ts";
import type { ServiceSlug } from "#app/schemas/content.ts";
import type { GalleryPage, MediaUrl, PhotoView } from "#app/server/gallery/view.server.ts";
import type { DraftAge } from "#app/server/gallery/draft-age.server.ts";

/** A photo as the admin's list shows it: its place in the gallery when published, its project, a draft's age. */
export type AdminTile = AdminPhoto & {
  /** Place in the whole gallery, from 0; null for a draft. */
  position: number | null;
  project: { id: string; title: string } | null;
  age: DraftAge | null;
};

/** Which photos the list shows (`?show=`, `?project=`, `?service=`, `?spanish=missing`, `?page=`). */
export interface AdminListQuery {
  show: "all" | "drafts" | "published";
  /** "missing": the published photos whose words are not all written in Spanish yet. */
  spanish?: "missing" | null;
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
  /** `spanishMissing`: published photos whose words are not all written in Spanish yet. */
  counts: { all: number; drafts: number; published: number; spanishMissing: number };
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

/** A bulk action on the photos selected; `projectId` and `category` for the actions that need them. */
export interface BulkInput {
  action: BulkAction;
  photoIds: readonly string[];
  projectId?: string;
  category?: string;
  confirmed?: boolean;
  adminId: string;
}

type GalleryDone =
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
  bulk(input: BulkInput): Promise<GalleryChange>;
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
  /** Of those, the ids of the photos with a Spanish page (app/i18n/photo-text.ts `hasSpanish`). */
  spanishPhotoIds(): Promise<string[]>;
  /** A photo as the public pages show it, or null unless it exists and is published. */
  publishedPhoto(photoId: string): Promise<GalleryPhoto | null>;
  /** The latest published photos, newest first. */
  recentPhotos(limit: number): Promise<GalleryPhoto[]>;
  /** Each service's photo for its card and tile, by slug; a service without one is absent (ADR 060). */
  showcasePhotos(services: readonly string[]): Promise<Map<string, GalleryPhoto>>;
  /** Removes stale drafts and retries file deletions now, then hourly. */
  startHousekeeping(options?: { intervalMs?: number }): Housekeeping;
}

/** The details form's fields as posted. */
export interface PhotoValues {
  caption: string;
  alt: string;
  /** Absent when the form has no Spanish fields (the project page's quick form): kept as stored. */
  captionEs?: string;
  altEs?: string;
  category: string;
  /** The project it belongs to ("" for none); absent when the form has no project field. */
  projectId?: string;
}
