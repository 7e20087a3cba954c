/**
 * Reading an estimate form with photos of the job (ADR 025): the body is streamed part by part,
 * photos to temp files under DATA_DIR/tmp/uploads (never held in memory; ADR 045), text into a
 * small FormData. Only a body too large as a whole, or text fields the form would never send,
 * refuse the request (413 / 400), and then nothing is left behind.
 *
 * Disk trouble costs photos, never the request (ADR 044): before the first byte is written the
 * folders are checked for room (the request's size plus DISK_RESERVE_MB, kept for the database)
 * and for write access; when short, photos are read and dropped, each with a sentence. A write
 * that fails all the same (ENOSPC, EACCES, EROFS…) drops that photo and the ones after it.
 */
import { rm } from "node:fs/promises";
import { data } from "react-router";
import { JOB_PHOTO_FIELD } from "#app/schemas/estimate-rules.ts";
import type { Logger } from "#app/server/logger.server.ts";
import { diskErrorOf, type DiskChecks } from "#app/server/storage/disk.server.ts";
import { uploadTempDir } from "#app/server/storage/temp-files.server.ts";
import { MultipartError, multipartBoundary, readMultipart, type PartSink } from "#app/server/multipart.server.ts";
import {
  maxEstimateBodyBytes,
  requestTooLargeMessage,
  type JobPhotoLimits,
  type ReceivedJobPhotos,
} from "#app/server/leads/job-photos/rules.server.ts";
import {
  emptyChoiceSink,
  ignoredSink,
  photoSink,
  type PhotoDiskTrouble,
  type Receiving,
} from "#app/server/leads/job-photos/photo-sink.server.ts";

/**
 * Reads a multipart estimate form: text fields into `form`, photos to temp files. Throws the
 * 413 (body or text too large) or 400 (unreadable) Response; nothing is left on disk then.
 * Disk trouble refuses the photos, not the request: their sentences are in `refused`.
 */
export async function receiveJobPhotoForm(
  request: Request,
  limits: JobPhotoLimits,
  messages: { tooLarge: string; unreadable: string; photosTooLarge?: (maxFileBytes: number) => string },
  { disk, logger, requestId }: { disk: Pick<DiskChecks, "troubleFor">; logger: Logger; requestId?: string },
): Promise<ReceivedJobPhotos> {
  const maxBytes = maxEstimateBodyBytes(limits.maxFileBytes, limits.maxTextBytes);
  const tooLarge = () =>
    data(messages.photosTooLarge?.(limits.maxFileBytes) ?? requestTooLargeMessage(limits.maxFileBytes), { status: 413 });
  const declared = Number(request.headers.get("content-length") ?? "");
  if (declared > maxBytes) throw tooLarge();
  const boundary = multipartBoundary(request.headers.get("content-type"));
  if (!boundary) throw data(messages.unreadable, { status: 400 });
  // Without a Content-Length the body may be as large as allowed: it is judged at that size.
  const diskTrouble: PhotoDiskTrouble | null = await disk.troubleFor(declared > 0 ? declared : maxBytes).catch((error: unknown) => {
    const found = diskErrorOf(error);
    if (!found) throw error;
    return { kind: "write" as const, ...found };
  });

  const state: Receiving = {
    limits,
    dir: uploadTempDir(limits.dataDir),
    files: [],
    refused: [],
    written: new Set<string>(),
    openHandles: new Set(),
    fileParts: 0,
    diskTrouble,
    photosLostToDisk: 0,
  };
  const form = new FormData();
  const text = { bytes: 0, tooLarge: false };
  let sent = false;

  const discard = async () => {
    await Promise.all([...state.openHandles].map((handle) => handle.close().catch(() => {})));
    state.openHandles.clear();
    await Promise.all([...state.written].map((file) => rm(file, { force: true })));
    state.written.clear();
  };

  try {
    await readMultipart(request.body, boundary, {
      maxBytes,
      // The form's own fields, the attribution fields, and a few more photos than kept.
      maxParts: 64,
      signal: request.signal,
      async onPart(part) {
        if (part.filename === null) return textSink(form, part.name, text, limits.maxTextBytes);
        if (part.name !== JOB_PHOTO_FIELD) return ignoredSink;
        // An empty file input sends a part with no name and no bytes: nothing was chosen.
        if (part.filename === "") return emptyChoiceSink(() => photoSink(state, ""));
        sent = true;
        return photoSink(state, part.filename);
      },
    });
  } catch (error) {
    await discard();
    if (error instanceof MultipartError) {
      if (error.problem === "too-large") throw text.tooLarge ? data(messages.tooLarge, { status: 413 }) : tooLarge();
      throw data(messages.unreadable, { status: 400 });
    }
    // The sinks keep disk errors to their photo: an error with a syscall here is a fault of
    // ours (500); anything else while reading is the connection dropping.
    const isSystemError = typeof error === "object" && error !== null && "syscall" in error;
    if (request.signal.aborted || !isSystemError) throw data(messages.unreadable, { status: 400 });
    throw error;
  }
  const { files, refused } = state;
  if (files.length > 0 || refused.length > 0) sent = true;
  if (state.diskTrouble && state.photosLostToDisk > 0) logPhotosLost(logger, state.diskTrouble, state.photosLostToDisk, requestId);
  return { form, sent, files, refused, discard };
}

/** A text field's bytes into `form`, the request's text held to `maxTextBytes` in all. */
function textSink(form: FormData, name: string, text: { bytes: number; tooLarge: boolean }, maxTextBytes: number): PartSink {
  const chunks: Buffer[] = [];
  return {
    write(chunk) {
      text.bytes += chunk.length;
      if (text.bytes > maxTextBytes) {
        text.tooLarge = true;
        throw new MultipartError("too-large", "text fields too large");
      }
      chunks.push(Buffer.from(chunk));
    },
    end() {
      form.append(name, Buffer.concat(chunks).toString("utf8"));
    },
  };
}

/** One line per request whose photos the disk cost, naming the real cause. */
function logPhotosLost(logger: Logger, trouble: PhotoDiskTrouble, photos: number, requestId: string | undefined): void {
  if (trouble.kind === "full") {
    const { path: folder, freeBytes, needBytes, reserveBytes } = trouble;
    logger.warn("job photos not kept: too little free disk space", {
      requestId,
      photos,
      path: folder,
      freeBytes,
      needBytes,
      reserveBytes,
    });
  } else if (trouble.kind === "unwritable") {
    logger.error("job photos not kept: the server cannot write the upload folder", {
      requestId,
      photos,
      path: trouble.path,
      code: trouble.code,
    });
  } else {
    const { code, syscall, path: file, message } = trouble;
    logger.error("job photos not kept: the disk refused a write", {
      requestId,
      photos,
      code,
      syscall,
      path: file,
      message,
    });
  }
}
