import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { ALT_MAX_LENGTH, CAPTION_MAX_LENGTH, pickSource, suggestAlt } from "#app/schemas/photo-view.ts";
import type { AdminActionError } from "#app/schemas/admin-action.ts";
import { DESCRIBE_LABEL } from "#app/schemas/photo.ts";
import type { ServiceOption, UploadItem } from "#app/components/admin/gallery-uploader.tsx";
import { ServiceOptions } from "#app/components/admin/service-options.tsx";

/** One upload's card: its preview, progress or error, and the details form that publishes its draft. */
export function UploadCard({
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
  const id = item.key;
  return (
    <li className="admin-card gallery-card" aria-labelledby={`${id}-name`}>
      <div className="gallery-card__media">
        <UploadMedia item={item} />
      </div>
      <p className="admin-card__title admin-break" id={`${id}-name`}>
        {item.name}
      </p>
      {/* oxlint-disable-next-line jsx-a11y/prefer-tag-over-role */}
      <div role="status" className="gallery-card__state">
        {item.state === "done" ? <p>Uploaded. Add the details, then press Upload Image to publish it.</p> : null}
      </div>
      {item.state === "uploading" ? <UploadProgress item={item} /> : null}
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
        <PublishForm item={item} services={services} onPublish={onPublish} />
      )}
    </li>
  );
}

/** The file's own preview, else the draft's thumbnail, else a sentence. */
function UploadMedia({ item }: { item: UploadItem }) {
  const [previewFailed, setPreviewFailed] = useState(false);
  // The preview's object URL holds the file in memory until it is revoked.
  useEffect(
    () => () => {
      if (item.preview) URL.revokeObjectURL(item.preview);
    },
    [item.preview],
  );
  const thumb = item.photo ? pickSource(item.photo.webp, 320) : undefined;
  if (item.preview && !previewFailed) {
    return <img src={item.preview} alt={`Preview of ${item.name}`} onError={() => setPreviewFailed(true)} />;
  }
  if (thumb) return <img src={thumb.url} width={thumb.width} height={thumb.height} alt={`Preview of ${item.name}`} />;
  return (
    <div className="gallery-card__placeholder">
      <p>{item.state === "failed" ? "No preview" : "The preview appears when the upload is done"}</p>
    </div>
  );
}

function UploadProgress({ item }: { item: UploadItem }) {
  const id = item.key;
  if (item.progress <= 0) return <p className="admin-help">Starting the upload…</p>;
  return (
    <div className="gallery-progress">
      <label htmlFor={`${id}-progress`}>{item.progress < 100 ? "Uploading" : "Sent; preparing the photo"}</label>
      <progress id={`${id}-progress`} max={100} value={item.progress}>
        {item.progress}%
      </progress>
      <span className="gallery-progress__value">{item.progress}%</span>
    </div>
  );
}

/** Caption, description and service, and 'Upload Image', which publishes the draft once it is uploaded. */
function PublishForm({ item, services, onPublish }: { item: UploadItem; services: ServiceOption[]; onPublish: () => void }) {
  const fetcher = useFetcher<AdminActionError>();
  const [caption, setCaption] = useState("");
  const [category, setCategory] = useState(item.category);
  const [alt, setAlt] = useState<string | null>(null);
  const titleOf = (slug: string) => services.find((s) => s.slug === slug)?.title ?? null;
  // Until the admin writes their own, the description follows the caption (or names the service).
  const altValue = alt ?? suggestAlt({ caption, serviceTitle: titleOf(category) });
  const ready = item.state === "done" && item.photo !== null;
  const id = item.key;
  const error = fetcher.data?.error;
  return (
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
          What the photo shows, read out to people who use a screen reader. Needed to publish; suggested from the caption.
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
  );
}
