/**
 * Sending one photo to POST /admin/gallery/upload from the browser: the file's bytes as the
 * body (ADR 012), with XMLHttpRequest because fetch() reports no upload progress.
 */
import type { AdminPhoto } from "#app/schemas/photo-view.ts";

export type UploadResult = { photo: AdminPhoto } | { error: string };

/** Whole percent of the body sent; 100 only once every byte is out. */
export function percentSent(loaded: number, total: number): number {
  if (total <= 0) return 0;
  return Math.min(100, Math.floor((loaded / total) * 100));
}

/**
 * True when the file's first bytes are a JPEG, PNG, GIF, WebP or AVIF, which a browser can show
 * as a preview. Anything else (HEIC, which most browsers cannot show, or a file that is no image
 * at all) gets a placeholder; it is still sent, and the server judges it.
 */
export function isPreviewable(head: Uint8Array): boolean {
  const text = (from: number, to: number) => String.fromCharCode(...head.subarray(from, to));
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return true;
  if (head[0] === 0x89 && text(1, 4) === "PNG") return true;
  if (text(0, 4) === "GIF8") return true;
  if (text(0, 4) === "RIFF" && text(8, 12) === "WEBP") return true;
  return text(4, 8) === "ftyp" && /^avi[fs]$/.test(text(8, 12));
}

/** An object URL to preview `file` with, or null when the browser could not show it. */
export async function previewUrlFor(file: Blob): Promise<string | null> {
  const head = new Uint8Array(await file.slice(0, 16).arrayBuffer());
  return isPreviewable(head) ? URL.createObjectURL(file) : null;
}

export function sendPhoto(file: Blob, category: string, onProgress: (percent: number) => void, projectId = ""): Promise<UploadResult> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    const project = projectId ? `&project=${encodeURIComponent(projectId)}` : "";
    xhr.open("POST", `/admin/gallery/upload?category=${encodeURIComponent(category)}${project}`);
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
