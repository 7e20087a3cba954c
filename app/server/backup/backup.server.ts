/**
 * Backups (docs/decisions/022-backups.md): one consistent snapshot of the database and the local
 * photo files, in a new timestamped folder with a manifest that restore checks.
 *
 * Order matters. The database snapshot is taken first, the photo files are copied after it: a
 * photo's files are written before its row (gallery/photos.server.ts) under keys that carry the
 * photo's version and are never rewritten, so every file the snapshot's rows name already exists
 * when the copy starts. Files written later are extra and harmless. A photo deleted while the
 * copy runs loses its files before its row; those keys are listed in the manifest
 * (`missingPhotoFiles`) rather than silently missing.
 *
 * The snapshot is written into a hidden `.partial-…` folder and renamed when complete, so a
 * half-written backup never looks like one: restore and pruning only see folders with a
 * manifest and a `backup-<time>` name.
 */
import { randomBytes } from "node:crypto";
import { mkdir, rm } from "node:fs/promises";
import path from "node:path";
import { findExecutable } from "#app/server/db/snapshot.server.ts";
import type { BackupFacts } from "#app/server/repos/backup-facts.server.ts";
import { BackupError } from "#app/server/backup/backup-error.server.ts";
import {
  copyFileHashed,
  hashFile,
  messageOf,
  renameIntoPlace,
  syncDirectory,
  walk,
  writeDurably,
} from "#app/server/backup/files.server.ts";
import { recordLastBackup } from "#app/server/backup/last-backup.server.ts";
import {
  MANIFEST_FILE,
  MANIFEST_FORMAT,
  MEDIA_FOLDER,
  PARTIAL_PREFIX,
  S3_NOTE,
  snapshotName,
  type BackupManifest,
  type BackupResult,
  type BackupSource,
  type ManifestFile,
} from "#app/server/backup/manifest.server.ts";
import { snapshotDatabase } from "#app/server/backup/snapshot-database.server.ts";

export { BackupError } from "#app/server/backup/backup-error.server.ts";
export { copyFileHashed, exists, hashFile, messageOf, syncDirectory, walk } from "#app/server/backup/files.server.ts";
export { getLastBackup } from "#app/server/backup/last-backup.server.ts";
export {
  LAST_BACKUP_KEY,
  MANIFEST_FILE,
  MANIFEST_FORMAT,
  MEDIA_FOLDER,
  POSTGRES_BACKUP_FILE,
  S3_NOTE,
  SNAPSHOT_NAME,
  SQLITE_BACKUP_FILE,
  readManifest,
  safeJoin,
  snapshotName,
  verifySnapshot,
  type BackupManifest,
  type BackupResult,
  type BackupSource,
  type LastBackup,
  type ManifestFile,
} from "#app/server/backup/manifest.server.ts";
export { listSnapshots, pruneBackups } from "#app/server/backup/snapshots.server.ts";

/** Writes a new snapshot folder in `to` and records it as the last backup. */
export async function createBackup({
  source,
  to,
  by,
  now = () => new Date(),
}: {
  source: BackupSource;
  to: string;
  by: "cli" | "daily";
  now?: () => Date;
}): Promise<BackupResult> {
  const { database } = source;
  const target = path.resolve(to);
  const pgDumpPath = database.dialect === "postgres" ? findExecutable("pg_dump") : null;
  if (database.dialect === "postgres" && !pgDumpPath) {
    throw new BackupError(
      "pg_dump was not found on PATH, so the PostgreSQL database cannot be backed up: install the PostgreSQL client tools of the server's version (Debian: apt-get install postgresql-client) or use your database host's own backups.",
    );
  }
  try {
    await mkdir(target, { recursive: true });
  } catch (error) {
    throw new BackupError(`Cannot create the backup folder ${target}: ${messageOf(error)}`, { cause: error });
  }
  const started = now();
  const baseName = snapshotName(started);
  const partial = path.join(target, `${PARTIAL_PREFIX}${baseName}-${randomBytes(4).toString("hex")}`);
  await mkdir(partial);
  try {
    const { facts, migration, databaseEntry, createdAt } = await snapshotDatabase({ source, partial, pgDumpPath, now });
    const files: ManifestFile[] = [{ path: databaseEntry.file, ...(await hashFile(path.join(partial, databaseEntry.file))) }];
    // After the database snapshot: see the top of this file.
    const { storage, copied, missingPhotoFiles } = await copyStorage(source, partial, facts);
    files.push(...copied);

    const manifest: BackupManifest = {
      format: MANIFEST_FORMAT,
      createdAt,
      finishedAt: now().toISOString(),
      migration,
      database: databaseEntry,
      storage,
      counts: { leads: facts.leads, photos: facts.photos, photoFiles: source.storage === "local" ? copied.length : 0 },
      missingPhotoFiles,
      files,
    };
    await writeDurably(path.join(partial, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
    await syncDirectory(partial);

    const { folder, name } = await renameIntoPlace(partial, target, baseName);
    const { counts } = manifest;
    const last = {
      at: manifest.createdAt,
      finishedAt: manifest.finishedAt,
      name,
      folder,
      by,
      leads: counts.leads,
      photos: counts.photos,
    };
    await recordLastBackup({ database, last });
    return { folder, name, manifest };
  } catch (error) {
    await rm(partial, { recursive: true, force: true }).catch(() => {});
    throw error;
  }
}

/** The local photo files (listing those the snapshot names but that vanished), or the S3 note. */
async function copyStorage(
  source: BackupSource,
  partial: string,
  facts: BackupFacts,
): Promise<{ storage: BackupManifest["storage"]; copied: ManifestFile[]; missingPhotoFiles: string[] }> {
  if (source.storage !== "local") {
    return {
      storage: { kind: "s3", included: false, bucket: source.s3Bucket ?? null, note: S3_NOTE },
      copied: [],
      missingPhotoFiles: [],
    };
  }
  const copied = await copyMedia(path.join(source.dataDir, MEDIA_FOLDER), path.join(partial, MEDIA_FOLDER));
  const present = new Set(copied.map((file) => file.path.slice(MEDIA_FOLDER.length + 1)));
  const missingPhotoFiles = facts.photoKeys.filter((key) => !present.has(key));
  return { storage: { kind: "local", included: true, folder: MEDIA_FOLDER }, copied, missingPhotoFiles };
}

/** Copies every object file under `from` (skipping hidden temporary files) into `to`. */
async function copyMedia(from: string, to: string): Promise<ManifestFile[]> {
  const copied: ManifestFile[] = [];
  for await (const key of walk(from, "")) {
    const result = await copyFileHashed(path.join(from, ...key.split("/")), path.join(to, ...key.split("/")));
    if (result) copied.push({ path: `${MEDIA_FOLDER}/${key}`, ...result });
  }
  return copied;
}
