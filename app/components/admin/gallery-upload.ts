/**
 * Sending one photo to POST /admin/gallery/upload from the browser: the file's bytes as the
 * body (ADR 012), with XMLHttpRequest because fetch() reports no upload progress.
 */
import type { AdminPhoto } from "~/gallery/photo";

export type UploadResult = { photo: AdminPhoto } | { error: string };

/** Whole percent of the body sent; 100 only once every byte is out. */
export function percentSent(loaded: number, total: number): number {
  if (total <= 0) return 0;
  return Math.min(100, Math.floor((loaded / total) * 100));
}

/** "30 MB", "1.5 MB": the upload limit as the admin reads it. */
export function formatMegabytes(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB`;
}

/** HEIC/HEIF (iPhone photos): most browsers cannot show them, so there is no local preview. */
export function canPreviewLocally(file: { name: string; type: string }): boolean {
  return !/\.(heic|heif)$/i.test(file.name) && !/hei[cf]/i.test(file.type);
}

export function sendPhoto(file: Blob, category: string, onProgress: (percent: number) => void): Promise<UploadResult> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", `/admin/gallery/upload?category=${encodeURIComponent(category)}`);
    xhr.responseType = "json";
    xhr.upload.addEventListener("progress", (event) => {
      if (event.lengthComputable) onProgress(percentSent(event.loaded, event.total));
    });
    xhr.addEventListener("load", () => {
      const body = xhr.response as { photo?: AdminPhoto; error?: unknown } | null;
      if (xhr.status === 201 && body?.photo) resolve({ photo: body.photo });
      else if (typeof body?.error === "string") resolve({ error: body.error });
      // An expired session ends on the sign-in page (the guard's redirect), not in JSON.
      else if (xhr.responseURL && new URL(xhr.responseURL).pathname === "/login") {
        resolve({ error: "You were signed out. Sign in again, then choose the photo again." });
      } else resolve({ error: `The upload did not go through (error ${xhr.status}). Please try again.` });
    });
    xhr.addEventListener("error", () =>
      resolve({ error: "The upload was interrupted. Check the internet connection, then choose the photo again." }),
    );
    xhr.send(file);
  });
}
