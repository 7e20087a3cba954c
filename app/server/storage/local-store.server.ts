/**
 * The BlobStore on the local disk: the object `photos/12/display-800.avif` is the file
 * `<root>/photos/12/display-800.avif` (root is DATA_DIR/media), plain bytes an operator
 * can copy or sync to a bucket.
 *
 * A put streams into a temporary file beside the target (`.<name>.<owner><random>.tmp`, the
 * owner naming this process: temp-files.server.ts removes those of a stopped one), fsyncs
 * it, renames it over the target and fsyncs the directory. rename() within one directory
 * is atomic, so a reader sees the old file or the new one, never part of one, and a crash
 * leaves at most a hidden temporary file, never a partial object. Keys never start a
 * segment with '.', so temporary files cannot collide with objects and list() skips them.
 *
 * The content type comes from the key's extension (no sidecar file), so there is nothing
 * to keep in step with the bytes.
 */
import { randomBytes } from "node:crypto";
import type { Dirent } from "node:fs";
import { mkdir, open, readdir, rename, rm, rmdir, stat, unlink, type FileHandle } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import {
  assertKey,
  assertPrefix,
  assertRange,
  contentTypeFor,
  joinPublicUrl,
  resolveContentType,
  resolveRange,
  toReadable,
  type BlobBody,
  type BlobInfo,
  type BlobObject,
  type BlobRange,
  type BlobStore,
  type PutOptions,
  type PutResult,
} from "./blob-store.server.ts";
import { TEMP_OWNER } from "./temp-files.server.ts";

export interface LocalBlobStoreOptions {
  /** Absolute folder holding the objects (created on the first put). */
  root: string;
  /** PUBLIC_MEDIA_URL, when the folder is published by another server or a CDN. */
  publicBaseUrl?: string | null;
}

/** How many files deleteMany/deletePrefix remove at once. */
const DELETE_CONCURRENCY = 16;

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException)?.code;
  return code === "ENOENT" || code === "ENOTDIR";
}

/** A version tag that changes whenever the file is replaced (a rename brings a new inode). */
function etagOf(stats: { ino: number; size: number; mtimeMs: number }): string {
  return `"${stats.ino.toString(36)}-${stats.size.toString(36)}-${Math.round(stats.mtimeMs * 1000).toString(36)}"`;
}

