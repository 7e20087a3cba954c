/**
 * Temporary files on the local disk, and removing the ones a stopped process left behind
 * (issue 22; docs/decisions/044-disk-trouble-costs-photos.md).
 *
 * Two kinds exist: uploads being received (DATA_DIR/tmp/uploads/<owner>-<uuid>.upload) and the
 * local store's half-written objects (`.<name>.<owner><random>.tmp` beside their target). Each
 * name carries its writer: a hash of the host name, the pid and a random tag of this process.
 * So a new process can tell, at start, that a file was left by a process that no longer runs
 * (same host, and that pid is gone or is now this process) and remove it at once. A file of
 * another host, or of a pid that is alive (it may be reused), may belong to a request in flight
 * in another instance sharing the folder: it goes only once it is older than any request lasts.
 */
import { createHash, randomBytes } from "node:crypto";
import type { Dirent } from "node:fs";
import { lstat, readdir, rm, rmdir } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { startHousekeeping, type Housekeeping } from "#app/server/housekeeping.server.ts";
import type { Logger } from "#app/server/logger.server.ts";

/**
 * A temp file not written to for this long belongs to no request: receiving one may take up to
 * the host's 10-minute request timeout, and its photos wait their turn in the image work after.
 */
const STALE_TEMP_MS = 3600 * 1000;

interface TempOwner {
  host: string;
  pid: number;
  instance: string;
}

const self: TempOwner = {
  host: createHash("sha256").update(os.hostname()).digest("hex").slice(0, 8),
  pid: process.pid,
  instance: randomBytes(4).toString("hex"),
};

/** 24 hex digits naming this process in its temp files' names (see the module comment). */
export const TEMP_OWNER = `${self.host}${self.pid.toString(16).padStart(8, "0")}${self.instance}`;

/** Where uploads wait to be processed: DATA_DIR/tmp/uploads (a real disk, unlike a tmpfs /tmp). */
export function uploadTempDir(dataDir: string): string {
  return path.resolve(dataDir, "tmp", "uploads");
}

/** A new upload temp file's name in `uploadTempDir`. */
export function uploadTempName(id: string): string {
  return `${TEMP_OWNER}-${id}.upload`;
}

const UPLOAD_OWNER = /^([0-9a-f]{24})-[^/]*\.upload$/;
const STORE_TEMP_OWNER = /^\..+\.([0-9a-f]{24})[0-9a-f]{16}\.tmp$/;
const ANY_STORE_TEMP = /^\..+\.tmp$/;

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code !== "ESRCH";
  }
}

/**
 * Whether the process that wrote a file tagged `owner` has certainly stopped: it ran on this host
 * and its pid is gone, or is this process now under another tag (a pid runs one process at a time).
 */
export function isOwnerGone(owner: string, me: TempOwner = self, alive: (pid: number) => boolean = isAlive): boolean {
  if (!/^[0-9a-f]{24}$/.test(owner) || owner.slice(0, 8) !== me.host) return false;
  const pid = Number.parseInt(owner.slice(8, 16), 16);
  // kill(0) would signal our own process group: such a tag was never written by us.
  if (!(pid > 0)) return false;
  if (pid === me.pid) return owner.slice(16) !== me.instance;
  return !alive(pid);
}

interface LeftoverOptions {
  now?: number;
  staleMs?: number;
  me?: TempOwner;
  alive?: (pid: number) => boolean;
}

async function removeIfLeftover(file: string, owner: string | undefined, options: LeftoverOptions): Promise<boolean> {
  const { now = Date.now(), staleMs = STALE_TEMP_MS, me = self, alive = isAlive } = options;
  try {
    const info = await lstat(file);
    if (!info.isFile()) return false;
    const gone = owner !== undefined && isOwnerGone(owner, me, alive);
    if (!gone && now - info.mtimeMs <= staleMs) return false;
    await rm(file, { force: true });
    return true;
  } catch {
    // Gone already (its request finished meanwhile).
    return false;
  }
}

async function entriesOf(dir: string): Promise<Dirent[]> {
  try {
    return await readdir(dir, { withFileTypes: true });
  } catch {
    return [];
  }
}

/** Removes upload temp files left by a stopped process, or older than any request. */
export async function removeLeftoverUploads(dir: string, options: LeftoverOptions = {}): Promise<number> {
  let removed = 0;
  for (const entry of await entriesOf(dir)) {
    if (!entry.isFile()) continue;
    const owner = UPLOAD_OWNER.exec(entry.name)?.[1];
    if (await removeIfLeftover(path.join(dir, entry.name), owner, options)) removed++;
  }
  return removed;
}

/**
 * Removes the local store's hidden half-written files under `root` (DATA_DIR/media) left by a
 * stopped process, or older than any request, and the photo folder a removal leaves empty.
 * Objects never start with '.', so nothing else is touched.
 */
export async function removeLeftoverStoreTemps(root: string, options: LeftoverOptions = {}): Promise<number> {
  let removed = 0;
  const walk = async (dir: string, depth: number): Promise<void> => {
    let removedHere = false;
    for (const entry of await entriesOf(dir)) {
      const full = path.join(dir, entry.name);
      // Keys are a few segments deep (photos/<id>/<file>); a deeper tree is not the store's.
      if (entry.isDirectory() && depth < 8) await walk(full, depth + 1);
      else if (entry.isFile() && ANY_STORE_TEMP.test(entry.name)) {
        if (await removeIfLeftover(full, STORE_TEMP_OWNER.exec(entry.name)?.[1], options)) {
          removed++;
          removedHere = true;
        }
      }
    }
    // Fails harmlessly when another file is there; a put recreates its folder if needed.
    if (removedHere && depth > 0) await rmdir(dir).catch(() => {});
  };
  await walk(root, 0);
  return removed;
}

/**
 * Runs the removal at start (when every temp file of a crashed process on this host goes at
 * once), then hourly for the rest.
 */
export function startTempFileHousekeeping({
  dataDir,
  localMedia,
  logger,
  intervalMs,
}: {
  dataDir: string;
  /** The local store is in use: its half-written files live under DATA_DIR/media. */
  localMedia: boolean;
  logger: Logger;
  intervalMs?: number;
}): Housekeeping {
  return startHousekeeping({
    name: "temp files",
    logger,
    intervalMs,
    task: async () => {
      const uploads = await removeLeftoverUploads(uploadTempDir(dataDir));
      const media = localMedia ? await removeLeftoverStoreTemps(path.resolve(dataDir, "media")) : 0;
      if (uploads > 0 || media > 0) logger.info("temp files left by a stopped process removed", { uploads, media });
    },
  });
}
