import { useEffect, useRef, type ReactNode } from "react";
import { Form, Link } from "react-router";
import { pickSource } from "#app/schemas/photo-view.ts";
import type { AdminActionError } from "#app/schemas/admin-action.ts";
import { PhotoDetailsForm } from "#app/components/admin/gallery/photo-details-form.tsx";
import { PhotoPlace } from "#app/components/admin/gallery/photo-place.tsx";
import type { ProjectOption } from "#app/components/admin/gallery/project-options.tsx";
import type { ServiceOption } from "#app/components/admin/gallery-uploader.tsx";
import { photoLabel, type AdminTileData } from "#app/components/admin/gallery-tile.tsx";
import { ActionError } from "#app/components/admin/action-error.tsx";

export interface DraftAgeText {
  uploaded: string;
  removal: string;
}

/**
 * A photo's edit view: its details (caption, the description for people who can't see it,
 * service, project) with Save and, for a draft, Publish; Rotate left / right; for a published
 * photo its cover and its place in the gallery; and Delete (a confirmation first). Every form is a
 * plain post that comes back to the list it was on (`view`).
 */
export function PhotoEditor({
  photo,
  services,
  projects,
  publishedTotal,
  error,
  view,
  deleteHref,
  onDelete,
  titleId,
  close,
}: {
  photo: AdminTileData;
  services: ServiceOption[];
  projects: ProjectOption[];
  publishedTotal: number;
  error?: AdminActionError;
  /** The list's address parameters, posted back so the answer returns to it. */
  view: string;
  deleteHref: string;
  onDelete?: (event: React.MouseEvent<HTMLAnchorElement>) => void;
  titleId: string;
  close: ReactNode;
}) {
  const label = photoLabel(photo);
  const serviceTitle = (slug: string) => services.find((s) => s.slug === slug)?.title ?? slug;
  const image = pickSource(photo.webp, 640) ?? photo.large;
  const detailsError = error && (error.intent === "save" || error.intent === "publish") ? error : undefined;
  const otherError = error && !detailsError ? error : undefined;
  const isDraft = photo.status === "draft";

  return (
    <div className="gallery-editor">
      <div className="gallery-editor__head">
        <h2 id={titleId} className="admin-break">
          Edit photo: {label}
        </h2>
        {close}
      </div>
      <img className="gallery-editor__image" src={image.url} width={image.width} height={image.height} alt={photo.alt} />
      <p className="admin-card__meta">
        {isDraft ? "Draft" : `Published, number ${(photo.position ?? 0) + 1} of ${publishedTotal} in the gallery`} ·{" "}
        {serviceTitle(photo.category)} · {photo.originalWidth} × {photo.originalHeight} px · {photo.sourceType.toUpperCase()}
        {photo.project ? ` · Project: ${photo.project.title}` : ""}
      </p>
      {photo.age ? (
        <p className="admin-card__meta">
          {photo.age.uploaded} {photo.age.removal}
        </p>
      ) : null}
      {photo.coverOf ? (
        <p>
          <span className="admin-tag gallery-cover-tag">Cover of the {serviceTitle(photo.coverOf)} page</span>
        </p>
      ) : null}
      <ActionError result={otherError} />

      <PhotoDetailsForm
        photo={photo}
        services={services}
        projects={projects}
        error={detailsError}
        view={view}
        serviceTitle={serviceTitle}
      />

      <Form method="post" action={view} preventScrollReset className="gallery-editor__row">
        <input type="hidden" name="photoId" value={photo.id} />
        <input type="hidden" name="intent" value="rotate" />
        <button type="submit" name="direction" value="left" className="admin-button admin-button--quiet">
          Rotate left
        </button>
        <button type="submit" name="direction" value="right" className="admin-button admin-button--quiet">
          Rotate right
        </button>
      </Form>

      {!isDraft ? <PhotoPlace photo={photo} publishedTotal={publishedTotal} view={view} serviceTitle={serviceTitle} /> : null}

      <p className="gallery-editor__row">
        <Link to={deleteHref} preventScrollReset className="admin-link-button gallery-delete-link" onClick={onDelete}>
          Delete…
        </Link>
      </p>
    </div>
  );
}

/**
 * Where the edit view shows: with JavaScript a modal `<dialog>` (Esc or Close goes back to the
 * list, and focus to the photo's tile), without it a section at the top of the list.
 */
export function EditSheet({
  hydrated,
  titleId,
  onClose,
  children,
}: {
  hydrated: boolean;
  titleId: string;
  onClose: () => void;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (hydrated && dialog && !dialog.open) dialog.showModal();
  }, [hydrated]);
  if (!hydrated) {
    return (
      <section id="edit-photo" className="admin-section gallery-sheet" aria-labelledby={titleId}>
        {children}
      </section>
    );
  }
  return (
    <dialog ref={ref} className="gallery-dialog gallery-sheet" aria-labelledby={titleId} onClose={onClose}>
      {children}
    </dialog>
  );
}
