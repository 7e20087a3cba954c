/**
 * Receiving a photo upload: the request body (the file's bytes, nothing else) is streamed to a
 * temp file under DATA_DIR/tmp, so memory stays bounded whatever the size. The first bytes are
 * sniffed as they arrive: a file that is not an image is refused (415) before the rest is read,
 * and a body over the limit is cut off at the limit (413). docs/decisions/012-gallery.md
 */
import { createWriteStream } from "node:fs";
import { mkdir, readdir, rm, stat } from "node:fs/promises";
import path from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { SNIFF_BYTES, sniffImageType, type ImageType } from "../images/sniff.server.ts";
import { ACCEPTED_TYPES_TEXT, formatMegabytes } from "../../gallery/photo.ts";

/** A refusal with its HTTP status and a sentence for the person uploading. */
export class UploadError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.name = "UploadError";
    this.status = status;
  }
}


export function tooLargeMessage(maxBytes: number): string {
  return `This file is larger than ${formatMegabytes(maxBytes)}, the largest photo we accept. Please upload a smaller photo (phones can share a smaller size).`;
}

export function notAnImageMessage(): string {
  return `This file is not a photo we can read. Please upload a ${ACCEPTED_TYPES_TEXT} image.`;
}

export interface ReceivedUpload {
  path: string;
  bytes: number;
  type: ImageType;
}

/** Where uploads wait to be processed: DATA_DIR/tmp/uploads (a real disk, unlike a tmpfs /tmp). */
export function uploadTempDir(dataDir: string): string {
  return path.resolve(dataDir, "tmp", "uploads");
}

/** Removes temp files a crash left behind (older than `olderThanMs`). */
export async function removeStaleUploads(dir: string, olderThanMs: number, now = Date.now()): Promise<number> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return 0;
  }
  let removed = 0;
  for (const name of names) {
    const file = path.join(dir, name);
    try {
      if (now - (await stat(file)).mtimeMs > olderThanMs) {
        await rm(file, { force: true });
        removed++;
      }
    } catch {
      // Gone already, or being written: leave it.
    }
  }
  return removed;
}

/**
 * Streams `body` to `filePath`. Throws UploadError: 400 for an empty body, 415 when the first
 * bytes are not a supported image, 413 past `maxBytes`. The file is removed on any failure.
 */
export async function receiveUpload({
  body,
  filePath,
  maxBytes,
  signal,
}: {
  body: ReadableStream<Uint8Array> | null;
  filePath: string;
  maxBytes: number;
  signal?: AbortSignal;
}): Promise<ReceivedUpload> {
  if (!body) throw new UploadError(400, "No file arrived. Please choose a photo and try again.");
  await mkdir(path.dirname(filePath), { recursive: true });
  let bytes = 0;
  let head: Buffer = Buffer.alloc(0);
  let type: ImageType | null = null;
  const check = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      bytes += chunk.length;
      if (bytes > maxBytes) {
        callback(new UploadError(413, tooLargeMessage(maxBytes)));
        return;
      }
      if (type === null) {
        head = Buffer.concat([head, chunk.subarray(0, SNIFF_BYTES)]).subarray(0, SNIFF_BYTES);
        if (head.length >= SNIFF_BYTES) {
          type = sniffImageType(head);
          if (!type) {
            callback(new UploadError(415, notAnImageMessage()));
            return;
          }
        }
      }
      callback(null, chunk);
    },
  });
  try {
    await pipeline(
      Readable.fromWeb(body as unknown as NodeReadableStream<Uint8Array>),
      check,
      createWriteStream(filePath, { flags: "wx" }),
      { signal },
    );
    if (bytes === 0) throw new UploadError(400, "This file is empty (0 bytes). Please choose the photo again.");
    // A file shorter than the sniffing window is judged on what there is.
    type ??= sniffImageType(head);
    if (!type) throw new UploadError(415, notAnImageMessage());
    return { path: filePath, bytes, type };
  } catch (error) {
    await rm(filePath, { force: true });
    if (error instanceof UploadError) throw error;
    // A disk error is ours (500); anything else while reading is the connection dropping.
    const isDiskError = typeof error === "object" && error !== null && "syscall" in error;
    if (signal?.aborted || !isDiskError) throw new UploadError(400, "The upload was interrupted. Please try again.");
    throw error;
  }
}
