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
import {
  checkOutboundUrl,
  OutboundRefusedError,
  OutboundTooLargeError,
  safeGet,
  type OutboundPolicy,
  type SafeResponse,
} from "../net/outbound.server.ts";

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
  /**
   * Where downloads may go: public addresses only unless `allowPrivate` (the operator's
   * --allow-private-addresses); tests inject a resolver.
   */
  outbound?: OutboundPolicy;
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

function tooLarge(maxBytes: number): ImportFailure {
  return new ImportFailure(`too large: the file is over ${formatMegabytes(maxBytes)} (UPLOAD_MAX_MB)`);
}

function describeFetchError(error: unknown, timeoutMs: number): string {
  if (error instanceof ImportFailure) return error.message;
  if (error instanceof OutboundTooLargeError) return tooLarge(error.maxBytes).message;
  if (error instanceof OutboundRefusedError) {
    const { refusal } = error;
    switch (refusal.reason) {
      case "invalid":
        return "not a web address";
      case "scheme":
        return `only http and https addresses are fetched, not ${refusal.protocol}`;
      case "credentials":
        return "the address carries a user name or password: refused";
      case "redirects":
        return `too many redirects (more than ${refusal.max})`;
      case "private":
        return `refused: ${refusal.host} is a private or local address, not a public one (to import from your own network, pass --allow-private-addresses)`;
    }
  }
  if (error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError")) {
    return `timeout: no complete answer within ${Math.round(timeoutMs / 1000)} s`;
  }
  const code = error instanceof Error ? (error as NodeJS.ErrnoException).code : undefined;
  return `could not download the file (${code ?? (error instanceof Error ? error.message : String(error))})`;
}

/** The export's address checked before anything is sent, so a bad one gets its own words. */
function checkedAddress(address: string, outbound: OutboundPolicy): URL {
  const checked = checkOutboundUrl(address, outbound);
  if (checked.ok) return checked.url;
  if (checked.refusal.reason === "invalid") {
    throw new ImportFailure(`imageFile is not a web address: ${JSON.stringify(address.slice(0, 200))}`);
  }
  throw new ImportFailure(describeFetchError(new OutboundRefusedError(checked.refusal), 0));
}

/** Every hop and every connection goes through the outbound guard (ADR 046). */
function request(address: string, method: "GET" | "HEAD", signal: AbortSignal, outbound: OutboundPolicy, maxBytes?: number): Promise<SafeResponse> {
  const url = checkedAddress(address, outbound);
  return safeGet(url, { ...outbound, method, signal, maxRedirects: MAX_REDIRECTS, headers: { Accept: "image/*" }, ...(maxBytes === undefined ? {} : { maxBytes }) });
}

function httpFailure(response: SafeResponse): ImportFailure {
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
function download(address: string, maxBytes: number, timeoutMs: number, outbound: OutboundPolicy): Promise<{ bytes: Buffer; contentType: string | null }> {
  return overNetwork(timeoutMs, async () => {
    const response = await request(address, "GET", AbortSignal.timeout(timeoutMs), outbound, maxBytes);
    if (response.status < 200 || response.status > 299) {
      response.discard();
      throw httpFailure(response);
    }
    return { bytes: await response.read(), contentType: response.header("content-type") };
  });
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
  const outbound = options.outbound ?? {};
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
    const response = await overNetwork(timeoutMs, () => request(document.imageFile, "HEAD", AbortSignal.timeout(timeoutMs), outbound));
    response.discard();
    let note = "";
    if (response.status === 405 || response.status === 501) {
      note = " (the server does not answer HEAD: not checked)";
    } else if (response.status < 200 || response.status > 299) {
      throw httpFailure(response);
    } else {
      const type = response.header("content-type")?.split(";")[0]?.trim().toLowerCase();
      if (type && !type.startsWith("image/") && type !== "application/octet-stream" && type !== "binary/octet-stream") {
        throw new ImportFailure(`not an image: the server sends it as ${type}`);
      }
      const length = Number(response.header("content-length"));
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
      ({ bytes, contentType } = await download(document.imageFile, limits.maxBytes, timeoutMs, outbound));
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
