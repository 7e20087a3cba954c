import type { DragEvent, FormEvent, MouseEvent } from "react";
import { Form, Link } from "react-router";
import { ALT_MAX_LENGTH, CAPTION_MAX_LENGTH, pickSource, suggestAlt, type AdminPhoto } from "~/gallery/photo";
import type { AdminActionError } from "~/schemas/admin-action";
import type { ServiceOption } from "./gallery-uploader";
import { ServiceOptions } from "./service-options";

export interface DraftAgeText {
  uploaded: string;
  removal: string;
}

/** A short name for a photo in buttons' accessible names and headings. */
export function photoLabel(photo: AdminPhoto): string {
  const text = (photo.caption || photo.alt).trim();
  if (!text) return "photo without a caption";
  return text.length > 60 ? `${text.slice(0, 59)}…` : text;
}

export interface PhotoCardProps {
  photo: AdminPhoto & { age?: DraftAgeText };
  services: ServiceOption[];
  /** Its place among the published photos (from 0), and their number; absent for a draft. */
  place?: { index: number; total: number };
  /** A refused action on this photo (a save or publish comes with what was typed). */
  error?: AdminActionError;
  /** A move form is being sent: the page puts focus back on `submitterId` once the list is reloaded. */
  onMove?: (event: FormEvent<HTMLFormElement>) => void;
  /** With JavaScript: open the delete dialog instead of following the link. */
  onDelete?: (event: MouseEvent<HTMLAnchorElement>) => void;
  drag?: {
    onDragStart: (event: DragEvent<HTMLLIElement>) => void;
    onDragOver: (event: DragEvent<HTMLLIElement>) => void;
    onDrop: (event: DragEvent<HTMLLIElement>) => void;
    onDragEnd: () => void;
    isDragged: boolean;
    isOver: boolean;
  };
}

/**
 * One photo on /admin/gallery, a draft or a published one: its details form (caption, alt text,
 * service), and for a published photo its place in the gallery (buttons, a position, or dragging
 * the card with JavaScript) and its use as a service page's cover. Every form posts without
 * JavaScript too.
 */
