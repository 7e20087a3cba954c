import { useEffect, useRef, type ReactNode } from "react";
import { Form, Link } from "react-router";
import { pickSource, type AdminPhoto } from "~/gallery/photo";
import { photoLabel } from "./gallery-photo-card";

/**
 * What deleting a photo asks before it happens: the photo, what goes with it, and a "Yes" that
 * posts `confirm=yes` (the action refuses a delete without it). `cancel` is the way out.
 */
function DeleteQuestion({
  photo,
  titleId,
  cancel,
  onSubmit,
}: {
  photo: AdminPhoto;
  titleId: string;
  cancel: ReactNode;
  onSubmit?: () => void;
}) {
  const thumb = pickSource(photo.webp, 320) ?? photo.large;
  return (
    <>
      <h2 id={titleId}>Delete this photo?</h2>
      <div className="gallery-confirm__body">
        <img src={thumb.url} width={thumb.width} height={thumb.height} alt={photo.alt} className="gallery-confirm__thumb" />
        <p>
          “{photoLabel(photo)}” and all its files will be deleted
          {photo.status === "published" ? ", and it leaves the gallery" : ""}
          {photo.coverOf ? " and stops being a service page's cover" : ""}. This cannot be undone.
        </p>
      </div>
      <Form method="post" action="/admin/gallery" preventScrollReset className="admin-inline-form" onSubmit={onSubmit}>
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="photoId" value={photo.id} />
        <input type="hidden" name="confirm" value="yes" />
        <button type="submit" className="admin-button admin-button--danger">
          Yes, delete this photo
        </button>
        {cancel}
      </Form>
    </>
  );
}

/** The confirmation step as part of the page (`?delete=<id>`), which works without JavaScript. */
export function DeleteConfirmSection({ photo }: { photo: AdminPhoto }) {
  return (
    <section id="confirm-delete" className="admin-section admin-danger gallery-confirm" aria-labelledby="confirm-delete-title">
      <DeleteQuestion
        photo={photo}
        titleId="confirm-delete-title"
        cancel={
          <Link to="/admin/gallery" preventScrollReset className="admin-link-button">
            No, keep it
          </Link>
        }
      />
    </section>
  );
}

/** The same question in a modal dialog, with JavaScript. Esc or "No, keep it" closes it. */
export function DeleteDialog({ photo, onClose }: { photo: AdminPhoto | null; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (photo && dialog && !dialog.open) dialog.showModal();
    if (!photo && dialog?.open) dialog.close();
  }, [photo]);
  return (
    <dialog ref={ref} className="gallery-dialog" aria-labelledby="delete-dialog-title" onClose={onClose}>
      {photo ? (
        <DeleteQuestion
          photo={photo}
          titleId="delete-dialog-title"
          onSubmit={() => ref.current?.close()}
          cancel={
            <button type="button" className="admin-button admin-button--quiet" onClick={() => ref.current?.close()}>
              No, keep it
            </button>
          }
        />
      ) : null}
    </dialog>
  );
}
