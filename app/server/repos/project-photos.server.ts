/**
 * A project's photos (ADR 039): a photo belongs to at most one project, at a place
 * (`project_position`, 0, 1, 2…) in its story. Also the cards' covers and the photos in no project.
 */
import type { Transaction } from "kysely";
import type { DB } from "#app/server/db/schema.server.ts";
import type { Db, Dialect, ProjectRow } from "#app/server/repos/projects.server.ts";
import type { PhotoRow } from "#app/server/repos/photos.server.ts";
import { moveInList } from "#app/server/repos/photo-order.server.ts";
import type { Timed, WithDb } from "#app/server/repos/args.server.ts";

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
}): Promise<Map<string, Pick<ProjectRow, "id" | "slug" | "title" | "title_es" | "description_es" | "status">>> {
  if (photoIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("photos")
    .innerJoin("projects", "projects.id", "photos.project_id")
    .select([
      "photos.id as photo_id",
      "projects.id",
      "projects.slug",
      "projects.title",
      "projects.title_es",
      "projects.description_es",
      "projects.status",
    ])
    .where("photos.id", "in", [...photoIds])
    .execute();
  return new Map(
    rows.map((r) => [
      r.photo_id,
      { id: r.id, slug: r.slug, title: r.title, title_es: r.title_es, description_es: r.description_es, status: r.status },
    ]),
  );
}

type AddPhotosToProjectArgs = Timed<{ dialect: Dialect; projectId: string; photoIds: readonly string[] }>;

/**
 * Puts photos in a project, after the photos it already has, in the order given. A photo of
 * another project leaves that one (and its pairs and cover there). Returns how many moved; 0
 * when the project does not exist. Unknown photo ids are skipped.
 */
export async function addPhotosToProject({ db, dialect, projectId, photoIds, now = new Date() }: AddPhotosToProjectArgs): Promise<number> {
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
  await trx
    .updateTable("projects")
    .set({ cover_photo_id: null })
    .where("id", "=", projectId)
    .where("cover_photo_id", "=", photoId)
    .execute();
}

type RemovePhotosFromProjectsArgs = Timed<{ photoIds: readonly string[] }>;

/**
 * Takes photos out of whatever project they are in: they stay in the gallery on their own. Their
 * pairs go, and a project's cover that was one of them goes back to none. Returns how many left.
 */
export async function removePhotosFromProjects({ db, photoIds, now = new Date() }: RemovePhotosFromProjectsArgs): Promise<number> {
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

type MoveProjectPhotoArgs = WithDb<{ dialect: Dialect; projectId: string; photoId: string; position: number }>;

/**
 * Moves a project's photo to `position` (0 = first) in its story, clamped; renumbers 0, 1, 2….
 * Returns the new position, or null when the photo is not in that project.
 */
export async function moveProjectPhoto({ db, dialect, projectId, photoId, position }: MoveProjectPhotoArgs): Promise<number | null> {
  return db.transaction().execute(async (trx) => {
    let query = trx
      .selectFrom("photos")
      .select(["id", "project_position"])
      .where("project_id", "=", projectId)
      .orderBy("project_position")
      .orderBy("id");
    if (dialect === "postgres") query = query.forUpdate();
    const rows = await query.execute();
    const to = moveInList(rows, photoId, position);
    if (to === null) return null;
    for (const [index, row] of rows.entries()) {
      if (row.project_position === index) continue;
      await trx.updateTable("photos").set({ project_position: index }).where("id", "=", row.id).execute();
    }
    return to;
  });
}

type SetProjectCoverArgs = Timed<{ projectId: string; photoId: string | null }>;

/** Makes a photo of the project its cover; false when the photo is not in that project. */
export async function setProjectCover({ db, projectId, photoId, now = new Date() }: SetProjectCoverArgs): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    if (photoId !== null) {
      const photo = await trx
        .selectFrom("photos")
        .select("id")
        .where("id", "=", photoId)
        .where("project_id", "=", projectId)
        .executeTakeFirst();
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
 * What each project's card shows (the public pages, ADR 039): its chosen cover when that photo is
 * published, else its first published photo in story order that is not a before photo (ADR 060).
 * Projects without such a photo
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
      .where(
        "id",
        "in",
        chosen.map((p) => p.cover_photo_id as string),
      )
      .where("status", "=", "published")
      .execute();
    for (const row of rows)
      if (row.project_id !== null && chosen.some((p) => p.id === row.project_id && p.cover_photo_id === row.id))
        covers.set(row.project_id, row);
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
          .where("q.status", "=", "published")
          // Not a before photo: a card shows the finished job (ADR 060).
          .where(({ not, exists, selectFrom }) =>
            not(exists(selectFrom("project_pairs").select("project_pairs.id").whereRef("project_pairs.before_photo_id", "=", "q.id"))),
          ),
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
export async function listPhotosOutsideProjects({
  db,
  limit,
  offset = 0,
}: {
  db: Db;
  limit: number;
  offset?: number;
}): Promise<PhotoRow[]> {
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
