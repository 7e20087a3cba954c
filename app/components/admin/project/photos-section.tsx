import { Link } from "react-router";
import { ProjectPhotoTile } from "#app/components/admin/project/photo-tile.tsx";
import type { ProjectSectionProps } from "#app/components/admin/project/project-data.ts";

const photosHeading = () => document.getElementById("project-photos-title");

/** The project's photos in story order, each with its buttons, and the way to upload more into it. */
export function PhotosSection({ data, action, actionData }: ProjectSectionProps) {
  return (
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
              action={action}
              actionData={actionData}
              fallback={photosHeading}
              serviceTitle={data.services.find((s) => s.slug === photo.category)?.title ?? null}
            />
          ))}
        </ol>
      )}
      <p>
        <Link to={`/admin/gallery?project=${data.project.id}`} className="admin-link-button">
          Upload photos into this project
        </Link>
      </p>
    </section>
  );
}
