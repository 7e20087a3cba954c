/**
 * One photo part of an estimate form, streamed to a temp file under DATA_DIR/tmp/uploads (never
 * held in memory; ADR 045): sniffed for its type, held to UPLOAD_MAX_MB, and refused with its
 * sentence when it cannot be kept. Disk trouble costs that photo and the ones after it, never the
 * request (ADR 044).
 */
import { randomUUID } from "node:crypto";
import { mkdir, open, rm, type FileHandle } from "node:fs/promises";
import path from "node:path";
import { MAX_JOB_PHOTOS } from "#app/schemas/estimate-rules.ts";
import { SNIFF_BYTES, sniffImageType, type ImageType } from "#app/server/images/sniff.server.ts";
import { diskErrorOf, type DiskError, type DiskTrouble } from "#app/server/storage/disk.server.ts";
import { uploadTempName } from "#app/server/storage/temp-files.server.ts";
import type { PartSink } from "#app/server/multipart.server.ts";
import {
  displayName,
  photoRefusals,
  type JobPhotoLimits,
  type PhotoReason,
  type PhotoRefusal,
  type ReceivedPhoto,
} from "#app/server/leads/job-photos/rules.server.ts";

/** Why this request's photos could not be written, for its one log line. */
export type PhotoDiskTrouble = DiskTrouble | ({ kind: "write" } & DiskError);

/** What the parts of one request share while it is read. */
export interface Receiving {
  limits: JobPhotoLimits;
  /** The temp folder the photos go to. */
  dir: string;
  files: ReceivedPhoto[];
  refused: PhotoRefusal[];
  /** Temp files written so far (removed when the request is refused). */
  written: Set<string>;
  openHandles: Set<FileHandle>;
  fileParts: number;
  diskTrouble: PhotoDiskTrouble | null;
  photosLostToDisk: number;
}

export const ignoredSink: PartSink = { write() {}, end() {} };

/** Notes a write the disk refused (the first one is what the log names); false for any other error. */
function isDiskTrouble(state: Receiving, error: unknown, filePath: string): boolean {
  const found = diskErrorOf(error);
  if (!found) return false;
  state.diskTrouble ??= { kind: "write", ...found, path: found.path ?? filePath };
  return true;
}

function notSaved(state: Receiving, name: string): PhotoReason {
  state.photosLostToDisk++;
  return photoRefusals.notSaved(name);
}

/** The file a photo part goes to, or null (its refusal noted) when it is not kept. */
async function openPhotoFile(state: Receiving, name: string): Promise<{ handle: FileHandle; filePath: string } | null> {
  if (state.files.length >= MAX_JOB_PHOTOS) {
    state.refused.push({ name, reason: photoRefusals.tooMany(name) });
    return null;
  }
  if (state.diskTrouble) {
    state.refused.push({ name, reason: notSaved(state, name) });
    return null;
  }
  const filePath = path.join(state.dir, uploadTempName(randomUUID()));
  try {
    await mkdir(state.dir, { recursive: true });
    return { handle: await open(filePath, "wx"), filePath };
  } catch (error) {
    if (!isDiskTrouble(state, error, filePath)) throw error;
    state.refused.push({ name, reason: notSaved(state, name) });
    return null;
  }
}

/** The sink of a photo part: its bytes to a temp file, or nowhere when it is not kept. */
export async function photoSink(state: Receiving, rawName: string): Promise<PartSink> {
  state.fileParts++;
  const name = displayName(rawName, state.fileParts);
  const opened = await openPhotoFile(state, name);
  if (!opened) return ignoredSink;
  const { filePath } = opened;
  let handle: FileHandle | null = opened.handle;
  state.openHandles.add(handle);
  state.written.add(filePath);
  let bytes = 0;
  let head = Buffer.alloc(0);
  let type: ImageType | null = null;
  let refusal: PhotoReason | null = null;
  const drop = async (reason: PhotoReason) => {
    refusal = reason;
    if (handle) {
      state.openHandles.delete(handle);
      // A disk that refused the write may refuse the close too: the file goes either way.
      await handle.close().catch(() => {});
    }
    handle = null;
    await rm(filePath, { force: true });
    state.written.delete(filePath);
  };
  return {
    async write(chunk) {
      bytes += chunk.length;
      if (refusal) return;
      if (bytes > state.limits.maxFileBytes) return drop(photoRefusals.tooLarge(name, state.limits.maxFileBytes));
      if (type === null && head.length < SNIFF_BYTES) {
        head = Buffer.concat([head, chunk.subarray(0, SNIFF_BYTES - head.length)]);
        if (head.length >= SNIFF_BYTES) {
          type = sniffImageType(head);
          if (!type) return drop(photoRefusals.notAnImage(name));
        }
      }
      try {
        await handle!.write(chunk);
      } catch (error) {
        if (!isDiskTrouble(state, error, filePath)) throw error;
        return drop(notSaved(state, name));
      }
    },
    async end() {
      if (refusal) {
        state.refused.push({ name, reason: refusal });
        return;
      }
      if (bytes === 0) await drop(photoRefusals.empty(name));
      else {
        // A file shorter than the sniffing window is judged on what there is.
        type ??= sniffImageType(head);
        if (!type) await drop(photoRefusals.notAnImage(name));
      }
      if (refusal) {
        state.refused.push({ name, reason: refusal });
        return;
      }
      state.openHandles.delete(handle!);
      try {
        await handle!.close();
      } catch (error) {
        if (!isDiskTrouble(state, error, filePath)) throw error;
        handle = null;
        await drop(notSaved(state, name));
        state.refused.push({ name, reason: refusal! });
        return;
      }
      handle = null;
      state.files.push({ name, path: filePath, bytes, type: type! });
    },
  };
}

/**
 * A part with an empty file name: usually the empty file input (no bytes); should bytes come
 * anyway, they are handled as a photo without a name.
 */
export function emptyChoiceSink(asPhoto: () => Promise<PartSink>): PartSink {
  let inner: PartSink | null = null;
  return {
    async write(chunk) {
      if (chunk.length === 0) return;
      inner ??= await asPhoto();
      await inner.write(chunk);
    },
    async end() {
      await inner?.end();
    },
  };
}
