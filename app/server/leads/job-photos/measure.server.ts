/**
 * Reading each received photo's header before the lead is stored (no pixel decoded), and the
 * request's budget of pixels (ADR 045), so the lead's emails know whether photos are coming.
 */
import { rm } from "node:fs/promises";
import type { Logger } from "#app/server/logger.server.ts";
import { isImageRejection, readImageSize } from "#app/server/images/pipeline.server.ts";
import { photoRefusals, type PhotoRefusal, type ReceivedJobPhotos, type ReceivedPhoto } from "#app/server/leads/job-photos/rules.server.ts";

/** Received photos whose headers were read: each with its size, in the order sent. */
export interface MeasuredJobPhotos {
  files: (ReceivedPhoto & { pixels: number })[];
  /** The receiving's refusals, then those of the headers and the budget. */
  refused: PhotoRefusal[];
  /** Removes the temp files. */
  discard(): Promise<void>;
}

/**
 * Reads each received photo's header (no pixel decoded) and keeps those that fit the request's
 * budget of pixels, in the order sent: a photo whose header says it is not a supported image or
 * has too many pixels, or that would take the request past `budgetPixels`, is refused with its
 * sentence and its temp file removed. Done before the lead is stored, so the lead's emails know
 * whether photos are coming.
 */
export async function measureJobPhotos({
  received,
  maxPixels,
  budgetPixels,
  logger,
  requestId,
}: {
  received: Pick<ReceivedJobPhotos, "files" | "refused" | "discard">;
  maxPixels: number;
  budgetPixels: number;
  logger: Logger;
  requestId?: string;
}): Promise<MeasuredJobPhotos> {
  const files: MeasuredJobPhotos["files"] = [];
  const refused = [...received.refused];
  let spent = 0;
  for (const file of received.files) {
    let pixels: number;
    try {
      ({ pixels } = await readImageSize(file.path, maxPixels));
    } catch (error) {
      await rm(file.path, { force: true });
      if (!isImageRejection(error)) throw error;
      logger.warn("job photo refused", { requestId, reason: error.reason, bytes: file.bytes });
      refused.push({ name: file.name, reason: photoRefusals.rejected(file.name, error.message, error.reason) });
      continue;
    }
    if (spent + pixels > budgetPixels) {
      await rm(file.path, { force: true });
      logger.warn("job photo refused", { requestId, reason: "over-budget", pixels, spent, budgetPixels });
      refused.push({ name: file.name, reason: photoRefusals.overBudget(file.name, budgetPixels) });
      continue;
    }
    spent += pixels;
    files.push({ ...file, pixels });
  }
  return { files, refused, discard: received.discard };
}
