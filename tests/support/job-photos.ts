/**
 * Estimate requests with photos of the job: the multipart body a browser sends for the form
 * with its file input (`photos`, multiple), posted to the real server.
 */
import { randomBytes } from "node:crypto";
import { readdir } from "node:fs/promises";
import path from "node:path";
import { SITE_URL } from "#tests/support/leads.ts";
import { request, type HttpResult, type ServerProcess } from "#tests/support/server.ts";

export interface PhotoFile {
  filename: string;
  data: Buffer;
  /** What the browser declares (never trusted by the server). */
  type?: string;
}

/** A multipart/form-data body: the text fields, then each file in the `photos` field. */
export function multipartBody(
  fields: Record<string, string>,
  files: PhotoFile[],
  field = "photos",
): { body: Buffer<ArrayBuffer>; contentType: string } {
  const boundary = `----formboundary${randomBytes(8).toString("hex")}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const file of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${file.filename.replaceAll('"', "%22")}"\r\nContent-Type: ${file.type ?? "image/jpeg"}\r\n\r\n`,
      ),
      file.data,
      Buffer.from("\r\n"),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

/**
 * Posts the form with photos to /contact. `data: true` posts to /contact.data, as a script's
 * submission does: its answer carries the action's result (the refusal sentences) as data.
 */
export function postWithPhotos(
  server: ServerProcess,
  fields: Record<string, string>,
  files: PhotoFile[],
  options: { data?: boolean; headers?: Record<string, string>; timeoutMs?: number; page?: string } = {},
): Promise<HttpResult> {
  const { body, contentType } = multipartBody(fields, files);
  // The page the form is on: /contact, or its Spanish twin /es/contacto.
  return request(`${server.url}${options.page ?? "/contact"}${options.data ? ".data" : ""}`, {
    method: "POST",
    headers: {
      host: new URL(SITE_URL).host,
      origin: SITE_URL,
      "content-type": contentType,
      "content-length": String(body.length),
      "user-agent": "job-photos-integration-test",
      ...options.headers,
    },
    body,
    timeoutMs: options.timeoutMs ?? 60_000,
  });
}

/** Every file under DATA_DIR/media/lead-photos (relative paths). */
export async function leadPhotoFiles(dataDir: string): Promise<string[]> {
  try {
    const dir = path.join(dataDir, "media", "lead-photos");
    return (await readdir(dir, { recursive: true, withFileTypes: true }))
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
  } catch {
    return [];
  }
}

/** Files waiting in DATA_DIR/tmp/uploads. */
export async function tempUploads(dataDir: string): Promise<string[]> {
  try {
    return await readdir(path.join(dataDir, "tmp", "uploads"));
  } catch {
    return [];
  }
}

/** The server's answer with JSON-style escapes undone, so sentences can be looked for as typed. */
export function answerText(res: HttpResult): string {
  return res.text.replace(/\\u([0-9a-fA-F]{4})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))).replaceAll('\\"', '"');
}
