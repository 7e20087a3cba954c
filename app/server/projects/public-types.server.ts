/** The public projects' words: what the pages get and the service's shape (`ProjectPages`). docs/decisions/039-projects.md */
import type { ProjectSummary, BeforeAfterPair } from "#app/schemas/project-view.ts";
import type { GalleryPhoto } from "#app/schemas/photo-view.ts";

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

/** A photo's project, as a link; its Spanish title and story ("" when not written) choose its Spanish page (app/i18n/projects.ts). */
export interface PhotoProjectLink {
  slug: string;
  title: string;
  titleEs: string;
  descriptionEs: string;
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
  /** Every published project's slug, newest first, and whether it has its Spanish page (the sitemap). */
  publishedSlugs(): Promise<{ slug: string; spanish: boolean }[]>;
}
