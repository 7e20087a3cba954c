/**
 * Photos of the job, sent with an estimate request (issue 14): reading the multipart form,
 * checking and converting each photo, storing its private files, and removing them again
 * when their lead goes (or never came). docs/decisions/025-job-photos.md
 *
 * The rule everything here follows: a person's request is never lost because of a photo. A
 * photo that cannot be kept (the 7th, an empty file, one over UPLOAD_MAX_MB, one that is not
 * an image, too many pixels, damaged) is refused with a sentence naming it, and the request
 * goes on without it. Only a body too large as a whole, or text fields the form would never
 * send, refuse the request (413 / 400), and then nothing is left behind.
 *
 * Order of work (ADR 045): the body is streamed part by part, photos to temp files under
 * DATA_DIR/tmp/uploads (never held in memory), text into a small FormData; the action
 * validates the text; each photo's header is read and the request's pixel budget applied
 * (`measureJobPhotos`); the lead is stored; the photos then take their turns in the process's
 * image queue, their files are written under `lead-photos/{id}/`, and their rows are added to
 * the stored lead. Files whose rows could not be added are removed at once; a crash in between
 * leaves files without rows, which housekeeping removes after a grace period.
 *
 * Disk trouble costs photos, never the request (ADR 044): before the first byte is written the
 * folders are checked for room (the request's size plus DISK_RESERVE_MB, kept for the database)
 * and for write access; when short, photos are read and dropped, each with a sentence. A write
 * that fails all the same (ENOSPC, EACCES, EROFS…) drops that photo and the ones after it.
 *
 * `createJobPhotos` binds the site's limits, storage, image queue and disk checks to the verbs
 * in job-photos/: receive, measure, store, serve, and housekeeping.
 */
import type { BackendBase } from "#app/server/backend-base.server.ts";
import { MAX_FORM_BYTES } from "#app/server/leads/estimate/answers.server.ts";
import { receiveJobPhotoForm } from "#app/server/leads/job-photos/receive.server.ts";
import { measureJobPhotos, type MeasuredJobPhotos } from "#app/server/leads/job-photos/measure.server.ts";
import { storeJobPhotos } from "#app/server/leads/job-photos/store.server.ts";
import { startLeadPhotoHousekeeping } from "#app/server/leads/job-photos/housekeeping.server.ts";
import { leadPhotoViews, openLeadPhoto } from "#app/server/leads/job-photos/serve.server.ts";
import type { ReceivedJobPhotos } from "#app/server/leads/job-photos/rules.server.ts";

export {
  maxEstimateBodyBytes,
  requestTooLargeMessage,
  isMultipartForm,
  photoRefusals,
  photoReasonWords,
  type PhotoRefusal,
} from "#app/server/leads/job-photos/rules.server.ts";
export { removeOrphanLeadPhotos, startLeadPhotoHousekeeping } from "#app/server/leads/job-photos/housekeeping.server.ts";
export type { MeasuredJobPhotos } from "#app/server/leads/job-photos/measure.server.ts";

type JobPhotoDeps = Pick<BackendBase, "config" | "database" | "logger" | "blobStore" | "disk" | "images">;

const megapixels = (value: number) => Math.floor(value * 1_000_000);

/** The job photos of one site, bound to its storage, image queue, disk checks and limits. */
export function createJobPhotos({ config, database, logger, blobStore, disk, images }: JobPhotoDeps) {
  const { db } = database;
  const maxPixels = megapixels(config.env.MAX_IMAGE_MEGAPIXELS);
  // The limits photos of the job are read with (UPLOAD_MAX_MB, MAX_IMAGE_MEGAPIXELS).
  const limits = {
    maxFileBytes: Math.floor(config.env.UPLOAD_MAX_MB * 1024 * 1024),
    maxTextBytes: MAX_FORM_BYTES,
    maxPixels,
    dataDir: config.dataDir,
  };
  return {
    receive: (
      request: Request,
      {
        messages,
        requestId,
      }: {
        messages: { tooLarge: string; unreadable: string; photosTooLarge?: (maxFileBytes: number) => string };
        requestId: string;
      },
    ) => receiveJobPhotoForm(request, limits, messages, { disk, logger, requestId }),
    measure: (received: Pick<ReceivedJobPhotos, "files" | "refused" | "discard">, requestId: string) =>
      measureJobPhotos({
        received,
        maxPixels,
        budgetPixels: megapixels(config.env.ESTIMATE_PHOTOS_MAX_MEGAPIXELS),
        logger,
        requestId,
      }),
    store: (measured: MeasuredJobPhotos, { client, requestId }: { client: string; requestId: string }) =>
      storeJobPhotos({ measured, images, client, blobStore, maxPixels, logger, requestId }),
    openLeadPhoto: (photo: { leadId: string | undefined; photoId: string | undefined; size: string | undefined }) =>
      openLeadPhoto({ db, blobStore, ...photo }),
    leadPhotoViews: (leadId: string) => leadPhotoViews({ db, leadId }),
    /** Job photo files no lead points at (a crash between writing them and storing the lead): at start, then hourly. */
    startHousekeeping: () => startLeadPhotoHousekeeping({ db, blobStore, dataDir: config.dataDir, logger }),
  };
}

export type JobPhotos = ReturnType<typeof createJobPhotos>;
