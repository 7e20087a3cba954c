import type { AdminPhoto } from "~/gallery/photo";
import type { AdminActionError } from "~/server/admin/forms.server";

export interface AdminGalleryData {
  flash: string | null;
  published: AdminPhoto[];
  drafts: AdminPhoto[];
  total: number;
  services: { slug: string; title: string }[];
  limits: { maxBytes: number; maxMegapixels: number; draftMaxAgeHours: number };
}

/** The admin gallery page: uploads, drafts and the published photos. */
export function AdminGalleryPage({ data }: { data: AdminGalleryData; actionData: AdminActionError | undefined }) {
  return (
    <div className="admin-page">
      <h1>Gallery</h1>
      <p>{data.total === 1 ? "1 published photo" : `${data.total} published photos`}.</p>
    </div>
  );
}
