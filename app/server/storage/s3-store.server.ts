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
import { createHash, randomBytes } from "node:crypto";
import { createReadStream } from "node:fs";
import { open, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { S3Client } from "@aws-sdk/client-s3";
import {
  BlobKeyError,
  BlobRangeError,
  BlobStoreError,
  assertKey,
  assertPrefix,
  assertRange,
  joinPublicUrl,
  resolveContentType,
  toReadable,
  type BlobBody,
  type BlobInfo,
  type BlobObject,
  type BlobRange,
  type BlobStore,
  type PutOptions,
  type PutResult,
} from "./blob-store.server.ts";

export interface S3BlobStoreOptions {
  bucket: string;
  /** S3_ENDPOINT; unset means AWS itself. */
  endpoint?: string;
  /** S3_REGION; default us-east-1 (most S3-compatible servers accept any region). */
  region?: string;
  /** Unset: the SDK's default chain (AWS_* variables, instance roles, …). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  forcePathStyle?: boolean;
  /** PUBLIC_MEDIA_URL: a CDN or the bucket's public address. */
  publicBaseUrl?: string | null;
  /** Where streams are spooled before upload (default: the OS temp folder). Needs room for the largest upload. */
  spoolDir?: string;
  /** Attempts per streamed upload (the SDK retries buffers itself). Default 3. */
  putAttempts?: number;
}

const SILENT_LOGGER = { trace() {}, debug() {}, info() {}, warn() {}, error() {} };

/** S3's limit for one DeleteObjects call. */
const DELETE_BATCH = 1000;
const NETWORK_ERRORS = new Set(["ECONNREFUSED", "ECONNRESET", "ENOTFOUND", "EAI_AGAIN", "ETIMEDOUT", "EPIPE", "EHOSTUNREACH"]);

interface SdkError {
  name?: string;
  message?: string;
  code?: string;
  $metadata?: { httpStatusCode?: number };
  cause?: unknown;
}

function statusOf(error: unknown): number | undefined {
  return (error as SdkError)?.$metadata?.httpStatusCode;
}

function networkCode(error: unknown): string | undefined {
  for (let e = error as SdkError | undefined, depth = 0; e && depth < 5; e = e.cause as SdkError | undefined, depth += 1) {
    if (e.code && NETWORK_ERRORS.has(e.code)) return e.code;
    if (e.name === "TimeoutError") return "timeout";
  }
  return undefined;
}

function isNotFound(error: unknown): boolean {
  const name = (error as SdkError)?.name;
  return name === "NoSuchKey" || name === "NotFound" || (statusOf(error) === 404 && name !== "NoSuchBucket");
}

function isRetryable(error: unknown): boolean {
  const status = statusOf(error);
  if (status === undefined) return networkCode(error) !== undefined;
  return status >= 500 || status === 429;
}

export async function createS3BlobStore(options: S3BlobStoreOptions): Promise<BlobStore> {
  const sdk = await import("@aws-sdk/client-s3");
  const { bucket } = options;
  const region = options.region ?? "us-east-1";
  const where = options.endpoint ?? `AWS (${region})`;
  const spoolDir = options.spoolDir ?? os.tmpdir();
  const putAttempts = Math.max(1, options.putAttempts ?? 3);
  const publicBaseUrl = options.publicBaseUrl ?? null;

  const client: S3Client = new sdk.S3Client({
    endpoint: options.endpoint,
    region,
    credentials: options.credentials,
    forcePathStyle: options.forcePathStyle ?? false,
    // The SDK's default adds CRC32 trailers in aws-chunked bodies, which many S3-compatible
    // servers (Ceph before Reef among them) refuse. We send Content-MD5 instead.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    // Fail fast on a wrong endpoint; give up on a connection idle for a minute.
    requestHandler: { connectionTimeout: 10_000, requestTimeout: 60_000 },
    // Without a logger the SDK prints some warnings with console.warn, which would break the
    // JSON log lines. Everything it would say reaches the caller as a thrown error.
    logger: SILENT_LOGGER,
  });

  /** Turns an SDK error into one that says what to check. */
  function explain(error: unknown, action: string, key?: string): Error {
    if (error instanceof BlobKeyError || error instanceof BlobRangeError || error instanceof BlobStoreError) return error;
    const e = (error ?? {}) as SdkError;
    const status = statusOf(error);
    const what = `${action}${key ? ` "${key}"` : ""} in bucket "${bucket}" at ${where}`;
    const detail = [status, e.name].filter(Boolean).join(" ");
    if (e.name === "InvalidAccessKeyId" || e.name === "SignatureDoesNotMatch" || e.name === "AccessDenied" || status === 403) {
      const hint =
        e.name === "AccessDenied"
          ? "the key is valid but may not do this: check the bucket policy and the key's permissions"
          : "check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY";
      return new BlobStoreError("access-denied", `S3 refused to ${what} (${detail}): ${hint}`, { cause: error });
    }
    if (e.name === "NoSuchBucket") {
      return new BlobStoreError("no-such-bucket", `S3 bucket "${bucket}" does not exist at ${where}: create it or fix S3_BUCKET`, { cause: error });
    }
    const network = networkCode(error);
    if (network) {
      return new BlobStoreError("unreachable", `Could not reach S3 to ${what} (${network}): check S3_ENDPOINT and the network`, { cause: error });
    }
    return new BlobStoreError("failed", `S3 could not ${what} (${detail || "no status"}): ${e.message ?? String(error)}`, { cause: error });
  }

  /** Copies a stream to a private temporary file, counting bytes and hashing on the way. */
  async function spool(source: Readable): Promise<{ file: string; size: number; md5: string }> {
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

  async function putObject(key: string, contentType: string, cacheControl: string | undefined, body: () => Buffer | Readable, size: number, md5: string, attempts: number) {
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
        if (attempt >= attempts || !isRetryable(error)) throw explain(error, "store", key);
        await new Promise((resolve) => setTimeout(resolve, 200 * 2 ** (attempt - 1)));
      }
    }
  }

  async function deleteBatch(keys: string[]): Promise<void> {
    if (keys.length === 0) return;
    let response;
    try {
      response = await client.send(
        new sdk.DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true } }),
      );
    } catch (error) {
      throw explain(error, `delete ${keys.length} objects`);
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

  async function* list(prefix: string): AsyncGenerator<string> {
    assertPrefix(prefix);
    let token: string | undefined;
    do {
      let page;
      try {
        page = await client.send(
          new sdk.ListObjectsV2Command({ Bucket: bucket, Prefix: prefix || undefined, ContinuationToken: token, MaxKeys: 1000 }),
        );
      } catch (error) {
        throw explain(error, `list "${prefix}"`);
      }
      for (const object of page.Contents ?? []) {
        if (object.Key) yield object.Key;
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  const store: BlobStore = {
    kind: "s3",

    async put(key: string, body: BlobBody, putOptions: PutOptions = {}): Promise<PutResult> {
      assertKey(key);
      const contentType = resolveContentType(key, putOptions.contentType);
      if (body instanceof Uint8Array) {
        const buffer = Buffer.isBuffer(body) ? body : Buffer.from(body.buffer, body.byteOffset, body.byteLength);
        const md5 = createHash("md5").update(buffer).digest("base64");
        // The SDK retries a buffer itself.
        const etag = await putObject(key, contentType, putOptions.cacheControl, () => buffer, buffer.length, md5, 1);
        return { key, size: buffer.length, etag };
      }
      const spooled = await spool(toReadable(body));
      try {
        const etag = await putObject(
          key,
          contentType,
          putOptions.cacheControl,
          () => createReadStream(spooled.file),
          spooled.size,
          spooled.md5,
          putAttempts,
        );
        return { key, size: spooled.size, etag };
      } finally {
        await rm(spooled.file, { force: true });
      }
    },

    async get(key: string, getOptions: { range?: BlobRange } = {}): Promise<BlobObject | null> {
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
          const info = await store.head(key);
          if (!info) return null;
          throw new BlobRangeError(key, wanted ?? { start: 0 }, info.size);
        }
        throw explain(error, "read", key);
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
    },

    async head(key: string): Promise<BlobInfo | null> {
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
        throw explain(error, "look up", key);
      }
    },

    async delete(key: string): Promise<void> {
      assertKey(key);
      try {
        // S3 answers 204 whether or not the object existed.
        await client.send(new sdk.DeleteObjectCommand({ Bucket: bucket, Key: key }));
      } catch (error) {
        if (isNotFound(error)) return;
        throw explain(error, "delete", key);
      }
    },

    async deleteMany(keys: Iterable<string>): Promise<void> {
      const all = [...keys];
      for (const key of all) assertKey(key);
      for (let i = 0; i < all.length; i += DELETE_BATCH) await deleteBatch(all.slice(i, i + DELETE_BATCH));
    },

    async deletePrefix(prefix: string): Promise<number> {
      assertPrefix(prefix, { forDelete: true });
      let batch: string[] = [];
      let count = 0;
      // Deleting what the last page listed does not disturb the continuation token (it is a position in key order).
      for await (const key of list(prefix)) {
        batch.push(key);
        if (batch.length === DELETE_BATCH) {
          await deleteBatch(batch);
          count += batch.length;
          batch = [];
        }
      }
      await deleteBatch(batch);
      return count + batch.length;
    },

    list,

    publicUrl(key: string): string | null {
      return joinPublicUrl(publicBaseUrl, key);
    },

    async close(): Promise<void> {
      client.destroy();
    },
  };
  return store;
}
