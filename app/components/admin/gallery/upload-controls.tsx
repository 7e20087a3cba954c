import { useRef, type RefObject } from "react";
import { useFetcher } from "react-router";
import { ProjectOptions, type ProjectOption } from "#app/components/admin/gallery/project-options.tsx";
import type { ServiceOption } from "#app/components/admin/gallery-uploader.tsx";
import { ServiceOptions } from "#app/components/admin/service-options.tsx";

/** Where new uploads go (service, project), and the button that opens the hidden file picker. */
export function UploadControls({
  services,
  projects,
  category,
  setCategory,
  projectId,
  setProjectId,
  pickRef,
  onFiles,
}: {
  services: ServiceOption[];
  projects: ProjectOption[];
  category: string;
  setCategory: (category: string) => void;
  projectId: string;
  setProjectId: (projectId: string) => void;
  pickRef: RefObject<HTMLButtonElement | null>;
  onFiles: (files: File[]) => void;
}) {
  const inputRef = useRef<HTMLInputElement>(null);
  const choice = useFetcher();
  // The admin's choice is kept for the next visit as soon as it is made (an upload keeps it too).
  const remember = (next: { category: string; projectId: string }) =>
    void choice.submit({ intent: "upload-choice", ...next }, { method: "post", action: "/admin/gallery" });
  return (
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
          if (files.length > 0) onFiles(files);
        }}
      />
    </div>
  );
}
