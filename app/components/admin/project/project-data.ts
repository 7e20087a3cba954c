import type { AdminPhoto } from "#app/schemas/photo-view.ts";
import type { AdminActionResult } from "#app/schemas/admin-action.ts";
import type { AdminProjectDetails } from "#app/schemas/project-view.ts";

export interface AdminProjectData {
  flash: string | null;
  confirmDelete: boolean;
  services: { slug: string; title: string }[];
  project: AdminProjectDetails;
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
