import { useEffect, useRef, useState, type RefObject } from "react";
import { useFetcher } from "react-router";
import { ALT_MAX_LENGTH, CAPTION_MAX_LENGTH, pickSource, suggestAlt, type AdminPhoto } from "~/gallery/photo";
import type { AdminActionError } from "~/schemas/admin-action";
import { previewUrlFor, sendPhoto } from "./gallery-upload";
import { ACCEPTED_TYPES_TEXT, formatMegabytes } from "~/gallery/photo";
import { ServiceOptions } from "./service-options";
import { ProjectOptions, type ProjectOption } from "./gallery-editor";
import { DESCRIBE_LABEL } from "~/schemas/photo";

export interface ServiceOption {
  slug: string;
  title: string;
}

/** One chosen file, from the moment it is picked until it is published. */
export interface UploadItem {
  key: string;
  name: string;
  /** An object URL of the file itself; null until its first bytes are read, or when a browser cannot show it (HEIC). */
  preview: string | null;
  progress: number;
  state: "uploading" | "done" | "failed";
  error: string | null;
  /** The draft the server made, once the upload is done. */
  photo: AdminPhoto | null;
  category: string;
  projectId: string;
}

let nextKey = 0;

/**
 * The upload part of /admin/gallery (it needs JavaScript; the page says so without it): a button
 * with a thumbnail opens the hidden file picker, files dropped anywhere on the page count too, and
 * every file uploads at once into its own card, with its preview, progress and error. A card's
 * 'Upload Image' publishes its draft through the page's action.
 */
