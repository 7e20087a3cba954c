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
import { createHash, randomBytes } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import type { Dirent } from "node:fs";
import { mkdir, open, readFile, readdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { Database } from "../db/index.server.ts";
import {
  currentPostgresSchema,
  exportPostgresSnapshot,
  findExecutable,
  migrationLevel,
  openSqliteFile,
  pgDump,
  sqliteIntegrityCheck,
  toolVersion,
  vacuumInto,
} from "../db/snapshot.server.ts";
import { getBackupFacts, type BackupFacts } from "../repos/backup-facts.server.ts";
import { getSetting, setSetting } from "../repos/settings.server.ts";

export const MANIFEST_FILE = "manifest.json";
export const MANIFEST_FORMAT = 1;
export const SQLITE_BACKUP_FILE = "site.db";
export const POSTGRES_BACKUP_FILE = "database.pgdump";
export const MEDIA_FOLDER = "media";
/** `backup-2026-11-22T101530Z`, `-2` and up when two start in the same second. */
export const SNAPSHOT_NAME = /^backup-\d{4}-\d{2}-\d{2}T\d{6}Z(-\d+)?$/;
/** The settings row both the CLI and the daily job write when a backup is complete. */
export const LAST_BACKUP_KEY = "backup.last";
const PARTIAL_PREFIX = ".partial-";

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
  database:
    | { kind: "sqlite"; file: string }
    | { kind: "postgres"; file: string; schema: string; pgDump: string };
  storage:
    | { kind: "local"; included: true; folder: string }
    | { kind: "s3"; included: false; bucket: string | null; note: string };
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

/** A backup or restore that cannot go on; the message is a sentence for the operator. */
export class BackupError extends Error {
  override name = "BackupError";
}

export interface BackupResult {
  folder: string;
  name: string;
  manifest: BackupManifest;
}

export const S3_NOTE =
  "Photos are in the S3 bucket and are not copied: keep them with the storage provider's versioning or replication.";

/** `backup-2026-11-22T101530Z` for that moment (UTC). */
export function snapshotName(date: Date): string {
  const iso = date.toISOString(); // 2026-11-22T10:15:30.123Z
  return `backup-${iso.slice(0, 10)}T${iso.slice(11, 13)}${iso.slice(14, 16)}${iso.slice(17, 19)}Z`;
}

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
    const files: ManifestFile[] = [];
    let facts: BackupFacts;
    let migration: string | null;
    let databaseEntry: BackupManifest["database"];
    let createdAt: string;

    if (database.dialect === "sqlite") {
      const file = path.join(partial, SQLITE_BACKUP_FILE);
      createdAt = now().toISOString();
      await vacuumInto(database, file);
      const snapshot = await openSqliteFile(file);
      try {
        const problems = await sqliteIntegrityCheck(snapshot);
        if (problems.join() !== "ok") {
          throw new BackupError(`The database snapshot failed SQLite's integrity check: ${problems.slice(0, 5).join("; ")}`);
        }
        facts = await getBackupFacts({ db: snapshot.db });
        migration = await migrationLevel(snapshot);
      } finally {
        await snapshot.close();
      }
      databaseEntry = { kind: "sqlite", file: SQLITE_BACKUP_FILE };
    } else {
      const schema = await currentPostgresSchema(database);
      migration = await migrationLevel(database);
      const file = path.join(partial, POSTGRES_BACKUP_FILE);
      const version = await toolVersion(pgDumpPath!);
      // One repeatable-read transaction exports its snapshot to pg_dump and counts in it, so the
      // counts describe exactly what the dump holds.
      ({ facts, createdAt } = await database.db
        .transaction()
        .setIsolationLevel("repeatable read")
        .setAccessMode("read only")
        .execute(async (trx) => {
          const snapshotId = await exportPostgresSnapshot(trx);
          const at = now().toISOString();
          const counted = await getBackupFacts({ db: trx });
          await pgDump({ pgDumpPath: pgDumpPath!, databaseUrl: source.databaseUrl ?? "", schema, snapshotId, file });
          return { facts: counted, createdAt: at };
        }));
      databaseEntry = { kind: "postgres", file: POSTGRES_BACKUP_FILE, schema, pgDump: version };
    }
    files.push({ path: databaseEntry.file, ...(await hashFile(path.join(partial, databaseEntry.file))) });

    // After the database snapshot: see the top of this file.
    let storage: BackupManifest["storage"];
    let missingPhotoFiles: string[] = [];
    let mediaFiles = 0;
    if (source.storage === "local") {
      const copied = await copyMedia(path.join(source.dataDir, MEDIA_FOLDER), path.join(partial, MEDIA_FOLDER));
      files.push(...copied);
      mediaFiles = copied.length;
      const present = new Set(copied.map((file) => file.path.slice(MEDIA_FOLDER.length + 1)));
      missingPhotoFiles = facts.photoKeys.filter((key) => !present.has(key));
      storage = { kind: "local", included: true, folder: MEDIA_FOLDER };
    } else {
      storage = { kind: "s3", included: false, bucket: source.s3Bucket ?? null, note: S3_NOTE };
    }

    const manifest: BackupManifest = {
      format: MANIFEST_FORMAT,
      createdAt,
      finishedAt: now().toISOString(),
      migration,
      database: databaseEntry,
      storage,
      counts: { leads: facts.leads, photos: facts.photos, photoFiles: source.storage === "local" ? mediaFiles : 0 },
      missingPhotoFiles,
      files,
    };
    await writeDurably(path.join(partial, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
    await syncDirectory(partial);

    const { folder, name } = await renameIntoPlace(partial, target, baseName);
    const last: LastBackup = {
      at: manifest.createdAt,
      finishedAt: manifest.finishedAt,
      name,
      folder,
      by,
      leads: manifest.counts.leads,
      photos: manifest.counts.photos,
    };
    await setSetting({ db: database.db, key: LAST_BACKUP_KEY, value: last });
    return { folder, name, manifest };
  } catch (error) {
    await rm(partial, { recursive: true, force: true }).catch(() => {});
    throw error;
  }
}

/** The last complete backup (by the CLI or the daily job), or null. */
export async function getLastBackup({ database }: { database: Database }): Promise<LastBackup | null> {
  const value = await getSetting({ db: database.db, key: LAST_BACKUP_KEY });
  if (!value || typeof value !== "object" || Array.isArray(value) || typeof value.at !== "string") return null;
  return value as unknown as LastBackup;
}

/**
 * Keeps the newest `keep` complete snapshots in `dir` and deletes the older ones; also removes
 * `.partial-…` folders a crashed backup left more than a day ago. Touches nothing else.
 */
export async function pruneBackups({ dir, keep, now = new Date() }: { dir: string; keep: number; now?: Date }): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const complete: string[] = [];
  for (const entry of entries) {
    if (!entry.isDirectory()) continue;
    const full = path.join(dir, entry.name);
    if (SNAPSHOT_NAME.test(entry.name)) {
      if (await exists(path.join(full, MANIFEST_FILE))) complete.push(entry.name);
    } else if (entry.name.startsWith(PARTIAL_PREFIX)) {
      const info = await stat(full);
      if (now.getTime() - info.mtimeMs > 24 * 3600 * 1000) await rm(full, { recursive: true, force: true });
    }
  }
  // Names sort in time order (and `-2` after its second).
  const removed = complete.toSorted(compareSnapshotNames).slice(0, Math.max(0, complete.length - keep));
  for (const name of removed) await rm(path.join(dir, name), { recursive: true, force: true });
  return removed;
}

