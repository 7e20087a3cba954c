import { useEffect, useRef, useState, useSyncExternalStore, type DragEvent, type FormEvent } from "react";
import { Link, useSubmit } from "react-router";
import type { AdminPhoto } from "~/gallery/photo";
import type { AdminActionError } from "~/schemas/admin-action";
import { ActionError } from "./action-error";
import { DeleteConfirmSection, DeleteDialog } from "./gallery-delete";
import { PhotoCard, type DraftAgeText } from "./gallery-photo-card";
import { GalleryUploader, type ServiceOption, type UploadItem } from "./gallery-uploader";

export interface AdminGalleryData {
  flash: string | null;
  published: AdminPhoto[];
  drafts: (AdminPhoto & { age: DraftAgeText })[];
  /** The photo whose deletion waits for a "yes" (`?delete=<id>`). */
  confirmDelete: AdminPhoto | null;
  total: number;
  services: ServiceOption[];
  limits: { maxBytes: number; maxMegapixels: number; draftMaxAgeHours: number };
}

/** Marks a drag as one of the page's photos (a drag of files from the computer is an upload). */
const PHOTO_DRAG_TYPE = "application/x-gallery-photo";

const noSubscription = () => () => {};

function count(n: number, one: string, many: string): string {
  return n === 1 ? `1 ${one}` : `${n} ${many}`;
}

/**
 * /admin/gallery: uploads (with JavaScript), the drafts waiting for their details, and the
 * published photos in gallery order. Every form posts without JavaScript; with it, photos can be
 * dragged into place, deleting asks in a dialog, and focus stays on the moved photo.
 */