export function GalleryUploader({
  hydrated,
  services,
  projects,
  initialChoice,
  maxBytes,
  items,
  setItems,
  pickRef,
  onPublish,
}: {
  hydrated: boolean;
  services: ServiceOption[];
  projects: ProjectOption[];
  /** The service and project new uploads go to, as remembered for this admin (or `?project=`). */
  initialChoice: { service: string; projectId: string | null };
  maxBytes: number;
  items: UploadItem[];
  setItems: (update: (items: UploadItem[]) => UploadItem[]) => void;
  pickRef: RefObject<HTMLButtonElement | null>;
  onPublish: () => void;
}) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [category, setCategory] = useState(initialChoice.service);
  const [projectId, setProjectId] = useState(initialChoice.projectId ?? "");
  const [dragging, setDragging] = useState(false);
  const choice = useFetcher();
  // The admin's choice is kept for the next visit as soon as it is made (an upload keeps it too).
  const remember = (next: { category: string; projectId: string }) =>
    void choice.submit({ intent: "upload-choice", ...next }, { method: "post", action: "/admin/gallery" });

  const update = (key: string, patch: Partial<UploadItem>) =>
    setItems((list) => list.map((item) => (item.key === key ? { ...item, ...patch } : item)));

  function start(files: File[]) {
    const added = files.map((file): UploadItem => {
      nextKey += 1;
      const tooBig = file.size > maxBytes;
      return {
        key: `upload-${nextKey}`,
        name: file.name || "Photo",
        preview: null,
        progress: 0,
        // Checked here too so a phone does not send 40 MB only to hear "too large"; the server checks again.
        state: tooBig ? "failed" : "uploading",
        error: tooBig ? `This file is larger than ${formatMegabytes(maxBytes)}, the largest photo we accept.` : null,
        photo: null,
        category,
        projectId,
      };
    });
    setItems((list) => [...added, ...list]);
    added.forEach((item, i) => {
      if (item.state === "failed") return;
      void previewUrlFor(files[i]!).then((preview) => preview && update(item.key, { preview }));
      void sendPhoto(files[i]!, item.category, (progress) => update(item.key, { progress }), item.projectId).then((result) =>
        update(
          item.key,
          "photo" in result ? { state: "done", progress: 100, photo: result.photo } : { state: "failed", error: result.error },
        ),
      );
    });
  }

  // The window's listeners call the latest `start` (it reads the chosen service).
  const startRef = useRef(start);
  useEffect(() => {
    startRef.current = start;
  });

  useEffect(() => {
    // Only drags that carry files: reordering photos on the page is a drag too.
    const hasFiles = (event: DragEvent) => Boolean(event.dataTransfer?.types.includes("Files"));
    let depth = 0;
    const enter = (event: DragEvent) => {
      if (!hasFiles(event)) return;
      depth += 1;
      setDragging(true);
    };
    const over = (event: DragEvent) => {
      if (!hasFiles(event)) return;
      event.preventDefault();
      event.dataTransfer!.dropEffect = "copy";
    };
    const leave = (event: DragEvent) => {
      if (!hasFiles(event)) return;
      depth = Math.max(0, depth - 1);
      if (depth === 0) setDragging(false);
    };
    const drop = (event: DragEvent) => {
      if (!hasFiles(event)) return;
      event.preventDefault();
      depth = 0;
      setDragging(false);
      const files = [...(event.dataTransfer?.files ?? [])];
      if (files.length > 0) startRef.current(files);
    };
    window.addEventListener("dragenter", enter);
    window.addEventListener("dragover", over);
    window.addEventListener("dragleave", leave);
    window.addEventListener("drop", drop);
    return () => {
      window.removeEventListener("dragenter", enter);
      window.removeEventListener("dragover", over);
      window.removeEventListener("dragleave", leave);
      window.removeEventListener("drop", drop);
    };
  }, []);

  return (
    <section className="admin-section gallery-upload" aria-labelledby="upload-title">
      <h2 id="upload-title">Upload photos</h2>
      {hydrated ? (
        <>
          <p className="admin-help">
            {ACCEPTED_TYPES_TEXT}, up to {formatMegabytes(maxBytes)} each. Choose several at once,
            or drop them anywhere on this page. Each photo uploads straight away as a draft (in the chosen project, if
            any); add its details, then press Upload Image to publish it.
          </p>
          <div className="gallery-upload__controls">
            <div className="admin-field">
              <label htmlFor="upload-category">Service for new photos</label>
              <select
                id="upload-category"
                value={category}
                onChange={(event) => {
                  setCategory(event.target.value);
                  remember({ category: event.target.value, projectId });
                }}
              >
                <ServiceOptions services={services} />
              </select>
            </div>
            <div className="admin-field">
              <label htmlFor="upload-project">Project for new photos</label>
              <select
                id="upload-project"
                value={projectId}
                onChange={(event) => {
                  setProjectId(event.target.value);
                  remember({ category, projectId: event.target.value });
                }}
              >
                <ProjectOptions projects={projects} />
              </select>
            </div>
            <button ref={pickRef} type="button" className="gallery-upload__pick" onClick={() => inputRef.current?.click()}>
              <span className="gallery-upload__thumb" aria-hidden="true">
                +
              </span>
              <span>Choose photos to upload</span>
            </button>
            <input
              ref={inputRef}
              type="file"
              accept="image/*,.heic,.heif"
              multiple
              hidden
              aria-label="Photos to upload"
              onChange={(event) => {
                const files = [...(event.target.files ?? [])];
                // Cleared so choosing the same file again starts another upload.
                event.target.value = "";
                if (files.length > 0) start(files);
              }}
            />
          </div>
          {items.length > 0 ? (
            <ul className="gallery-grid gallery-uploads" aria-label="Uploads">
              {items.map((item) => (
                <UploadCard
                  key={item.key}
                  item={item}
                  services={services}
                  onPublish={onPublish}
                  onRemove={() => {
                    setItems((list) => list.filter((other) => other.key !== item.key));
                    pickRef.current?.focus();
                  }}
                />
              ))}
            </ul>
          ) : null}
        </>
      ) : (
        // Rendered on the server and replaced once the page's JavaScript runs (a <noscript> would
        // also be hidden when a script fails to load).
        <p className="admin-notice">
          Uploading photos needs JavaScript. If no upload button appears here, turn JavaScript on in this browser. You
          can still edit, arrange, publish and delete the photos below.
        </p>
      )}
      {dragging ? (
        <div className="gallery-drop-hint" aria-hidden="true">
          <p>Drop the photos to upload them</p>
        </div>
      ) : null}
    </section>
  );
}