/** Complete snapshots in `dir`, oldest first. */
export async function listSnapshots(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => [] as Dirent[]);
  const names: string[] = [];
  for (const entry of entries) {
    if (entry.isDirectory() && SNAPSHOT_NAME.test(entry.name) && (await exists(path.join(dir, entry.name, MANIFEST_FILE)))) {
      names.push(entry.name);
    }
  }
  return names.toSorted(compareSnapshotNames);
}

function compareSnapshotNames(a: string, b: string): number {
  const [baseA, suffixA = "1"] = a.split(/-(?=\d+$)/);
  const [baseB, suffixB = "1"] = b.split(/-(?=\d+$)/);
  if (baseA !== baseB) return baseA! < baseB! ? -1 : 1;
  return Number(suffixA) - Number(suffixB);
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
    throw new BackupError(`${path.join(folder, MANIFEST_FILE)} is not a manifest this version understands (format ${String(manifest.format)}).`);
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

// ---------------------------------------------------------------------------------------------
// Files

/** Size and SHA-256 (hex) of a file. */
export async function hashFile(file: string): Promise<{ size: number; sha256: string }> {
  const hash = createHash("sha256");
  let size = 0;
  for await (const chunk of createReadStream(file)) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { size, sha256: hash.digest("hex") };
}

/** Copies `from` to `to` (fsynced), hashing on the way; null when `from` vanished first. */
export async function copyFileHashed(from: string, to: string): Promise<{ size: number; sha256: string } | null> {
  let input;
  try {
    input = createReadStream(from);
    await new Promise<void>((resolve, reject) => {
      input!.once("open", () => resolve());
      input!.once("error", reject);
    });
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
  await mkdir(path.dirname(to), { recursive: true });
  const hash = createHash("sha256");
  let size = 0;
  const tap = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      size += chunk.length;
      done(null, chunk);
    },
  });
  // `flush`: the file is fsynced before it is closed, so a finished copy is on the disk.
  await pipeline(input, tap, createWriteStream(to, { flags: "wx", mode: 0o644, flush: true }));
  return { size, sha256: hash.digest("hex") };
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

