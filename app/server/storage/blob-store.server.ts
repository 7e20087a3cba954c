/**
 * Where photos and other files live: a few verbs over a flat key space, with two
 * implementations chosen by STORAGE — the local disk under DATA_DIR/media (default) or an
 * S3-compatible bucket. Callers store keys, never URLs or paths (docs/decisions/010-blob-storage.md).
 *
 * Keys are deterministic and namespaced, e.g. `photos/{id}/{variant}-{width}.{ext}`:
 * lowercase ASCII segments, only the last one with a dot and a known extension. The
 * extension decides the content type on every store, so a key says what its bytes are.
 */
import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";

/** What `put` accepts. A stream may be of any length: neither store holds it in memory. */
export type BlobBody = Buffer | Uint8Array | Readable | ReadableStream<Uint8Array>;

export interface PutOptions {
  /** Must agree with the key's extension when given (see `contentTypeFor`). */
  contentType?: string;
  /** Kept on S3 objects (served as is from PUBLIC_MEDIA_URL); the local store leaves caching to whoever serves it. */
  cacheControl?: string;
}

export interface PutResult {
  key: string;
  /** Bytes stored. */
  size: number;
  /** HTTP entity tag of the stored version, quoted (`"…"`). */
  etag: string | null;
}

export interface BlobInfo {
  key: string;
  contentType: string;
  /** Size of the whole object in bytes. */
  size: number;
  etag: string | null;
  lastModified: Date | null;
}

/** Bytes `start` to `end`, both inclusive, as in an HTTP Range header; `end` defaults to the last byte. */
export interface BlobRange {
  start: number;
  end?: number;
}

export interface BlobObject extends BlobInfo {
  /** The bytes (or the range). Read it to the end or destroy it: it holds a file or a socket. */
  body: Readable;
  /** Bytes in `body`. */
  contentLength: number;
  /** The inclusive range `body` holds, when one was asked for (`end` clamped to the object). */
  range: { start: number; end: number } | null;
}

export interface BlobStore {
  readonly kind: "local" | "s3";
  /** Stores the whole body under `key`, replacing any object there. Readers see the old object or the new one, never part of one. */
  put(key: string, body: BlobBody, options?: PutOptions): Promise<PutResult>;
  /** The object, or null when there is none. Throws BlobRangeError when `range.start` is past the end. */
  get(key: string, options?: { range?: BlobRange }): Promise<BlobObject | null>;
  head(key: string): Promise<BlobInfo | null>;
  /** Removes the object; a missing one is not an error. */
  delete(key: string): Promise<void>;
  /** Removes every listed object (all keys are checked before anything is deleted). */
  deleteMany(keys: Iterable<string>): Promise<void>;
  /** Removes every object whose key starts with `prefix`, which must end with "/". Returns how many. */
  deletePrefix(prefix: string): Promise<number>;
  /** Keys starting with `prefix` ("" for all), in ascending order, fetched page by page. */
  list(prefix: string): AsyncIterable<string>;
  /** The object's address under PUBLIC_MEDIA_URL, or null when there is none (then the app serves it). */
  publicUrl(key: string): string | null;
  /** Releases sockets and files; the store is unusable afterwards. */
  close(): Promise<void>;
}

/** A key or prefix that breaks the rules; nothing was read or written. */
export class BlobKeyError extends Error {
  readonly key: string;
  constructor(key: unknown, reason: string) {
    const shown = typeof key === "string" ? JSON.stringify(key.length > 80 ? `${key.slice(0, 80)}…` : key) : String(key);
    super(`Invalid blob key ${shown}: ${reason}`);
    this.name = "BlobKeyError";
    this.key = typeof key === "string" ? key : "";
  }
}

/** A range that starts past the end of the object (HTTP 416). */
export class BlobRangeError extends Error {
  readonly key: string;
  readonly size: number;
  constructor(key: string, range: BlobRange, size: number) {
    super(`Range ${range.start}-${range.end ?? ""} of "${key}" is outside the object (${size} bytes)`);
    this.name = "BlobRangeError";
    this.key = key;
    this.size = size;
  }
}

type BlobStoreErrorCode = "access-denied" | "no-such-bucket" | "unreachable" | "failed";

/** The storage service refused or failed; the message says what to check. */
export class BlobStoreError extends Error {
  readonly code: BlobStoreErrorCode;
  constructor(code: BlobStoreErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "BlobStoreError";
    this.code = code;
  }
}

/** Content types by extension. Only these extensions make valid keys. */
const CONTENT_TYPES: Readonly<Record<string, string>> = {
  avif: "image/avif",
  webp: "image/webp",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  gif: "image/gif",
  heic: "image/heic",
  heif: "image/heif",
  json: "application/json",
  pdf: "application/pdf",
  txt: "text/plain; charset=utf-8",
  bin: "application/octet-stream",
};

const MAX_KEY_LENGTH = 512;
/** Leaves room in a 255-byte file name for the local store's temporary name around it. */
const MAX_SEGMENT_LENGTH = 200;

const SEGMENT = /^[a-z0-9][a-z0-9._-]*$/;