export function AdminGalleryPage({ data, actionData }: { data: AdminGalleryData; actionData: AdminActionError | undefined }) {
  const hydrated = useSyncExternalStore(noSubscription, () => true, () => false);
  const [uploads, setUploads] = useState<UploadItem[]>([]);
  const pickRef = useRef<HTMLButtonElement>(null);
  const [deleting, setDeleting] = useState<AdminPhoto | null>(null);
  const [dragId, setDragId] = useState<string | null>(null);
  const [overId, setOverId] = useState<string | null>(null);
  const submit = useSubmit();
  /** The control to focus once the list comes back in its new order (React moved its node, which blurs it). */
  const focusAfterMove = useRef<{ photoId: string; id: string; fallback: string } | null>(null);
  /** An upload is being published: once it is, focus goes back to "Choose photos", ready for the next. */
  const focusPickAfterPublish = useRef(false);

  useEffect(() => {
    const target = focusAfterMove.current;
    if (!target || !data.published.some((photo) => photo.id === target.photoId)) return;
    focusAfterMove.current = null;
    const element = document.getElementById(target.id) as HTMLButtonElement | null;
    (element && !element.disabled ? element : document.getElementById(target.fallback))?.focus();
  }, [data.published]);

  // A published upload has done its job: its card goes (below), and the page is ready for the next photo.
  const publishedIds = new Set(data.published.map((photo) => photo.id));
  const visibleUploads = uploads.filter((item) => !(item.photo && publishedIds.has(item.photo.id)));
  useEffect(() => {
    if (!focusPickAfterPublish.current || visibleUploads.length === uploads.length) return;
    focusPickAfterPublish.current = false;
    pickRef.current?.focus();
  });

  const uploadIds = new Set(uploads.map((item) => item.photo?.id).filter(Boolean));
  const drafts = data.drafts.filter((photo) => !uploadIds.has(photo.id));
  const shown = new Set([...drafts, ...data.published].map((photo) => photo.id));
  const cardError = (id: string) => (actionData?.values?.photoId === id ? actionData : undefined);
  const pageError = actionData && !shown.has(actionData.values?.photoId ?? "") ? actionData : undefined;

  function onMove(event: FormEvent<HTMLFormElement>) {
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const photoId = new FormData(event.currentTarget).get("photoId");
    if (submitter?.id) focusAfterMove.current = { photoId: String(photoId), id: submitter.id, fallback: `position-${String(photoId)}` };
  }

  function dragHandlers(photo: AdminPhoto) {
    return {
      isDragged: dragId === photo.id,
      isOver: overId === photo.id && dragId !== photo.id,
      onDragStart: (event: DragEvent<HTMLLIElement>) => {
        event.dataTransfer.setData(PHOTO_DRAG_TYPE, photo.id);
        event.dataTransfer.effectAllowed = "move";
        setDragId(photo.id);
      },
      onDragOver: (event: DragEvent<HTMLLIElement>) => {
        if (!event.dataTransfer.types.includes(PHOTO_DRAG_TYPE)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = "move";
        setOverId(photo.id);
      },
      onDrop: (event: DragEvent<HTMLLIElement>) => {
        const moved = event.dataTransfer.getData(PHOTO_DRAG_TYPE);
        if (!moved) return;
        event.preventDefault();
        setDragId(null);
        setOverId(null);
        if (moved === photo.id) return;
        focusAfterMove.current = { photoId: moved, id: `move-to-${moved}`, fallback: `position-${moved}` };
        void submit(
          { intent: "move", photoId: moved, to: photo.id },
          { method: "post", action: "/admin/gallery", preventScrollReset: true },
        );
      },
      onDragEnd: () => {
        setDragId(null);
        setOverId(null);
      },
    };
  }

  return (
    <div className="admin-page admin-gallery">
      <h1>Gallery</h1>
      <p>
        {count(data.total, "published photo", "published photos")} and {count(drafts.length, "draft", "drafts")}.
        Published photos appear on the{" "}
        <Link to="/gallery" reloadDocument>
          public gallery
        </Link>{" "}
        and on their service's page, in this order.
      </p>
      <ActionError result={pageError} />
      {data.confirmDelete ? <DeleteConfirmSection photo={data.confirmDelete} /> : null}

      <GalleryUploader
        hydrated={hydrated}
        services={data.services}
        maxBytes={data.limits.maxBytes}
        items={visibleUploads}
        setItems={setUploads}
        pickRef={pickRef}
        onPublish={() => (focusPickAfterPublish.current = true)}
      />

      <section className="admin-section" aria-labelledby="drafts-title">
        <h2 id="drafts-title">Drafts</h2>
        <p className="admin-help">
          Uploaded but not published yet. Drafts are removed with their files {data.limits.draftMaxAgeHours} hours after
          upload.
        </p>
        {drafts.length === 0 ? (
          <p>No drafts: every uploaded photo is published.</p>
        ) : (
          <ul className="admin-list gallery-grid" aria-labelledby="drafts-title">
            {drafts.map((photo) => (
              <PhotoCard
                key={photo.id}
                photo={photo}
                services={data.services}
                error={cardError(photo.id)}
                onDelete={hydrated ? (event) => (event.preventDefault(), setDeleting(photo)) : undefined}
              />
            ))}
          </ul>
        )}
      </section>

      <section className="admin-section" aria-labelledby="published-title">
        <h2 id="published-title">Published photos</h2>
        {data.published.length === 0 ? (
          <p>No published photos yet. The public gallery says so until the first one is published.</p>
        ) : (
          <>
            <p className="admin-help">
              {count(data.total, "published photo", "published photos")}, in gallery order: the first is shown first.
            </p>
            <ol className="admin-list gallery-grid gallery-published" aria-labelledby="published-title">
              {data.published.map((photo, index) => (
                <PhotoCard
                  key={photo.id}
                  photo={photo}
                  services={data.services}
                  place={{ index, total: data.published.length }}
                  error={cardError(photo.id)}
                  onMove={onMove}
                  onDelete={hydrated ? (event) => (event.preventDefault(), setDeleting(photo)) : undefined}
                  drag={hydrated ? dragHandlers(photo) : undefined}
                />
              ))}
            </ol>
          </>
        )}
      </section>
      <DeleteDialog photo={deleting} onClose={() => setDeleting(null)} />
    </div>
  );
}
