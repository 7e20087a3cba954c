import { useEffect, useRef, useState, useSyncExternalStore, type DragEvent } from "react";
import { Form, Link, useLocation, useNavigate, useSubmit } from "react-router";
import type { AdminActionError } from "~/schemas/admin-action";
import { ActionError } from "./action-error";
import { DeleteConfirm } from "./gallery-delete";
import { EditSheet, PhotoEditor, ProjectOptions, type ProjectOption } from "./gallery-editor";
import { PhotoTile, type AdminTileData, type TileDrag } from "./gallery-tile";
import { GalleryUploader, type ServiceOption, type UploadItem } from "./gallery-uploader";
import { galleryHref, listViewParams } from "./gallery-view";
import { ServiceOptions } from "./service-options";

export interface AdminGalleryData {
  flash: string | null;
  photos: AdminTileData[];
  query: { show: "all" | "drafts" | "published"; projectId: string | null; service: string | null; page: number };
  matching: number;
  pageCount: number;
  counts: { all: number; drafts: number; published: number };
  editing: AdminTileData | null;
  confirmDelete: AdminTileData[];
  projects: ProjectOption[];
  services: ServiceOption[];
  upload: { service: string; projectId: string | null };
  limits: { maxBytes: number; maxMegapixels: number; draftMaxAgeHours: number };
}

/** Marks a drag as one of the page's photos (a drag of files from the computer is an upload). */
const PHOTO_DRAG_TYPE = "application/x-gallery-photo";
const BULK_FORM_ID = "gallery-bulk";

const noSubscription = () => () => {};

/** The address without what opens over the list (an edit view, a confirmation). */
function selectionKey(search: string): string {
  const params = new URLSearchParams(search);
  params.delete("edit");
  params.delete("delete");
  params.sort();
  return params.toString();
}

function count(n: number, one: string, many: string): string {
  return n === 1 ? `1 ${one}` : `${n} ${many}`;
}

/**
 * /admin/gallery (ADR 041): uploads (with JavaScript), then the photos as a grid of tiles, 48 a
 * page, filtered by status, project or service. A tile opens the photo's edit view (a dialog with
 * JavaScript, `?edit=<id>` without); its checkbox selects it for the bulk bar (Publish, Move to
 * project, Change service, Remove from project, Delete). Every form posts without JavaScript.
 */
