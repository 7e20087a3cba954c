/**
 * Bringing the old Firebase gallery over (`cli import-firebase`, ADR 035): each document's file
 * is fetched over HTTP(S) (or read from a downloaded copy of the bucket), goes through the same
 * pipeline as an admin's upload (createPhotoFromUpload: limits, sniffing, upright, EXIF and GPS
 * stripped, every variant stored) and becomes a draft with the file name as a suggested caption.
 *
 * The document id is recorded (photo_imports), so a second run imports nothing twice. A file
 * whose bytes match one already imported (under another id, or earlier in the same export) is
 * recorded against that photo and not imported again. Every document gets one line; a failure
 * says why in words and the run carries on.
 */
import { createHash } from "node:crypto";
import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import { formatMegabytes } from "../../gallery/photo.ts";
import {
  createPhotoImport,
  getPhotoImport,
  getPhotoImportByContent,
} from "../repos/photo-imports.server.ts";
import { createPhotoFromUpload, deletePhoto, type ConvertingDeps, type UploadLimits } from "./photos.server.ts";
import { UploadError } from "./upload.server.ts";
import { fileNameFromUrl, suggestCaption, type ExportDocument } from "./firebase-export.server.ts";

export const DEFAULT_IMPORT_CONCURRENCY = 3;
export const DEFAULT_FETCH_TIMEOUT_MS = 60_000;
export const MAX_REDIRECTS = 5;

export interface ImportOptions {
  deps: ConvertingDeps;
  limits: UploadLimits;
  documents: ExportDocument[];
  /** A downloaded copy of the bucket: files are read from DIR/images/<name> or DIR/<name>. */
  filesDir?: string | null;
  dryRun?: boolean;
  category: string;
  /** Downloads at once (each holds at most UPLOAD_MAX_MB in memory). */
  concurrency?: number;
  timeoutMs?: number;
  /** One line per document, then none: the caller prints the summary. */
  report(line: string): void;
}

export interface ImportSummary {
  total: number;
  imported: number;
  skipped: number;
  failed: number;
  dryRun: boolean;
}

/** A document that could not be imported, and why in words. */
class ImportFailure extends Error {
  override name = "ImportFailure";
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

function tooLarge(maxBytes: number): ImportFailure {
  return new ImportFailure(`too large: the file is over ${formatMegabytes(maxBytes)} (UPLOAD_MAX_MB)`);
}

function describeFetchError(error: unknown, timeoutMs: number): string {
  if (error instanceof ImportFailure) return error.message;
  if (error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError")) {
    return `timeout: no complete answer within ${Math.round(timeoutMs / 1000)} s`;
  }
  const cause = error instanceof Error ? (error.cause as { code?: string; message?: string } | undefined) : undefined;
  const detail = cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error));
  return `could not download the file (${detail})`;
}

/** An http(s) address, or an ImportFailure saying what is wrong with it. */
function httpUrl(address: string, base?: URL): URL {
  let url: URL;
  try {
    url = new URL(address, base);
  } catch {
    throw new ImportFailure(`imageFile is not a web address: ${JSON.stringify(address.slice(0, 200))}`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new ImportFailure(`only http and https addresses are fetched, not ${url.protocol.replace(/:$/, "")}`);
  }
  return url;
}

/** Follows up to MAX_REDIRECTS redirects itself, so every hop is checked to be http(s). */
async function request(address: string, method: "GET" | "HEAD", signal: AbortSignal): Promise<Response> {
  let url = httpUrl(address);
  for (let hop = 0; ; hop++) {
    const response = await fetch(url, { method, redirect: "manual", signal, headers: { Accept: "image/*" } });
    const location = response.headers.get("location");
    if (!REDIRECT_STATUSES.has(response.status) || !location) return response;
    await response.body?.cancel();
    if (hop >= MAX_REDIRECTS) throw new ImportFailure(`too many redirects (more than ${MAX_REDIRECTS})`);
    url = httpUrl(location, url);
  }
}

function httpFailure(response: Response): ImportFailure {
  return new ImportFailure(`HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ""}`);
}

/** Runs a network step; whatever goes wrong comes out as an ImportFailure in words. */
async function overNetwork<T>(timeoutMs: number, step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    throw error instanceof ImportFailure ? error : new ImportFailure(describeFetchError(error, timeoutMs));
  }
}

/** Downloads at most `maxBytes`, within `timeoutMs` for the whole transfer. */
function download(address: string, maxBytes: number, timeoutMs: number): Promise<{ bytes: Buffer; contentType: string | null }> {
  return overNetwork(timeoutMs, () => downloadOnce(address, maxBytes, timeoutMs));
}

