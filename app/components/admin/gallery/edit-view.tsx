import { useEffect, useRef } from "react";
import { Link, useNavigate } from "react-router";
import type { AdminActionError } from "#app/schemas/admin-action.ts";
import { EditSheet, PhotoEditor } from "#app/components/admin/gallery-editor.tsx";
import type { AdminGalleryData, ListHref } from "#app/components/admin/gallery/gallery-data.ts";

/** Once the edit view has closed, focus goes back to the tile whose view it was (ADR 041). */
export function useFocusBackToTile(editing: AdminGalleryData["editing"], hydrated: boolean): void {
  /** The tile whose edit view was open. */
  const lastEdited = useRef<string | null>(null);
  useEffect(() => {
    if (editing) {
      lastEdited.current = editing.id;
      return;
    }
    const id = lastEdited.current;
    lastEdited.current = null;
    if (id && hydrated) document.getElementById(`open-${id}`)?.focus();
  }, [editing, hydrated]);
}

/** The open photo (`?edit=<id>`): a modal dialog with JavaScript, a section at the top without. */
export function GalleryEditView({
  data,
  error,
  hydrated,
  listHref,
  deleteConfirmHref,
}: {
  data: AdminGalleryData;
  error: AdminActionError | undefined;
  hydrated: boolean;
  listHref: ListHref;
  deleteConfirmHref: (ids: string[]) => string;
}) {
  const navigate = useNavigate();
  if (!data.editing) return null;
  return (
    <EditSheet
      key={data.editing.id}
      hydrated={hydrated}
      titleId="edit-photo-title"
      onClose={() => void navigate(listHref({ edit: null }), { preventScrollReset: true, replace: true })}
    >
      <PhotoEditor
        photo={data.editing}
        services={data.services}
        projects={data.projects}
        publishedTotal={data.counts.published}
        error={error}
        view={listHref()}
        deleteHref={deleteConfirmHref([data.editing.id])}
        titleId="edit-photo-title"
        close={
          hydrated ? (
            <form method="dialog">
              <button type="submit" className="admin-button admin-button--quiet">
                Close
              </button>
            </form>
          ) : (
            <Link to={`${listHref({ edit: null })}#open-${data.editing.id}`} className="admin-link-button">
              Back to the photos
            </Link>
          )
        }
      />
    </EditSheet>
  );
}
