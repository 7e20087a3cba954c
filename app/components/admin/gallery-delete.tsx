import { useEffect, useRef, type ReactNode } from "react";
import { Form } from "react-router";
import { pickSource } from "#app/schemas/photo-view.ts";
import { photoLabel, type AdminTileData } from "#app/components/admin/gallery-tile.tsx";

/**
 * What deleting asks before it happens (`?delete=<id>`, repeated for several): the photos, what
 * goes with them, and a "Yes" that posts `confirm=yes` (the action refuses a delete without it).
 * `cancel` is the way out. One photo: "Delete this photo?"; several: "Delete 3 photos? This can't
 * be undone."
 */
function DeleteQuestion({ photos, titleId, view, cancel }: { photos: AdminTileData[]; titleId: string; view: string; cancel: ReactNode }) {
  const one = photos.length === 1 ? photos[0] : undefined;
  return (
    <>
      <h2 id={titleId}>{one ? "Delete this photo?" : `Delete ${photos.length} photos? This can't be undone.`}</h2>
      {one ? (
        <div className="gallery-confirm__body">
          <Thumb photo={one} />
          <p>
            “{photoLabel(one)}” and all its files will be deleted
            {one.status === "published" ? ", and it leaves the gallery" : ""}
            {one.coverOf ? " and stops being a service page's cover" : ""}. This cannot be undone.
          </p>
        </div>
      ) : (
        <ul className="gallery-confirm__list" aria-label="Photos to delete">
          {photos.map((photo) => (
            <li key={photo.id}>
              {/* The name is next to it: the picture needs no words of its own. */}
              <Thumb photo={photo} decorative />
              <span className="admin-break">{photoLabel(photo)}</span>
            </li>
          ))}
        </ul>
      )}
      <Form method="post" action={view} preventScrollReset className="admin-inline-form">
        <input type="hidden" name="confirm" value="yes" />
        {one ? (
          <>
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="photoId" value={one.id} />
          </>
        ) : (
          <>
            <input type="hidden" name="intent" value="bulk-delete" />
            {photos.map((photo) => (
              <input key={photo.id} type="hidden" name="ids" value={photo.id} />
            ))}
          </>
        )}
        <button type="submit" className="admin-button admin-button--danger">
          {one ? "Yes, delete this photo" : `Yes, delete ${photos.length} photos`}
        </button>
        {cancel}
      </Form>
    </>
  );
}

function Thumb({ photo, decorative = false }: { photo: AdminTileData; decorative?: boolean }) {
  const thumb = pickSource(photo.webp, 320) ?? photo.large;
  return (
    <img src={thumb.url} width={thumb.width} height={thumb.height} alt={decorative ? "" : photo.alt} className="gallery-confirm__thumb" />
  );
}

/**
 * The confirmation: without JavaScript a section at the top of the page (its Cancel is a link back
 * to the list), with it a modal dialog (Esc or Cancel closes it).
 */
export function DeleteConfirm({
  photos,
  hydrated,
  view,
  cancelHref,
  onClose,
  renderCancelLink,
}: {
  photos: AdminTileData[];
  hydrated: boolean;
  view: string;
  cancelHref: string;
  onClose: () => void;
  renderCancelLink: (href: string, text: string) => ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (hydrated && dialog && !dialog.open) dialog.showModal();
  }, [hydrated]);
  const cancelText = photos.length === 1 ? "No, keep it" : "Cancel";
  if (!hydrated) {
    return (
      <section id="confirm-delete" className="admin-section admin-danger gallery-confirm" aria-labelledby="confirm-delete-title">
        <DeleteQuestion photos={photos} titleId="confirm-delete-title" view={view} cancel={renderCancelLink(cancelHref, cancelText)} />
      </section>
    );
  }
  return (
    <dialog ref={ref} className="gallery-dialog gallery-confirm" aria-labelledby="delete-dialog-title" onClose={onClose}>
      <DeleteQuestion
        photos={photos}
        titleId="delete-dialog-title"
        view={view}
        cancel={
          <button type="button" className="admin-button admin-button--quiet" onClick={() => ref.current?.close()}>
            {cancelText}
          </button>
        }
      />
    </dialog>
  );
}
