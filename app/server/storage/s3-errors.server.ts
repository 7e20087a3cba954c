/** The S3 store's errors: which SDK failures mean "not there" or "try again", and what to check. */
import { BlobKeyError, BlobRangeError, BlobStoreError } from "#app/server/storage/blob-store.server.ts";
import type { S3StoreContext } from "#app/server/storage/s3-context.server.ts";

const NETWORK_ERRORS = new Set(["ECONNREFUSED", "ECONNRESET", "ENOTFOUND", "EAI_AGAIN", "ETIMEDOUT", "EPIPE", "EHOSTUNREACH"]);

export interface SdkError {
  name?: string;
  message?: string;
  code?: string;
  $metadata?: { httpStatusCode?: number };
  cause?: unknown;
}

export function statusOf(error: unknown): number | undefined {
  return (error as SdkError)?.$metadata?.httpStatusCode;
}

function networkCode(error: unknown): string | undefined {
  for (let e = error as SdkError | undefined, depth = 0; e && depth < 5; e = e.cause as SdkError | undefined, depth += 1) {
    if (e.code && NETWORK_ERRORS.has(e.code)) return e.code;
    if (e.name === "TimeoutError") return "timeout";
  }
  return undefined;
}

export function isNotFound(error: unknown): boolean {
  const name = (error as SdkError)?.name;
  return name === "NoSuchKey" || name === "NotFound" || (statusOf(error) === 404 && name !== "NoSuchBucket");
}

export function isRetryable(error: unknown): boolean {
  const status = statusOf(error);
  if (status === undefined) return networkCode(error) !== undefined;
  return status >= 500 || status === 429;
}

/** Turns an SDK error into one that says what to check. */
export function explain({ bucket, where }: Pick<S3StoreContext, "bucket" | "where">, error: unknown, action: string, key?: string): Error {
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
    return new BlobStoreError("no-such-bucket", `S3 bucket "${bucket}" does not exist at ${where}: create it or fix S3_BUCKET`, {
      cause: error,
    });
  }
  const network = networkCode(error);
  if (network) {
    return new BlobStoreError("unreachable", `Could not reach S3 to ${what} (${network}): check S3_ENDPOINT and the network`, {
      cause: error,
    });
  }
  return new BlobStoreError("failed", `S3 could not ${what} (${detail || "no status"}): ${e.message ?? String(error)}`, { cause: error });
}
