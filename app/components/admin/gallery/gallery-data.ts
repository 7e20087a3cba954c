import type { ProjectOption } from "#app/components/admin/gallery/project-options.tsx";
import type { AdminTileData } from "#app/components/admin/gallery-tile.tsx";
import type { ServiceOption } from "#app/components/admin/gallery-uploader.tsx";

/** What /admin/gallery's loader gives the page (ADR 041). */
export interface AdminGalleryData {
  flash: string | null;
  photos: AdminTileData[];
  query: {
    show: "all" | "drafts" | "published";
    projectId: string | null;
    service: string | null;
    /** "missing": published photos still without their Spanish words. */
    spanish?: "missing" | null;
    page: number;
  };
  matching: number;
  pageCount: number;
  counts: { all: number; drafts: number; published: number; spanishMissing: number };
  editing: AdminTileData | null;
  confirmDelete: AdminTileData[];
  projects: ProjectOption[];
  services: ServiceOption[];
  upload: { service: string; projectId: string | null };
  limits: { maxBytes: number; maxMegapixels: number; draftMaxAgeHours: number };
}

/** `/admin/gallery?…` for the list on screen, with some keys changed (null removes one). */
export type ListHref = (changes?: Record<string, string | null>) => string;
