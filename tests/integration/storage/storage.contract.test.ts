/**
 * The BlobStore contract, one suite run against every store: the local disk always, and a
 * real S3 server when TEST_S3_ENDPOINT is set (CI starts Ceph RGW with scripts/ceph-rgw.sh;
 * each run makes its own bucket and removes it afterwards). Without it, a skipped test says
 * plainly that S3 was not covered. Stores are built the way the server builds them:
 * parseEnv() then createBlobStore().
 */
import { spawn } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { setTimeout as sleep } from "node:timers/promises";
import v8 from "node:v8";
import vm from "node:vm";
import { HeadObjectCommand } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { parseEnv } from "#app/server/env.server.ts";
import { BlobKeyError, BlobRangeError, BlobStoreError, type BlobStore } from "#app/server/storage/blob-store.server.ts";
import { createBlobStore } from "#app/server/storage/create-blob-store.server.ts";
import { S3_ENDPOINT, makeBucket, makeS3Client } from "#tests/support/s3-bucket.ts";

const PUBLIC_MEDIA_URL = "https://media.example.com/site/";
const ROOT = path.resolve(import.meta.dirname, "../../..");
const MiB = 1024 * 1024;

interface StoreTarget {
  name: "local" | "s3";
  setup(): Promise<void>;
  /** Environment for parseEnv(), with PUBLIC_MEDIA_URL unless told otherwise. */
  env(overrides?: Record<string, string | undefined>): Record<string, string | undefined>;
  teardown(): Promise<void>;
}

