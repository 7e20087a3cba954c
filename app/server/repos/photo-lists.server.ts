/**
 * Lists and counts of gallery photos: the published ones in gallery order, the newest, the
 * drafts, and the admin's filtered pages. docs/decisions/041-gallery-admin-for-volume.md
 */
import { sql, type Kysely } from "kysely";
import type { DB } from "#app/server/db/schema.server.ts";
import type { PhotoRow } from "#app/server/repos/photos.server.ts";
import type { WithDb } from "#app/server/repos/args.server.ts";

type ListPublishedPhotosArgs = WithDb<{ category?: string | null; limit: number; offset?: number }>;

/** Published photos in gallery order, optionally of one category. */
export async function listPublishedPhotos({ db, category, limit, offset = 0 }: ListPublishedPhotosArgs): Promise<PhotoRow[]> {
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
  let query = db
    .selectFrom("photos")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("status", "=", "published");
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

type ListAdminPhotosArgs = WithDb<{ filter: AdminPhotoFilter; limit: number; offset: number }>;

/**
 * One page of the admin's photos: drafts first (newest first), then published photos in gallery
 * order; a project's photos in the project's order.
 */
export async function listAdminPhotos({ db, filter, limit, offset }: ListAdminPhotosArgs): Promise<PhotoRow[]> {
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
