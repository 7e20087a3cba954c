/** What a snapshot folder holds and how its manifest is read and checked (ADR 022). */
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Database } from "#app/server/db/index.server.ts";
import { BackupError } from "#app/server/backup/backup-error.server.ts";
import { hashFile } from "#app/server/backup/files.server.ts";

export const MANIFEST_FILE = "manifest.json";
export const MANIFEST_FORMAT = 1;
export const SQLITE_BACKUP_FILE = "site.db";
export const POSTGRES_BACKUP_FILE = "database.pgdump";
export const MEDIA_FOLDER = "media";
/** `backup-2026-11-22T101530Z`, `-2` and up when two start in the same second. */
export const SNAPSHOT_NAME = /^backup-\d{4}-\d{2}-\d{2}T\d{6}Z(-\d+)?$/;
/** The settings row both the CLI and the daily job write when a backup is complete. */
export const LAST_BACKUP_KEY = "backup.last";
export const PARTIAL_PREFIX = ".partial-";

export interface ManifestFile {
  /** Relative to the snapshot folder, with `/`. */
  path: string;
  size: number;
  sha256: string;
}

export interface BackupManifest {
  format: typeof MANIFEST_FORMAT;
  /** When the database snapshot was taken: everything committed before it is in the backup. */
  createdAt: string;
  finishedAt: string;
  /** The newest database migration in the snapshot: restore refuses one newer than the code. */
  migration: string | null;
  database: { kind: "sqlite"; file: string } | { kind: "postgres"; file: string; schema: string; pgDump: string };
  storage: { kind: "local"; included: true; folder: string } | { kind: "s3"; included: false; bucket: string | null; note: string };
  counts: { leads: number; photos: number; photoFiles: number };
  /** Files the snapshot's photo rows name that were deleted before they could be copied. */
  missingPhotoFiles: string[];
  files: ManifestFile[];
}

export interface LastBackup {
  at: string;
  finishedAt: string;
  name: string;
  folder: string;
  by: "cli" | "daily";
  leads: number;
  photos: number;
}

/** What to back up: the live database and where the app keeps its files. */
export interface BackupSource {
  database: Database;
  dataDir: string;
  /** DATABASE_URL, for pg_dump. */
  databaseUrl?: string;
  storage: "local" | "s3";
  s3Bucket?: string;
}

export interface BackupResult {
  folder: string;
  name: string;
  manifest: BackupManifest;
}

export const S3_NOTE = "Photos are in the S3 bucket and are not copied: keep them with the storage provider's versioning or replication.";

/** `backup-2026-11-22T101530Z` for that moment (UTC). */
export function snapshotName(date: Date): string {
  const iso = date.toISOString(); // 2026-11-22T10:15:30.123Z
  return `backup-${iso.slice(0, 10)}T${iso.slice(11, 13)}${iso.slice(14, 16)}${iso.slice(17, 19)}Z`;
}

/** Reads and checks the shape of a snapshot's manifest. */
export async function readManifest(folder: string): Promise<BackupManifest> {
  let text: string;
  try {
    text = await readFile(path.join(folder, MANIFEST_FILE), "utf8");
  } catch {
    throw new BackupError(
      `${folder} is not a complete backup: it has no ${MANIFEST_FILE}. Give one snapshot folder, like BACKUP_DIR/backup-2026-11-22T101530Z.`,
    );
  }
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(text) as BackupManifest;
  } catch {
    throw new BackupError(`${path.join(folder, MANIFEST_FILE)} is not valid JSON: the backup is damaged.`);
  }
  if (manifest.format !== MANIFEST_FORMAT || !Array.isArray(manifest.files) || !manifest.database) {
    throw new BackupError(
      `${path.join(folder, MANIFEST_FILE)} is not a manifest this version understands (format ${String(manifest.format)}).`,
    );
  }
  return manifest;
}

/**
 * Checks every file the manifest lists against its size and SHA-256. Throws a BackupError
 * naming the first that differs; nothing is written.
 */
export async function verifySnapshot(folder: string, manifest: BackupManifest): Promise<void> {
  for (const file of manifest.files) {
    const full = safeJoin(folder, file.path);
    let actual: { size: number; sha256: string };
    try {
      actual = await hashFile(full);
    } catch {
      throw new BackupError(`The backup is incomplete: ${file.path} is missing. Nothing was restored.`);
    }
    if (actual.size !== file.size || actual.sha256 !== file.sha256) {
      throw new BackupError(
        `The backup is damaged: ${file.path} does not match its checksum in ${MANIFEST_FILE} (expected ${file.size} bytes, sha256 ${file.sha256.slice(0, 12)}…; found ${actual.size} bytes, ${actual.sha256.slice(0, 12)}…). Nothing was restored.`,
      );
    }
  }
}

/** `folder/relative`, refusing a path that leaves the folder (a manifest is input too). */
export function safeJoin(folder: string, relative: string): string {
  const full = path.resolve(folder, ...relative.split("/"));
  if (!full.startsWith(path.resolve(folder) + path.sep)) throw new BackupError(`The manifest names a file outside the backup: ${relative}`);
  return full;
}
