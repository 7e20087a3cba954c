import { useState, type RefObject } from "react";
import type { AdminPhoto } from "#app/schemas/photo-view.ts";
import { ACCEPTED_TYPES_TEXT, formatMegabytes } from "#app/schemas/photo-view.ts";
import type { ProjectOption } from "#app/components/admin/gallery/project-options.tsx";
import { startUploads } from "#app/components/admin/gallery/start-uploads.ts";
import { UploadCard } from "#app/components/admin/gallery/upload-card.tsx";
import { UploadControls } from "#app/components/admin/gallery/upload-controls.tsx";
import { useFileDrop } from "#app/components/admin/gallery/use-file-drop.ts";

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
  const [category, setCategory] = useState(initialChoice.service);
  const [projectId, setProjectId] = useState(initialChoice.projectId ?? "");

  const start = (files: File[]) => startUploads({ files, maxBytes, category, projectId, setItems });
  const dragging = useFileDrop(start);

  return (
    <section className="admin-section gallery-upload" aria-labelledby="upload-title">
      <h2 id="upload-title">Upload photos</h2>
      {hydrated ? (
        <>
          <p className="admin-help">
            {ACCEPTED_TYPES_TEXT}, up to {formatMegabytes(maxBytes)} each. Choose several at once, or drop them anywhere on this page. Each
            photo uploads straight away as a draft (in the chosen project, if any); add its details, then press Upload Image to publish it.
          </p>
          <UploadControls
            services={services}
            projects={projects}
            category={category}
            setCategory={setCategory}
            projectId={projectId}
            setProjectId={setProjectId}
            pickRef={pickRef}
            onFiles={start}
          />
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
          Uploading photos needs JavaScript. If no upload button appears here, turn JavaScript on in this browser. You can still edit,
          arrange, publish and delete the photos below.
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
