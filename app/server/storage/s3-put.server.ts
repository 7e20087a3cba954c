/**
 * A put to S3: a buffer is sent as it is; a stream of unknown length is first spooled to a
 * temporary file (size and MD5 on the way), then sent as one PutObject with its length, from a
 * fresh file stream on each attempt (see s3-store.server.ts).
 */
import { createHash, randomBytes } from "node:crypto";
import { createReadStream } from "node:fs";
import { open, rm } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import {
  asBuffer,
  assertKey,
  resolveContentType,
  toReadable,
  type BlobBody,
  type PutOptions,
  type PutResult,
} from "#app/server/storage/blob-store.server.ts";
import { explain, isRetryable } from "#app/server/storage/s3-errors.server.ts";
import type { S3StoreContext } from "#app/server/storage/s3-context.server.ts";

/** Copies a stream to a private temporary file, counting bytes and hashing on the way. */
async function spool(spoolDir: string, source: Readable): Promise<{ file: string; size: number; md5: string }> {
  const file = path.join(spoolDir, `blob-upload-${randomBytes(12).toString("hex")}.tmp`);
  const hash = createHash("md5");
  let size = 0;
  try {
    const handle = await open(file, "wx", 0o600);
    await pipeline(
      source,
      async function* (chunks: AsyncIterable<Buffer | Uint8Array | string>) {
        for await (const chunk of chunks) {
          // Count bytes, not characters, whatever an object-mode stream yields.
          const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
          hash.update(bytes);
          size += bytes.length;
          yield bytes;
        }
      },
      handle.createWriteStream(),
    );
  } catch (error) {
    source.destroy();
    await rm(file, { force: true });
    throw error;
  }
  return { file, size, md5: hash.digest("base64") };
}

interface PutRequest {
  key: string;
  contentType: string;
  cacheControl: string | undefined;
  body: () => Buffer | Readable;
  size: number;
  md5: string;
  attempts: number;
}

async function putObject(ctx: S3StoreContext, { key, contentType, cacheControl, body, size, md5, attempts }: PutRequest) {
  const { sdk, client, bucket } = ctx;
  for (let attempt = 1; ; attempt += 1) {
    try {
      const result = await client.send(
        new sdk.PutObjectCommand({
          Bucket: bucket,
          Key: key,
          Body: body(),
          ContentLength: size,
          ContentMD5: md5,
          ContentType: contentType,
          CacheControl: cacheControl,
        }),
      );
      return result.ETag ?? null;
    } catch (error) {
      if (attempt >= attempts || !isRetryable(error)) throw explain(ctx, error, "store", key);
      await new Promise((resolve) => setTimeout(resolve, 200 * 2 ** (attempt - 1)));
    }
  }
}

export async function putObjectFrom(ctx: S3StoreContext, key: string, body: BlobBody, putOptions: PutOptions = {}): Promise<PutResult> {
  assertKey(key);
  const contentType = resolveContentType(key, putOptions.contentType);
  const { cacheControl } = putOptions;
  if (body instanceof Uint8Array) {
    const buffer = asBuffer(body);
    const md5 = createHash("md5").update(buffer).digest("base64");
    // The SDK retries a buffer itself.
    const etag = await putObject(ctx, {
      key,
      contentType,
      cacheControl,
      body: () => buffer,
      size: buffer.length,
      md5,
      attempts: 1,
    });
    return { key, size: buffer.length, etag };
  }
  const spooled = await spool(ctx.spoolDir, toReadable(body));
  try {
    const etag = await putObject(ctx, {
      key,
      contentType,
      cacheControl,
      body: () => createReadStream(spooled.file),
      size: spooled.size,
      md5: spooled.md5,
      attempts: ctx.putAttempts,
    });
    return { key, size: spooled.size, etag };
  } finally {
    await rm(spooled.file, { force: true });
  }
}
