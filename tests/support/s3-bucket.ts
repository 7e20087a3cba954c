/**
 * A bucket of a suite's own on the test S3 server (Ceph RGW in CI: scripts/ceph-rgw.sh, which
 * sets TEST_S3_ENDPOINT and its keys). The bucket is made, emptied and removed with the SDK
 * directly, never with the code under test.
 */
import { randomBytes } from "node:crypto";
import { CreateBucketCommand, DeleteBucketCommand, DeleteObjectsCommand, ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";

export const S3_ENDPOINT = process.env.TEST_S3_ENDPOINT;
export const S3_ACCESS_KEY_ID = process.env.TEST_S3_ACCESS_KEY_ID ?? "TESTACCESSKEY";
export const S3_SECRET_ACCESS_KEY = process.env.TEST_S3_SECRET_ACCESS_KEY ?? "TESTSECRETKEY123";

export interface TestBucket {
  name: string;
  client: S3Client;
  /** The server's settings that store in this bucket (callers add S3_REGION and the like). */
  env: {
    STORAGE: "s3";
    S3_BUCKET: string;
    S3_ENDPOINT: string;
    S3_ACCESS_KEY_ID: string;
    S3_SECRET_ACCESS_KEY: string;
  };
  create(): Promise<void>;
  /** The keys under `prefix` (the first page of a listing: up to 1000). */
  keysUnder(prefix: string): Promise<string[]>;
  /** Empties the bucket, removes it and closes the client. */
  remove(): Promise<void>;
}

/** A client of the test S3 server with the test keys; the caller destroys it. */
export function makeS3Client(endpoint = S3_ENDPOINT ?? ""): S3Client {
  return new S3Client({
    endpoint,
    region: "us-east-1",
    forcePathStyle: true,
    credentials: { accessKeyId: S3_ACCESS_KEY_ID, secretAccessKey: S3_SECRET_ACCESS_KEY },
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
}

/** A bucket named `<prefix>-<random>` on TEST_S3_ENDPOINT (not made until `create`). */
export function makeBucket(prefix: string, endpoint = S3_ENDPOINT ?? ""): TestBucket {
  const name = `${prefix}-${randomBytes(6).toString("hex")}`;
  const client = makeS3Client(endpoint);
  const keysUnder = async (under: string) => {
    const page = await client.send(new ListObjectsV2Command({ Bucket: name, Prefix: under }));
    return (page.Contents ?? []).flatMap((o) => (o.Key ? [o.Key] : []));
  };
  return {
    name,
    client,
    env: { STORAGE: "s3", S3_BUCKET: name, S3_ENDPOINT: endpoint, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY },
    async create() {
      await client.send(new CreateBucketCommand({ Bucket: name }));
    },
    keysUnder,
    async remove() {
      for (;;) {
        const keys = await keysUnder("");
        if (keys.length === 0) break;
        await client.send(new DeleteObjectsCommand({ Bucket: name, Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true } }));
      }
      await client.send(new DeleteBucketCommand({ Bucket: name }));
      client.destroy();
    },
  };
}
