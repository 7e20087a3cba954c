/**
 * Where a restore may go (ADR 022): an empty DATA_DIR, or a PostgreSQL schema of the dump's name
 * with no tables. Anything else is refused with a sentence saying how, before anything is read
 * or written: restore never replaces data.
 */
import { readdir } from "node:fs/promises";
import path from "node:path";
import { openDatabase, type Database, type DatabaseDialect } from "#app/server/db/index.server.ts";
import { currentPostgresSchema, findExecutable, postgresSchemaState } from "#app/server/db/snapshot.server.ts";
import { BackupError } from "#app/server/backup/backup-error.server.ts";
import { exists } from "#app/server/backup/files.server.ts";
import { MEDIA_FOLDER, type BackupManifest } from "#app/server/backup/manifest.server.ts";

export const RESTORE_SQLITE_FILE = "site.db";

export type RestoreTarget = { kind: "sqlite" } | { kind: "postgres"; database: Database; pgRestorePath: string; schemaExists: boolean };

/** Checks the target is empty; on PostgreSQL opens it (the caller closes `database`). */
export async function checkRestoreTarget({
  kind,
  targetDir,
  manifest,
  databaseUrl,
}: {
  kind: DatabaseDialect;
  targetDir: string;
  manifest: BackupManifest;
  databaseUrl?: string;
}): Promise<RestoreTarget> {
  let target: RestoreTarget = { kind: "sqlite" };
  if (kind === "sqlite") await refuseSqliteDatabase(targetDir);
  else target = await checkPostgresTarget({ targetDir, manifest, databaseUrl });
  try {
    const mediaDir = path.join(targetDir, MEDIA_FOLDER);
    if (manifest.storage.included && (await hasFiles(mediaDir))) {
      throw new BackupError(
        `DATA_DIR ${targetDir} already has photo files in ${MEDIA_FOLDER}/. Restore only goes into an empty DATA_DIR, so nothing was changed: stop the server, move the folder aside (mv ${targetDir} ${targetDir}.old) or point DATA_DIR at a new folder, then run restore again.`,
      );
    }
  } catch (error) {
    if (target.kind === "postgres") await target.database.close();
    throw error;
  }
  return target;
}

async function refuseSqliteDatabase(targetDir: string): Promise<void> {
  for (const name of [RESTORE_SQLITE_FILE, `${RESTORE_SQLITE_FILE}-wal`]) {
    if (await exists(path.join(targetDir, name))) {
      throw new BackupError(
        `DATA_DIR ${targetDir} already has a database (${name}). Restore only goes into an empty DATA_DIR, so nothing was changed: stop the server, move the folder aside (mv ${targetDir} ${targetDir}.old) or point DATA_DIR at a new folder, then run restore again.`,
      );
    }
  }
}

async function checkPostgresTarget({
  targetDir,
  manifest,
  databaseUrl,
}: {
  targetDir: string;
  manifest: BackupManifest;
  databaseUrl?: string;
}): Promise<Extract<RestoreTarget, { kind: "postgres" }>> {
  const pgRestorePath = findExecutable("pg_restore");
  if (!pgRestorePath) {
    throw new BackupError(
      "pg_restore was not found on PATH, so the PostgreSQL dump cannot be restored: install the PostgreSQL client tools of the server's version (Debian: apt-get install postgresql-client).",
    );
  }
  const database = await openDatabase({ databaseUrl, dataDir: targetDir, maxConnections: 1 });
  try {
    const schema = await currentPostgresSchema(database);
    const wanted = manifest.database.kind === "postgres" ? manifest.database.schema : schema;
    if (schema !== wanted) {
      throw new BackupError(
        `This backup holds the PostgreSQL schema "${wanted}", but DATABASE_URL works in "${schema}". Restore keeps the schema's name: point DATABASE_URL at an empty database whose search_path is "${wanted}" (add ?options=-c%20search_path%3D${wanted} to the URL), then run restore again.`,
      );
    }
    const state = await postgresSchemaState(database, schema);
    if (state.tables > 0) {
      throw new BackupError(
        `The PostgreSQL schema "${schema}" already holds ${state.tables} table${state.tables === 1 ? "" : "s"}. Restore only goes into an empty schema, so nothing was changed: point DATABASE_URL at a new database (createdb site_restored), or drop the schema once you are sure it is not needed (drop schema "${schema}" cascade), then run restore again.`,
      );
    }
    return { kind: "postgres", database, pgRestorePath, schemaExists: state.exists };
  } catch (error) {
    await database.close();
    throw error;
  }
}

async function hasFiles(dir: string): Promise<boolean> {
  try {
    return (await readdir(dir)).length > 0;
  } catch {
    return false;
  }
}