/** Relative paths (with `/`) of the files under `dir`, skipping names that start with a dot. */
export async function* walk(dir: string, prefix: string): AsyncGenerator<string> {
  let entries: Dirent[];
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (error) {
    if (isMissing(error)) return;
    throw error;
  }
  for (const entry of entries.toSorted((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    if (entry.name.startsWith(".")) continue;
    if (entry.isDirectory()) yield* walk(path.join(dir, entry.name), `${prefix}${entry.name}/`);
    else if (entry.isFile()) yield `${prefix}${entry.name}`;
  }
}

async function renameIntoPlace(partial: string, target: string, baseName: string): Promise<{ folder: string; name: string }> {
  for (let attempt = 1; attempt <= 100; attempt++) {
    const name = attempt === 1 ? baseName : `${baseName}-${attempt}`;
    const folder = path.join(target, name);
    if (await exists(folder)) continue;
    try {
      // rename() onto an existing non-empty folder fails, so a snapshot is never replaced.
      await rename(partial, folder);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === "ENOTEMPTY" || code === "EEXIST") continue;
      throw error;
    }
    await syncDirectory(target);
    return { folder, name };
  }
  throw new BackupError(`Could not find a free name for the snapshot in ${target}.`);
}

async function writeDurably(file: string, text: string): Promise<void> {
  const handle = await open(file, "wx", 0o644);
  try {
    await handle.writeFile(text);
    await handle.sync();
  } finally {
    await handle.close();
  }
}

export async function syncDirectory(dir: string): Promise<void> {
  const handle = await open(dir, "r").catch(() => null);
  if (!handle) return;
  try {
    await handle.sync();
  } catch {
    // Some file systems cannot sync a folder: best effort.
  } finally {
    await handle.close();
  }
}

export async function exists(file: string): Promise<boolean> {
  try {
    await stat(file);
    return true;
  } catch {
    return false;
  }
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException)?.code;
  return code === "ENOENT" || code === "ENOTDIR";
}

export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
