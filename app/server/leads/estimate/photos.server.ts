/**
 * The photos of a stored estimate request: converted through the image queue and added to the
 * lead (ADR 045). Whatever goes wrong costs photos, never the stored request (ADR 025).
 */
import type { Lead } from "#app/server/repos/leads.server.ts";
import { photoRefusals, type JobPhotos, type MeasuredJobPhotos, type PhotoRefusal } from "#app/server/leads/job-photos.server.ts";
import { attachJobPhotos, type AttachDeps } from "#app/server/leads/submit.server.ts";

/**
 * Converts a stored lead's photos through the image queue and adds them to it. A photo whose row
 * could not be added is told as not saved, and its files are removed.
 */
export async function keepJobPhotos(
  measured: MeasuredJobPhotos,
  lead: Lead,
  { backend, clientIp, requestId }: { backend: AttachDeps & { photos: JobPhotos }; clientIp: string; requestId: string },
): Promise<{ stored: number; refused: PhotoRefusal[] }> {
  // Turns are taken per address: one visitor's several requests share one place in the round.
  const stored = await backend.photos.store(measured, { client: `ip:${clientIp || "unknown"}`, requestId });
  // Nothing was held for a request whose photos all failed their headers; otherwise the rows (if
  // any) go in and the held notification and alerts are released, even when none was kept.
  if (measured.files.length === 0) return { stored: 0, refused: stored.refused };
  let attached = false;
  try {
    attached = await attachJobPhotos({ lead, photos: stored.photos, requestId }, backend);
  } catch (error) {
    backend.logger.error("job photos not added to their stored lead", { requestId, leadId: lead.id, error });
  }
  if (attached || stored.photos.length === 0) return { stored: stored.photos.length, refused: stored.refused };
  await stored.discard();
  return {
    stored: 0,
    refused: [
      ...stored.refused,
      ...stored.photos.map((photo) => ({ name: photo.file_name, reason: photoRefusals.notSaved(photo.file_name) })),
    ],
  };
}