function localTarget(): StoreTarget {
  let dataDir = "";
  return {
    name: "local",
    async setup() {
      dataDir = await mkdtemp(path.join(os.tmpdir(), "storage-contract-"));
    },
    env: (overrides = {}) => ({ STORAGE: "local", DATA_DIR: dataDir, PUBLIC_MEDIA_URL, ...overrides }),
    async teardown() {
      if (dataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}

function s3Target(endpoint: string): StoreTarget {
  const bucket = makeBucket("storage-contract", endpoint);
  return {
    name: "s3",
    setup: () => bucket.create(),
    env: (overrides = {}) => ({ ...bucket.env, PUBLIC_MEDIA_URL, ...overrides }),
    teardown: () => bucket.remove(),
  };
}

const targets: StoreTarget[] = [localTarget()];
if (S3_ENDPOINT) {
  targets.push(s3Target(S3_ENDPOINT));
} else {
  console.warn("S3 contract suite SKIPPED: set TEST_S3_ENDPOINT=http://127.0.0.1:7480 (scripts/ceph-rgw.sh start) to run it");
  test.skip("S3 contract suite SKIPPED: set TEST_S3_ENDPOINT=http://127.0.0.1:7480 (and TEST_S3_ACCESS_KEY_ID, TEST_S3_SECRET_ACCESS_KEY; scripts/ceph-rgw.sh starts one) to run it", () => {});
}

async function collect(iterable: AsyncIterable<string>): Promise<string[]> {
  const out: string[] = [];
  for await (const item of iterable) out.push(item);
  return out;
}

async function readAll(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** `size` bytes of a deterministic pattern in 64 KiB chunks, made as they are read. */
function patternStream(size: number, seed: number, onChunk?: () => void): Readable {
  const chunkSize = 64 * 1024;
  const block = createHash("sha256").update(String(seed)).digest();
  const template = Buffer.alloc(chunkSize);
  for (let i = 0; i < chunkSize; i += block.length) block.copy(template, i);
  return Readable.from(
    (function* () {
      for (let sent = 0, n = 0; sent < size; n += 1) {
        const chunk = Buffer.from(template.subarray(0, Math.min(chunkSize, size - sent)));
        chunk.writeUInt32BE(n, 0); // every chunk differs, so a lost or repeated chunk shows in the hash
        sent += chunk.length;
        onChunk?.();
        yield chunk;
      }
    })(),
  );
}

async function sha256Of(body: Readable, onChunk?: () => void): Promise<{ hash: string; size: number }> {
  const hash = createHash("sha256");
  let size = 0;
  for await (const chunk of body) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
    onChunk?.();
  }
  return { hash: hash.digest("hex"), size };
}

// Chunks already written are garbage, but V8 frees them only when it next collects, so RSS
// alone would also count garbage. Collecting every 2 MiB leaves what the store really holds.
v8.setFlagsFromString("--expose-gc");
const gc = vm.runInNewContext("gc") as () => void;

/** The highest RSS seen while `work` runs; `sample` is called for every 64 KiB chunk. */
async function peakRss<T>(work: (sample: () => void) => Promise<T>): Promise<{ result: T; growth: number }> {
  gc();
  const before = process.memoryUsage.rss();
  let peak = before;
  let chunks = 0;
  const sample = () => {
    chunks += 1;
    if (chunks % 32 === 0) gc();
    peak = Math.max(peak, process.memoryUsage.rss());
  };
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 10);
  try {
    const result = await work(sample);
    sample();
    return { result, growth: peak - before };
  } finally {
    clearInterval(timer);
  }
}

/** 100 kB, then the error an upload cut off half way gives. */
function failingStream(): Readable {
  return Readable.from(
    (async function* () {
      yield Buffer.alloc(100_000, 9);
      throw new Error("the phone lost its connection");
    })(),
  );
}

/** Every file under `dir` (hidden ones included), relative, sorted. */
async function filesUnder(dir: string): Promise<string[]> {
  if (!existsSync(dir)) return [];
  return (await readdir(dir, { recursive: true, withFileTypes: true }))
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .toSorted();
}

const BAD_KEYS: [string, unknown][] = [
  ["a parent segment", "photos/../secret.jpg"],
  ["a leading slash", "/photos/1/a.jpg"],
  ["a backslash", "photos\\1\\a.jpg"],
  ["a NUL", "photos/1/a\0.jpg"],
  ["an empty key", ""],
  ["a trailing slash", "photos/1/"],
  ["an empty segment", "photos//a.jpg"],
  ["upper case", "Photos/1/a.jpg"],
  ["a space", "photos/1/a b.jpg"],
  ["a dot file", "photos/1/.a.jpg"],
  ["a dot in a folder", "photos/1.jpg/a.jpg"],
  ["no extension", "photos/1/original"],
  ["an unknown extension", "photos/1/page.html"],
  ["unicode", "photos/1/caf\u00e9.jpg"],
  ["a very long key", `photos/${"a".repeat(600)}.jpg`],
  ["a very long segment", `photos/${"a".repeat(250)}.jpg`],
  ["not a string", 42],
];

describe.each(targets)("blob store contract: $name", (target) => {
  let store: BlobStore;

  beforeAll(async () => {
    await target.setup();
    store = await createBlobStore(parseEnv(target.env()));
  });
  afterAll(async () => {
    await store?.close();
    await target.teardown();
  });

  test("the factory picks the store STORAGE names", () => {
    expect(store.kind).toBe(target.name);
  });

  test("put then get returns the same bytes, content type, size and an etag", async () => {
    const bytes = randomBytes(100_000);
    const put = await store.put("photos/p1/display-800.webp", bytes, {
      contentType: "image/webp",
      cacheControl: "public, max-age=31536000, immutable",
    });
    expect(put).toMatchObject({ key: "photos/p1/display-800.webp", size: bytes.length });
    expect(put.etag).toMatch(/^".+"$/);

    const got = await store.get("photos/p1/display-800.webp");
    expect(got).toMatchObject({
      key: "photos/p1/display-800.webp",
      contentType: "image/webp",
      size: bytes.length,
      contentLength: bytes.length,
      range: null,
    });
    expect(got?.etag).toBe(put.etag);
    expect(got?.lastModified).toBeInstanceOf(Date);
    expect((await readAll(got!.body)).equals(bytes)).toBe(true);
  });

  test("the content type follows the key's extension; a contradicting one is refused", async () => {
    await store.put("photos/p2/original.jpg", Buffer.from("jpeg bytes"));
    expect((await store.head("photos/p2/original.jpg"))?.contentType).toBe("image/jpeg");
    await store.put("photos/p2/info.json", Buffer.from("{}"), { contentType: "application/json; charset=utf-8" });
    expect((await store.head("photos/p2/info.json"))?.contentType).toBe("application/json");
    await store.put("photos/p2/original.heic", Buffer.from("heic bytes"), { contentType: "image/heic" });
    const heic = await store.get("photos/p2/original.heic");
    heic?.body.destroy(); // a body not read must be destroyed: it holds a file or a socket
    expect(heic?.contentType).toBe("image/heic");

    await expect(store.put("photos/p2/x.png", Buffer.from("x"), { contentType: "image/jpeg" })).rejects.toThrow(
      /content type image\/jpeg does not match the extension, which means image\/png/,
    );
    expect(await store.head("photos/p2/x.png")).toBeNull();
  });

  test("every kind of body works: Buffer, Uint8Array, Node stream, web stream, empty", async () => {
    const text = "hello, Houston";
    await store.put("bodies/buffer.txt", Buffer.from(text));
    await store.put("bodies/uint8.txt", new TextEncoder().encode(text));
    await store.put("bodies/node.txt", Readable.from([Buffer.from("hello, "), Buffer.from("Houston")]));
    // An object-mode stream of strings: bytes are counted, not characters.
    await store.put("bodies/strings.txt", Readable.from(["h\u00e9llo, ", "Houston \u2713"]));
    const strings = await store.get("bodies/strings.txt");
    expect(strings?.size).toBe(Buffer.byteLength("h\u00e9llo, Houston \u2713"));
    expect((await readAll(strings!.body)).toString()).toBe("h\u00e9llo, Houston \u2713");
    await store.put(
      "bodies/web.txt",
      new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode("hello, "));
          controller.enqueue(new TextEncoder().encode("Houston"));
          controller.close();
        },
      }),
    );
    for (const name of ["buffer", "uint8", "node", "web"]) {
      const got = await store.get(`bodies/${name}.txt`);
      expect((await readAll(got!.body)).toString(), name).toBe(text);
      expect(got?.contentType, name).toBe("text/plain; charset=utf-8");
    }
    expect(await store.put("bodies/empty.bin", Buffer.alloc(0))).toMatchObject({ size: 0 });
    const empty = await store.get("bodies/empty.bin");
    expect(empty).toMatchObject({ size: 0, contentLength: 0 });
    expect((await readAll(empty!.body)).length).toBe(0);
  });

  test("a 20 MB stream goes in and out with memory well under its size", async () => {
    const size = 20 * MiB;
    const expected = await sha256Of(patternStream(size, 7));
    const { result: put, growth: putGrowth } = await peakRss((sample) => store.put("big/stream-20mb.bin", patternStream(size, 7, sample)));
    expect(put.size).toBe(size);
    const { result: read, growth: getGrowth } = await peakRss(async (sample) => {
      const got = await store.get("big/stream-20mb.bin");
      expect(got?.contentLength).toBe(size);
      return sha256Of(got!.body, sample);
    });
    expect(read).toEqual(expected);
    console.info(`${target.name}: 20 MiB put grew RSS by ${(putGrowth / MiB).toFixed(1)} MiB, get by ${(getGrowth / MiB).toFixed(1)} MiB`);
    // Seen: 0 to 3.4 MiB. Holding the object would cost at least its 20 MiB.
    expect(putGrowth).toBeLessThan(8 * MiB);
    expect(getGrowth).toBeLessThan(8 * MiB);
    await store.delete("big/stream-20mb.bin");
  });

  test("head describes an object without its bytes; missing keys are null", async () => {
    await store.put("photos/p3/thumb-400.avif", Buffer.alloc(1234, 1));
    const info = await store.head("photos/p3/thumb-400.avif");
    expect(info).toMatchObject({ key: "photos/p3/thumb-400.avif", contentType: "image/avif", size: 1234 });
    expect(info?.etag).toMatch(/^".+"$/);
    expect(info?.lastModified).toBeInstanceOf(Date);

    expect(await store.head("photos/p3/nothing-400.avif")).toBeNull();
    expect(await store.get("photos/p3/nothing-400.avif")).toBeNull();
    expect(await store.get("no-such-folder/at-all/x.jpg")).toBeNull();
    expect(await store.get("photos/p3/nothing-400.avif", { range: { start: 0, end: 9 } })).toBeNull();
  });

  test("a put replaces the object: new bytes, new size, new etag", async () => {
    const first = await store.put("photos/p4/card-600.jpg", Buffer.alloc(5000, 1));
    const second = await store.put("photos/p4/card-600.jpg", Buffer.alloc(3000, 2));
    expect(second.etag).not.toBe(first.etag);
    const got = await store.get("photos/p4/card-600.jpg");
    expect(got).toMatchObject({ size: 3000, etag: second.etag });
    expect((await readAll(got!.body)).equals(Buffer.alloc(3000, 2))).toBe(true);
  });

  test("byte ranges: inclusive, clamped at the end, refused past it", async () => {
    await store.put("ranges/digits.txt", Buffer.from("0123456789"));
    const middle = await store.get("ranges/digits.txt", { range: { start: 2, end: 5 } });
    expect(middle).toMatchObject({ contentLength: 4, size: 10, range: { start: 2, end: 5 } });
    expect((await readAll(middle!.body)).toString()).toBe("2345");

    const tail = await store.get("ranges/digits.txt", { range: { start: 7 } });
    expect(tail).toMatchObject({ contentLength: 3, size: 10, range: { start: 7, end: 9 } });
    expect((await readAll(tail!.body)).toString()).toBe("789");

    const clamped = await store.get("ranges/digits.txt", { range: { start: 8, end: 100 } });
    expect(clamped).toMatchObject({ contentLength: 2, range: { start: 8, end: 9 } });
    expect((await readAll(clamped!.body)).toString()).toBe("89");

    const past = store.get("ranges/digits.txt", { range: { start: 10 } });
    await expect(past).rejects.toBeInstanceOf(BlobRangeError);
    await expect(past).rejects.toMatchObject({ size: 10 });
    await expect(store.get("ranges/digits.txt", { range: { start: 5, end: 2 } })).rejects.toThrow(/not a valid byte range/);
    await expect(store.get("ranges/digits.txt", { range: { start: -1 } })).rejects.toThrow(/not a valid byte range/);
  });

  test("delete removes an object and may be repeated; a missing key is not an error", async () => {
    await store.put("photos/p5/a.jpg", Buffer.from("a"));
    await store.delete("photos/p5/a.jpg");
    expect(await store.head("photos/p5/a.jpg")).toBeNull();
    await store.delete("photos/p5/a.jpg");
    await store.delete("never/was/here.jpg");
  });

  test("deleteMany removes several keys, missing ones included; one bad key refuses the whole batch", async () => {
    await store.put("many-del/a.jpg", Buffer.from("a"));
    await store.put("many-del/b.jpg", Buffer.from("b"));
    await store.put("many-del/c.jpg", Buffer.from("c"));
    await expect(store.deleteMany(["many-del/a.jpg", "../c.jpg"])).rejects.toBeInstanceOf(BlobKeyError);
    expect(await store.head("many-del/a.jpg")).not.toBeNull();

    await store.deleteMany(["many-del/a.jpg", "many-del/b.jpg", "many-del/missing.jpg"]);
    expect(await collect(store.list("many-del/"))).toEqual(["many-del/c.jpg"]);
    await store.deleteMany([]);
  });

  test("list: keys under a prefix, in ascending byte order, one folder never leaking into its neighbour", async () => {
    const keys = [
      "gallery/1/original.jpg",
      "gallery/1/display-800.avif",
      "gallery/1/display-1600.avif",
      "gallery/1/thumb-400.webp",
      "gallery/10/original.jpg",
      "gallery/1-a.jpg",
      "gallery/1/sub/deep.txt",
      "gallery-x.jpg",
    ];
    for (const key of keys) await store.put(key, Buffer.from(key));
    const sorted = [...keys].toSorted();

    expect(await collect(store.list("gallery/1/"))).toEqual(sorted.filter((k) => k.startsWith("gallery/1/")));
    expect(await collect(store.list("gallery/1/display-"))).toEqual(["gallery/1/display-1600.avif", "gallery/1/display-800.avif"]);
    expect(await collect(store.list("gallery/"))).toEqual(sorted.filter((k) => k.startsWith("gallery/")));
    expect(await collect(store.list("gallery"))).toEqual(sorted);
    expect(await collect(store.list("nothing-here/"))).toEqual([]);
    const everything = await collect(store.list(""));
    expect(everything).toEqual([...everything].toSorted());
    expect(everything).toEqual(expect.arrayContaining(keys));
    await expect(collect(store.list("../"))).rejects.toBeInstanceOf(BlobKeyError);
  });

  test("deletePrefix removes a folder's objects, and only those; it wants whole segments", async () => {
    for (const key of ["trash/1/a.jpg", "trash/1/b/c.jpg", "trash/10/a.jpg", "trash/1-x.jpg"]) await store.put(key, Buffer.from(key));
    expect(await store.deletePrefix("trash/1/")).toBe(2);
    expect(await collect(store.list("trash/"))).toEqual(["trash/1-x.jpg", "trash/10/a.jpg"]);
    expect(await store.deletePrefix("trash/1/")).toBe(0);
    await expect(store.deletePrefix("trash/1")).rejects.toThrow(/ending with '\/'/);
    await expect(store.deletePrefix("")).rejects.toBeInstanceOf(BlobKeyError);
    await expect(store.deletePrefix("/")).rejects.toBeInstanceOf(BlobKeyError);
    await expect(store.deletePrefix("../")).rejects.toBeInstanceOf(BlobKeyError);
    expect(await store.deletePrefix("trash/")).toBe(2);
  });

  test("list and deletePrefix page through more than 1000 keys", { timeout: 120_000 }, async () => {
    const count = 1005;
    const keys = Array.from({ length: count }, (_, i) => `bulk/${String(i).padStart(4, "0")}.txt`);
    const started = Date.now();
    const queue = [...keys];
    await Promise.all(
      Array.from({ length: 16 }, async () => {
        for (let key = queue.shift(); key; key = queue.shift()) await store.put(key, Buffer.from(key));
      }),
    );
    const putMs = Date.now() - started;
    expect(await collect(store.list("bulk/"))).toEqual(keys);
    expect(await store.deletePrefix("bulk/")).toBe(count);
    expect(await collect(store.list("bulk/"))).toEqual([]);
    console.info(`${target.name}: ${count} puts took ${putMs} ms; list and deletePrefix ${Date.now() - started - putMs} ms`);
  });

  test.each(BAD_KEYS)("a key with %s is refused by every verb, with the reason", async (_label, key) => {
    const k = key as string;
    await expect(store.put(k, Buffer.from("x"))).rejects.toBeInstanceOf(BlobKeyError);
    await expect(store.put(k, Buffer.from("x"))).rejects.toThrow(/^Invalid blob key .+: .+/);
    await expect(store.get(k)).rejects.toBeInstanceOf(BlobKeyError);
    await expect(store.head(k)).rejects.toBeInstanceOf(BlobKeyError);
    await expect(store.delete(k)).rejects.toBeInstanceOf(BlobKeyError);
    expect(() => store.publicUrl(k)).toThrow(BlobKeyError);
  });

  test("refusals name the rule that was broken", async () => {
    await expect(store.put("photos/../x.jpg", Buffer.from("x"))).rejects.toThrow("must not contain '..'");
    await expect(store.put("/x.jpg", Buffer.from("x"))).rejects.toThrow("must not start with '/'");
    await expect(store.put("a\\x.jpg", Buffer.from("x"))).rejects.toThrow("must not contain a backslash");
    await expect(store.put("a\0x.jpg", Buffer.from("x"))).rejects.toThrow("must not contain a NUL character");
    await expect(store.put("photos/1/x.exe", Buffer.from("x"))).rejects.toThrow("must end with a known extension (.avif,");
  });

  test("a refused stream is not consumed into a half object", async () => {
    const body = patternStream(MiB, 3);
    await expect(store.put("../x.bin", body)).rejects.toBeInstanceOf(BlobKeyError);
    expect(await collect(store.list(""))).not.toContain("x.bin");
  });

  test("concurrent puts of one key leave one complete object", async () => {
    const size = 512 * 1024;
    const writers = 6;
    await Promise.all(
      Array.from({ length: writers }, async (_, i) => {
        // Slow, chunked streams so the writes overlap.
        const chunks = (async function* () {
          for (let sent = 0; sent < size; sent += 64 * 1024) {
            await sleep(1);
            yield Buffer.alloc(64 * 1024, i + 1);
          }
        })();
        await store.put("race/same.bin", Readable.from(chunks));
      }),
    );
    const got = await store.get("race/same.bin");
    const bytes = await readAll(got!.body);
    expect(bytes.length).toBe(size);
    const first = bytes[0]!;
    expect(first).toBeGreaterThanOrEqual(1);
    expect(first).toBeLessThanOrEqual(writers);
    expect(bytes.every((b) => b === first)).toBe(true);
    expect(await collect(store.list("race/"))).toEqual(["race/same.bin"]);
  });

  test("while a put is under way readers see the previous object, whole", async () => {
    await store.put("swap/photo.jpg", Buffer.alloc(256 * 1024, 1));
    const gate = Promise.withResolvers<void>();
    const half = Promise.withResolvers<void>();
    const writing = store.put(
      "swap/photo.jpg",
      Readable.from(
        (async function* () {
          yield Buffer.alloc(128 * 1024, 2);
          half.resolve();
          await gate.promise;
          yield Buffer.alloc(256 * 1024, 2);
        })(),
      ),
    );
    await half.promise;
    await sleep(50);
    const during = await store.get("swap/photo.jpg");
    const bytes = await readAll(during!.body);
    expect(bytes.equals(Buffer.alloc(256 * 1024, 1))).toBe(true);
    gate.resolve();
    expect(await writing).toMatchObject({ size: 384 * 1024 });
    const after = await store.get("swap/photo.jpg");
    expect((await readAll(after!.body)).equals(Buffer.alloc(384 * 1024, 2))).toBe(true);
  });

  test("a stream that fails part way stores nothing and keeps the previous object", async () => {
    await expect(store.put("broken/new.jpg", failingStream())).rejects.toThrow("the phone lost its connection");
    expect(await store.head("broken/new.jpg")).toBeNull();

    await store.put("broken/kept.jpg", Buffer.from("previous"));
    await expect(store.put("broken/kept.jpg", failingStream())).rejects.toThrow("the phone lost its connection");
    const kept = await store.get("broken/kept.jpg");
    expect((await readAll(kept!.body)).toString()).toBe("previous");
    expect(await collect(store.list("broken/"))).toEqual(["broken/kept.jpg"]);
  });

  test("publicUrl joins PUBLIC_MEDIA_URL and the key; without it there is none", async () => {
    expect(store.publicUrl("photos/p1/display-800.webp")).toBe("https://media.example.com/site/photos/p1/display-800.webp");
    const without = await createBlobStore(parseEnv(target.env({ PUBLIC_MEDIA_URL: undefined })));
    try {
      expect(without.publicUrl("photos/p1/display-800.webp")).toBeNull();
    } finally {
      await without.close();
    }
  });
});

