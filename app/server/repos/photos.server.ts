/**
 * Gallery photos and service-page covers. The only code that writes SQL for `photos` and
 * `service_covers`. Files are not touched here: app/server/gallery/ stores and removes them.
 *
 * Order: published photos are shown by ascending `sort_order`. A newly published photo goes
 * to the top (one less than the smallest); moving a photo renumbers the list 0, 1, 2… in one
 * transaction.
 */
import { sql, type Kysely, type Selectable } from "kysely";
import type { DB, PhotosTable } from "../db/schema.server.ts";
import { recordBlobDeletions } from "./blob-deletions.server.ts";

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

/** Which photos the admin list shows: all, drafts or published ones, of a project, of a service. */
export interface AdminPhotoFilter {
  status?: "draft" | "published";
  projectId?: string;
  category?: string;
}

function filtered(db: Kysely<DB>, filter: AdminPhotoFilter) {
  let query = db.selectFrom("photos");
  if (filter.status) query = query.where("status", "=", filter.status);
  if (filter.projectId) query = query.where("project_id", "=", filter.projectId);
  if (filter.category) query = query.where("category", "=", filter.category);
  return query;
}

/**
 * One page of the admin's photos: drafts first (newest first), then published photos in gallery
 * order; a project's photos in the project's order.
 */
export async function listAdminPhotos({
  db,
  filter,
  limit,
  offset,
}: {
  db: Kysely<DB>;
  filter: AdminPhotoFilter;
  limit: number;
  offset: number;
}): Promise<PhotoRow[]> {
  let query = filtered(db, filter).selectAll();
  if (filter.projectId) query = query.orderBy("project_position");
  query = query
    .orderBy(sql`case when status = 'draft' then 0 else 1 end`)
    // Within drafts only created_at counts; within published photos only sort_order (the other is null).
    .orderBy(sql`case when status = 'draft' then created_at end`, "desc")
    .orderBy("sort_order")
    .orderBy("published_at", "desc")
    .orderBy("id");
  return query.limit(limit).offset(offset).execute();
}

export async function countAdminPhotos({ db, filter }: { db: Kysely<DB>; filter: AdminPhotoFilter }): Promise<number> {
  const row = await filtered(db, filter)
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The photos with these ids (unknown ids are left out). */
export async function getPhotos({ db, ids }: { db: Kysely<DB>; ids: readonly string[] }): Promise<PhotoRow[]> {
  if (ids.length === 0) return [];
  return db.selectFrom("photos").selectAll().where("id", "in", [...new Set(ids)]).execute();
}

/**
 * Publishes several photos together, or none: when any of them has no description (alt text),
 * nothing changes and those are returned. Drafts go to the top of the gallery in the order given;
 * published ones stay where they are.
 */
export async function publishPhotos({
  db,
  dialect,
  ids,
  now = new Date(),
}: {
  db: Kysely<DB>;
  dialect: Dialect;
  ids: readonly string[];
  now?: Date;
}): Promise<{ ok: true; published: number } | { ok: false; needDescription: PhotoRow[] }> {
  return db.transaction().execute(async (trx) => {
    let query = trx.selectFrom("photos").selectAll().where("id", "in", [...new Set(ids)]);
    if (dialect === "postgres") query = query.forUpdate();
    const rows = await query.execute();
    const needDescription = rows.filter((row) => row.alt.trim() === "");
    if (needDescription.length > 0) return { ok: false, needDescription };
    const drafts = ids.map((id) => rows.find((row) => row.id === id && row.status === "draft")).filter((row) => row !== undefined);
    if (drafts.length === 0) return { ok: true, published: 0 };
    const top = await trx
      .selectFrom("photos")
      .select((eb) => eb.fn.min<number | string | null>("sort_order").as("min"))
      .where("status", "=", "published")
      .executeTakeFirstOrThrow();
    // The first selected goes first, just above the gallery's current first.
    let order = (top.min === null ? 0 : Number(top.min)) - drafts.length;
    const stamp = now.toISOString();
    for (const row of drafts) {
      await trx
        .updateTable("photos")
        .set({ status: "published", published_at: stamp, sort_order: order++, updated_at: stamp })
        .where("id", "=", row.id)
        .execute();
    }
    return { ok: true, published: drafts.length };
  });
}

/** Moves photos to another service (a cover of another service's page goes). Returns how many changed. */
export async function setPhotosCategory({
  db,
  ids,
  category,
  now = new Date(),
}: {
  db: Kysely<DB>;
  ids: readonly string[];
  category: string;
  now?: Date;
}): Promise<number> {
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

/**
 * Deletes photos' rows (and covers pointing at them) and, in the same transaction, records their
 * files (`photos/{id}/`) for deletion: after the commit no page shows them, and the files are
 * removed from the store then or, should it refuse, by a later retry. Returns the deleted rows.
 */
export async function deletePhotoRowsRecordingFiles({
  db,
  ids,
  now = new Date(),
}: {
  db: Kysely<DB>;
  ids: readonly string[];
  now?: Date;
}): Promise<PhotoRow[]> {
  if (ids.length === 0) return [];
  return db.transaction().execute(async (trx) => {
    const rows = await trx.selectFrom("photos").selectAll().where("id", "in", [...new Set(ids)]).execute();
    if (rows.length === 0) return [];
    const found = rows.map((row) => row.id);
    await recordBlobDeletions({ db: trx, prefixes: found.map((id) => `photos/${id}/`), reason: "photo-deleted", now });
    await trx.deleteFrom("service_covers").where("photo_id", "in", found).execute();
    await trx.deleteFrom("photos").where("id", "in", found).execute();
    return rows;
  });
}

/** What a new version of a photo's files changes in its row. */
export interface PhotoVersionChange {
  version: number;
  width: number;
  height: number;
  master_key: string;
  master_width: number;
  master_height: number;
  variants: string;
  placeholder: string;
}

/**
 * Points a photo at a new version of its files, in one update, only if it is still at
 * `fromVersion`; in the same transaction the old version's prefix is recorded for deletion.
 * False when the photo is gone or changed version meanwhile (then nothing changed).
 */
export async function replacePhotoVersion({
  db,
  id,
  fromVersion,
  change,
  now = new Date(),
}: {
  db: Kysely<DB>;
  id: string;
  fromVersion: number;
  change: PhotoVersionChange;
  now?: Date;
}): Promise<boolean> {
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
