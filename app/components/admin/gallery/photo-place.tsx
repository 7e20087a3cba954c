import { Form } from "react-router";
import type { AdminTileData } from "#app/components/admin/gallery-tile.tsx";

/**
 * A published photo's cover button (of its service's page) and its place in the gallery: Move
 * up, Move down, or straight to a position.
 */
export function PhotoPlace({
  photo,
  publishedTotal,
  view,
  serviceTitle,
}: {
  photo: AdminTileData;
  publishedTotal: number;
  view: string;
  serviceTitle: (slug: string) => string;
}) {
  const id = photo.id;
  const position = photo.position;
  return (
    <>
      <Form method="post" action={view} preventScrollReset className="gallery-editor__row">
        <input type="hidden" name="photoId" value={id} />
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
        <MoveStep id={id} view={view} direction="up" disabled={position === 0} />
        <MoveStep id={id} view={view} direction="down" disabled={position === publishedTotal - 1} />
        <Form method="post" action={view} preventScrollReset className="gallery-order__position">
          <input type="hidden" name="photoId" value={id} />
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
  );
}

/** "Move up" or "Move down": one place in the gallery, disabled at either end. */
function MoveStep({ id, view, direction, disabled }: { id: string; view: string; direction: "up" | "down"; disabled: boolean }) {
  return (
    <Form method="post" action={view} preventScrollReset>
      <input type="hidden" name="photoId" value={id} />
      <input type="hidden" name="intent" value="move" />
      <input type="hidden" name="direction" value={direction} />
      <button type="submit" id={`move-${direction}-${id}`} className="admin-button admin-button--quiet" disabled={disabled}>
        {direction === "up" ? "Move up" : "Move down"}
      </button>
    </Form>
  );
}