describe.runIf(S3_ENDPOINT)("S3 store: refusals from the server", () => {
  const endpoint = S3_ENDPOINT as string;
  const target = s3Target(endpoint);
  let bucket = "";

  beforeAll(async () => {
    await target.setup();
    bucket = target.env().S3_BUCKET as string;
    const store = await createBlobStore(parseEnv(target.env()));
    await store.put("private/secret.txt", Buffer.from("only for the right key"));
    await store.close();
  });
  afterAll(() => target.teardown());

  test.each([
    ["a wrong secret key", { S3_SECRET_ACCESS_KEY: "not-the-secret" }, "SignatureDoesNotMatch"],
    ["an unknown access key", { S3_ACCESS_KEY_ID: "NOSUCHKEY", S3_SECRET_ACCESS_KEY: "whatever" }, "InvalidAccessKeyId"],
  ])("%s is refused with a clear error by every verb, never read as a missing object", async (_label, overrides, sdkName) => {
    const store = await createBlobStore(parseEnv(target.env(overrides)));
    try {
      const put = store.put("private/other.txt", Buffer.from("x"));
      await expect(put).rejects.toBeInstanceOf(BlobStoreError);
      await expect(put).rejects.toMatchObject({ code: "access-denied" });
      await expect(put).rejects.toThrow(
        new RegExp(
          `S3 refused to store "private/other.txt" in bucket "${bucket}" at ${endpoint} \\(403 ${sdkName}\\): check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY`,
        ),
      );
      await expect(store.put("private/streamed.bin", patternStream(300_000, 1))).rejects.toMatchObject({
        code: "access-denied",
      });
      await expect(store.get("private/secret.txt")).rejects.toMatchObject({ code: "access-denied" });
      // HEAD answers have no body: the status alone must still count as a refusal.
      await expect(store.head("private/secret.txt")).rejects.toMatchObject({ code: "access-denied" });
      await expect(store.head("private/missing.txt")).rejects.toMatchObject({ code: "access-denied" });
      await expect(store.delete("private/secret.txt")).rejects.toMatchObject({ code: "access-denied" });
      await expect(collect(store.list("private/"))).rejects.toMatchObject({ code: "access-denied" });
      await expect(store.deletePrefix("private/")).rejects.toMatchObject({ code: "access-denied" });
    } finally {
      await store.close();
    }
    // Nothing was changed by the refused calls.
    const admin = makeS3Client(endpoint);
    const head = await admin.send(new HeadObjectCommand({ Bucket: bucket, Key: "private/secret.txt" }));
    expect(head.ContentLength).toBe("only for the right key".length);
    admin.destroy();
  });

  test("a bucket that does not exist is named in the error (except by head)", async () => {
    const store = await createBlobStore(parseEnv(target.env({ S3_BUCKET: `no-such-bucket-${randomBytes(4).toString("hex")}` })));
    try {
      await expect(store.put("a/b.txt", Buffer.from("x"))).rejects.toMatchObject({ code: "no-such-bucket" });
      await expect(store.put("a/b.txt", Buffer.from("x"))).rejects.toThrow(/does not exist at .*: create it or fix S3_BUCKET/);
      await expect(store.get("a/b.txt")).rejects.toMatchObject({ code: "no-such-bucket" });
      await expect(collect(store.list(""))).rejects.toMatchObject({ code: "no-such-bucket" });
      await expect(store.delete("a/b.txt")).rejects.toMatchObject({ code: "no-such-bucket" });
      // A HEAD answer has no body to say which thing is missing (ADR 010).
      expect(await store.head("a/b.txt")).toBeNull();
    } finally {
      await store.close();
    }
  });

  test("an endpoint nobody answers on fails fast, naming S3_ENDPOINT", async () => {
    const store = await createBlobStore(parseEnv(target.env({ S3_ENDPOINT: "http://127.0.0.1:9" })));
    try {
      await expect(store.put("a/b.txt", Buffer.from("x"))).rejects.toMatchObject({ code: "unreachable" });
      await expect(store.head("a/b.txt")).rejects.toThrow(/Could not reach S3 .*check S3_ENDPOINT/);
    } finally {
      await store.close();
    }
  });
});

