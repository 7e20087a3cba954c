/**
 * Projects as pages show them (issue 16, ADR 039): plain values shared by the server, which builds
 * them, and the components that render them. No storage keys, no database rows.
 */
import type { AdminPhoto, GalleryPhoto } from "#app/schemas/photo-view.ts";
import type { ProjectStatus } from "#app/schemas/project.ts";

export interface ProjectSummary {
  id: string;
  slug: string;
  title: string;
  /** A service slug. */
  service: string;
  place: string;
  /** "YYYY-MM". */
  finishedOn: string;
  description: string;
  /** The title and the story in Spanish; "" when not written (ADR 064). */
  titleEs: string;
  descriptionEs: string;
  /** The cover, else the first published photo; null for a project without one yet. */
  cover: GalleryPhoto | null;
  photoCount: number;
}

export interface BeforeAfterPair {
  id: string;
  before: GalleryPhoto;
  after: GalleryPhoto;
  caption: string;
  /** "" when not written. */
  captionEs: string;
}

/** The months as the pages and the admin's month picker name them. */
export const MONTH_NAMES = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;

/** "April 2026" from "2026-04"; the text itself when it is not such a month. */
export function formatFinishedOn(finishedOn: string): string {
  const match = /^(\d{4})-(\d{2})$/.exec(finishedOn);
  const month = match ? MONTH_NAMES[Number(match[2]) - 1] : undefined;
  return match && month ? `${month} ${match[1]}` : finishedOn;
}

/** A project's public page. */
export function projectHref(slug: string): string {
  return `/projects/${encodeURIComponent(slug)}`;
}

/**
 * The address part of a title: lowercase ASCII letters and digits joined by single hyphens, at
 * most 60 characters, never empty ("project" when nothing is left).
 */
export function slugify(title: string): string {
  const slug = title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/g, "");
  return slug || "project";
}

/** A slug a project may have: what slugify makes (optionally with "-2", "-3"…). */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

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

/** A project on its admin page: the list's facts, its story and its Spanish words. */
export interface AdminProjectDetails extends AdminProjectItem {
  description: string;
  titleEs: string;
  descriptionEs: string;
  month: number;
  year: number;
  coverPhotoId: string | null;
}
