/**
 * The store STORAGE selects, built once by the host (and the CLI): files under DATA_DIR/media,
 * or the S3_BUCKET. docs/decisions/010-blob-storage.md
 */
import path from "node:path";
import type { Env } from "#app/server/env.server.ts";
import type { BlobStore } from "#app/server/storage/blob-store.server.ts";

/** The settings `createBlobStore` reads; the host's Config fits. */
interface BlobStoreConfig {
  env: Pick<
    Env,
    | "STORAGE"
    | "S3_BUCKET"
    | "S3_ENDPOINT"
    | "S3_REGION"
    | "S3_ACCESS_KEY_ID"
    | "S3_SECRET_ACCESS_KEY"
    | "S3_FORCE_PATH_STYLE"
    | "PUBLIC_MEDIA_URL"
  >;
  dataDir: string;
}

/**
 * The store STORAGE selects: files under DATA_DIR/media, or the S3_BUCKET. Each
 * implementation is imported only when chosen, so the S3 SDK loads only with STORAGE=s3.
 */
export async function createBlobStore(config: BlobStoreConfig): Promise<BlobStore> {
  const { env } = config;
  if (env.STORAGE === "s3") {
    if (!env.S3_BUCKET) throw new Error("S3_BUCKET is required when STORAGE=s3");
    if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
      throw new Error("S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together (or neither, for the SDK's default credentials)");
    }
    const { createS3BlobStore } = await import("#app/server/storage/s3-store.server.ts");
    return createS3BlobStore({
      bucket: env.S3_BUCKET,
      endpoint: env.S3_ENDPOINT,
      region: env.S3_REGION,
      credentials:
        env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
          ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
          : undefined,
      // Custom endpoints (Ceph, MinIO, most S3-compatibles) expect path-style addresses.
      forcePathStyle: env.S3_FORCE_PATH_STYLE ?? Boolean(env.S3_ENDPOINT),
      publicBaseUrl: env.PUBLIC_MEDIA_URL,
    });
  }
  const { createLocalBlobStore } = await import("#app/server/storage/local-store.server.ts");
  return createLocalBlobStore({
    root: path.resolve(config.dataDir, "media"),
    publicBaseUrl: env.PUBLIC_MEDIA_URL,
  });
}
