/**
 * Putting a snapshot back (docs/decisions/022-backups.md): only into an empty DATA_DIR (SQLite)
 * or an empty schema (PostgreSQL), after every file matched its checksum. The photo files go in
 * first and the database last, each under a temporary name renamed into place, so a restore
 * that stops half-way leaves no database that names missing files.
 */
import { randomBytes } from "node:crypto";
import { mkdir, readdir, rename, rm, rmdir } from "node:fs/promises";
import path from "node:path";
import { openDatabase, selectDialect, type Database } from "../db/index.server.ts";
import {
  currentPostgresSchema,
  findExecutable,
  knownMigrations,
  openSqliteFile,
  pgRestore,
  postgresSchemaState,
  sqliteIntegrityCheck,
} from "../db/snapshot.server.ts";
import { getBackupFacts, type BackupFacts } from "../repos/backup-facts.server.ts";
import {
  BackupError,
  MEDIA_FOLDER,
  copyFileHashed,
  exists,
  readManifest,
  safeJoin,
  syncDirectory,
  verifySnapshot,
  type BackupManifest,
} from "./backup.server.ts";

export interface RestoreResult {
  folder: string;
  manifest: BackupManifest;
  leads: number;
  photos: number;
  mediaFiles: number;
  /** SQLite's `integrity_check` on the restored file ("ok"), or null on PostgreSQL. */
  integrity: string | null;
}

const SQLITE_FILE = "site.db";

