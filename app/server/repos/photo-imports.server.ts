/**
 * Documents of the old Firebase gallery already brought over (`cli import-firebase`, ADR 035).
 * The only code that writes SQL for `photo_imports`.
 */
import type { Kysely, Selectable } from "kysely";
import type { DB, PhotoImportsTable } from "#app/server/db/schema.server.ts";

type PhotoImportRow = Selectable<PhotoImportsTable>;

export async function getPhotoImport({ db, sourceId }: { db: Kysely<DB>; sourceId: string }): Promise<PhotoImportRow | null> {
  return (await db.selectFrom("photo_imports").selectAll().where("source_id", "=", sourceId).executeTakeFirst()) ?? null;
}

/** The first import of a file with these bytes, or null. */
export async function getPhotoImportByContent({ db, sha256 }: { db: Kysely<DB>; sha256: string }): Promise<PhotoImportRow | null> {
  return (
    (await db
      .selectFrom("photo_imports")
      .selectAll()
      .where("content_sha256", "=", sha256)
      .orderBy("imported_at")
      .orderBy("source_id")
      .executeTakeFirst()) ?? null
  );
}

/** Records a document as imported. False when another run recorded it first. */
export async function createPhotoImport({ db, row }: { db: Kysely<DB>; row: PhotoImportRow }): Promise<boolean> {
  const result = await db
    .insertInto("photo_imports")
    .values(row)
    .onConflict((oc) => oc.column("source_id").doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Which of these photos came from an import. */
export async function listImportedPhotoIds({ db, photoIds }: { db: Kysely<DB>; photoIds: string[] }): Promise<Set<string>> {
  if (photoIds.length === 0) return new Set();
  const rows = await db.selectFrom("photo_imports").select("photo_id").where("photo_id", "in", photoIds).execute();
  return new Set(rows.flatMap((row) => (row.photo_id ? [row.photo_id] : [])));
}
