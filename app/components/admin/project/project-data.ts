import type { AdminPhoto } from "#app/schemas/photo-view.ts";
import type { AdminActionResult } from "#app/schemas/admin-action.ts";
import type { AdminProjectItem } from "#app/schemas/project-view.ts";

export interface AdminProjectData {
  flash: string | null;
  confirmDelete: boolean;
  services: { slug: string; title: string }[];
  project: AdminProjectItem & {
    description: string;
    titleEs: string;
    descriptionEs: string;
    month: number;
    year: number;
    coverPhotoId: string | null;
  };
  photos: AdminPhoto[];
  pairs: { id: string; before: AdminPhoto; after: AdminPhoto; caption: string; captionEs: string }[];
  draftCount: number;
  missingAlt: number;
  available: { photos: AdminPhoto[]; page: number; pages: number; total: number };
}

/** What each section of the project page is given: the page's data, its address, the no-JS answer. */
export interface ProjectSectionProps {
  data: AdminProjectData;
  action: string;
  actionData: AdminActionResult | undefined;
}