describe("local store on disk", () => {
  let dataDir = "";
  let store: BlobStore;
  const media = () => path.join(dataDir, "media");

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), "storage-local-"));
    store = await createBlobStore(parseEnv({ DATA_DIR: dataDir }));
  });
  afterAll(async () => {
    await store?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  test("objects are plain files under DATA_DIR/media, with no temporary files left behind", async () => {
    await store.put("photos/7/original.jpg", Buffer.from("jpeg"));
    await Promise.all([1, 2, 3].map((n) => store.put("photos/7/display-800.avif", Buffer.alloc(10_000, n))));
    await expect(
      store.put(
        "photos/7/broken.jpg",
        Readable.from(
          (async function* () {
            yield Buffer.from("x");
            throw new Error("cut");
          })(),
        ),
      ),
    ).rejects.toThrow("cut");
    expect(await readFile(path.join(media(), "photos/7/original.jpg"), "utf8")).toBe("jpeg");
    expect(await filesUnder(media())).toEqual(["photos/7/display-800.avif", "photos/7/original.jpg"]);
  });

  test("deleting the last object of a folder removes the empty folders", async () => {
    await store.put("albums/2/kitchen/a.jpg", Buffer.from("a"));
    await store.put("albums/3/b.jpg", Buffer.from("b"));
    await store.delete("albums/2/kitchen/a.jpg");
    expect(existsSync(path.join(media(), "albums/2"))).toBe(false);
    expect(existsSync(path.join(media(), "albums/3/b.jpg"))).toBe(true);
    expect(await store.deletePrefix("albums/")).toBe(1);
    expect(existsSync(path.join(media(), "albums"))).toBe(false);
    expect(existsSync(media())).toBe(true);
  });

  test("a process killed in the middle of a put leaves no object, only a hidden temporary file", async () => {
    const script = `
      import { createBlobStore } from ${JSON.stringify(path.join(ROOT, "app/server/storage/create-blob-store.server.ts"))};
      const store = await createBlobStore({ env: { STORAGE: "local" }, dataDir: ${JSON.stringify(dataDir)} });
      async function* forever() { for (;;) { yield Buffer.alloc(64 * 1024, 1); await new Promise((r) => setTimeout(r, 5)); } }
      setTimeout(() => process.stdout.write("writing\\n"), 300);
      await store.put("crash/photo.jpg", (await import("node:stream")).Readable.from(forever()));
    `;
    const child = spawn(process.execPath, ["--no-warnings", "--input-type=module", "-e", script], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    await new Promise<void>((resolve, reject) => {
      child.stdout.on("data", () => resolve());
      child.on("exit", (code) => reject(new Error(`the writer exited early (${code})`)));
    });
    child.kill("SIGKILL");
    await new Promise((resolve) => child.once("exit", resolve));

    expect(await store.head("crash/photo.jpg")).toBeNull();
    expect(await store.get("crash/photo.jpg")).toBeNull();
    expect(await collect(store.list("crash/"))).toEqual([]);
    const leftovers = await readdir(path.join(media(), "crash"));
    expect(leftovers).toHaveLength(1);
    expect(leftovers[0]).toMatch(/^\.photo\.jpg\.[0-9a-f]+\.tmp$/);
  });
});

describe("the S3 SDK is loaded only when STORAGE=s3", () => {
  test("a local store does not import it; an S3 store does", async () => {
    const script = `
      import { registerHooks } from "node:module";
      const loaded = new Set();
      registerHooks({ resolve(specifier, context, next) { if (specifier.startsWith("@aws-sdk/")) loaded.add(specifier); return next(specifier, context); } });
      const { createBlobStore } = await import(${JSON.stringify(path.join(ROOT, "app/server/storage/create-blob-store.server.ts"))});
      const local = await createBlobStore({ env: { STORAGE: "local" }, dataDir: ${JSON.stringify(os.tmpdir())} });
      const afterLocal = [...loaded];
      const s3 = await createBlobStore({ env: { STORAGE: "s3", S3_BUCKET: "b", S3_ENDPOINT: "http://127.0.0.1:9" }, dataDir: "." });
      console.log(JSON.stringify({ afterLocal, afterS3: [...loaded], kinds: [local.kind, s3.kind] }));
      await s3.close();
    `;
    const output = await new Promise<string>((resolve, reject) => {
      const child = spawn(process.execPath, ["--no-warnings", "--input-type=module", "-e", script], {
        cwd: ROOT,
        stdio: ["ignore", "pipe", "pipe"],
      });
      let stdout = "";
      let stderr = "";
      child.stdout.on("data", (c: Buffer) => (stdout += c.toString()));
      child.stderr.on("data", (c: Buffer) => (stderr += c.toString()));
      child.on("exit", (code) => (code === 0 ? resolve(stdout) : reject(new Error(`exit ${code}: ${stderr}`))));
    });
    const result = JSON.parse(output) as { afterLocal: string[]; afterS3: string[]; kinds: string[] };
    expect(result.afterLocal).toEqual([]);
    expect(result.afterS3).toContain("@aws-sdk/client-s3");
    expect(result.kinds).toEqual(["local", "s3"]);
  });
});
