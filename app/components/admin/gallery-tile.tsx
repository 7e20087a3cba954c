import type { DragEvent, MouseEvent } from "react";
import { Link } from "react-router";
import { pickSource, type AdminPhoto } from "#app/schemas/photo-view.ts";
import type { DraftAgeText } from "#app/components/admin/gallery-editor.tsx";

/** A photo as the admin's list shows it (AdminTile on the server). */
export type AdminTileData = AdminPhoto & {
  position: number | null;
  project: { id: string; title: string } | null;
  age: DraftAgeText | null;
};

/** A short name for a photo in buttons' accessible names and headings. */
export function photoLabel(photo: Pick<AdminPhoto, "caption" | "alt">): string {
  const text = (photo.caption || photo.alt).trim();
  if (!text) return "photo without a caption";
  return text.length > 60 ? `${text.slice(0, 59)}…` : text;
}

export interface TileDrag {
  onDragStart: (event: DragEvent<HTMLLIElement>) => void;
  onDragOver: (event: DragEvent<HTMLLIElement>) => void;
  onDrop: (event: DragEvent<HTMLLIElement>) => void;
  onDragEnd: () => void;
  isDragged: boolean;
  isOver: boolean;
}

/**
 * One photo in the grid: a real checkbox (for the bulk bar), and a link to its edit view
 * (`?edit=<id>`; with JavaScript the page opens it as a dialog) showing the thumbnail, the
 * caption or "Needs a description", its status and its project.
 */
export function PhotoTile({
  photo,
  editHref,
  checked,
  onCheck,
  onOpen,
  drag,
  bulkFormId,
}: {
  photo: AdminTileData;
  editHref: string;
  checked: boolean;
  onCheck?: (checked: boolean) => void;
  onOpen?: (event: MouseEvent<HTMLAnchorElement>) => void;
  drag?: TileDrag;
  bulkFormId: string;
}) {
  const id = photo.id;
  const label = photoLabel(photo);
  const thumb = pickSource(photo.webp, 320) ?? photo.large;
  const needsDescription = photo.alt.trim() === "";
  const caption = photo.caption.trim() || photo.alt.trim();
  return (
    // Dragging is the mouse's shortcut for a published photo; the edit view's Move does the same by keyboard.
    // oxlint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <li
      className={`gallery-tile${checked ? " gallery-tile--selected" : ""}${drag?.isDragged ? " gallery-tile--dragged" : ""}${drag?.isOver ? " gallery-tile--over" : ""}`}
      draggable={drag ? true : undefined}
      onDragStart={drag?.onDragStart}
      onDragOver={drag?.onDragOver}
      onDrop={drag?.onDrop}
      onDragEnd={drag?.onDragEnd}
      data-photo-id={id}
    >
      <div className="gallery-tile__check">
        <input
          type="checkbox"
          id={`select-${id}`}
          name="ids"
          value={id}
          form={bulkFormId}
          {...(onCheck ? { checked, onChange: (event) => onCheck(event.target.checked) } : { defaultChecked: checked })}
        />
        <label htmlFor={`select-${id}`}>
          <span className="visually-hidden">Select </span>
          <span className="visually-hidden">{label}</span>
        </label>
      </div>
      <Link to={editHref} id={`open-${id}`} className="gallery-tile__open" preventScrollReset onClick={onOpen} draggable={false}>
        <img src={thumb.url} width={thumb.width} height={thumb.height} alt="" loading="lazy" draggable={false} />
        <span className="gallery-tile__caption">
          <span className="visually-hidden">Edit: </span>
          {needsDescription ? <span className="gallery-tile__needs">Needs a description</span> : null}
          {caption ? <span className="gallery-tile__text">{needsDescription ? ` ${caption}` : caption}</span> : null}
          {!caption && !needsDescription ? <span className="gallery-tile__text">No caption</span> : null}
        </span>
      </Link>
      <p className="gallery-tile__meta">
        <span className={`gallery-tile__status gallery-tile__status--${photo.status}`}>
          {photo.status === "draft" ? "Draft" : `Published · #${(photo.position ?? 0) + 1}`}
        </span>
        {photo.project ? <span className="gallery-tile__project">{photo.project.title}</span> : null}
      </p>
    </li>
  );
}
