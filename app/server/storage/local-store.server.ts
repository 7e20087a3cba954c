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
import path from "node:path";
import { joinPublicUrl, type BlobStore } from "#app/server/storage/blob-store.server.ts";
import type { LocalStoreContext } from "#app/server/storage/local-files.server.ts";
import { listFiles } from "#app/server/storage/local-list.server.ts";
import { putFile } from "#app/server/storage/local-put.server.ts";
import { getFile, headFile } from "#app/server/storage/local-get.server.ts";
import { deleteFile, deleteFiles, deletePrefixFiles } from "#app/server/storage/local-delete.server.ts";

interface LocalBlobStoreOptions {
  /** Absolute folder holding the objects (created on the first put). */
  root: string;
  /** PUBLIC_MEDIA_URL, when the folder is published by another server or a CDN. */
  publicBaseUrl?: string | null;
}

export function createLocalBlobStore(options: LocalBlobStoreOptions): BlobStore {
  const ctx: LocalStoreContext = { root: path.resolve(options.root), publicBaseUrl: options.publicBaseUrl ?? null };
  return {
    kind: "local",
    put: (key, body, putOptions) => putFile(ctx, key, body, putOptions),
    get: (key, getOptions) => getFile(ctx, key, getOptions),
    head: (key) => headFile(ctx, key),
    delete: (key) => deleteFile(ctx, key),
    deleteMany: (keys) => deleteFiles(ctx, keys),
    deletePrefix: (prefix) => deletePrefixFiles(ctx, prefix),
    list: (prefix) => listFiles(ctx, prefix),
    publicUrl: (key) => joinPublicUrl(ctx.publicBaseUrl, key),
    async close() {},
  };
}
