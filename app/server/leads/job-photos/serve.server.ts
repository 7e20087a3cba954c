/** Lead photos as the admin pages show and serve them (ADR 025): private files, behind the admin guard. */
import type { Kysely } from "kysely";
import type { DB } from "#app/server/db/schema.server.ts";
import type { BlobStore } from "#app/server/storage/blob-store.server.ts";
import { getLeadPhoto, listLeadPhotos } from "#app/server/repos/lead-photos.server.ts";
import { LEAD_PHOTO_PREFIX, THUMB_WIDTH } from "#app/server/leads/job-photos/rules.server.ts";
import { PHOTO_ID, leadPhotoKey, type StoredVariant } from "#app/server/leads/job-photos/files.server.ts";

/**
 * A lead photo's file as the admin route serves it, or null when the lead, the photo or the
 * size does not exist (a malformed id is not looked up).
 */
export async function openLeadPhoto({
  db,
  blobStore,
  leadId,
  photoId,
  size,
}: {
  db: Kysely<DB>;
  blobStore: BlobStore;
  leadId: string | undefined;
  photoId: string | undefined;
  size: string | undefined;
}) {
  if (!leadId || !photoId || !PHOTO_ID.test(leadId) || !PHOTO_ID.test(photoId)) return null;
  if (size !== "thumb" && size !== "large") return null;
  const row = await getLeadPhoto({ db, leadId, photoId });
  if (!row) return null;
  const key = leadPhotoKey(row, size);
  if (!key || !key.startsWith(LEAD_PHOTO_PREFIX)) return null;
  return blobStore.get(key);
}

/** What the admin lead page shows of each photo (LeadPhotoView in components/admin/lead-photos.tsx). */
export async function leadPhotoViews({ db, leadId }: { db: Kysely<DB>; leadId: string }) {
  const rows = await listLeadPhotos({ db, leadId });
  return rows.map((row) => {
    const base = `/admin/leads/${leadId}/photos/${row.id}`;
    let thumb: StoredVariant | undefined;
    try {
      thumb = (JSON.parse(row.variants) as StoredVariant[])[0];
    } catch {
      thumb = undefined;
    }
    return {
      id: row.id,
      fileName: row.file_name,
      thumbUrl: `${base}/thumb`,
      largeUrl: `${base}/large`,
      thumbWidth: thumb?.width ?? THUMB_WIDTH,
      thumbHeight: thumb?.height ?? Math.round((THUMB_WIDTH * row.master_height) / Math.max(1, row.master_width)),
    };
  });
}
