import type { RefObject } from "react";
import { Form, useNavigate } from "react-router";
import { ProjectOptions } from "#app/components/admin/gallery/project-options.tsx";
import { ServiceOptions } from "#app/components/admin/service-options.tsx";
import type { AdminGalleryData } from "#app/components/admin/gallery/gallery-data.ts";

/**
 * The sticky bar for the ticked photos (ADR 041): Publish and Delete… always, the rarer actions
 * folded away. With JavaScript it says how many are selected and hides when none is.
 */
export function BulkBar({
  data,
  formId,
  formAction,
  hydrated,
  selected,
  deleteRef,
  deleteConfirmHref,
}: {
  data: AdminGalleryData;
  formId: string;
  formAction: string;
  hydrated: boolean;
  selected: ReadonlySet<string>;
  deleteRef: RefObject<HTMLButtonElement | null>;
  deleteConfirmHref: (ids: string[]) => string;
}) {
  const navigate = useNavigate();
  return (
    <Form
      method="post"
      action={formAction}
      preventScrollReset
      id={formId}
      className="gallery-bulk"
      aria-labelledby="bulk-title"
      hidden={hydrated && selected.size === 0}
    >
      <div className="gallery-bulk__head">
        <h3 id="bulk-title" className="gallery-bulk__title">
          {hydrated ? (
            // Read out as the selection changes.
            // oxlint-disable-next-line jsx-a11y/prefer-tag-over-role
            <span role="status">{selected.size} selected</span>
          ) : (
            "With the selected photos"
          )}
        </h3>
        <div className="gallery-bulk__actions">
          <button type="submit" name="intent" value="bulk-publish" className="admin-button">
            Publish
          </button>
          <button
            ref={deleteRef}
            type="submit"
            name="intent"
            value="bulk-delete"
            className="admin-button admin-button--danger"
            onClick={
              hydrated
                ? (event) => {
                    // With JavaScript the same confirmation opens as a dialog, without a round trip through the action.
                    event.preventDefault();
                    const ids = data.photos.map((p) => p.id).filter((id) => selected.has(id));
                    if (ids.length > 0) void navigate(deleteConfirmHref(ids), { preventScrollReset: true });
                  }
                : undefined
            }
          >
            Delete…
          </button>
        </div>
      </div>
      {/* The rarer actions fold away so the bar stays short on a phone. */}
      <MoreBulkActions data={data} />
    </Form>
  );
}

/** Move to project, Change service, Remove from project: folded into a `<details>`. */
function MoreBulkActions({ data }: { data: AdminGalleryData }) {
  return (
    <details className="gallery-bulk__more">
      <summary>Project or service</summary>
      <div className="gallery-bulk__actions">
        <div className="gallery-bulk__pair">
          <label htmlFor="bulk-project">Project</label>
          <select id="bulk-project" name="projectId" defaultValue={data.query.projectId ?? data.projects[0]?.id ?? ""}>
            <ProjectOptions projects={data.projects} none={data.projects.length === 0 ? "No projects yet" : null} />
          </select>
          <button
            type="submit"
            name="intent"
            value="bulk-project"
            className="admin-button admin-button--quiet"
            disabled={data.projects.length === 0}
          >
            Move to project
          </button>
        </div>
        <div className="gallery-bulk__pair">
          <label htmlFor="bulk-service">Service</label>
          <select id="bulk-service" name="category" defaultValue={data.query.service ?? data.upload.service}>
            <ServiceOptions services={data.services} />
          </select>
          <button type="submit" name="intent" value="bulk-service" className="admin-button admin-button--quiet">
            Change service
          </button>
        </div>
        <button type="submit" name="intent" value="bulk-unproject" className="admin-button admin-button--quiet">
          Remove from project
        </button>
      </div>
    </details>
  );
}
