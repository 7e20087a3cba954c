import { useRef, useSyncExternalStore } from "react";
import { Link, useLocation } from "react-router";
import type { AdminActionError } from "#app/schemas/admin-action.ts";
import { ActionError } from "#app/components/admin/action-error.tsx";
import { BulkBar } from "#app/components/admin/gallery/bulk-bar.tsx";
import { GalleryDeleteView } from "#app/components/admin/gallery/delete-view.tsx";
import { count } from "#app/components/admin/gallery/count.ts";
import { GalleryEditView, useFocusBackToTile } from "#app/components/admin/gallery/edit-view.tsx";
import type { AdminGalleryData } from "#app/components/admin/gallery/gallery-data.ts";
import { GalleryFilters, GalleryPager, GallerySummary } from "#app/components/admin/gallery/list-filters.tsx";
import { TileGrid } from "#app/components/admin/gallery/tile-grid.tsx";
import { useGallerySelection } from "#app/components/admin/gallery/use-selection.ts";
import { useTileDrag } from "#app/components/admin/gallery/use-tile-drag.ts";
import { useUploadCards } from "#app/components/admin/gallery/use-upload-cards.ts";
import { GalleryUploader } from "#app/components/admin/gallery-uploader.tsx";
import { galleryHref, listViewParams } from "#app/components/admin/gallery-view.ts";

export type { AdminGalleryData } from "#app/components/admin/gallery/gallery-data.ts";

const BULK_FORM_ID = "gallery-bulk";

const noSubscription = () => () => {};

/**
 * /admin/gallery (ADR 041): uploads (with JavaScript), then the photos as a grid of tiles, 48 a
 * page, filtered by status, project or service. A tile opens the photo's edit view (a dialog with
 * JavaScript, `?edit=<id>` without); its checkbox selects it for the bulk bar (Publish, Move to
 * project, Change service, Remove from project, Delete). Every form posts without JavaScript.
 */
export function AdminGalleryPage({ data, actionData }: { data: AdminGalleryData; actionData: AdminActionError | undefined }) {
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  const selection = useGallerySelection(location.search);
  /** The bulk Delete button: focus goes back to it when its confirmation is cancelled. */
  const bulkDeleteRef = useRef<HTMLButtonElement>(null);
  // In this order, as their effects run: a published upload's focus wins over the closed edit view's.
  useFocusBackToTile(data.editing, hydrated);
  const uploads = useUploadCards(data.photos);

  const listHref = (changes: Record<string, string | null> = {}) => galleryHref(params, changes);
  const formAction = listHref();
  const dragHandlers = useTileDrag(hydrated, formAction);
  const editingError = actionData && data.editing && actionData.values?.photoId === data.editing.id ? actionData : undefined;
  const pageError = actionData && !editingError ? actionData : undefined;
  const deleteConfirmHref = (ids: string[]) => {
    const target = listViewParams(params);
    target.delete("edit");
    for (const id of ids) target.append("delete", id);
    return `/admin/gallery?${target}#confirm-delete`;
  };

  return (
    <div className="admin-page admin-gallery">
      <h1>Gallery</h1>
      <p>
        {count(data.counts.published, "published photo", "published photos")} and {count(data.counts.drafts, "draft", "drafts")}. Published
        photos appear on the{" "}
        <Link to="/gallery" reloadDocument>
          public gallery
        </Link>{" "}
        and on their service's page, in gallery order. Drafts are removed with their files {data.limits.draftMaxAgeHours} hours after upload
        unless you publish them.
      </p>
      <ActionError result={pageError} />
      <GalleryDeleteView data={data} hydrated={hydrated} listHref={listHref} returnFocus={bulkDeleteRef} />
      <GalleryEditView data={data} error={editingError} hydrated={hydrated} listHref={listHref} deleteConfirmHref={deleteConfirmHref} />

      <GalleryUploader
        hydrated={hydrated}
        services={data.services}
        projects={data.projects}
        initialChoice={data.upload}
        maxBytes={data.limits.maxBytes}
        items={uploads.visibleUploads}
        setItems={uploads.setUploads}
        pickRef={uploads.pickRef}
        onPublish={uploads.onPublish}
      />

      <section className="admin-section gallery-list" aria-labelledby="photos-title">
        <h2 id="photos-title">Photos</h2>
        <GalleryFilters data={data} listHref={listHref} />
        <GallerySummary data={data} hydrated={hydrated} />
        <TileGrid
          data={data}
          params={params}
          hydrated={hydrated}
          listHref={listHref}
          selection={selection}
          drag={dragHandlers}
          bulkFormId={BULK_FORM_ID}
        />
        <GalleryPager data={data} listHref={listHref} />
        <BulkBar
          data={data}
          formId={BULK_FORM_ID}
          formAction={formAction}
          hydrated={hydrated}
          selected={selection.selected}
          deleteRef={bulkDeleteRef}
          deleteConfirmHref={deleteConfirmHref}
        />
      </section>
    </div>
  );
}
