/**
 * The local store's files: where a key lives under the root, temporary files, durable
 * renames, version tags.
 * See local-store.server.ts for how a put stays atomic.
 */
import { randomBytes } from "node:crypto";
import type { Dirent } from "node:fs";
import { mkdir, open, readdir, type FileHandle } from "node:fs/promises";
import path from "node:path";
import { assertKey } from "#app/server/storage/blob-store.server.ts";
import { TEMP_OWNER } from "#app/server/storage/temp-files.server.ts";

/** What every verb of the local store works with. */
export interface LocalStoreContext {
  /** Absolute folder holding the objects. */
  root: string;
  publicBaseUrl: string | null;
}

export function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException)?.code;
  return code === "ENOENT" || code === "ENOTDIR";
}

/** The entries of a folder; none when it does not exist. */
export async function readDirEntries(dir: string): Promise<Dirent[]> {
  try {
    return await readdir(dir, { withFileTypes: true });
  } catch (error) {
    if (isMissing(error)) return [];
    throw error;
  }
}

/** A version tag that changes whenever the file is replaced (a rename brings a new inode). */
export function etagOf(stats: { ino: number; size: number; mtimeMs: number }): string {
  return `"${stats.ino.toString(36)}-${stats.size.toString(36)}-${Math.round(stats.mtimeMs * 1000).toString(36)}"`;
}

/** Makes the rename itself durable. Some platforms cannot open or sync a directory: best effort there. */
export async function syncDirectory(dir: string): Promise<void> {
  let handle: FileHandle | undefined;
  try {
    handle = await open(dir, "r");
    await handle.sync();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== "EISDIR" && code !== "EPERM" && code !== "EINVAL" && code !== "EBADF") throw error;
  } finally {
    await handle?.close();
  }
}

/** Opens a new temporary file in `dir`, making the folder if needed (again, if a delete just pruned it). */
export async function openTemp(dir: string, name: string): Promise<{ handle: FileHandle; tmp: string }> {
  for (let attempt = 1; ; attempt += 1) {
    const tmp = path.join(dir, `.${name}.${TEMP_OWNER}${randomBytes(8).toString("hex")}.tmp`);
    try {
      await mkdir(dir, { recursive: true });
      return { handle: await open(tmp, "wx", 0o644), tmp };
    } catch (error) {
      if (!isMissing(error) || attempt >= 5) throw error;
    }
  }
}

export function fileFor({ root }: LocalStoreContext, key: string): string {
  assertKey(key);
  const file = path.join(root, ...key.split("/"));
  // The key rules already rule this out; a second lock on the door costs nothing.
  if (!file.startsWith(root + path.sep)) throw new Error(`Blob key "${key}" resolves outside the store`);
  return file;
}