function UploadCard({
  item,
  services,
  onPublish,
  onRemove,
}: {
  item: UploadItem;
  services: ServiceOption[];
  onPublish: () => void;
  onRemove: () => void;
}) {
  const fetcher = useFetcher<AdminActionError>();
  const [caption, setCaption] = useState("");
  const [category, setCategory] = useState(item.category);
  const [alt, setAlt] = useState<string | null>(null);
  const [previewFailed, setPreviewFailed] = useState(false);
  // The preview's object URL holds the file in memory until it is revoked.
  useEffect(() => () => {
    if (item.preview) URL.revokeObjectURL(item.preview);
  }, [item.preview]);
  const titleOf = (slug: string) => services.find((s) => s.slug === slug)?.title ?? null;
  // Until the admin writes their own, the description follows the caption (or names the service).
  const altValue = alt ?? suggestAlt({ caption, serviceTitle: titleOf(category) });
  const ready = item.state === "done" && item.photo !== null;
  const id = item.key;
  const thumb = item.photo ? pickSource(item.photo.webp, 320) : undefined;
  const error = fetcher.data?.error;

  let media;
  if (item.preview && !previewFailed) {
    media = <img src={item.preview} alt={`Preview of ${item.name}`} onError={() => setPreviewFailed(true)} />;
  } else if (thumb) {
    media = <img src={thumb.url} width={thumb.width} height={thumb.height} alt={`Preview of ${item.name}`} />;
  } else {
    media = (
      <div className="gallery-card__placeholder">
        <p>{item.state === "failed" ? "No preview" : "The preview appears when the upload is done"}</p>
      </div>
    );
  }

  return (
    <li className="admin-card gallery-card" aria-labelledby={`${id}-name`}>
      <div className="gallery-card__media">{media}</div>
      <p className="admin-card__title admin-break" id={`${id}-name`}>
        {item.name}
      </p>
      {/* oxlint-disable-next-line jsx-a11y/prefer-tag-over-role */}
      <div role="status" className="gallery-card__state">
        {item.state === "done" ? <p>Uploaded. Add the details, then press Upload Image to publish it.</p> : null}
      </div>
      {item.state === "uploading" ? (
        item.progress > 0 ? (
          <div className="gallery-progress">
            <label htmlFor={`${id}-progress`}>{item.progress < 100 ? "Uploading" : "Sent; preparing the photo"}</label>
            <progress id={`${id}-progress`} max={100} value={item.progress}>
              {item.progress}%
            </progress>
            <span className="gallery-progress__value">{item.progress}%</span>
          </div>
        ) : (
          <p className="admin-help">Starting the upload…</p>
        )
      ) : null}
      {item.state === "failed" ? (
        <>
          <div className="admin-alert" role="alert">
            <p>{item.error}</p>
          </div>
          <button type="button" className="admin-button admin-button--quiet" onClick={onRemove}>
            Remove from the list<span className="visually-hidden">: {item.name}</span>
          </button>
        </>
      ) : (
        <fetcher.Form
          method="post"
          action="/admin/gallery"
          preventScrollReset
          className="gallery-details"
          onSubmit={(event) => {
            // Before the upload is done there is nothing to publish: the button does nothing.
            if (!ready || fetcher.state !== "idle") event.preventDefault();
            else onPublish();
          }}
        >
          <input type="hidden" name="intent" value="publish" />
          <input type="hidden" name="photoId" value={item.photo?.id ?? ""} />
          {error ? (
            <div className="admin-alert" role="alert">
              <p>{error}</p>
            </div>
          ) : null}
          <div className="admin-field">
            <label htmlFor={`${id}-caption`}>Caption (optional)</label>
            <textarea
              id={`${id}-caption`}
              name="caption"
              rows={2}
              maxLength={CAPTION_MAX_LENGTH}
              value={caption}
              onChange={(event) => setCaption(event.target.value)}
            />
          </div>
          <div className="admin-field">
            <label htmlFor={`${id}-alt`}>{DESCRIBE_LABEL}</label>
            <input
              id={`${id}-alt`}
              name="alt"
              required
              maxLength={ALT_MAX_LENGTH}
              value={altValue}
              onChange={(event) => setAlt(event.target.value)}
              aria-describedby={`${id}-alt-help`}
            />
            <p className="admin-help" id={`${id}-alt-help`}>
              What the photo shows, read out to people who use a screen reader. Needed to publish; suggested from the
              caption.
            </p>
          </div>
          <div className="admin-field">
            <label htmlFor={`${id}-category`}>Service</label>
            <select id={`${id}-category`} name="category" value={category} onChange={(event) => setCategory(event.target.value)}>
              <ServiceOptions services={services} />
            </select>
          </div>
          <button
            type="submit"
            className="admin-button"
            aria-disabled={!ready || fetcher.state !== "idle"}
            aria-describedby={ready ? undefined : `${id}-wait`}
          >
            Upload Image<span className="visually-hidden">: {item.name}</span>
          </button>
          {ready ? null : (
            <p className="admin-help" id={`${id}-wait`}>
              Upload Image works once the upload has finished.
            </p>
          )}
        </fetcher.Form>
      )}
    </li>
  );
}
