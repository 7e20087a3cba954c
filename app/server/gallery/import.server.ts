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
import { getPhotoImport } from "#app/server/repos/photo-imports.server.ts";
import { suggestCaption, type ExportDocument } from "#app/server/gallery/firebase-export.server.ts";
import { ImportFailure } from "#app/server/gallery/import-sources.server.ts";
import { failed, skipped, type ImportOptions, type ImportRun, type ImportSummary } from "#app/server/gallery/import-run.server.ts";
import { dryRunOne } from "#app/server/gallery/import-dry-run.server.ts";
import { importOne } from "#app/server/gallery/import-one.server.ts";

export type { ImportOptions, ImportSummary } from "#app/server/gallery/import-run.server.ts";
export { MAX_REDIRECTS } from "#app/server/gallery/import-sources.server.ts";

const DEFAULT_IMPORT_CONCURRENCY = 3;
const DEFAULT_FETCH_TIMEOUT_MS = 60_000;

type Work = { document: ExportDocument; duplicateOf: number | null };

export async function importFirebaseGallery(options: ImportOptions): Promise<ImportSummary> {
  const { documents } = options;
  const dryRun = options.dryRun ?? false;
  const run: ImportRun = {
    deps: options.deps,
    limits: options.limits,
    filesDir: options.filesDir ?? null,
    category: options.category,
    dryRun,
    timeoutMs: options.timeoutMs ?? DEFAULT_FETCH_TIMEOUT_MS,
    outbound: options.outbound ?? {},
    summary: { total: documents.length, imported: 0, skipped: 0, failed: 0, dryRun },
    report: options.report,
    byContent: new Map(),
  };

  // The same id twice in one export: the first is the document, the rest are reported.
  const firstOfId = new Map<string, number>();
  const work: Work[] = documents.map((document, index) => {
    const first = document.problem ? undefined : firstOfId.get(document.id);
    if (first === undefined && !document.problem) firstOfId.set(document.id, index);
    return { document, duplicateOf: first ?? null };
  });

  let next = 0;
  const workers = Array.from(
    { length: Math.max(1, Math.min(options.concurrency ?? DEFAULT_IMPORT_CONCURRENCY, work.length)) },
    async () => {
      while (next < work.length) {
        const item = work[next++] as Work;
        await handle(run, item);
      }
    },
  );
  await Promise.all(workers);
  return run.summary;
}

async function alreadyImported({ deps, dryRun }: ImportRun, sourceId: string): Promise<boolean> {
  try {
    return (await getPhotoImport({ db: deps.db, sourceId })) !== null;
  } catch (error) {
    // A dry run writes nothing, not even the migration that makes the table.
    if (dryRun) return false;
    throw error;
  }
}

async function handle(run: ImportRun, { document, duplicateOf }: Work): Promise<void> {
  if (document.problem || document.imageFile === null) {
    failed(run, document.id, document.problem ?? "the document has no imageFile");
    return;
  }
  if (duplicateOf !== null) {
    skipped(run, document.id, `listed twice in the export (entry ${duplicateOf + 1} is the one imported)`);
    return;
  }
  try {
    if (await alreadyImported(run, document.id)) {
      skipped(run, document.id, "already imported");
      return;
    }
    const caption = suggestCaption(document.imageFile);
    const doc = { ...document, imageFile: document.imageFile };
    await (run.dryRun ? dryRunOne(run, doc, caption) : importOne(run, doc, caption));
  } catch (error) {
    if (error instanceof ImportFailure) return failed(run, document.id, error.message);
    // Ours, not the file's: the database or the storage refused (the message says which).
    failed(run, document.id, `could not be saved (${error instanceof Error ? error.message : String(error)})`);
  }
}