export function PhotoCard({ photo, services, place, error, onMove, onDelete, drag }: PhotoCardProps) {
  const id = photo.id;
  const label = photoLabel(photo);
  const serviceTitle = (slug: string) => services.find((s) => s.slug === slug)?.title ?? slug;
  const thumb = pickSource(photo.webp, 320) ?? photo.large;
  // Only a refused save or publish carries typed details (and is about the fields).
  const detailsError = error && (error.intent === "save" || error.intent === "publish") ? error : undefined;
  const values = detailsError?.values;
  const isDraft = photo.status === "draft";
  const titleId = `photo-${id}-title`;

  return (
    // Dragging is the mouse's shortcut; the Move buttons and the position field do the same by keyboard.
    // oxlint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <li
      className={`admin-card gallery-card${drag?.isDragged ? " gallery-card--dragged" : ""}${drag?.isOver ? " gallery-card--over" : ""}`}
      aria-labelledby={titleId}
      draggable={drag ? true : undefined}
      onDragStart={drag?.onDragStart}
      onDragOver={drag?.onDragOver}
      onDrop={drag?.onDrop}
      onDragEnd={drag?.onDragEnd}
    >
      <div className="gallery-card__media">
        <img src={thumb.url} width={thumb.width} height={thumb.height} alt={photo.alt} loading="lazy" draggable={false} />
      </div>
      <h3 className="admin-card__title admin-break" id={titleId}>
        {place ? `${place.index + 1}. ` : "Draft: "}
        {label}
      </h3>
      <p className="admin-card__meta">
        {serviceTitle(photo.category)} · {photo.originalWidth} × {photo.originalHeight} px · {photo.sourceType.toUpperCase()}
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
      {error && !detailsError ? (
        <div className="admin-alert" role="alert">
          <p>{error.error}</p>
        </div>
      ) : null}
      {drag ? (
        <p className="admin-help gallery-card__drag-help">Drag the picture to move the photo, or use the buttons below.</p>
      ) : null}

      <Form method="post" action="/admin/gallery" preventScrollReset className="gallery-details">
        <input type="hidden" name="photoId" value={id} />
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
          <label htmlFor={`photo-${id}-alt`}>Alt text</label>
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
            What the photo shows, for people who cannot see it. Required{isDraft ? " before publishing" : ""}.
          </p>
        </div>
        <div className="admin-field">
          <label htmlFor={`photo-${id}-category`}>Service</label>
          <select id={`photo-${id}-category`} name="category" defaultValue={values?.category ?? photo.category}>
            <ServiceOptions services={services} />
          </select>
        </div>
        <button type="submit" name="intent" value={isDraft ? "publish" : "save"} className="admin-button">
          {isDraft ? "Publish" : "Save"}
          <span className="visually-hidden">: {label}</span>
        </button>
      </Form>

      {place ? (
        <fieldset className="gallery-order">
          <legend className="visually-hidden">Place in the gallery: {label}</legend>
          <Form method="post" action="/admin/gallery" preventScrollReset onSubmit={onMove}>
            <input type="hidden" name="intent" value="move" />
            <input type="hidden" name="photoId" value={id} />
            <input type="hidden" name="direction" value="up" />
            <button type="submit" id={`move-up-${id}`} className="admin-button admin-button--quiet" disabled={place.index === 0}>
              Move up<span className="visually-hidden">: {label}</span>
            </button>
          </Form>
          <Form method="post" action="/admin/gallery" preventScrollReset onSubmit={onMove}>
            <input type="hidden" name="intent" value="move" />
            <input type="hidden" name="photoId" value={id} />
            <input type="hidden" name="direction" value="down" />
            <button
              type="submit"
              id={`move-down-${id}`}
              className="admin-button admin-button--quiet"
              disabled={place.index === place.total - 1}
            >
              Move down<span className="visually-hidden">: {label}</span>
            </button>
          </Form>
          <Form method="post" action="/admin/gallery" preventScrollReset onSubmit={onMove} className="gallery-order__position">
            <input type="hidden" name="intent" value="move" />
            <input type="hidden" name="photoId" value={id} />
            <div className="admin-field">
              <label htmlFor={`position-${id}`}>
                Position (1–{place.total})<span className="visually-hidden">: {label}</span>
              </label>
              <input
                id={`position-${id}`}
                name="position"
                type="number"
                inputMode="numeric"
                min={1}
                max={place.total}
                required
                defaultValue={place.index + 1}
              />
            </div>
            <button type="submit" id={`move-to-${id}`} className="admin-button admin-button--quiet">
              Move<span className="visually-hidden">: {label}</span>
            </button>
          </Form>
        </fieldset>
      ) : null}

      <div className="admin-actions">
        {place ? (
          <Form method="post" action="/admin/gallery" preventScrollReset className="admin-inline-form">
            <input type="hidden" name="photoId" value={id} />
            {photo.coverOf ? (
              <>
                <input type="hidden" name="service" value={photo.coverOf} />
                <button type="submit" name="intent" value="uncover" className="admin-button admin-button--quiet">
                  Remove cover<span className="visually-hidden"> of the {serviceTitle(photo.coverOf)} page</span>
                </button>
              </>
            ) : (
              <button type="submit" name="intent" value="cover" className="admin-button admin-button--quiet">
                Use as cover of the {serviceTitle(photo.category)} page<span className="visually-hidden">: {label}</span>
              </button>
            )}
          </Form>
        ) : null}
        <p className="admin-inline-form">
          <Link
            to={`/admin/gallery?delete=${id}#confirm-delete`}
            preventScrollReset
            className="admin-link-button gallery-delete-link"
            onClick={onDelete}
          >
            Delete…<span className="visually-hidden"> {label}</span>
          </Link>
        </p>
      </div>
    </li>
  );
}
