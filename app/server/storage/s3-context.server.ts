/**
 * What every verb of the S3 store works with: the SDK (loaded only with STORAGE=s3), one
 * client configured for S3-compatible servers, and the bucket. docs/decisions/010-blob-storage.md
 */
import os from "node:os";
import type { S3Client } from "@aws-sdk/client-s3";

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

export interface S3StoreContext {
  sdk: typeof import("@aws-sdk/client-s3");
  client: S3Client;
  bucket: string;
  /** The endpoint, or AWS and its region, as errors name it. */
  where: string;
  spoolDir: string;
  putAttempts: number;
  publicBaseUrl: string | null;
}

export async function createS3Context(options: S3BlobStoreOptions): Promise<S3StoreContext> {
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
  return { sdk, client, bucket, where, spoolDir, putAttempts, publicBaseUrl };
}
