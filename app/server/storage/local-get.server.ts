/** Reading from the local disk: an object (or a byte range of it), or only what it is. */
import { open, stat, type FileHandle } from "node:fs/promises";
import {
  assertRange,
  contentTypeFor,
  resolveRange,
  type BlobInfo,
  type BlobObject,
  type BlobRange,
} from "#app/server/storage/blob-store.server.ts";
import { etagOf, fileFor, isMissing, type LocalStoreContext } from "#app/server/storage/local-files.server.ts";

export async function getFile(ctx: LocalStoreContext, key: string, getOptions: { range?: BlobRange } = {}): Promise<BlobObject | null> {
  const file = fileFor(ctx, key);
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
}

export async function headFile(ctx: LocalStoreContext, key: string): Promise<BlobInfo | null> {
  const file = fileFor(ctx, key);
  try {
    const stats = await stat(file);
    if (!stats.isFile()) return null;
    return { key, contentType: contentTypeFor(key), size: stats.size, etag: etagOf(stats), lastModified: stats.mtime };
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
}
