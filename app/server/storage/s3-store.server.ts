/**
 * The BlobStore on an S3-compatible bucket (AWS S3, Ceph RGW, MinIO, R2, …). The SDK is
 * imported when the store is created, so it loads only with STORAGE=s3.
 *
 * Streams of unknown length: S3's PutObject needs the length up front (a chunked upload
 * without it is refused with 411 by Ceph and others), and the SDK cannot retry a stream
 * it has half sent. So a stream is first copied to a temporary file (memory stays at a
 * few chunks whatever the size; the MD5 is computed on the way), then sent as one
 * PutObject with its Content-Length and Content-MD5, from a fresh file stream on each
 * attempt. One PUT means the object appears whole or not at all and no multipart
 * leftovers can be orphaned. Buffers are sent as they are. See docs/decisions/010-blob-storage.md.
 */
import { joinPublicUrl, type BlobStore } from "#app/server/storage/blob-store.server.ts";
import { createS3Context, type S3BlobStoreOptions } from "#app/server/storage/s3-context.server.ts";
import { putObjectFrom } from "#app/server/storage/s3-put.server.ts";
import { getObject, headObject } from "#app/server/storage/s3-get.server.ts";
import { deleteObject, deleteObjects, deletePrefixObjects } from "#app/server/storage/s3-delete.server.ts";
import { listObjects } from "#app/server/storage/s3-list.server.ts";

export type { S3BlobStoreOptions } from "#app/server/storage/s3-context.server.ts";

export async function createS3BlobStore(options: S3BlobStoreOptions): Promise<BlobStore> {
  const ctx = await createS3Context(options);
  return {
    kind: "s3",
    put: (key, body, putOptions) => putObjectFrom(ctx, key, body, putOptions),
    get: (key, getOptions) => getObject(ctx, key, getOptions),
    head: (key) => headObject(ctx, key),
    delete: (key) => deleteObject(ctx, key),
    deleteMany: (keys) => deleteObjects(ctx, keys),
    deletePrefix: (prefix) => deletePrefixObjects(ctx, prefix),
    list: (prefix) => listObjects(ctx, prefix),
    publicUrl: (key) => joinPublicUrl(ctx.publicBaseUrl, key),
    async close() {
      ctx.client.destroy();
    },
  };
}
