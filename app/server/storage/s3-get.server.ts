/** Reading from S3: an object (or a byte range of it), or only what it is. */
import type { Readable } from "node:stream";
import {
  BlobRangeError,
  BlobStoreError,
  assertKey,
  assertRange,
  resolveContentType,
  type BlobInfo,
  type BlobObject,
  type BlobRange,
} from "#app/server/storage/blob-store.server.ts";
import { explain, isNotFound, statusOf, type SdkError } from "#app/server/storage/s3-errors.server.ts";
import type { S3StoreContext } from "#app/server/storage/s3-context.server.ts";

export async function getObject(ctx: S3StoreContext, key: string, getOptions: { range?: BlobRange } = {}): Promise<BlobObject | null> {
  const { sdk, client, bucket, where } = ctx;
  assertKey(key);
  const wanted = getOptions.range;
  if (wanted) assertRange(key, wanted);
  let response;
  try {
    response = await client.send(
      new sdk.GetObjectCommand({
        Bucket: bucket,
        Key: key,
        Range: wanted ? `bytes=${wanted.start}-${wanted.end ?? ""}` : undefined,
      }),
    );
  } catch (error) {
    if (isNotFound(error)) return null;
    if ((error as SdkError)?.name === "InvalidRange" || statusOf(error) === 416) {
      const info = await headObject(ctx, key);
      if (!info) return null;
      throw new BlobRangeError(key, wanted ?? { start: 0 }, info.size);
    }
    throw explain(ctx, error, "read", key);
  }
  const contentLength = response.ContentLength ?? 0;
  let range: { start: number; end: number } | null = null;
  let size = contentLength;
  if (wanted) {
    // "bytes 0-99/1234"; a server that ignored the Range answered 200 with everything.
    const match = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(response.ContentRange ?? "");
    if (match) {
      range = { start: Number(match[1]), end: Number(match[2]) };
      size = Number(match[3]);
    } else {
      (response.Body as Readable | undefined)?.destroy();
      throw new BlobStoreError("failed", `S3 at ${where} ignored the byte range asked for "${key}"`);
    }
  }
  return {
    key,
    body: response.Body as Readable,
    contentType: response.ContentType ?? resolveContentType(key, undefined),
    contentLength,
    size,
    etag: response.ETag ?? null,
    lastModified: response.LastModified ?? null,
    range,
  };
}

export async function headObject(ctx: S3StoreContext, key: string): Promise<BlobInfo | null> {
  const { sdk, client, bucket } = ctx;
  assertKey(key);
  try {
    const response = await client.send(new sdk.HeadObjectCommand({ Bucket: bucket, Key: key }));
    return {
      key,
      contentType: response.ContentType ?? resolveContentType(key, undefined),
      size: response.ContentLength ?? 0,
      etag: response.ETag ?? null,
      lastModified: response.LastModified ?? null,
    };
  } catch (error) {
    if (isNotFound(error)) return null;
    throw explain(ctx, error, "look up", key);
  }
}