export async function restoreBackup({
  from,
  dataDir,
  databaseUrl,
}: {
  /** One snapshot folder (`…/backup-2026-11-22T101530Z`). */
  from: string;
  dataDir: string;
  databaseUrl?: string;
}): Promise<RestoreResult> {
  const folder = path.resolve(from);
  const targetDir = path.resolve(dataDir);
  const manifest = await readManifest(folder);
  const kind = selectDialect(databaseUrl);
  if (manifest.database.kind !== kind) {
    throw new BackupError(
      manifest.database.kind === "sqlite"
        ? "This backup holds a SQLite database, but DATABASE_URL selects PostgreSQL. Unset DATABASE_URL to restore it into DATA_DIR (moving between the two databases is not automated)."
        : "This backup holds a PostgreSQL dump, but DATABASE_URL is not set. Set DATABASE_URL to an empty PostgreSQL database to restore it into.",
    );
  }
  const known = await knownMigrations();
  if (manifest.migration !== null && !known.includes(manifest.migration)) {
    throw new BackupError(
      `This backup was made by a newer version of the site (database migration ${manifest.migration}). Update the site's code first, then restore.`,
    );
  }

  let target: Database | null = null;
  let pgRestorePath: string | null = null;
  let schemaExists = false;
  // Refuse before reading anything large: restore never replaces data.
  try {
    if (kind === "sqlite") {
      for (const name of [SQLITE_FILE, `${SQLITE_FILE}-wal`]) {
        if (await exists(path.join(targetDir, name))) {
          throw new BackupError(
            `DATA_DIR ${targetDir} already has a database (${name}). Restore only goes into an empty DATA_DIR, so nothing was changed: stop the server, move the folder aside (mv ${targetDir} ${targetDir}.old) or point DATA_DIR at a new folder, then run restore again.`,
          );
        }
      }
    } else {
      pgRestorePath = findExecutable("pg_restore");
      if (!pgRestorePath) {
        throw new BackupError(
          "pg_restore was not found on PATH, so the PostgreSQL dump cannot be restored: install the PostgreSQL client tools of the server's version (Debian: apt-get install postgresql-client).",
        );
      }
      target = await openDatabase({ databaseUrl, dataDir: targetDir, maxConnections: 1 });
      const schema = await currentPostgresSchema(target);
      const wanted = manifest.database.kind === "postgres" ? manifest.database.schema : schema;
      if (schema !== wanted) {
        throw new BackupError(
          `This backup holds the PostgreSQL schema "${wanted}", but DATABASE_URL works in "${schema}". Restore keeps the schema's name: point DATABASE_URL at an empty database whose search_path is "${wanted}" (add ?options=-c%20search_path%3D${wanted} to the URL), then run restore again.`,
        );
      }
      const state = await postgresSchemaState(target, schema);
      if (state.tables > 0) {
        throw new BackupError(
          `The PostgreSQL schema "${schema}" already holds ${state.tables} table${state.tables === 1 ? "" : "s"}. Restore only goes into an empty schema, so nothing was changed: point DATABASE_URL at a new database (createdb site_restored), or drop the schema once you are sure it is not needed (drop schema "${schema}" cascade), then run restore again.`,
        );
      }
      schemaExists = state.exists;
    }

    const mediaDir = path.join(targetDir, MEDIA_FOLDER);
    if (manifest.storage.included && (await hasFiles(mediaDir))) {
      throw new BackupError(
        `DATA_DIR ${targetDir} already has photo files in ${MEDIA_FOLDER}/. Restore only goes into an empty DATA_DIR, so nothing was changed: stop the server, move the folder aside (mv ${targetDir} ${targetDir}.old) or point DATA_DIR at a new folder, then run restore again.`,
      );
    }

    await verifySnapshot(folder, manifest);
    await mkdir(targetDir, { recursive: true });
    const token = randomBytes(4).toString("hex");

    // Photo files first, under a temporary name, then renamed into place.
    let mediaFiles = 0;
    if (manifest.storage.included) {
      const staging = path.join(targetDir, `.${MEDIA_FOLDER}.restoring-${token}`);
      try {
        for (const file of manifest.files.filter((entry) => entry.path.startsWith(`${MEDIA_FOLDER}/`))) {
          const copied = await copyFileHashed(safeJoin(folder, file.path), safeJoin(staging, file.path.slice(MEDIA_FOLDER.length + 1)));
          if (!copied || copied.sha256 !== file.sha256) throw new BackupError(`${file.path} changed while it was being restored.`);
          mediaFiles++;
        }
        await mkdir(staging, { recursive: true });
        await rmdir(mediaDir).catch(() => {}); // an empty media/ folder is fine to replace
        await rename(staging, mediaDir);
        await syncDirectory(targetDir);
      } catch (error) {
        await rm(staging, { recursive: true, force: true });
        throw error;
      }
    }

    let facts!: BackupFacts;
    let integrity: string | null = null;
    try {
      if (kind === "sqlite") {
        const staging = path.join(targetDir, `.${SQLITE_FILE}.restoring-${token}`);
        try {
          await copyFileHashed(safeJoin(folder, manifest.database.file), staging);
          const restored = await openSqliteFile(staging);
          try {
            const problems = await sqliteIntegrityCheck(restored);
            integrity = problems.join("; ");
            if (integrity !== "ok") throw new BackupError(`The restored database failed SQLite's integrity check: ${problems.slice(0, 5).join("; ")}`);
            facts = await getBackupFacts({ db: restored.db });
          } finally {
            await restored.close();
          }
          checkCounts(manifest, facts);
          await rename(staging, path.join(targetDir, SQLITE_FILE));
          await syncDirectory(targetDir);
        } catch (error) {
          await rm(staging, { force: true });
          throw error;
        }
      } else {
        await pgRestore({
          pgRestorePath: pgRestorePath!,
          databaseUrl: databaseUrl!,
          file: safeJoin(folder, manifest.database.file),
          schema: manifest.database.kind === "postgres" ? manifest.database.schema : "",
          schemaExists,
          workDir: targetDir,
        });
        facts = await getBackupFacts({ db: target!.db });
        checkCounts(manifest, facts);
      }
    } catch (error) {
      // The photo files went in first; without their database they would only block a new try.
      if (manifest.storage.included) await rm(mediaDir, { recursive: true, force: true });
      throw error;
    }
    return { folder, manifest, leads: facts.leads, photos: facts.photos, mediaFiles, integrity };
  } finally {
    await target?.close();
  }
}

function checkCounts(manifest: BackupManifest, facts: BackupFacts): void {
  if (facts.leads !== manifest.counts.leads || facts.photos !== manifest.counts.photos) {
    throw new BackupError(
      `The restored database holds ${facts.leads} estimate requests and ${facts.photos} photos, but the manifest says ${manifest.counts.leads} and ${manifest.counts.photos}: the backup is not what it claims to be.`,
    );
  }
}

async function hasFiles(dir: string): Promise<boolean> {
  try {
    return (await readdir(dir)).length > 0;
  } catch {
    return false;
  }
}
