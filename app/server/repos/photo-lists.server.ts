/**
 * Lists and counts of gallery photos: the published ones in gallery order, the newest, the
 * drafts, and the admin's filtered pages. docs/decisions/041-gallery-admin-for-volume.md
 */
import { sql, type ExpressionBuilder, type Kysely } from "kysely";
import type { DB } from "#app/server/db/schema.server.ts";
import type { PhotoRow } from "#app/server/repos/photos.server.ts";
import type { WithDb } from "#app/server/repos/args.server.ts";

/**
 * The photo is not the "before" side of any before/after pair: a before photo is shown only in its
 * pair and on its project's page, never as finished work (ADR 060). `project_pairs` holds a few
 * rows per project, so the lookup needs no index of its own.
 */
export function isNotBeforePhoto({ not, exists, selectFrom }: ExpressionBuilder<DB, "photos">) {
  return not(exists(selectFrom("project_pairs").select("project_pairs.id").whereRef("project_pairs.before_photo_id", "=", "photos.id")));
}

/**
 * `finishedOnly`: what the public pages list (the gallery, a service's photos, the sitemap, the
 * photo slots' choices) leaves out the before photos; the admin's lists and counts keep them.
 */
interface PublishedFilter {
  category?: string | null;
  finishedOnly?: boolean;
  /** Only the photos whose words are all written in Spanish: those with a Spanish page (the sitemap). */
  inSpanish?: boolean;
}

/**
 * The photo's words are all written in Spanish: its description, and its caption when it has one
 * (app/i18n/photo-text.ts `hasSpanish`; the forms store every text trimmed).
 */
export function isInSpanish(eb: ExpressionBuilder<DB, "photos">) {
  return eb.and([eb("alt_es", "!=", ""), eb.or([eb("caption", "=", ""), eb("caption_es", "!=", "")])]);
}

function published(db: Kysely<DB>, { category, finishedOnly = false, inSpanish = false }: PublishedFilter) {
  let query = db.selectFrom("photos").where("status", "=", "published");
  if (category) query = query.where("category", "=", category);
  if (finishedOnly) query = query.where(isNotBeforePhoto);
  if (inSpanish) query = query.where(isInSpanish);
  return query;
}

type ListPublishedPhotosArgs = WithDb<PublishedFilter & { limit: number; offset?: number }>;

/** Published photos in gallery order, optionally of one category. */
export async function listPublishedPhotos({ db, limit, offset = 0, ...filter }: ListPublishedPhotosArgs): Promise<PhotoRow[]> {
  return published(db, filter)
    .selectAll()
    .orderBy("sort_order")
    .orderBy("published_at", "desc")
    .orderBy("id")
    .limit(limit)
    .offset(offset)
    .execute();
}

/** The ids of the published photos in gallery order, optionally of one category (neighbours, sitemap). */
export async function listPublishedPhotoIds({ db, ...filter }: WithDb<PublishedFilter>): Promise<string[]> {
  const rows = await published(db, filter).select("id").orderBy("sort_order").orderBy("published_at", "desc").orderBy("id").execute();
  return rows.map((r) => r.id);
}

/** The latest published photos of finished work, newest first (the home page's "Recent work"): no before photo. */
export async function listRecentlyPublishedPhotos({ db, limit }: { db: Kysely<DB>; limit: number }): Promise<PhotoRow[]> {
  return published(db, { finishedOnly: true }).selectAll().orderBy("published_at", "desc").orderBy("id").limit(limit).execute();
}

export async function countPublishedPhotos({ db, ...filter }: WithDb<PublishedFilter>): Promise<number> {
  const row = await published(db, filter)
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Categories that have published photos, with how many. */
export async function listPublishedCategories({
  db,
  finishedOnly,
}: WithDb<Pick<PublishedFilter, "finishedOnly">>): Promise<{ category: string; count: number }[]> {
  const rows = await published(db, { finishedOnly })
    .select(["category", (eb) => eb.fn.countAll<number | string>().as("n")])
    .groupBy("category")
    .execute();
  return rows.map((r) => ({ category: r.category, count: Number(r.n) }));
}

/**
 * Each service's photo for its card, tile and banner (ADR 060): the cover the owner chose, else
 * its latest published photo; never a before photo. Services without either are left out (their
 * drawing shows). One query per rule, whatever the number of services.
 */
export async function listServiceShowcasePhotos({ db, services }: WithDb<{ services: readonly string[] }>): Promise<Map<string, PhotoRow>> {
  if (services.length === 0) return new Map();
  const [covers, latest] = await Promise.all([
    published(db, { finishedOnly: true })
      .innerJoin("service_covers", "service_covers.photo_id", "photos.id")
      .selectAll("photos")
      .select("service_covers.service as showcase_service")
      .where("service_covers.service", "in", services)
      .whereRef("service_covers.service", "=", "photos.category")
      .execute(),
    db
      .selectFrom(
        published(db, { finishedOnly: true })
          .selectAll()
          .select((eb) =>
            eb.fn
              .agg<number | string>("row_number")
              .over((over) => over.partitionBy("category").orderBy("published_at", "desc").orderBy("id"))
              .as("showcase_rank"),
          )
          .where("category", "in", services)
          .as("ranked"),
      )
      .selectAll()
      .where("showcase_rank", "=", 1)
      .execute(),
  ]);
  const chosen = new Map<string, PhotoRow>();
  for (const { showcase_rank: _rank, ...row } of latest) chosen.set(row.category, row);
  for (const { showcase_service: service, ...row } of covers) chosen.set(service, row);
  return chosen;
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
  /** Only the photos whose words are not all written in Spanish yet (`?spanish=missing`). */
  spanishMissing?: boolean;
}

function filtered(db: Kysely<DB>, filter: AdminPhotoFilter) {
  let query = db.selectFrom("photos");
  if (filter.spanishMissing) query = query.where((eb) => eb.not(isInSpanish(eb)));
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
