/**
 * Putting a snapshot back (docs/decisions/022-backups.md): only into an empty DATA_DIR (SQLite)
 * or an empty schema (PostgreSQL), after every file matched its checksum. The photo files go in
 * first and the database last, each under a temporary name renamed into place, so a restore
 * that stops half-way leaves no database that names missing files.
 */
import { randomBytes } from "node:crypto";
import { mkdir, rename, rm, rmdir } from "node:fs/promises";
import path from "node:path";
import { selectDialect } from "#app/server/db/index.server.ts";
import { knownMigrations, openSqliteFile, pgRestore, sqliteIntegrityCheck } from "#app/server/db/snapshot.server.ts";
import { getBackupFacts, type BackupFacts } from "#app/server/repos/backup-facts.server.ts";
import { BackupError } from "#app/server/backup/backup-error.server.ts";
import { copyFileHashed, syncDirectory } from "#app/server/backup/files.server.ts";
import { MEDIA_FOLDER, readManifest, safeJoin, verifySnapshot, type BackupManifest } from "#app/server/backup/manifest.server.ts";
import { RESTORE_SQLITE_FILE, checkRestoreTarget, type RestoreTarget } from "#app/server/backup/restore-target.server.ts";

interface RestoreResult {
  folder: string;
  manifest: BackupManifest;
  leads: number;
  photos: number;
  mediaFiles: number;
  /** SQLite's `integrity_check` on the restored file ("ok"), or null on PostgreSQL. */
  integrity: string | null;
}

interface RestoreStep {
  folder: string;
  targetDir: string;
  manifest: BackupManifest;
  databaseUrl?: string;
  /** Names the temporary files and folders of this run. */
  token: string;
}

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

  let target: RestoreTarget | undefined;
  try {
    // Refuse before reading anything large: restore never replaces data.
    target = await checkRestoreTarget({ kind, targetDir, manifest, databaseUrl });
    await verifySnapshot(folder, manifest);
    await mkdir(targetDir, { recursive: true });
    const step: RestoreStep = { folder, targetDir, manifest, databaseUrl, token: randomBytes(4).toString("hex") };

    // Photo files first, under a temporary name, then renamed into place.
    const mediaFiles = manifest.storage.included ? await restoreMedia(step) : 0;
    let restored: { facts: BackupFacts; integrity: string | null };
    try {
      restored = target.kind === "sqlite" ? await restoreSqlite(step) : await restorePostgres(step, target);
    } catch (error) {
      // The photo files went in first; without their database they would only block a new try.
      if (manifest.storage.included) await rm(path.join(targetDir, MEDIA_FOLDER), { recursive: true, force: true });
      throw error;
    }
    const { facts, integrity } = restored;
    return { folder, manifest, leads: facts.leads, photos: facts.photos, mediaFiles, integrity };
  } finally {
    if (target?.kind === "postgres") await target.database.close();
  }
}

async function restoreMedia({ folder, targetDir, manifest, token }: RestoreStep): Promise<number> {
  const mediaDir = path.join(targetDir, MEDIA_FOLDER);
  const staging = path.join(targetDir, `.${MEDIA_FOLDER}.restoring-${token}`);
  let mediaFiles = 0;
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
  return mediaFiles;
}

async function restoreSqlite({ folder, targetDir, manifest, token }: RestoreStep): Promise<{ facts: BackupFacts; integrity: string }> {
  const staging = path.join(targetDir, `.${RESTORE_SQLITE_FILE}.restoring-${token}`);
  try {
    await copyFileHashed(safeJoin(folder, manifest.database.file), staging);
    const restored = await openSqliteFile(staging);
    let facts: BackupFacts;
    let integrity: string;
    try {
      const problems = await sqliteIntegrityCheck(restored);
      integrity = problems.join("; ");
      if (integrity !== "ok")
        throw new BackupError(`The restored database failed SQLite's integrity check: ${problems.slice(0, 5).join("; ")}`);
      facts = await getBackupFacts({ db: restored.db });
    } finally {
      await restored.close();
    }
    checkCounts(manifest, facts);
    await rename(staging, path.join(targetDir, RESTORE_SQLITE_FILE));
    await syncDirectory(targetDir);
    return { facts, integrity };
  } catch (error) {
    await rm(staging, { force: true });
    throw error;
  }
}

async function restorePostgres(
  { folder, targetDir, manifest, databaseUrl }: RestoreStep,
  target: Extract<RestoreTarget, { kind: "postgres" }>,
): Promise<{ facts: BackupFacts; integrity: null }> {
  await pgRestore({
    pgRestorePath: target.pgRestorePath,
    databaseUrl: databaseUrl!,
    file: safeJoin(folder, manifest.database.file),
    schema: manifest.database.kind === "postgres" ? manifest.database.schema : "",
    schemaExists: target.schemaExists,
    workDir: targetDir,
  });
  const facts = await getBackupFacts({ db: target.database.db });
  checkCounts(manifest, facts);
  return { facts, integrity: null };
}

function checkCounts(manifest: BackupManifest, facts: BackupFacts): void {
  if (facts.leads !== manifest.counts.leads || facts.photos !== manifest.counts.photos) {
    throw new BackupError(
      `The restored database holds ${facts.leads} estimate requests and ${facts.photos} photos, but the manifest says ${manifest.counts.leads} and ${manifest.counts.photos}: the backup is not what it claims to be.`,
    );
  }
}
