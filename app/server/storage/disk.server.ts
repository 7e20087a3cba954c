/**
 * Room on the disk and folders the server can write (issue 22; docs/decisions/044-disk-trouble-costs-photos.md).
 *
 * A photo must never cost the request it came with. So before a photo is written, the folders it
 * will be written to are checked: writable, and with room for what the request may write plus a
 * reserve (DISK_RESERVE_MB) that keeps the database able to store the request itself. When
 * either is short the photos are read and dropped, each with a sentence, and the text is stored.
 * The same checks feed /healthz and the dashboard.
 */
import { access, constants, stat, statfs } from "node:fs/promises";
import path from "node:path";
import { uploadTempDir } from "#app/server/storage/temp-files.server.ts";

const MB = 1024 * 1024;

/** Error codes that say the disk, not the request, is at fault. */
const DISK_ERROR_CODES = new Set(["ENOSPC", "EDQUOT", "EFBIG", "EACCES", "EPERM", "EROFS", "EIO"]);

export interface DiskError {
  code: string;
  syscall: string | null;
  path: string | null;
  message: string;
}

/** The disk error inside `error` (ENOSPC, EACCES, EROFS…), or null for any other failure. */
export function diskErrorOf(error: unknown): DiskError | null {
  if (typeof error !== "object" || error === null) return null;
  const { code, syscall, path: file, message } = error as NodeJS.ErrnoException;
  if (typeof code !== "string" || !DISK_ERROR_CODES.has(code)) return null;
  return { code, syscall: syscall ?? null, path: file ?? null, message: String(message) };
}

/** Why photos cannot be written now. */
export type DiskTrouble =
  | { kind: "full"; path: string; freeBytes: number; needBytes: number; reserveBytes: number }
  | { kind: "unwritable"; path: string; code: string };

export interface DiskReadiness {
  disk: { freeBytes: number; reserveBytes: number; low: boolean };
  dataDir: "writable" | "unwritable";
  /** The folders under DATA_DIR the server cannot write ("." is DATA_DIR itself). */
  unwritable: string[];
}

export interface DiskChecks {
  readonly reserveBytes: number;
  /** What stops a request from writing `needBytes` of photos now, or null when they fit. */
  troubleFor(needBytes: number): Promise<DiskTrouble | null>;
  readiness(): Promise<DiskReadiness>;
}

interface FolderState {
  name: string;
  dir: string;
  /** The folder, or the nearest parent that exists (a missing folder is made on first use). */
  existing: string;
  device: number;
  freeBytes: number;
  unwritable: string | null;
}

async function nearestExisting(dir: string): Promise<{ dir: string; device: number }> {
  for (let current = dir; ; current = path.dirname(current)) {
    try {
      return { dir: current, device: (await stat(current)).dev };
    } catch (error) {
      if (path.dirname(current) === current) throw error;
    }
  }
}

async function folderState(name: string, dir: string): Promise<FolderState> {
  const found = await nearestExisting(dir);
  const space = await statfs(found.dir);
  let unwritable: string | null = null;
  try {
    // access() asks the kernel with this process's own user: EACCES for another owner's folder,
    // EROFS for a read-only mount, as a write would.
    await access(found.dir, constants.W_OK | constants.X_OK);
  } catch (error) {
    unwritable = (error as NodeJS.ErrnoException).code ?? "EACCES";
  }
  return { name, dir, existing: found.dir, device: found.device, freeBytes: space.bavail * space.bsize, unwritable };
}

export function formatDiskBytes(bytes: number): string {
  if (bytes >= 1024 * MB) return `${(bytes / (1024 * MB)).toFixed(1)} GB`;
  return `${Math.floor(bytes / MB)} MB`;
}

export function createDiskChecks({
  dataDir,
  localMedia,
  reserveMb,
  largestRequestBytes,
}: {
  dataDir: string;
  /** Photos are stored under DATA_DIR/media (STORAGE=local). */
  localMedia: boolean;
  reserveMb: number;
  /** The largest request with photos: with less free than it and the reserve, the disk is "low". */
  largestRequestBytes: number;
}): DiskChecks {
  const root = path.resolve(dataDir);
  const reserveBytes = Math.floor(reserveMb * MB);
  const photoFolders = [
    { name: "tmp/uploads", dir: uploadTempDir(root) },
    ...(localMedia ? [{ name: "media", dir: path.join(root, "media") }] : []),
  ];
  const allFolders = [{ name: ".", dir: root }, ...photoFolders];

  return {
    reserveBytes,

    async troubleFor(needBytes) {
      const states = await Promise.all(photoFolders.map((f) => folderState(f.name, f.dir)));
      const blocked = states.find((s) => s.unwritable);
      if (blocked) return { kind: "unwritable", path: blocked.existing, code: blocked.unwritable! };
      // Folders on one disk share its room: the request is counted once per disk.
      const seen = new Set<number>();
      for (const state of states) {
        if (seen.has(state.device)) continue;
        seen.add(state.device);
        if (state.freeBytes - needBytes < reserveBytes) {
          return { kind: "full", path: state.existing, freeBytes: state.freeBytes, needBytes, reserveBytes };
        }
      }
      return null;
    },

    async readiness() {
      const states = await Promise.all(allFolders.map((f) => folderState(f.name, f.dir)));
      const freeBytes = Math.min(...states.map((s) => s.freeBytes));
      const unwritable = states.filter((s) => s.unwritable).map((s) => s.name);
      return {
        disk: { freeBytes, reserveBytes, low: freeBytes < reserveBytes + largestRequestBytes },
        dataDir: unwritable.length > 0 ? "unwritable" : "writable",
        unwritable,
      };
    },
  };
}
