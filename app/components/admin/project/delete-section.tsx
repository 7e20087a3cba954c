import { useEffect, useRef } from "react";
import { Form, Link } from "react-router";
import { ActionError } from "#app/components/admin/action-error.tsx";
import { answerFor } from "#app/components/admin/project-parts.tsx";
import type { ProjectSectionProps } from "#app/components/admin/project/project-data.ts";

/** "Delete project…", then the question (`?confirm=delete`) with Yes and "No, keep it". */
export function DeleteSection({ data, action, actionData }: ProjectSectionProps) {
  const { project, confirmDelete } = data;
  const heading = useRef<HTMLHeadingElement>(null);
  const link = useRef<HTMLAnchorElement>(null);
  const wasAsking = useRef(confirmDelete);
  useEffect(() => {
    // The question appears: focus goes to it; "No, keep it": back to "Delete project…".
    if (confirmDelete) heading.current?.focus();
    else if (wasAsking.current) link.current?.focus();
    wasAsking.current = confirmDelete;
  }, [confirmDelete]);
  const refusal = answerFor("delete", undefined, actionData);
  if (!confirmDelete) {
    return (
      <section className="admin-section" aria-labelledby="delete-title">
        <h2 id="delete-title">Delete</h2>
        <ActionError result={refusal} />
        <p>
          <Link
            ref={link}
            to={`${action}?confirm=delete#confirm-delete`}
            preventScrollReset
            className="admin-link-button project-delete-link"
          >
            Delete project…
          </Link>
        </p>
      </section>
    );
  }
  return (
    <section id="confirm-delete" className="admin-section admin-danger" aria-labelledby="confirm-delete-title">
      <h2 id="confirm-delete-title" tabIndex={-1} ref={heading}>
        Delete this project?
      </h2>
      <p>
        “{project.title}” and its before/after pairs will be deleted
        {project.status === "published" ? ", and it leaves the site" : ""}.{" "}
        {data.photos.length === 0
          ? "It has no photos."
          : data.photos.length === 1
            ? "Its photo stays in the gallery."
            : `Its ${data.photos.length} photos stay in the gallery.`}{" "}
        This cannot be undone.
      </p>
      <Form method="post" action={action} className="admin-actions">
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="confirm" value="yes" />
        <button type="submit" className="admin-button admin-button--danger">
          Yes, delete this project
        </button>
        <Link to={action} preventScrollReset className="admin-link-button">
          No, keep it
        </Link>
      </Form>
    </section>
  );
}