/** Makes the rename itself durable. Some platforms cannot open or sync a directory: best effort there. */
async function syncDirectory(dir: string): Promise<void> {
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

async function runLimited<T>(items: AsyncIterable<T> | Iterable<T>, limit: number, work: (item: T) => Promise<void>): Promise<number> {
  const running = new Set<Promise<void>>();
  let count = 0;
  let failure: { error: unknown } | null = null;
  for await (const item of items) {
    if (failure) break;
    const task = work(item).then(
      () => {
        count += 1;
      },
      (error: unknown) => {
        failure ??= { error };
      },
    );
    const tracked = task.finally(() => running.delete(tracked));
    running.add(tracked);
    if (running.size >= limit) await Promise.race(running);
  }
  await Promise.all(running);
  if (failure) throw (failure as { error: unknown }).error;
  return count;
}

/** Opens a new temporary file in `dir`, making the folder if needed (again, if a delete just pruned it). */
async function openTemp(dir: string, name: string): Promise<{ handle: FileHandle; tmp: string }> {
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

/**
 * Keys under `dir` (a folder for `keyPrefix`) in ascending order. Entries are sorted as
 * "name/" for folders and "name" for files, so a depth-first walk yields exactly the
 * byte order S3 lists in, while holding only one folder's names per level.
 */
async function* walk(dir: string, keyPrefix: string): AsyncGenerator<string> {
  let entries: Dirent[];
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (error) {
    if (isMissing(error)) return;
    throw error;
  }
  const named = entries
    .filter((e) => !e.name.startsWith(".") && (e.isDirectory() || e.isFile()))
    .map((e) => ({ entry: e, sortKey: e.isDirectory() ? `${e.name}/` : e.name }))
    .toSorted((a, b) => (a.sortKey < b.sortKey ? -1 : a.sortKey > b.sortKey ? 1 : 0));
  for (const { entry, sortKey } of named) {
    if (entry.isDirectory()) yield* walk(path.join(dir, entry.name), keyPrefix + sortKey);
    else yield keyPrefix + entry.name;
  }
}

export function createLocalBlobStore(options: LocalBlobStoreOptions): BlobStore {
  const root = path.resolve(options.root);
  const publicBaseUrl = options.publicBaseUrl ?? null;

  function fileFor(key: string): string {
    assertKey(key);
    const file = path.join(root, ...key.split("/"));
    // The key rules already rule this out; a second lock on the door costs nothing.
    if (!file.startsWith(root + path.sep)) throw new Error(`Blob key "${key}" resolves outside the store`);
    return file;
  }

  /** Removes empty folders from `dir` up to (not including) the root; stops at the first that is not empty. */
  async function pruneEmptyParents(dir: string): Promise<void> {
    let current = dir;
    while (current.startsWith(root + path.sep)) {
      try {
        await rmdir(current);
      } catch {
        return; // not empty (another object, or a put in progress), or already gone
      }
      current = path.dirname(current);
    }
  }

  async function* list(prefix: string): AsyncGenerator<string> {
    assertPrefix(prefix);
    const slash = prefix.lastIndexOf("/");
    const folderKey = prefix.slice(0, slash + 1); // "" or "photos/12/"
    const folder = folderKey ? path.join(root, ...folderKey.slice(0, -1).split("/")) : root;
    for await (const key of walk(folder, folderKey)) {
      if (key.startsWith(prefix)) yield key;
    }
  }

  async function deleteFile(key: string): Promise<void> {
    const file = fileFor(key);
    try {
      await unlink(file);
    } catch (error) {
      if (!isMissing(error)) throw error;
      return;
    }
    await pruneEmptyParents(path.dirname(file));
  }

  const store: BlobStore = {
    kind: "local",

    async put(key: string, body: BlobBody, putOptions: PutOptions = {}): Promise<PutResult> {
      const file = fileFor(key);
      resolveContentType(key, putOptions.contentType);
      const source = toReadable(body);
      const dir = path.dirname(file);
      let opened: { handle: FileHandle; tmp: string };
      try {
        opened = await openTemp(dir, path.basename(file));
      } catch (error) {
        source.destroy();
        throw error;
      }
      const { handle, tmp } = opened;
      try {
        // flush: fsync before close, so the rename below never publishes unwritten data.
        await pipeline(source, handle.createWriteStream({ flush: true }));
        const stats = await stat(tmp);
        await rename(tmp, file);
        await syncDirectory(dir);
        return { key, size: stats.size, etag: etagOf(stats) };
      } catch (error) {
        await handle.close().catch(() => {});
        await rm(tmp, { force: true });
        throw error;
      }
    },

    async get(key: string, getOptions: { range?: BlobRange } = {}): Promise<BlobObject | null> {
      const file = fileFor(key);
      if (getOptions.range) assertRange(key, getOptions.range);
      let handle: FileHandle;
      try {
        handle = await open(file, "r");
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
      try {
        // Stat the open file: a put renaming a new version in now does not change what we read.
        const stats = await handle.stat();
        const range = getOptions.range ? resolveRange(key, getOptions.range, stats.size) : null;
        const contentLength = range ? range.end - range.start + 1 : stats.size;
        return {
          key,
          // Closes the file when read to the end or destroyed.
          body: handle.createReadStream(range ? { start: range.start, end: range.end } : {}),
          contentType: contentTypeFor(key),
          contentLength,
          size: stats.size,
          etag: etagOf(stats),
          lastModified: stats.mtime,
          range,
        };
      } catch (error) {
        await handle.close().catch(() => {});
        throw error;
      }
    },

    async head(key: string): Promise<BlobInfo | null> {
      const file = fileFor(key);
      try {
        const stats = await stat(file);
        if (!stats.isFile()) return null;
        return { key, contentType: contentTypeFor(key), size: stats.size, etag: etagOf(stats), lastModified: stats.mtime };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    delete: deleteFile,

    async deleteMany(keys: Iterable<string>): Promise<void> {
      const all = [...keys];
      for (const key of all) assertKey(key);
      await runLimited(all, DELETE_CONCURRENCY, deleteFile);
    },

    async deletePrefix(prefix: string): Promise<number> {
      assertPrefix(prefix, { forDelete: true });
      return runLimited(list(prefix), DELETE_CONCURRENCY, deleteFile);
    },

    list,

    publicUrl(key: string): string | null {
      return joinPublicUrl(publicBaseUrl, key);
    },

    async close(): Promise<void> {},
  };
  return store;
}
