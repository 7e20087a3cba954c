/**
 * Gallery photos and service-page covers. The only code that writes SQL for `photos` and
 * `service_covers`. Files are not touched here: app/server/gallery/ stores and removes them.
 *
 * Order: published photos are shown by ascending `sort_order`. A newly published photo goes
 * to the top (one less than the smallest); moving a photo renumbers the list 0, 1, 2… in one
 * transaction.
 */
import type { Kysely, Selectable } from "kysely";
import type { DB, PhotosTable } from "../db/schema.server.ts";

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
  category: string;
}

type Dialect = "sqlite" | "postgres";

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

/** Published photos in gallery order, optionally of one category. */
export async function listPublishedPhotos({
  db,
  category,
  limit,
  offset = 0,
}: {
  db: Kysely<DB>;
  category?: string | null;
  limit: number;
  offset?: number;
}): Promise<PhotoRow[]> {
  let query = db.selectFrom("photos").selectAll().where("status", "=", "published");
  if (category) query = query.where("category", "=", category);
  return query.orderBy("sort_order").orderBy("published_at", "desc").orderBy("id").limit(limit).offset(offset).execute();
}

/** The ids of the published photos in gallery order, optionally of one category (neighbours, sitemap). */
export async function listPublishedPhotoIds({ db, category }: { db: Kysely<DB>; category?: string | null }): Promise<string[]> {
  let query = db.selectFrom("photos").select("id").where("status", "=", "published");
  if (category) query = query.where("category", "=", category);
  const rows = await query.orderBy("sort_order").orderBy("published_at", "desc").orderBy("id").execute();
  return rows.map((r) => r.id);
}

/** The latest published photos, newest first (the home page's "Recent work"). */
export async function listRecentlyPublishedPhotos({ db, limit }: { db: Kysely<DB>; limit: number }): Promise<PhotoRow[]> {
  return db
    .selectFrom("photos")
    .selectAll()
    .where("status", "=", "published")
    .orderBy("published_at", "desc")
    .orderBy("id")
    .limit(limit)
    .execute();
}

export async function countPublishedPhotos({ db, category }: { db: Kysely<DB>; category?: string | null }): Promise<number> {
  let query = db.selectFrom("photos").select((eb) => eb.fn.countAll<number | string>().as("n")).where("status", "=", "published");
  if (category) query = query.where("category", "=", category);
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Categories that have published photos, with how many. */
export async function listPublishedCategories({ db }: { db: Kysely<DB> }): Promise<{ category: string; count: number }[]> {
  const rows = await db
    .selectFrom("photos")
    .select(["category", (eb) => eb.fn.countAll<number | string>().as("n")])
    .where("status", "=", "published")
    .groupBy("category")
    .execute();
  return rows.map((r) => ({ category: r.category, count: Number(r.n) }));
}

/** Drafts, newest first. */
export async function listDraftPhotos({ db }: { db: Kysely<DB> }): Promise<PhotoRow[]> {
  return db.selectFrom("photos").selectAll().where("status", "=", "draft").orderBy("created_at", "desc").orderBy("id").execute();
}

/**
 * Drafts uploaded before `before`: to be removed with their files. Drafts brought over from the
 * old gallery are not abandoned uploads: they wait for the admin however long it takes (ADR 035).
 */
export async function listDraftsCreatedBefore({ db, before }: { db: Kysely<DB>; before: Date }): Promise<PhotoRow[]> {
  return db
    .selectFrom("photos")
    .selectAll()
    .where("status", "=", "draft")
    .where("created_at", "<", before.toISOString())
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom("photo_imports").select("photo_imports.source_id").whereRef("photo_imports.photo_id", "=", "photos.id"))),
    )
    .orderBy("created_at")
    .execute();
}

/** Sets caption, alt text and category; null when there is no such photo. */
export async function updatePhotoDetails({
  db,
  id,
  details,
  now = new Date(),
}: {
  db: Kysely<DB>;
  id: string;
  details: PhotoDetails;
  now?: Date;
}): Promise<PhotoRow | null> {
  const result = await db
    .updateTable("photos")
    .set({ caption: details.caption, alt: details.alt, category: details.category, updated_at: now.toISOString() })
    .where("id", "=", id)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return null;
  return getPhoto({ db, id });
}

/**
 * Publishes a draft with its details, at the top of the gallery. Publishing a published photo
 * only updates its details. Null when there is no such photo.
 */
export async function publishPhoto({
  db,
  dialect,
  id,
  details,
  now = new Date(),
}: {
  db: Kysely<DB>;
  dialect: Dialect;
  id: string;
  details: PhotoDetails;
  now?: Date;
}): Promise<PhotoRow | null> {
  return db.transaction().execute(async (trx) => {
    let current = trx.selectFrom("photos").select(["id", "status"]).where("id", "=", id);
    if (dialect === "postgres") current = current.forUpdate();
    const row = await current.executeTakeFirst();
    if (!row) return null;
    const changes: Partial<PhotoRow> = {
      caption: details.caption,
      alt: details.alt,
      category: details.category,
      updated_at: now.toISOString(),
    };
    if (row.status === "draft") {
      const top = await trx
        .selectFrom("photos")
        .select((eb) => eb.fn.min<number | string | null>("sort_order").as("min"))
        .where("status", "=", "published")
        .executeTakeFirstOrThrow();
      changes.status = "published";
      changes.published_at = now.toISOString();
      changes.sort_order = top.min === null ? 0 : Number(top.min) - 1;
    }
    await trx.updateTable("photos").set(changes).where("id", "=", id).execute();
    return (await trx.selectFrom("photos").selectAll().where("id", "=", id).executeTakeFirst()) ?? null;
  });
}

