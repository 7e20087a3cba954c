import { Link } from "react-router";
import type { AdminActionResult } from "~/schemas/admin-action";
import { formatFinishedOn, projectHref } from "~/projects/project";
import { AddPhotos } from "./project/add-photos";
import { DeleteSection } from "./project/delete-section";
import { Pairs } from "./project/pairs";
import { ProjectPhotoTile } from "./project/photo-tile";
import type { AdminProjectData } from "./project/project-data";
import { PublishSection } from "./project/publish-section";
import { useFocusWhenGone } from "./project/use-focus-when-gone";
import { ProjectDetailsFields } from "./project-details-fields";
import { ProjectActionForm, ProjectStatusBadge } from "./project-parts";

export type { AdminProjectData } from "./project/project-data";

const photosHeading = () => document.getElementById("project-photos-title");

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

      <section className="admin-section" aria-labelledby="project-photos-title">
        <h2 id="project-photos-title" tabIndex={-1}>
          Photos ({data.photos.length})
        </h2>
        {data.photos.length === 0 ? (
          <p className="admin-empty">No photos yet. Add some from the gallery below, or upload new ones.</p>
        ) : (
          <ol className="project-photos">
            {data.photos.map((photo, index) => (
              <ProjectPhotoTile
                key={photo.id}
                photo={photo}
                index={index}
                total={data.photos.length}
                isCover={photo.id === (data.project.coverPhotoId ?? data.photos[0]?.id)}
                action={here}
                actionData={actionData}
                fallback={photosHeading}
                serviceTitle={data.services.find((s) => s.slug === photo.category)?.title ?? null}
              />
            ))}
          </ol>
        )}
        <p>
          <Link to={`/admin/gallery?project=${project.id}`} className="admin-link-button">
            Upload photos into this project
          </Link>
        </p>
      </section>

      <AddPhotos data={data} action={here} actionData={actionData} />
      <Pairs data={data} action={here} actionData={actionData} />
      <PublishSection data={data} action={here} actionData={actionData} />

      <section className="admin-section" aria-labelledby="project-details-title">
        <h2 id="project-details-title">Details</h2>
        <ProjectActionForm action={here} intent="save" actionData={actionData} className="admin-stack-form project-form" showRefusal={false} showDone>
          {(result) => (
            <>
              <ProjectDetailsFields
                idPrefix="project"
                values={{
                  title: project.title,
                  service: project.service,
                  place: project.place,
                  month: String(project.month),
                  year: String(project.year),
                  description: project.description,
                }}
                services={data.services}
                result={result}
              />
              <button type="submit" className="admin-button" id="project-save">
                Save
              </button>
            </>
          )}
        </ProjectActionForm>
      </section>

      <DeleteSection data={data} action={here} actionData={actionData} />
    </div>
  );
}
