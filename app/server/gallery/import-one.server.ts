/**
 * One document imported: its file read or downloaded, recorded by id and by content (so nothing
 * is imported twice), and run through the upload pipeline into a draft. docs/decisions/035-firebase-gallery-import.md
 */
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { createPhotoImport, getPhotoImportByContent } from "#app/server/repos/photo-imports.server.ts";
import { createPhotoFromUpload, deletePhoto } from "#app/server/gallery/photos.server.ts";
import { UploadError } from "#app/server/gallery/upload.server.ts";
import { describeRefusal, download, ImportFailure, localFileWithin } from "#app/server/gallery/import-sources.server.ts";
import { quote, skipped, type ImportDocument, type ImportRun } from "#app/server/gallery/import-run.server.ts";

export async function importOne(run: ImportRun, document: ImportDocument, caption: string): Promise<void> {
  const { deps, limits, filesDir, timeoutMs, outbound, byContent, summary, report, category } = run;
  let bytes: Buffer;
  let contentType: string | null = null;
  if (filesDir) {
    bytes = await readFile(await localFileWithin(filesDir, document.imageFile, limits.maxBytes));
  } else {
    ({ bytes, contentType } = await download(document.imageFile, limits.maxBytes, timeoutMs, outbound));
  }
  const sha256 = createHash("sha256").update(bytes).digest("hex");
  const record = (photoId: string | null) =>
    createPhotoImport({
      db: deps.db,
      row: {
        source_id: document.id,
        photo_id: photoId,
        source_url: document.imageFile,
        content_sha256: sha256,
        imported_at: new Date().toISOString(),
      },
    });

  const inRun = byContent.get(sha256);
  if (inRun) {
    const photoId = await inRun;
    if (photoId) {
      await record(photoId);
      skipped(run, document.id, "the same file as another document in this export (imported once)");
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
      skipped(run, document.id, `the same file as document ${earlier.source_id}, imported before`);
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
      skipped(run, document.id, "already imported (by another run just now)");
      return;
    }
    photoId = photo.id;
    summary.imported++;
    report(`✓ ${document.id}: imported as a draft, caption ${quote(caption)} (photo ${photo.id})`);
  } finally {
    settle(photoId);
  }
}
