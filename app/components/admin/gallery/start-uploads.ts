import { formatMegabytes } from "#app/schemas/photo-view.ts";
import type { UploadItem } from "#app/components/admin/gallery-uploader.tsx";
import { previewUrlFor, sendPhoto } from "#app/components/admin/gallery-upload.ts";

let nextKey = 0;

/**
 * Adds a card for each chosen file and uploads it at once into the chosen service and project,
 * updating the card's preview, progress and outcome as they come.
 */
export function startUploads({
  files,
  maxBytes,
  category,
  projectId,
  setItems,
}: {
  files: File[];
  maxBytes: number;
  category: string;
  projectId: string;
  setItems: (update: (items: UploadItem[]) => UploadItem[]) => void;
}): void {
  const update = (key: string, patch: Partial<UploadItem>) =>
    setItems((list) => list.map((item) => (item.key === key ? { ...item, ...patch } : item)));

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
