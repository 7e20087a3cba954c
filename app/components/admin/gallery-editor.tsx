import { useEffect, useRef, type ReactNode } from "react";
import { Form, Link } from "react-router";
import { ALT_MAX_LENGTH, CAPTION_MAX_LENGTH, pickSource, suggestAlt } from "~/gallery/photo";
import { DESCRIBE_LABEL } from "~/schemas/photo";
import type { AdminActionError } from "~/schemas/admin-action";
import type { ServiceOption } from "./gallery-uploader";
import { ServiceOptions } from "./service-options";
import { photoLabel, type AdminTileData } from "./gallery-tile";

export interface DraftAgeText {
  uploaded: string;
  removal: string;
}

export interface ProjectOption {
  id: string;
  title: string;
  status: "draft" | "published";
}

/** The `<option>`s of a project select: "No project", then every project (drafts say so). */
export function ProjectOptions({ projects, none = "No project" }: { projects: readonly ProjectOption[]; none?: string | null }) {
  return (
    <>
      {none === null ? null : <option value="">{none}</option>}
      {projects.map((project) => (
        <option key={project.id} value={project.id}>
          {project.title}
          {project.status === "draft" ? " (draft)" : ""}
        </option>
      ))}
    </>
  );
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
  const id = photo.id;
  const label = photoLabel(photo);
  const serviceTitle = (slug: string) => services.find((s) => s.slug === slug)?.title ?? slug;
  const image = pickSource(photo.webp, 640) ?? photo.large;
  const detailsError = error && (error.intent === "save" || error.intent === "publish") ? error : undefined;
  const otherError = error && !detailsError ? error : undefined;
  const values = detailsError?.values;
  const isDraft = photo.status === "draft";
  const position = photo.position;
  const hidden = (
    <>
      <input type="hidden" name="photoId" value={id} />
      
    </>
  );

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
        {isDraft ? "Draft" : `Published, number ${(position ?? 0) + 1} of ${publishedTotal} in the gallery`} ·{" "}
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
      {otherError ? (
        <div className="admin-alert" role="alert">
          <p>{otherError.error}</p>
        </div>
      ) : null}

      <Form method="post" action={view} preventScrollReset className="gallery-details">
        {hidden}
        {detailsError ? (
          <div className="admin-alert" role="alert" id={`photo-${id}-error`}>
            <p>{detailsError.error}</p>
          </div>
        ) : null}
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
            aria-invalid={detailsError ? true : undefined}
            aria-describedby={`photo-${id}-alt-help${detailsError ? ` photo-${id}-error` : ""}`}
          />
          <p className="admin-help" id={`photo-${id}-alt-help`}>
            What the photo shows, read out to people who use a screen reader. Needed to publish; suggested from the
            caption.
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

      <Form method="post" action={view} preventScrollReset className="gallery-editor__row">
        {hidden}
        <input type="hidden" name="intent" value="rotate" />
        <button type="submit" name="direction" value="left" className="admin-button admin-button--quiet">
          Rotate left
        </button>
        <button type="submit" name="direction" value="right" className="admin-button admin-button--quiet">
          Rotate right
        </button>
      </Form>

      {!isDraft ? (
        <>
          <Form method="post" action={view} preventScrollReset className="gallery-editor__row">
            {hidden}
            {photo.coverOf ? (
              <>
                <input type="hidden" name="service" value={photo.coverOf} />
                <button type="submit" name="intent" value="uncover" className="admin-button admin-button--quiet">
                  Remove cover of the {serviceTitle(photo.coverOf)} page
                </button>
              </>
            ) : (
              <button type="submit" name="intent" value="cover" className="admin-button admin-button--quiet">
                Make it the cover of the {serviceTitle(photo.category)} page
              </button>
            )}
          </Form>
          <fieldset className="gallery-order">
            <legend>Place in the gallery</legend>
            <Form method="post" action={view} preventScrollReset>
              {hidden}
              <input type="hidden" name="intent" value="move" />
              <input type="hidden" name="direction" value="up" />
              <button type="submit" id={`move-up-${id}`} className="admin-button admin-button--quiet" disabled={position === 0}>
                Move up
              </button>
            </Form>
            <Form method="post" action={view} preventScrollReset>
              {hidden}
              <input type="hidden" name="intent" value="move" />
              <input type="hidden" name="direction" value="down" />
              <button
                type="submit"
                id={`move-down-${id}`}
                className="admin-button admin-button--quiet"
                disabled={position === publishedTotal - 1}
              >
                Move down
              </button>
            </Form>
            <Form method="post" action={view} preventScrollReset className="gallery-order__position">
              {hidden}
              <input type="hidden" name="intent" value="move" />
              <div className="admin-field">
                <label htmlFor={`position-${id}`}>Position (1–{publishedTotal})</label>
                <input
                  id={`position-${id}`}
                  name="position"
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={publishedTotal}
                  required
                  defaultValue={(position ?? 0) + 1}
                />
              </div>
              <button type="submit" id={`move-to-${id}`} className="admin-button admin-button--quiet">
                Move
              </button>
            </Form>
          </fieldset>
        </>
      ) : null}

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