function keyProblem(key: unknown, kind: "key" | "prefix"): string | null {
  if (typeof key !== "string") return "must be a string";
  if (key.length > MAX_KEY_LENGTH) return `must be at most ${MAX_KEY_LENGTH} characters`;
  if (key.includes("\0")) return "must not contain a NUL character";
  if (key.includes("\\")) return "must not contain a backslash";
  if (key.startsWith("/")) return "must not start with '/'";
  if (key.includes("..")) return "must not contain '..'";
  if (kind === "key" && key.endsWith("/")) return "must not end with '/'";
  const segments = key.split("/");
  if (kind === "prefix") segments.pop(); // "" after the final "/", or a partial name for list()
  for (const [i, segment] of segments.entries()) {
    if (segment === "") return "must not contain empty segments ('//')";
    if (segment.length > MAX_SEGMENT_LENGTH) return `segments must be at most ${MAX_SEGMENT_LENGTH} characters`;
    if (!SEGMENT.test(segment)) {
      return "segments use only a-z, 0-9, '.', '-', '_' and start with a letter or digit";
    }
    const isLast = kind === "key" && i === segments.length - 1;
    if (!isLast && segment.includes(".")) return "only the last segment (the file name) may contain '.'";
  }
  if (kind === "key") {
    const ext = extensionOf(key);
    if (!ext || !(ext in CONTENT_TYPES)) {
      return `must end with a known extension (${Object.keys(CONTENT_TYPES)
        .map((e) => `.${e}`)
        .join(", ")})`;
    }
  }
  return null;
}

function extensionOf(key: string): string | null {
  const name = key.slice(key.lastIndexOf("/") + 1);
  const dot = name.lastIndexOf(".");
  return dot > 0 ? name.slice(dot + 1) : null;
}

/** Throws BlobKeyError unless `key` is a valid object key. */
export function assertKey(key: unknown): asserts key is string {
  const problem = keyProblem(key, "key");
  if (problem) throw new BlobKeyError(key, problem);
}

export function isValidKey(key: unknown): key is string {
  return keyProblem(key, "key") === null;
}

/**
 * Throws BlobKeyError unless `prefix` is "" or full segments followed by a partial
 * last one (`photos/12/display-`). `deletePrefix` also needs the trailing "/".
 */
export function assertPrefix(prefix: unknown, options: { forDelete?: boolean } = {}): asserts prefix is string {
  if (options.forDelete && (typeof prefix !== "string" || !prefix.endsWith("/") || prefix === "/")) {
    throw new BlobKeyError(prefix, "a prefix to delete must be one or more whole segments ending with '/'");
  }
  if (prefix === "") return;
  const problem = keyProblem(prefix, "prefix");
  if (problem) throw new BlobKeyError(prefix, problem);
  const partial = (prefix as string).slice((prefix as string).lastIndexOf("/") + 1);
  if (partial !== "" && !/^[a-z0-9._-]+$/.test(partial)) {
    throw new BlobKeyError(prefix, "segments use only a-z, 0-9, '.', '-', '_'");
  }
}

/** The content type a key's extension stands for. */
export function contentTypeFor(key: string): string {
  assertKey(key);
  return CONTENT_TYPES[extensionOf(key) as string] as string;
}

/** The key's content type, after checking that `given` (if any) says the same. */
export function resolveContentType(key: string, given: string | undefined): string {
  const expected = contentTypeFor(key);
  if (given !== undefined && essence(given) !== essence(expected)) {
    throw new BlobKeyError(key, `content type ${given} does not match the extension, which means ${expected}`);
  }
  return expected;
}

function essence(contentType: string): string {
  return (contentType.split(";")[0] ?? "").trim().toLowerCase();
}

/** Checks a range's numbers; `resolveRange` then fits it to the object. */
export function assertRange(key: string, range: BlobRange): void {
  const ok =
    Number.isSafeInteger(range.start) &&
    range.start >= 0 &&
    (range.end === undefined || (Number.isSafeInteger(range.end) && range.end >= range.start));
  if (!ok) throw new RangeError(`Range ${range.start}-${range.end ?? ""} of "${key}" is not a valid byte range`);
}

/** The inclusive range within an object of `size` bytes; throws BlobRangeError when it starts past the end. */
export function resolveRange(key: string, range: BlobRange, size: number): { start: number; end: number } {
  if (range.start >= size) throw new BlobRangeError(key, range, size);
  return { start: range.start, end: Math.min(range.end ?? size - 1, size - 1) };
}

/** `base` + "/" + key, or null without a base. Keys need no escaping (see the key rules). */
export function joinPublicUrl(base: string | null | undefined, key: string): string | null {
  assertKey(key);
  return base ? `${base.replace(/\/+$/, "")}/${key}` : null;
}

/** Any accepted body as a Node stream, without copying buffers. */
export function toReadable(body: BlobBody): Readable {
  if (body instanceof Readable) return body;
  if (body instanceof Uint8Array) {
    // Readable.from(buffer) would iterate byte by byte: wrap it as one chunk.
    return Readable.from([asBuffer(body)], { objectMode: false });
  }
  if (typeof (body as ReadableStream<Uint8Array>)?.getReader === "function") {
    return Readable.fromWeb(body as unknown as NodeReadableStream<Uint8Array>);
  }
  throw new TypeError("Blob body must be a Buffer, a Uint8Array, a Node Readable or a web ReadableStream");
}

/** The bytes as a Buffer, sharing their memory (no copy). */
export function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