async function downloadOnce(address: string, maxBytes: number, timeoutMs: number): Promise<{ bytes: Buffer; contentType: string | null }> {
  const signal = AbortSignal.timeout(timeoutMs);
  const response = await request(address, "GET", signal);
  if (!response.ok) {
    await response.body?.cancel();
    throw httpFailure(response);
  }
  const length = Number(response.headers.get("content-length"));
  if (Number.isFinite(length) && length > maxBytes) {
    await response.body?.cancel();
    throw tooLarge(maxBytes);
  }
  const chunks: Uint8Array[] = [];
  let total = 0;
  if (response.body) {
    for await (const chunk of response.body) {
      total += chunk.length;
      if (total > maxBytes) throw tooLarge(maxBytes);
      chunks.push(chunk);
    }
  }
  return { bytes: Buffer.concat(chunks), contentType: response.headers.get("content-type") };
}

/** Where a document's file would be in a downloaded bucket, and whether it is there. */
async function findLocalFile(filesDir: string, imageFile: string): Promise<{ file: string | null; looked: string[] }> {
  const name = fileNameFromUrl(imageFile);
  if (!name) throw new ImportFailure("imageFile names no file to look for");
  const looked = [path.join(filesDir, "images", name), path.join(filesDir, name)];
  for (const file of looked) {
    try {
      if ((await stat(file)).isFile()) return { file, looked };
    } catch {
      // Not this one.
    }
  }
  return { file: null, looked };
}

function notFoundLocally(looked: string[]): ImportFailure {
  return new ImportFailure(`file not found (looked for ${looked.join(" and ")})`);
}

/** The words for a refusal by the upload pipeline. */
function describeRefusal(error: UploadError, contentType: string | null, maxBytes: number): string {
  switch (error.status) {
    case 415:
      return `not an image: the file is not a JPEG, PNG, WebP, AVIF, GIF or HEIC picture${contentType ? ` (it was sent as ${contentType})` : ""}`;
    case 413:
      return tooLarge(maxBytes).message;
    case 400:
      return "the file is empty";
    default:
      return `the photo cannot be used: ${error.message}`;
  }
}

const quote = (caption: string) => (caption ? `"${caption}"` : "(no caption suggested)");

