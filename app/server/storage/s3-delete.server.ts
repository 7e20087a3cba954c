/** Deleting from S3: one object, many (in batches of S3's limit), or a whole prefix. */
import { BlobStoreError, assertKey, assertPrefix } from "#app/server/storage/blob-store.server.ts";
import { explain, isNotFound } from "#app/server/storage/s3-errors.server.ts";
import { listObjects } from "#app/server/storage/s3-list.server.ts";
import type { S3StoreContext } from "#app/server/storage/s3-context.server.ts";

/** S3's limit for one DeleteObjects call. */
const DELETE_BATCH = 1000;

async function deleteBatch(ctx: S3StoreContext, keys: string[]): Promise<void> {
  const { sdk, client, bucket } = ctx;
  if (keys.length === 0) return;
  let response;
  try {
    response = await client.send(
      new sdk.DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true } }),
    );
  } catch (error) {
    throw explain(ctx, error, `delete ${keys.length} objects`);
  }
  const errors = response.Errors ?? [];
  if (errors.length > 0) {
    const first = errors
      .slice(0, 3)
      .map((e) => `${e.Key}: ${e.Code} ${e.Message ?? ""}`.trim())
      .join("; ");
    throw new BlobStoreError("failed", `S3 could not delete ${errors.length} of ${keys.length} objects in bucket "${bucket}": ${first}`);
  }
}

export async function deleteObject(ctx: S3StoreContext, key: string): Promise<void> {
  const { sdk, client, bucket } = ctx;
  assertKey(key);
  try {
    // S3 answers 204 whether or not the object existed.
    await client.send(new sdk.DeleteObjectCommand({ Bucket: bucket, Key: key }));
  } catch (error) {
    if (isNotFound(error)) return;
    throw explain(ctx, error, "delete", key);
  }
}

export async function deleteObjects(ctx: S3StoreContext, keys: Iterable<string>): Promise<void> {
  const all = [...keys];
  for (const key of all) assertKey(key);
  for (let i = 0; i < all.length; i += DELETE_BATCH) await deleteBatch(ctx, all.slice(i, i + DELETE_BATCH));
}

export async function deletePrefixObjects(ctx: S3StoreContext, prefix: string): Promise<number> {
  assertPrefix(prefix, { forDelete: true });
  let batch: string[] = [];
  let count = 0;
  // Deleting what the last page listed does not disturb the continuation token (it is a position in key order).
  for await (const key of listObjects(ctx, prefix)) {
    batch.push(key);
    if (batch.length === DELETE_BATCH) {
      await deleteBatch(ctx, batch);
      count += batch.length;
      batch = [];
    }
  }
  await deleteBatch(ctx, batch);
  return count + batch.length;
}
