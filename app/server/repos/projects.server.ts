/**
 * Projects, their photos and their before/after pairs (migration 0015, ADR 039). The only code
 * that writes SQL for `projects` and `project_pairs`, and for the two project columns of `photos`
 * (`project_id`, `project_position`). Files are not touched here.
 *
 * A photo belongs to at most one project, at a place (`project_position`, 0, 1, 2…) in its story.
 * Lists of projects are newest first: by the month the job was finished, then by when it was
 * published or created.
 */
import { randomUUID } from "node:crypto";
import type { Kysely, Selectable, Transaction } from "kysely";
import type { DB, ProjectPairsTable, ProjectsTable } from "../db/schema.server.ts";
import type { ProjectStatus } from "../../schemas/project.ts";
import { slugify } from "../../projects/project.ts";
import type { PhotoRow } from "./photos.server.ts";

export type ProjectRow = Selectable<ProjectsTable>;
export type ProjectPairRow = Selectable<ProjectPairsTable>;

type Dialect = "sqlite" | "postgres";
type Db = Kysely<DB> | Transaction<DB>;

/** What the admin writes about a project. */
export interface ProjectFields {
  title: string;
  service: string;
  place: string;
  /** "YYYY-MM" */
  finishedOn: string;
  description: string;
}

/** A slug not yet taken (other than by `exceptId`): the title's, else with -2, -3… */
async function freeSlug(db: Db, title: string, exceptId?: string): Promise<string> {
  const base = slugify(title);
  const taken = await db
    .selectFrom("projects")
    .select(["slug", "id"])
    .where((eb) => eb.or([eb("slug", "=", base), eb("slug", "like", `${base}-%`)]))
    .execute();
  const used = new Set(taken.filter((r) => r.id !== exceptId).map((r) => r.slug));
  if (!used.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`;
    if (!used.has(candidate)) return candidate;
  }
}

export async function createProject({
  db,
  fields,
  now = new Date(),
}: {
  db: Kysely<DB>;
  fields: ProjectFields;
  now?: Date;
}): Promise<ProjectRow> {
  return db.transaction().execute(async (trx) => {
    const row: ProjectRow = {
      id: randomUUID(),
      slug: await freeSlug(trx, fields.title),
      status: "draft",
      title: fields.title,
      service: fields.service,
      place: fields.place,
      finished_on: fields.finishedOn,
      description: fields.description,
      cover_photo_id: null,
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
      published_at: null,
    };
    await trx.insertInto("projects").values(row).execute();
    return row;
  });
}

export async function getProject({ db, id }: { db: Db; id: string }): Promise<ProjectRow | null> {
  return (await db.selectFrom("projects").selectAll().where("id", "=", id).executeTakeFirst()) ?? null;
}

export async function getProjectBySlug({ db, slug }: { db: Db; slug: string }): Promise<ProjectRow | null> {
  return (await db.selectFrom("projects").selectAll().where("slug", "=", slug).executeTakeFirst()) ?? null;
}

/**
 * Saves a project's details. While it is a draft its slug follows the title; once published
 * the address stays what was shared. Null when there is no such project.
 */
export async function updateProject({
  db,
  id,
  fields,
  now = new Date(),
}: {
  db: Kysely<DB>;
  id: string;
  fields: ProjectFields;
  now?: Date;
}): Promise<ProjectRow | null> {
  return db.transaction().execute(async (trx) => {
    const current = await getProject({ db: trx, id });
    if (!current) return null;
    const slug = current.status === "draft" && current.title !== fields.title ? await freeSlug(trx, fields.title, id) : current.slug;
    await trx
      .updateTable("projects")
      .set({
        slug,
        title: fields.title,
        service: fields.service,
        place: fields.place,
        finished_on: fields.finishedOn,
        description: fields.description,
        updated_at: now.toISOString(),
      })
      .where("id", "=", id)
      .execute();
    return getProject({ db: trx, id });
  });
}

/** Projects newest first, optionally of one status and one service. */
export async function listProjects({
  db,
  status,
  service,
  limit,
  offset = 0,
}: {
  db: Db;
  status?: ProjectStatus;
  service?: string | null;
  limit: number;
  offset?: number;
}): Promise<ProjectRow[]> {
  let query = db.selectFrom("projects").selectAll();
  if (status) query = query.where("status", "=", status);
  if (service) query = query.where("service", "=", service);
  return query
    .orderBy("finished_on", "desc")
    .orderBy("published_at", "desc")
    .orderBy("created_at", "desc")
    .orderBy("id")
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function countProjects({ db, status, service }: { db: Db; status?: ProjectStatus; service?: string | null }): Promise<number> {
  let query = db.selectFrom("projects").select((eb) => eb.fn.countAll<number | string>().as("n"));
  if (status) query = query.where("status", "=", status);
  if (service) query = query.where("service", "=", service);
  return Number((await query.executeTakeFirstOrThrow()).n);
}

/** Services that have published projects, with how many. */
export async function listPublishedProjectServices({ db }: { db: Db }): Promise<{ service: string; count: number }[]> {
  const rows = await db
    .selectFrom("projects")
    .select(["service", (eb) => eb.fn.countAll<number | string>().as("n")])
    .where("status", "=", "published")
    .groupBy("service")
    .execute();
  return rows.map((r) => ({ service: r.service, count: Number(r.n) }));
}

/** Every published project's slug and when it last changed (the sitemap). */
export async function listPublishedProjectSlugs({ db }: { db: Db }): Promise<{ slug: string; updated_at: string }[]> {
  return db
    .selectFrom("projects")
    .select(["slug", "updated_at"])
    .where("status", "=", "published")
    .orderBy("finished_on", "desc")
    .orderBy("published_at", "desc")
    .orderBy("id")
    .execute();
}

/**
 * A project's photos in story order, optionally only the published ones. `project_position`
 * is never null for a photo of a project; `id` breaks any tie.
 */
export async function listProjectPhotos({
  db,
  projectId,
  status,
}: {
  db: Db;
  projectId: string;
  status?: "draft" | "published";
}): Promise<PhotoRow[]> {
  let query = db.selectFrom("photos").selectAll().where("project_id", "=", projectId);
  if (status) query = query.where("status", "=", status);
  return query.orderBy("project_position").orderBy("id").execute();
}

/** How many photos each project has (published only when asked), by project id. */
export async function countProjectPhotos({
  db,
  projectIds,
  status,
}: {
  db: Db;
  projectIds: readonly string[];
  status?: "draft" | "published";
}): Promise<Map<string, number>> {
  if (projectIds.length === 0) return new Map();
  let query = db
    .selectFrom("photos")
    .select(["project_id", (eb) => eb.fn.countAll<number | string>().as("n")])
    .where("project_id", "in", [...projectIds]);
  if (status) query = query.where("status", "=", status);
  const rows = await query.groupBy("project_id").execute();
  return new Map(rows.map((r) => [r.project_id as string, Number(r.n)]));
}

/** The project of each photo that has one: photo id → `{ id, slug, title, status }`. */
export async function projectsOfPhotos({
  db,
  photoIds,
}: {
  db: Db;
  photoIds: readonly string[];
}): Promise<Map<string, Pick<ProjectRow, "id" | "slug" | "title" | "status">>> {
  if (photoIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("photos")
    .innerJoin("projects", "projects.id", "photos.project_id")
    .select(["photos.id as photo_id", "projects.id", "projects.slug", "projects.title", "projects.status"])
    .where("photos.id", "in", [...photoIds])
    .execute();
  return new Map(rows.map((r) => [r.photo_id, { id: r.id, slug: r.slug, title: r.title, status: r.status }]));
}

/**
 * Puts photos in a project, after the photos it already has, in the order given. A photo of
 * another project leaves that one (and its pairs and cover there). Returns how many moved; 0
 * when the project does not exist. Unknown photo ids are skipped.
 */
export async function addPhotosToProject({
  db,
  dialect,
  projectId,
  photoIds,
  now = new Date(),
}: {
  db: Kysely<DB>;
  dialect: Dialect;
  projectId: string;
  photoIds: readonly string[];
  now?: Date;
}): Promise<number> {
  if (photoIds.length === 0) return 0;
  return db.transaction().execute(async (trx) => {
    let project = trx.selectFrom("projects").select("id").where("id", "=", projectId);
    // Two admins filling one project at once on PostgreSQL: the second waits, so places stay unique.
    if (dialect === "postgres") project = project.forUpdate();
    if (!(await project.executeTakeFirst())) return 0;
    const wanted = [...new Set(photoIds)];
    const rows = await trx.selectFrom("photos").select(["id", "project_id"]).where("id", "in", wanted).execute();
    const known = new Map(rows.map((r) => [r.id, r.project_id]));
    const last = await trx
      .selectFrom("photos")
      .select((eb) => eb.fn.max<number | string | null>("project_position").as("max"))
      .where("project_id", "=", projectId)
      .executeTakeFirstOrThrow();
    let next = last.max === null ? 0 : Number(last.max) + 1;
    let moved = 0;
    for (const id of wanted) {
      if (!known.has(id)) continue;
      const from = known.get(id) ?? null;
      if (from === projectId) continue;
      if (from !== null) await detachFromProject(trx, id, from);
      await trx
        .updateTable("photos")
        .set({ project_id: projectId, project_position: next++, updated_at: now.toISOString() })
        .where("id", "=", id)
        .execute();
      moved++;
    }
    if (moved > 0) await trx.updateTable("projects").set({ updated_at: now.toISOString() }).where("id", "=", projectId).execute();
    return moved;
  });
}

/** Drops what ties a photo to a project: its pairs there, and the cover when it was that photo. */
async function detachFromProject(trx: Transaction<DB>, photoId: string, projectId: string): Promise<void> {
  await trx
    .deleteFrom("project_pairs")
    .where("project_id", "=", projectId)
    .where((eb) => eb.or([eb("before_photo_id", "=", photoId), eb("after_photo_id", "=", photoId)]))
    .execute();
  await trx.updateTable("projects").set({ cover_photo_id: null }).where("id", "=", projectId).where("cover_photo_id", "=", photoId).execute();
}

/**
 * Takes photos out of whatever project they are in: they stay in the gallery on their own. Their
 * pairs go, and a project's cover that was one of them goes back to none. Returns how many left.
 */
export async function removePhotosFromProjects({
  db,
  photoIds,
  now = new Date(),
}: {
  db: Kysely<DB>;
  photoIds: readonly string[];
  now?: Date;
}): Promise<number> {
  if (photoIds.length === 0) return 0;
  return db.transaction().execute(async (trx) => {
    const rows = await trx
      .selectFrom("photos")
      .select(["id", "project_id"])
      .where("id", "in", [...new Set(photoIds)])
      .where("project_id", "is not", null)
      .execute();
    for (const row of rows) {
      await detachFromProject(trx, row.id, row.project_id as string);
      await trx
        .updateTable("photos")
        .set({ project_id: null, project_position: null, updated_at: now.toISOString() })
        .where("id", "=", row.id)
        .execute();
    }
    return rows.length;
  });
}

/**
 * Moves a project's photo to `position` (0 = first) in its story, clamped; renumbers 0, 1, 2….
 * Returns the new position, or null when the photo is not in that project.
 */
export async function moveProjectPhoto({
  db,
  dialect,
  projectId,
  photoId,
  position,
}: {
  db: Kysely<DB>;
  dialect: Dialect;
  projectId: string;
  photoId: string;
  position: number;
}): Promise<number | null> {
  return db.transaction().execute(async (trx) => {
    let query = trx
      .selectFrom("photos")
      .select(["id", "project_position"])
      .where("project_id", "=", projectId)
      .orderBy("project_position")
      .orderBy("id");
    if (dialect === "postgres") query = query.forUpdate();
    const rows = await query.execute();
    const from = rows.findIndex((r) => r.id === photoId);
    if (from === -1) return null;
    const to = Math.max(0, Math.min(rows.length - 1, Math.trunc(position)));
    const [moved] = rows.splice(from, 1);
    rows.splice(to, 0, moved as (typeof rows)[number]);
    for (const [index, row] of rows.entries()) {
      if (row.project_position === index) continue;
      await trx.updateTable("photos").set({ project_position: index }).where("id", "=", row.id).execute();
    }
    return to;
  });
}

/** Makes a photo of the project its cover; false when the photo is not in that project. */
export async function setProjectCover({
  db,
  projectId,
  photoId,
  now = new Date(),
}: {
  db: Kysely<DB>;
  projectId: string;
  photoId: string | null;
  now?: Date;
}): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    if (photoId !== null) {
      const photo = await trx.selectFrom("photos").select("id").where("id", "=", photoId).where("project_id", "=", projectId).executeTakeFirst();
      if (!photo) return false;
    }
    const result = await trx
      .updateTable("projects")
      .set({ cover_photo_id: photoId, updated_at: now.toISOString() })
      .where("id", "=", projectId)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  });
}

/**
 * Adds a before/after pair at the end of the project's pairs. Both photos must be in the project
 * and differ. Null when they are not (nothing is written).
 */
export async function addProjectPair({
  db,
  dialect,
  projectId,
  beforePhotoId,
  afterPhotoId,
  caption,
  now = new Date(),
}: {
  db: Kysely<DB>;
  dialect: Dialect;
  projectId: string;
  beforePhotoId: string;
  afterPhotoId: string;
  caption: string;
  now?: Date;
}): Promise<ProjectPairRow | null> {
  if (beforePhotoId === afterPhotoId) return null;
  return db.transaction().execute(async (trx) => {
    let project = trx.selectFrom("projects").select("id").where("id", "=", projectId);
    if (dialect === "postgres") project = project.forUpdate();
    if (!(await project.executeTakeFirst())) return null;
    const photos = await trx
      .selectFrom("photos")
      .select("id")
      .where("id", "in", [beforePhotoId, afterPhotoId])
      .where("project_id", "=", projectId)
      .execute();
    if (photos.length !== 2) return null;
    const last = await trx
      .selectFrom("project_pairs")
      .select((eb) => eb.fn.max<number | string | null>("position").as("max"))
      .where("project_id", "=", projectId)
      .executeTakeFirstOrThrow();
    const row: ProjectPairRow = {
      id: randomUUID(),
      project_id: projectId,
      before_photo_id: beforePhotoId,
      after_photo_id: afterPhotoId,
      position: last.max === null ? 0 : Number(last.max) + 1,
      caption,
      created_at: now.toISOString(),
    };
    await trx.insertInto("project_pairs").values(row).execute();
    await trx.updateTable("projects").set({ updated_at: now.toISOString() }).where("id", "=", projectId).execute();
    return row;
  });
}

export async function listProjectPairs({ db, projectId }: { db: Db; projectId: string }): Promise<ProjectPairRow[]> {
  return db.selectFrom("project_pairs").selectAll().where("project_id", "=", projectId).orderBy("position").orderBy("id").execute();
}

/** Removes one pair of the project (its photos stay); false when there was no such pair. */
export async function deleteProjectPair({ db, projectId, pairId }: { db: Kysely<DB>; projectId: string; pairId: string }): Promise<boolean> {
  const result = await db.deleteFrom("project_pairs").where("id", "=", pairId).where("project_id", "=", projectId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * Publishes a project with its draft photos in one transaction: every draft photo of the project
 * goes to the top of the gallery (in story order) and the project is published. The caller has
 * checked that each draft has its description (alt text). Returns how many photos were
 * published, or null when there is no such project.
 */
export async function publishProject({
  db,
  dialect,
  id,
  now = new Date(),
}: {
  db: Kysely<DB>;
  dialect: Dialect;
  id: string;
  now?: Date;
}): Promise<{ photosPublished: number } | null> {
  return db.transaction().execute(async (trx) => {
    let current = trx.selectFrom("projects").select(["id", "status"]).where("id", "=", id);
    if (dialect === "postgres") current = current.forUpdate();
    const project = await current.executeTakeFirst();
    if (!project) return null;
    const drafts = await trx
      .selectFrom("photos")
      .select("id")
      .where("project_id", "=", id)
      .where("status", "=", "draft")
      .orderBy("project_position", "desc")
      .orderBy("id", "desc")
      .execute();
    if (drafts.length > 0) {
      const top = await trx
        .selectFrom("photos")
        .select((eb) => eb.fn.min<number | string | null>("sort_order").as("min"))
        .where("status", "=", "published")
        .executeTakeFirstOrThrow();
      // The last photo of the story first, so the story's first photo ends on top of the gallery.
      let order = top.min === null ? 0 : Number(top.min) - 1;
      for (const draft of drafts) {
        await trx
          .updateTable("photos")
          .set({ status: "published", published_at: now.toISOString(), sort_order: order--, updated_at: now.toISOString() })
          .where("id", "=", draft.id)
          .execute();
      }
    }
    if (project.status !== "published") {
      await trx
        .updateTable("projects")
        .set({ status: "published", published_at: now.toISOString(), updated_at: now.toISOString() })
        .where("id", "=", id)
        .execute();
    }
    return { photosPublished: drafts.length };
  });
}

/** Takes a project off the site (its photos stay in the gallery). False when there is no such project. */
export async function unpublishProject({ db, id, now = new Date() }: { db: Kysely<DB>; id: string; now?: Date }): Promise<boolean> {
  const result = await db
    .updateTable("projects")
    .set({ status: "draft", updated_at: now.toISOString() })
    .where("id", "=", id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Deletes a project and its pairs; its photos stay in the gallery on their own. False when it was not there. */
export async function deleteProject({ db, id }: { db: Kysely<DB>; id: string }): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await trx.updateTable("photos").set({ project_id: null, project_position: null }).where("project_id", "=", id).execute();
    await trx.deleteFrom("project_pairs").where("project_id", "=", id).execute();
    const result = await trx.deleteFrom("projects").where("id", "=", id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  });
}

/**
 * What each project's card shows (the public pages, ADR 039): its chosen cover when that photo is
 * published, else its first published photo in story order. Projects without a published photo
 * are not in the map. Two queries whatever the number of projects.
 */
export async function listProjectCovers({
  db,
  projects,
}: {
  db: Db;
  projects: readonly Pick<ProjectRow, "id" | "cover_photo_id">[];
}): Promise<Map<string, PhotoRow>> {
  const covers = new Map<string, PhotoRow>();
  if (projects.length === 0) return covers;
  const chosen = projects.filter((p) => p.cover_photo_id !== null);
  if (chosen.length > 0) {
    const rows = await db
      .selectFrom("photos")
      .selectAll()
      .where("id", "in", chosen.map((p) => p.cover_photo_id as string))
      .where("status", "=", "published")
      .execute();
    for (const row of rows) if (row.project_id !== null && chosen.some((p) => p.id === row.project_id && p.cover_photo_id === row.id)) covers.set(row.project_id, row);
  }
  const rest = projects.filter((p) => !covers.has(p.id)).map((p) => p.id);
  if (rest.length > 0) {
    const rows = await db
      .selectFrom("photos as p")
      .selectAll("p")
      .where("p.project_id", "in", rest)
      .where("p.status", "=", "published")
      .where("p.project_position", "=", (eb) =>
        eb
          .selectFrom("photos as q")
          .select((q) => q.fn.min("q.project_position").as("first"))
          .whereRef("q.project_id", "=", "p.project_id")
          .where("q.status", "=", "published"),
      )
      .orderBy("p.id")
      .execute();
    for (const row of rows) if (row.project_id !== null && !covers.has(row.project_id)) covers.set(row.project_id, row);
  }
  return covers;
}

/**
 * Photos in no project (drafts and published), newest upload first: what the admin may add to a
 * project. Paged with `limit` and `offset`.
 */
export async function listPhotosOutsideProjects({ db, limit, offset = 0 }: { db: Db; limit: number; offset?: number }): Promise<PhotoRow[]> {
  return db
    .selectFrom("photos")
    .selectAll()
    .where("project_id", "is", null)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function countPhotosOutsideProjects({ db }: { db: Db }): Promise<number> {
  const row = await db
    .selectFrom("photos")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("project_id", "is", null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