export async function importFirebaseGallery(options: ImportOptions): Promise<ImportSummary> {
  const { deps, limits, documents, filesDir, category, report } = options;
  const dryRun = options.dryRun ?? false;
  const timeoutMs = options.timeoutMs ?? DEFAULT_FETCH_TIMEOUT_MS;
  const summary: ImportSummary = { total: documents.length, imported: 0, skipped: 0, failed: 0, dryRun };

  // The same id twice in one export: the first is the document, the rest are reported.
  const firstOfId = new Map<string, number>();
  const work: { document: ExportDocument; duplicateOf: number | null }[] = documents.map((document, index) => {
    const first = document.problem ? undefined : firstOfId.get(document.id);
    if (first === undefined && !document.problem) firstOfId.set(document.id, index);
    return { document, duplicateOf: first ?? null };
  });

  // Files being imported in this run, by content: a second document with the same bytes waits
  // for the first and is recorded against its photo (null when the first failed).
  const byContent = new Map<string, Promise<string | null>>();

  const failed = (id: string, reason: string) => {
    summary.failed++;
    report(`✗ ${id}: ${reason}`);
  };
  const skipped = (id: string, reason: string) => {
    summary.skipped++;
    report(`– ${id}: skipped, ${reason}`);
  };

  async function alreadyImported(sourceId: string): Promise<boolean> {
    try {
      return (await getPhotoImport({ db: deps.db, sourceId })) !== null;
    } catch (error) {
      // A dry run writes nothing, not even the migration that makes the table.
      if (dryRun) return false;
      throw error;
    }
  }

  async function dryRunOne(document: ExportDocument & { imageFile: string }, caption: string): Promise<void> {
    if (filesDir) {
      const { file, looked } = await findLocalFile(filesDir, document.imageFile);
      if (!file) throw notFoundLocally(looked);
      if ((await stat(file)).size > limits.maxBytes) throw tooLarge(limits.maxBytes);
      summary.imported++;
      report(`→ ${document.id}: would import ${quote(caption)} from ${file}`);
      return;
    }
    // A HEAD request only: the address answers, and says nothing against the file.
    const response = await overNetwork(timeoutMs, () => request(document.imageFile, "HEAD", AbortSignal.timeout(timeoutMs)));
    let note = "";
    if (response.status === 405 || response.status === 501) {
      note = " (the server does not answer HEAD: not checked)";
    } else if (!response.ok) {
      throw httpFailure(response);
    } else {
      const type = response.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase();
      if (type && !type.startsWith("image/") && type !== "application/octet-stream" && type !== "binary/octet-stream") {
        throw new ImportFailure(`not an image: the server sends it as ${type}`);
      }
      const length = Number(response.headers.get("content-length"));
      if (Number.isFinite(length) && length > limits.maxBytes) throw tooLarge(limits.maxBytes);
    }
    summary.imported++;
    report(`→ ${document.id}: would import ${quote(caption)} from ${document.imageFile}${note}`);
  }

  async function importOne(document: ExportDocument & { imageFile: string }, caption: string): Promise<void> {
    let bytes: Buffer;
    let contentType: string | null = null;
    if (filesDir) {
      const { file, looked } = await findLocalFile(filesDir, document.imageFile);
      if (!file) throw notFoundLocally(looked);
      if ((await stat(file)).size > limits.maxBytes) throw tooLarge(limits.maxBytes);
      bytes = await readFile(file);
    } else {
      ({ bytes, contentType } = await download(document.imageFile, limits.maxBytes, timeoutMs));
    }
    const sha256 = createHash("sha256").update(bytes).digest("hex");
    const record = (photoId: string | null) =>
      createPhotoImport({
        db: deps.db,
        row: { source_id: document.id, photo_id: photoId, source_url: document.imageFile, content_sha256: sha256, imported_at: new Date().toISOString() },
      });

    const inRun = byContent.get(sha256);
    if (inRun) {
      const photoId = await inRun;
      if (photoId) {
        await record(photoId);
        skipped(document.id, "the same file as another document in this export (imported once)");
        return;
      }
    }
    let settle!: (photoId: string | null) => void;
    byContent.set(sha256, new Promise((resolve) => (settle = resolve)));
    let photoId: string | null = null;
    try {
      const earlier = await getPhotoImportByContent({ db: deps.db, sha256 });
      if (earlier) {
        await record(earlier.photo_id);
        photoId = earlier.photo_id;
        skipped(document.id, `the same file as document ${earlier.source_id}, imported before`);
        return;
      }
      let photo;
      try {
        photo = await createPhotoFromUpload({
          deps,
          limits,
          body: new Blob([new Uint8Array(bytes)]).stream(),
          category,
          caption,
          uploadedBy: null,
        });
      } catch (error) {
        if (error instanceof UploadError) throw new ImportFailure(describeRefusal(error, contentType, limits.maxBytes));
        throw error;
      }
      if (!(await record(photo.id))) {
        // Another run imported this document meanwhile: keep its photo, not a second one.
        await deletePhoto({ deps, id: photo.id });
        skipped(document.id, "already imported (by another run just now)");
        return;
      }
      photoId = photo.id;
      summary.imported++;
      report(`✓ ${document.id}: imported as a draft, caption ${quote(caption)} (photo ${photo.id})`);
    } finally {
      settle(photoId);
    }
  }

  async function handle({ document, duplicateOf }: (typeof work)[number]): Promise<void> {
    if (document.problem || document.imageFile === null) {
      failed(document.id, document.problem ?? "the document has no imageFile");
      return;
    }
    if (duplicateOf !== null) {
      skipped(document.id, `listed twice in the export (entry ${duplicateOf + 1} is the one imported)`);
      return;
    }
    try {
      if (await alreadyImported(document.id)) {
        skipped(document.id, "already imported");
        return;
      }
      const caption = suggestCaption(document.imageFile);
      const doc = { ...document, imageFile: document.imageFile };
      await (dryRun ? dryRunOne(doc, caption) : importOne(doc, caption));
    } catch (error) {
      if (error instanceof ImportFailure) return failed(document.id, error.message);
      // Ours, not the file's: the database or the storage refused (the message says which).
      failed(document.id, `could not be saved (${error instanceof Error ? error.message : String(error)})`);
    }
  }

  let next = 0;
  const workers = Array.from({ length: Math.max(1, Math.min(options.concurrency ?? DEFAULT_IMPORT_CONCURRENCY, work.length)) }, async () => {
    while (next < work.length) {
      const item = work[next++] as (typeof work)[number];
      await handle(item);
    }
  });
  await Promise.all(workers);
  return summary;
}
