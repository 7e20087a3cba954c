import { Link } from "react-router";
import type { AdminActionResult } from "#app/schemas/admin-action.ts";
import { formatFinishedOn, projectHref } from "#app/schemas/project-view.ts";
import { AddPhotos } from "#app/components/admin/project/add-photos.tsx";
import { DeleteSection } from "#app/components/admin/project/delete-section.tsx";
import { DetailsSection } from "#app/components/admin/project/details-section.tsx";
import { Pairs } from "#app/components/admin/project/pairs.tsx";
import { PhotosSection } from "#app/components/admin/project/photos-section.tsx";
import type { AdminProjectData } from "#app/components/admin/project/project-data.ts";
import { PublishSection } from "#app/components/admin/project/publish-section.tsx";
import { useFocusWhenGone } from "#app/components/admin/project/use-focus-when-gone.ts";
import { ProjectStatusBadge } from "#app/components/admin/project-parts.tsx";

export type { AdminProjectData } from "#app/components/admin/project/project-data.ts";

function photos(n: number): string {
  return n === 1 ? "1 photo" : `${n} photos`;
}

/**
 * /admin/projects/:id: a project's photos in story order (move, cover, remove), photos to add from
 * the gallery, before/after pairs, publishing with its drafts, the details, and deleting after a
 * confirmation. Every form works without JavaScript; with it, they change the page in place.
 */
export function AdminProjectPage({ data, actionData }: { data: AdminProjectData; actionData: AdminActionResult | undefined }) {
  const { project } = data;
  const here = `/admin/projects/${project.id}`;
  useFocusWhenGone(
    data.photos.map((photo) => photo.id),
    "project-photos-title",
  );
  useFocusWhenGone(
    data.pairs.map((pair) => pair.id),
    "pairs-title",
  );

  return (
    <div className="admin-page projects-page">
      <p className="admin-back">
        <Link to="/admin/projects">← All projects</Link>
      </p>
      <p className="eyebrow">
        Project <ProjectStatusBadge status={project.status} />
      </p>
      <h1 className="admin-break">{project.title}</h1>
      <p className="admin-card__meta">
        {project.place} · {formatFinishedOn(project.finishedOn)} · {photos(project.photoCount)}
      </p>
      <p>
        <a href={projectHref(project.slug)} className="admin-link-button admin-button--quiet" target="_blank" rel="noreferrer">
          {project.status === "published" ? "View on site" : "Preview on site"}
          <span className="visually-hidden"> (opens in a new tab)</span>
        </a>
      </p>

      <PhotosSection data={data} action={here} actionData={actionData} />

      <AddPhotos data={data} action={here} actionData={actionData} />
      <Pairs data={data} action={here} actionData={actionData} />
      <PublishSection data={data} action={here} actionData={actionData} />

      <DetailsSection data={data} action={here} actionData={actionData} />

      <DeleteSection data={data} action={here} actionData={actionData} />
    </div>
  );
}
