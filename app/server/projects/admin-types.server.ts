/** The projects' admin words: what its verbs answer and the service's shape (`ProjectAdmin`). docs/decisions/040-admin-projects.md */
import type { AdminPhoto } from "#app/schemas/photo-view.ts";
import type { ProjectFormValues } from "#app/schemas/project.ts";
import type { ServiceSlug } from "#app/schemas/content.ts";
import type { AdminProjectDetails, AdminProjectItem } from "#app/schemas/project-view.ts";

export type { AdminProjectItem };

/** The fields of the details form as posted (month and year as typed). */
export type ProjectValues = ProjectFormValues;

interface AdminProjectPair {
  id: string;
  before: AdminPhoto;
  after: AdminPhoto;
  caption: string;
  captionEs: string;
}

/** What /admin/projects/:id shows. */
export interface AdminProjectView {
  project: AdminProjectDetails;
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
  | "pair-saved"
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
  addPair(input: {
    projectId: string;
    beforePhotoId: string;
    afterPhotoId: string;
    caption: string;
    captionEs: string;
  }): Promise<ProjectChange>;
  /** Rewrites a pair's captions, English and Spanish. */
  savePairCaptions(input: { projectId: string; pairId: string; caption: string; captionEs: string }): Promise<ProjectChange>;
  removePair(input: { projectId: string; pairId: string }): Promise<ProjectChange>;
  /** Publishes the project with all its drafts at once; refused while a draft has no description or there is no photo. */
  publish(input: { projectId: string; adminId: string }): Promise<ProjectChange>;
  unpublish(input: { projectId: string; adminId: string }): Promise<ProjectChange>;
}
