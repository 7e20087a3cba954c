/**
 * Gallery photos: their rows as stored, created, read, edited, deleted. With photo-lists,
 * photo-order and service-covers the only code that writes SQL for `photos` and
 * `service_covers`. Files are not touched here: app/server/gallery/ stores and removes them.
 */
import type { Kysely, Selectable } from "kysely";
import type { DB, PhotosTable } from "#app/server/db/schema.server.ts";
import { recordBlobDeletions } from "#app/server/repos/blob-deletions.server.ts";
import type { Timed } from "#app/server/repos/args.server.ts";

export type PhotoRow = Selectable<PhotosTable>;

export interface StoredVariant {
  format: "avif" | "webp";
  width: number;
  height: number;
  key: string;
  bytes: number;
}

export interface PhotoDetails {
  caption: string;
  alt: string;
  /**
   * The Spanish caption and description: "" while not written (the Spanish pages show the
   * English); left as stored when absent.
   */
  captionEs?: string;
  altEs?: string;
  category: string;
}

/** The columns a photo's details are stored in. */
export function photoDetailsColumns(details: PhotoDetails): Partial<PhotoRow> {
  return {
    caption: details.caption,
    alt: details.alt,
    ...(details.captionEs === undefined ? {} : { caption_es: details.captionEs }),
    ...(details.altEs === undefined ? {} : { alt_es: details.altEs }),
    category: details.category,
  };
}

export function parseVariants(row: Pick<PhotoRow, "variants">): StoredVariant[] {
  const parsed: unknown = JSON.parse(row.variants);
  return Array.isArray(parsed) ? (parsed as StoredVariant[]) : [];
}

/** Every key a photo row points at. */
export function photoRowKeys(row: Pick<PhotoRow, "master_key" | "variants">): string[] {
  return [row.master_key, ...parseVariants(row).map((v) => v.key)];
}

export async function createDraftPhoto({ db, photo }: { db: Kysely<DB>; photo: PhotoRow }): Promise<PhotoRow> {
  await db.insertInto("photos").values(photo).execute();
  return photo;
}

export async function getPhoto({ db, id }: { db: Kysely<DB>; id: string }): Promise<PhotoRow | null> {
  return (await db.selectFrom("photos").selectAll().where("id", "=", id).executeTakeFirst()) ?? null;
}

/** The photos with these ids (unknown ids are left out). */
export async function getPhotos({ db, ids }: { db: Kysely<DB>; ids: readonly string[] }): Promise<PhotoRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom("photos")
    .selectAll()
    .where("id", "in", [...new Set(ids)])
    .execute();
}

type UpdatePhotoDetailsArgs = Timed<{ id: string; details: PhotoDetails }>;

/** Sets caption, alt text (each in English and Spanish) and category; null when there is no such photo. */
export async function updatePhotoDetails({ db, id, details, now = new Date() }: UpdatePhotoDetailsArgs): Promise<PhotoRow | null> {
  const result = await db
    .updateTable("photos")
    .set({ ...photoDetailsColumns(details), updated_at: now.toISOString() })
    .where("id", "=", id)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return null;
  return getPhoto({ db, id });
}

type SetPhotosCategoryArgs = Timed<{ ids: readonly string[]; category: string }>;

/** Moves photos to another service (a cover of another service's page goes). Returns how many changed. */
export async function setPhotosCategory({ db, ids, category, now = new Date() }: SetPhotosCategoryArgs): Promise<number> {
  if (ids.length === 0) return 0;
  return db.transaction().execute(async (trx) => {
    const wanted = [...new Set(ids)];
    const result = await trx
      .updateTable("photos")
      .set({ category, updated_at: now.toISOString() })
      .where("id", "in", wanted)
      .executeTakeFirst();
    await trx.deleteFrom("service_covers").where("photo_id", "in", wanted).where("service", "!=", category).execute();
    return Number(result.numUpdatedRows);
  });
}

/** Deletes the row only while it is a draft; true when it did. */
export async function deleteDraftRow({ db, id }: { db: Kysely<DB>; id: string }): Promise<boolean> {
  const result = await db.deleteFrom("photos").where("id", "=", id).where("status", "=", "draft").executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * Deletes photos' rows (and covers pointing at them) and, in the same transaction, records their
 * files (`photos/{id}/`) for deletion: after the commit no page shows them, and the files are
 * removed from the store then or, should it refuse, by a later retry. Returns the deleted rows.
 */
export async function deletePhotoRowsRecordingFiles({ db, ids, now = new Date() }: Timed<{ ids: readonly string[] }>): Promise<PhotoRow[]> {
  if (ids.length === 0) return [];
  return db.transaction().execute(async (trx) => {
    const rows = await trx
      .selectFrom("photos")
      .selectAll()
      .where("id", "in", [...new Set(ids)])
      .execute();
    if (rows.length === 0) return [];
    const found = rows.map((row) => row.id);
    await recordBlobDeletions({ db: trx, prefixes: found.map((id) => `photos/${id}/`), reason: "photo-deleted", now });
    await trx.deleteFrom("service_covers").where("photo_id", "in", found).execute();
    await trx.deleteFrom("photos").where("id", "in", found).execute();
    return rows;
  });
}

/** What a new version of a photo's files changes in its row. */
type PhotoVersionChange = Pick<
  PhotosTable,
  "version" | "width" | "height" | "master_key" | "master_width" | "master_height" | "variants" | "placeholder"
>;

type ReplacePhotoVersionArgs = Timed<{ id: string; fromVersion: number; change: PhotoVersionChange }>;

/**
 * Points a photo at a new version of its files, in one update, only if it is still at
 * `fromVersion`; in the same transaction the old version's prefix is recorded for deletion.
 * False when the photo is gone or changed version meanwhile (then nothing changed).
 */
export async function replacePhotoVersion({ db, id, fromVersion, change, now = new Date() }: ReplacePhotoVersionArgs): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable("photos")
      .set({ ...change, updated_at: now.toISOString() })
      .where("id", "=", id)
      .where("version", "=", fromVersion)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return false;
    await recordBlobDeletions({ db: trx, prefixes: [`photos/${id}/v${fromVersion}/`], reason: "photo-rotated", now });
    return true;
  });
}
