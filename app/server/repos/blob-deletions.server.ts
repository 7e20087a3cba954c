/**
 * Stored files waiting to be removed (migration 0016, ADR 041). The only code that writes SQL for
 * `blob_deletions`. A prefix is recorded in the same transaction that stops a row pointing at its
 * files (a photo deleted, a photo rotated to a new version), so files can never be lost track of:
 * they are removed right after the commit, and, should the store refuse, retried later.
 */
import type { Kysely, Selectable, Transaction } from "kysely";
import type { BlobDeletionsTable, DB } from "#app/server/db/schema.server.ts";

type BlobDeletionRow = Selectable<BlobDeletionsTable>;
type Db = Kysely<DB> | Transaction<DB>;

/** Records prefixes to delete (an already recorded one is kept as it is). */
export async function recordBlobDeletions({
  db,
  prefixes,
  reason,
  now = new Date(),
}: {
  db: Db;
  prefixes: readonly string[];
  reason: string;
  now?: Date;
}): Promise<void> {
  if (prefixes.length === 0) return;
  const stamp = now.toISOString();
  await db
    .insertInto("blob_deletions")
    .values(
      prefixes.map((prefix) => ({
        prefix,
        reason,
        attempts: 0,
        last_error: null,
        created_at: stamp,
        updated_at: stamp,
      })),
    )
    .onConflict((oc) => oc.column("prefix").doNothing())
    .execute();
}

/** The store removed the files: the record goes. */
export async function clearBlobDeletion({ db, prefix }: { db: Db; prefix: string }): Promise<void> {
  await db.deleteFrom("blob_deletions").where("prefix", "=", prefix).execute();
}

/** The store refused: counted, with why, for the next try. */
export async function noteBlobDeletionFailure({
  db,
  prefix,
  error,
  now = new Date(),
}: {
  db: Db;
  prefix: string;
  error: string;
  now?: Date;
}): Promise<void> {
  await db
    .updateTable("blob_deletions")
    .set((eb) => ({ attempts: eb("attempts", "+", 1), last_error: error.slice(0, 500), updated_at: now.toISOString() }))
    .where("prefix", "=", prefix)
    .execute();
}

/** Prefixes still waiting, oldest first. */
export async function listBlobDeletions({ db, limit = 500 }: { db: Db; limit?: number }): Promise<BlobDeletionRow[]> {
  return db.selectFrom("blob_deletions").selectAll().orderBy("created_at").orderBy("prefix").limit(limit).execute();
}
