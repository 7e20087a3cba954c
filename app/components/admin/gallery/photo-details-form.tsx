import { Form } from "react-router";
import { ALT_MAX_LENGTH, CAPTION_MAX_LENGTH, suggestAlt } from "#app/schemas/photo-view.ts";
import type { AdminActionError } from "#app/schemas/admin-action.ts";
import { CAPTION_ES_LABEL, DESCRIBE_ES_LABEL, DESCRIBE_LABEL } from "#app/schemas/photo.ts";
import { ActionError } from "#app/components/admin/action-error.tsx";
import { ProjectOptions, type ProjectOption } from "#app/components/admin/gallery/project-options.tsx";
import type { AdminTileData } from "#app/components/admin/gallery-tile.tsx";
import type { ServiceOption } from "#app/components/admin/gallery-uploader.tsx";
import { ServiceOptions } from "#app/components/admin/service-options.tsx";

/**
 * The photo's details (caption, description, each with an optional Spanish version, service,
 * project) with Save and, for a draft, Publish.
 */
export function PhotoDetailsForm({
  photo,
  services,
  projects,
  error,
  view,
  serviceTitle,
}: {
  photo: AdminTileData;
  services: ServiceOption[];
  projects: ProjectOption[];
  /** A refused Save or Publish of this photo: its sentence, and what was typed. */
  error: AdminActionError | undefined;
  view: string;
  serviceTitle: (slug: string) => string;
}) {
  const id = photo.id;
  const values = error?.values;
  const isDraft = photo.status === "draft";
  return (
    <Form method="post" action={view} preventScrollReset className="gallery-details">
      <input type="hidden" name="photoId" value={id} />
      <ActionError result={error} id={`photo-${id}-error`} />
      <div className="admin-field">
        <label htmlFor={`photo-${id}-caption`}>Caption (optional)</label>
        <textarea
          id={`photo-${id}-caption`}
          name="caption"
          rows={2}
          maxLength={CAPTION_MAX_LENGTH}
          defaultValue={values?.caption ?? photo.caption}
        />
      </div>
      <div className="admin-field">
        <label htmlFor={`photo-${id}-alt`}>{DESCRIBE_LABEL}</label>
        <input
          id={`photo-${id}-alt`}
          name="alt"
          required
          maxLength={ALT_MAX_LENGTH}
          defaultValue={values?.alt ?? (photo.alt || suggestAlt({ caption: photo.caption, serviceTitle: serviceTitle(photo.category) }))}
          aria-invalid={error ? true : undefined}
          aria-describedby={`photo-${id}-alt-help${error ? ` photo-${id}-error` : ""}`}
        />
        <p className="admin-help" id={`photo-${id}-alt-help`}>
          What the photo shows, read out to people who use a screen reader. Needed to publish; suggested from the caption.
        </p>
      </div>
      <div className="admin-field">
        <label htmlFor={`photo-${id}-caption-es`}>{CAPTION_ES_LABEL}</label>
        <textarea
          id={`photo-${id}-caption-es`}
          name="captionEs"
          lang="es"
          rows={2}
          maxLength={CAPTION_MAX_LENGTH}
          defaultValue={values?.captionEs ?? photo.captionEs}
          aria-describedby={`photo-${id}-spanish-help`}
        />
      </div>
      <div className="admin-field">
        <label htmlFor={`photo-${id}-alt-es`}>{DESCRIBE_ES_LABEL}</label>
        <input
          id={`photo-${id}-alt-es`}
          name="altEs"
          lang="es"
          maxLength={ALT_MAX_LENGTH}
          defaultValue={values?.altEs ?? photo.altEs}
          aria-describedby={`photo-${id}-spanish-help`}
        />
        <p className="admin-help" id={`photo-${id}-spanish-help`}>
          For the Spanish pages. Until the description is written in Spanish (and the caption too, when there is one), the Spanish pages
          show the English, and the photo gets no Spanish page of its own.
        </p>
      </div>
      <div className="admin-field">
        <label htmlFor={`photo-${id}-category`}>Service</label>
        <select id={`photo-${id}-category`} name="category" defaultValue={values?.category ?? photo.category}>
          <ServiceOptions services={services} />
        </select>
      </div>
      <div className="admin-field">
        <label htmlFor={`photo-${id}-project`}>Project</label>
        <select id={`photo-${id}-project`} name="projectId" defaultValue={values?.projectId ?? photo.project?.id ?? ""}>
          <ProjectOptions projects={projects} />
        </select>
      </div>
      <div className="admin-actions">
        <button type="submit" name="intent" value="save" className={isDraft ? "admin-button admin-button--quiet" : "admin-button"}>
          Save
        </button>
        {isDraft ? (
          <button type="submit" name="intent" value="publish" className="admin-button">
            Publish
          </button>
        ) : null}
      </div>
    </Form>
  );
}