/**
 * Moves a published photo to `position` (0 = first) in the gallery order, clamped to the list.
 * Returns the new position, or null when the photo is not published (or gone).
 */
export async function movePhoto({
  db,
  dialect,
  id,
  position,
  now = new Date(),
}: {
  db: Kysely<DB>;
  dialect: Dialect;
  id: string;
  position: number;
  now?: Date;
}): Promise<number | null> {
  return db.transaction().execute(async (trx) => {
    let query = trx
      .selectFrom("photos")
      .select(["id", "sort_order"])
      .where("status", "=", "published")
      .orderBy("sort_order")
      .orderBy("published_at", "desc")
      .orderBy("id");
    // Two admins reordering at once on PostgreSQL: the second waits for the first.
    if (dialect === "postgres") query = query.forUpdate();
    const rows = await query.execute();
    const from = rows.findIndex((r) => r.id === id);
    if (from === -1) return null;
    const to = Math.max(0, Math.min(rows.length - 1, Math.trunc(position)));
    const [moved] = rows.splice(from, 1);
    rows.splice(to, 0, moved as (typeof rows)[number]);
    for (const [index, row] of rows.entries()) {
      if (Number(row.sort_order) === index && row.id !== id) continue;
      await trx
        .updateTable("photos")
        .set(row.id === id ? { sort_order: index, updated_at: now.toISOString() } : { sort_order: index })
        .where("id", "=", row.id)
        .execute();
    }
    return to;
  });
}

/** The position (0 = first) of a published photo in the gallery order, or null. */
export async function getPhotoPosition({ db, id }: { db: Kysely<DB>; id: string }): Promise<number | null> {
  const rows = await db
    .selectFrom("photos")
    .select("id")
    .where("status", "=", "published")
    .orderBy("sort_order")
    .orderBy("published_at", "desc")
    .orderBy("id")
    .execute();
  const index = rows.findIndex((r) => r.id === id);
  return index === -1 ? null : index;
}

/** Deletes the row (and any cover pointing at it); returns it, or null when it was not there. */
export async function deletePhotoRow({ db, id }: { db: Kysely<DB>; id: string }): Promise<PhotoRow | null> {
  return db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom("photos").selectAll().where("id", "=", id).executeTakeFirst();
    if (!row) return null;
    await trx.deleteFrom("service_covers").where("photo_id", "=", id).execute();
    await trx.deleteFrom("photos").where("id", "=", id).execute();
    return row;
  });
}

/** Deletes the row only while it is a draft; true when it did. */
export async function deleteDraftRow({ db, id }: { db: Kysely<DB>; id: string }): Promise<boolean> {
  const result = await db.deleteFrom("photos").where("id", "=", id).where("status", "=", "draft").executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The photo chosen as a service page's cover, when it is published. */
export async function getServiceCover({ db, service }: { db: Kysely<DB>; service: string }): Promise<PhotoRow | null> {
  const row = await db
    .selectFrom("service_covers")
    .innerJoin("photos", "photos.id", "service_covers.photo_id")
    .selectAll("photos")
    .where("service_covers.service", "=", service)
    .where("photos.status", "=", "published")
    .executeTakeFirst();
  return row ?? null;
}

/** Which photo covers which service. */
export async function listServiceCovers({ db }: { db: Kysely<DB> }): Promise<{ service: string; photo_id: string }[]> {
  return db.selectFrom("service_covers").select(["service", "photo_id"]).execute();
}

/**
 * Makes a published photo of that service the cover of its page (replacing any other).
 * Returns false when the photo is not a published photo of `service`.
 */
export async function setServiceCover({
  db,
  dialect,
  service,
  photoId,
  now = new Date(),
}: {
  db: Kysely<DB>;
  dialect: Dialect;
  service: string;
  photoId: string;
  now?: Date;
}): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    let photo = trx
      .selectFrom("photos")
      .select("id")
      .where("id", "=", photoId)
      .where("status", "=", "published")
      .where("category", "=", service);
    if (dialect === "postgres") photo = photo.forShare();
    if (!(await photo.executeTakeFirst())) return false;
    await trx
      .insertInto("service_covers")
      .values({ service, photo_id: photoId, updated_at: now.toISOString() })
      .onConflict((oc) => oc.column("service").doUpdateSet({ photo_id: photoId, updated_at: now.toISOString() }))
      .execute();
    return true;
  });
}

/** The page goes back to its artwork. */
export async function clearServiceCover({ db, service }: { db: Kysely<DB>; service: string }): Promise<void> {
  await db.deleteFrom("service_covers").where("service", "=", service).execute();
}

/** A photo moved to another category stops being the cover of its old one. */
export async function clearCoversNotMatching({ db, photoId, category }: { db: Kysely<DB>; photoId: string; category: string }): Promise<void> {
  await db.deleteFrom("service_covers").where("photo_id", "=", photoId).where("service", "!=", category).execute();
}
