import { Link } from "react-router";
import { PhotoTile, type AdminTileData, type TileDrag } from "#app/components/admin/gallery-tile.tsx";
import { galleryHref } from "#app/components/admin/gallery-view.ts";
import type { AdminGalleryData, ListHref } from "#app/components/admin/gallery/gallery-data.ts";
import type { GallerySelection } from "#app/components/admin/gallery/use-selection.ts";

/**
 * The page's tiles, or a sentence when there are none, under "Select all on this page": a
 * checkbox with JavaScript, a link (`?select=all`) without (ADR 041).
 */
export function TileGrid({
  data,
  params,
  hydrated,
  listHref,
  selection,
  drag,
  bulkFormId,
}: {
  data: AdminGalleryData;
  params: URLSearchParams;
  hydrated: boolean;
  listHref: ListHref;
  selection: GallerySelection;
  drag: (photo: AdminTileData) => TileDrag | undefined;
  bulkFormId: string;
}) {
  const { selected, setSelected, toggle } = selection;
  if (data.photos.length === 0) {
    return <p>{data.counts.all === 0 ? "No photos yet. Upload some above." : "No photos match. Choose another list above."}</p>;
  }
  const selectAllOn = !hydrated && params.get("select") === "all";
  const isChecked = (id: string) => (hydrated ? selected.has(id) : selectAllOn);
  const allSelected = data.photos.every((photo) => selected.has(photo.id));
  return (
    <>
      <p className="gallery-select-all">
        {hydrated ? (
          <>
            <input
              type="checkbox"
              id="select-all"
              checked={allSelected}
              onChange={(event) => {
                const on = event.target.checked;
                setSelected(() => (on ? new Set(data.photos.map((photo) => photo.id)) : new Set()));
              }}
            />
            <label htmlFor="select-all">Select all on this page</label>
          </>
        ) : (
          <Link to={galleryHref(params, { select: selectAllOn ? null : "all" })} preventScrollReset>
            {selectAllOn ? "Select none" : "Select all on this page"}
          </Link>
        )}
      </p>
      <ul className="gallery-tiles" aria-labelledby="photos-title" aria-describedby="photos-summary">
        {data.photos.map((photo) => (
          <PhotoTile
            key={photo.id}
            photo={photo}
            editHref={listHref({ edit: photo.id })}
            checked={isChecked(photo.id)}
            onCheck={hydrated ? (on) => toggle(photo.id, on) : undefined}
            drag={drag(photo)}
            bulkFormId={bulkFormId}
          />
        ))}
      </ul>
    </>
  );
}
