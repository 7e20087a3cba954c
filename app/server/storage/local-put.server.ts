/**
 * A put on the local disk: streamed into a temporary file beside the target, fsynced, renamed
 * over the target, the directory fsynced (see local-store.server.ts).
 */
import { rename, rm, stat, type FileHandle } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { resolveContentType, toReadable, type BlobBody, type PutOptions, type PutResult } from "#app/server/storage/blob-store.server.ts";
import { etagOf, fileFor, openTemp, syncDirectory, type LocalStoreContext } from "#app/server/storage/local-files.server.ts";

export async function putFile(ctx: LocalStoreContext, key: string, body: BlobBody, putOptions: PutOptions = {}): Promise<PutResult> {
  const file = fileFor(ctx, key);
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
}
