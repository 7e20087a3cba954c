/**
 * Receiving a photo upload: the request body (the file's bytes, nothing else) is streamed to a
 * temp file under DATA_DIR/tmp, so memory stays bounded whatever the size. The first bytes are
 * sniffed as they arrive: a file that is not an image is refused (415) before the rest is read,
 * and a body over the limit is cut off at the limit (413). docs/decisions/012-gallery.md
 */
import { createWriteStream } from "node:fs";
import { mkdir, rm } from "node:fs/promises";
import path from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { SNIFF_BYTES, sniffImageType, type ImageType } from "#app/server/images/sniff.server.ts";
import { ACCEPTED_TYPES_TEXT, formatMegabytes } from "#app/schemas/photo-view.ts";
import { diskErrorOf, formatDiskBytes, type DiskError, type DiskTrouble } from "#app/server/storage/disk.server.ts";

export { uploadTempDir } from "#app/server/storage/temp-files.server.ts";

/** A refusal with its HTTP status and a sentence for the person uploading. */
export class UploadError extends Error {
  readonly status: number;
  /** The disk error behind a 507/503, for the log line (the sentence does not name it). */
  readonly diskError: DiskError | null;
  constructor(status: number, message: string, diskError: DiskError | null = null) {
    super(message);
    this.diskError = diskError;
    this.name = "UploadError";
    this.status = status;
  }
}

export function tooLargeMessage(maxBytes: number): string {
  return `This file is larger than ${formatMegabytes(maxBytes)}, the largest photo we accept. Please upload a smaller photo (phones can share a smaller size).`;
}

function notAnImageMessage(): string {
  return `This file is not a photo we can read. Please upload a ${ACCEPTED_TYPES_TEXT} image.`;
}

export interface ReceivedUpload {
  path: string;
  bytes: number;
  type: ImageType;
}

/**
 * The admin's refusal when the disk stops a photo (ADR 044): 507 when it is full, 503 when the
 * server may not write its folder; either way the admin can do nothing in the page but wait for
 * the fix, so the sentence says who fixes what.
 */
export function diskUploadError(trouble: DiskTrouble | DiskError): UploadError {
  const diskError = "kind" in trouble ? null : trouble;
  const full = "kind" in trouble ? trouble.kind === "full" : ["ENOSPC", "EDQUOT", "EFBIG"].includes(trouble.code);
  if (full) {
    const free = "kind" in trouble && trouble.kind === "full" ? ` (${formatDiskBytes(trouble.freeBytes)} free)` : "";
    return new UploadError(
      507,
      `The server's disk is almost full${free}, so this photo was not saved. Free some space on the server (or ask whoever runs it), then upload the photo again.`,
      diskError,
    );
  }
  return new UploadError(
    503,
    "The server cannot write to its photo folders, so this photo was not saved. Whoever runs the server needs to let it write to its data folder (DATA_DIR); then upload the photo again.",
    diskError,
  );
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
    await mkdir(path.dirname(filePath), { recursive: true });
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
    const diskError = diskErrorOf(error);
    if (diskError && !signal?.aborted) throw diskUploadError(diskError);
    // Another system error is ours (500); anything else while reading is the connection dropping.
    const isSystemError = typeof error === "object" && error !== null && "syscall" in error;
    if (signal?.aborted || !isSystemError) throw new UploadError(400, "The upload was interrupted. Please try again.");
    throw error;
  }
}