export function AdminGalleryPage({ data, actionData }: { data: AdminGalleryData; actionData: AdminActionError | undefined }) {
  const hydrated = useSyncExternalStore(noSubscription, () => true, () => false);
  const location = useLocation();
  const navigate = useNavigate();
  const submit = useSubmit();
  const params = new URLSearchParams(location.search);
  const [uploads, setUploads] = useState<UploadItem[]>([]);
  const pickRef = useRef<HTMLButtonElement>(null);
  // The selection belongs to the list it was made on: another page or filter, or
  // the answer to a bulk action) starts with nothing selected.
  // the answer to a bulk action) starts with nothing selected; opening a photo or a confirmation does not.
  const listKey = selectionKey(location.search);
  const [selection, setSelection] = useState<{ key: string; ids: ReadonlySet<string> }>({ key: "", ids: new Set() });
  const selected: ReadonlySet<string> = selection.key === listKey ? selection.ids : new Set();
  const setSelected = (update: (current: ReadonlySet<string>) => ReadonlySet<string>) =>
    setSelection((current) => ({ key: listKey, ids: update(current.key === listKey ? current.ids : new Set()) }));
  const [dragId, setDragId] = useState<string | null>(null);
  const [overId, setOverId] = useState<string | null>(null);
  /** The tile whose edit view was open: focus goes back to it once the view closes. */
  const lastEdited = useRef<string | null>(null);
  /** The bulk Delete button: focus goes back to it when its confirmation is cancelled. */
  const bulkDeleteRef = useRef<HTMLButtonElement>(null);
  const focusPickAfterPublish = useRef(false);

  useEffect(() => {
    if (data.editing) {
      lastEdited.current = data.editing.id;
      return;
    }
    const id = lastEdited.current;
    lastEdited.current = null;
    if (id && hydrated) document.getElementById(`open-${id}`)?.focus();
  }, [data.editing, hydrated]);

  // A published upload has done its job: its card goes, and the page is ready for the next photo.
  const knownPublished = new Set(data.photos.filter((p) => p.status === "published").map((p) => p.id));
  const visibleUploads = uploads.filter((item) => !(item.photo && knownPublished.has(item.photo.id)));
  useEffect(() => {
    if (!focusPickAfterPublish.current || visibleUploads.length === uploads.length) return;
    focusPickAfterPublish.current = false;
    pickRef.current?.focus();
  });

  const listHref = (changes: Record<string, string | null> = {}) => galleryHref(params, changes);
  const formAction = listHref();
  const selectAllOn = !hydrated && params.get("select") === "all";
  const isChecked = (id: string) => (hydrated ? selected.has(id) : selectAllOn);
  const allSelected = data.photos.length > 0 && data.photos.every((photo) => selected.has(photo.id));
  const editingError = actionData && data.editing && actionData.values?.photoId === data.editing.id ? actionData : undefined;
  const pageError = actionData && !editingError ? actionData : undefined;

  function toggle(id: string, on: boolean) {
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }

  function dragHandlers(photo: AdminTileData): TileDrag | undefined {
    if (!hydrated || photo.status !== "published") return undefined;
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
        void submit({ intent: "move", photoId: moved, to: photo.id }, { method: "post", action: formAction, preventScrollReset: true });
      },
      onDragEnd: () => {
        setDragId(null);
        setOverId(null);
      },
    };
  }

  const filterLinks: { key: "all" | "drafts" | "published"; label: string; n: number }[] = [
    { key: "all", label: "All", n: data.counts.all },
    { key: "drafts", label: "Drafts", n: data.counts.drafts },
    { key: "published", label: "Published", n: data.counts.published },
  ];
  const projectTitle = data.projects.find((p) => p.id === data.query.projectId)?.title;
  const serviceTitle = data.services.find((s) => s.slug === data.query.service)?.title;
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
        {count(data.counts.published, "published photo", "published photos")} and {count(data.counts.drafts, "draft", "drafts")}.
        Published photos appear on the{" "}
        <Link to="/gallery" reloadDocument>
          public gallery
        </Link>{" "}
        and on their service's page, in gallery order. Drafts are removed with their files{" "}
        {data.limits.draftMaxAgeHours} hours after upload unless you publish them.
      </p>
      <ActionError result={pageError} />
      {data.confirmDelete.length > 0 ? (
        <DeleteConfirm
          key={data.confirmDelete.map((p) => p.id).join(",")}
          photos={data.confirmDelete}
          hydrated={hydrated}
          view={formAction}
          cancelHref={listHref()}
          onClose={() => {
            void navigate(listHref(), { preventScrollReset: true, replace: true });
            // Back where the question came from: one photo's tile, or the bulk bar's Delete.
            const [only, ...more] = data.confirmDelete;
            const tileLink = only && more.length === 0 ? document.getElementById(`open-${only.id}`) : null;
            (tileLink ?? bulkDeleteRef.current)?.focus();
          }}
          renderCancelLink={(href, text) => (
            <Link to={href} preventScrollReset className="admin-link-button">
              {text}
            </Link>
          )}
        />
      ) : null}
      {data.editing ? (
        <EditSheet
          key={data.editing.id}
          hydrated={hydrated}
          titleId="edit-photo-title"
          onClose={() => void navigate(listHref({ edit: null }), { preventScrollReset: true, replace: true })}
        >
          <PhotoEditor
            photo={data.editing}
            services={data.services}
            projects={data.projects}
            publishedTotal={data.counts.published}
            error={editingError}
            view={formAction}
            deleteHref={deleteConfirmHref([data.editing.id])}
            titleId="edit-photo-title"
            close={
              hydrated ? (
                <form method="dialog">
                  <button type="submit" className="admin-button admin-button--quiet">
                    Close
                  </button>
                </form>
              ) : (
                <Link to={`${listHref({ edit: null })}#open-${data.editing.id}`} className="admin-link-button">
                  Back to the photos
                </Link>
              )
            }
          />
        </EditSheet>
      ) : null}

      <GalleryUploader
        hydrated={hydrated}
        services={data.services}
        projects={data.projects}
        initialChoice={data.upload}
        maxBytes={data.limits.maxBytes}
        items={visibleUploads}
        setItems={setUploads}
        pickRef={pickRef}
        onPublish={() => (focusPickAfterPublish.current = true)}
      />

      <section className="admin-section gallery-list" aria-labelledby="photos-title">
        <h2 id="photos-title">Photos</h2>
        <nav aria-label="Which photos" className="gallery-filters">
          <ul>
            {filterLinks.map((filter) => (
              <li key={filter.key}>
                <Link
                  to={listHref({ show: filter.key === "all" ? null : filter.key, page: null, edit: null })}
                  aria-current={data.query.show === filter.key ? "page" : undefined}
                  className="gallery-filters__link"
                >
                  {filter.label} ({filter.n})
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <Form method="get" action="/admin/gallery" className="gallery-filters__form">
          {data.query.show !== "all" ? <input type="hidden" name="show" value={data.query.show} /> : null}
          <div className="admin-field">
            <label htmlFor="filter-project">Project</label>
            <select id="filter-project" name="project" defaultValue={data.query.projectId ?? ""} key={data.query.projectId ?? ""}>
              <ProjectOptions projects={data.projects} none="Any project or none" />
            </select>
          </div>
          <div className="admin-field">
            <label htmlFor="filter-service">Service</label>
            <select id="filter-service" name="service" defaultValue={data.query.service ?? ""} key={data.query.service ?? ""}>
              <option value="">Any service</option>
              <ServiceOptions services={data.services} />
            </select>
          </div>
          <button type="submit" className="admin-button admin-button--quiet">
            Show
          </button>
        </Form>
        <p className="admin-help" id="photos-summary">
          {count(data.matching, "photo", "photos")}
          {projectTitle ? ` in the project “${projectTitle}”` : ""}
          {serviceTitle ? ` of ${serviceTitle}` : ""}
          {data.pageCount > 1 ? `, page ${data.query.page} of ${data.pageCount}` : ""}. Drafts come first, then published
          photos in gallery order{hydrated ? "; drag a published photo onto another to take its place" : ""}.
        </p>

        {data.photos.length === 0 ? (
          <p>{data.counts.all === 0 ? "No photos yet. Upload some above." : "No photos match. Choose another list above."}</p>
        ) : (
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
                  drag={dragHandlers(photo)}
                  bulkFormId={BULK_FORM_ID}
                />
              ))}
            </ul>
          </>
        )}

        {data.pageCount > 1 ? (
          <nav aria-label="Pages of photos" className="gallery-pager">
            {data.query.page > 1 ? (
              <Link to={listHref({ page: data.query.page === 2 ? null : String(data.query.page - 1), edit: null })} rel="prev">
                Previous page
              </Link>
            ) : null}
            <span>
              Page {data.query.page} of {data.pageCount}
            </span>
            {data.query.page < data.pageCount ? (
              <Link to={listHref({ page: String(data.query.page + 1), edit: null })} rel="next">
                Next page
              </Link>
            ) : null}
          </nav>
        ) : null}

        <Form
          method="post"
          action={formAction}
          preventScrollReset
          id={BULK_FORM_ID}
          className="gallery-bulk"
          aria-labelledby="bulk-title"
          hidden={hydrated && selected.size === 0}
        >
          <div className="gallery-bulk__head">
            <h3 id="bulk-title" className="gallery-bulk__title">
              {hydrated ? (
                // Read out as the selection changes.
                // oxlint-disable-next-line jsx-a11y/prefer-tag-over-role
                <span role="status">{selected.size} selected</span>
              ) : (
                "With the selected photos"
              )}
            </h3>
          <div className="gallery-bulk__actions">
            <button type="submit" name="intent" value="bulk-publish" className="admin-button">
              Publish
            </button>
            <button
              ref={bulkDeleteRef}
              type="submit"
              name="intent"
              value="bulk-delete"
              className="admin-button admin-button--danger"
              onClick={
                hydrated
                  ? (event) => {
                      // With JavaScript the same confirmation opens as a dialog, without a round trip through the action.
                      event.preventDefault();
                      const ids = data.photos.map((p) => p.id).filter((id) => selected.has(id));
                      if (ids.length > 0) void navigate(deleteConfirmHref(ids), { preventScrollReset: true });
                    }
                  : undefined
              }
            >
              Delete…
            </button>
          </div>
          </div>
          {/* The rarer actions fold away so the bar stays short on a phone. */}
          <details className="gallery-bulk__more">
            <summary>Project or service</summary>
            <div className="gallery-bulk__actions">
              <div className="gallery-bulk__pair">
                <label htmlFor="bulk-project">Project</label>
                <select id="bulk-project" name="projectId" defaultValue={data.query.projectId ?? data.projects[0]?.id ?? ""}>
                  <ProjectOptions projects={data.projects} none={data.projects.length === 0 ? "No projects yet" : null} />
                </select>
                <button
                  type="submit"
                  name="intent"
                  value="bulk-project"
                  className="admin-button admin-button--quiet"
                  disabled={data.projects.length === 0}
                >
                  Move to project
                </button>
              </div>
              <div className="gallery-bulk__pair">
                <label htmlFor="bulk-service">Service</label>
                <select id="bulk-service" name="category" defaultValue={data.query.service ?? data.upload.service}>
                  <ServiceOptions services={data.services} />
                </select>
                <button type="submit" name="intent" value="bulk-service" className="admin-button admin-button--quiet">
                  Change service
                </button>
              </div>
              <button type="submit" name="intent" value="bulk-unproject" className="admin-button admin-button--quiet">
                Remove from project
              </button>
            </div>
          </details>
        </Form>
      </section>
    </div>
  );
}
