/**
 * Projects (migration 0015, ADR 039). With project-photos and project-pairs the only code that
 * writes SQL for `projects` and `project_pairs`, and for the two project columns of `photos`
 * (`project_id`, `project_position`). Files are not touched here.
 *
 * Lists of projects are newest first: by the month the job was finished, then by when it was
 * published or created.
 */
import { randomUUID } from "node:crypto";
import type { Kysely, Selectable, Transaction } from "kysely";
import type { DB, ProjectsTable } from "#app/server/db/schema.server.ts";
import type { ProjectStatus } from "#app/schemas/project.ts";
import { slugify } from "#app/schemas/project-view.ts";
import { getGalleryTop } from "#app/server/repos/photo-order.server.ts";
import type { Timed } from "#app/server/repos/args.server.ts";

export type ProjectRow = Selectable<ProjectsTable>;

export type Dialect = "sqlite" | "postgres";
/** A connection or a transaction: the reads take either. */
export type Db = Kysely<DB> | Transaction<DB>;

/** What the admin writes about a project. */
export interface ProjectFields {
  title: string;
  service: string;
  place: string;
  /** "YYYY-MM" */
  finishedOn: string;
  description: string;
  /** The title in Spanish; "" when not written. Left as stored when not given (an update). */
  titleEs?: string;
  /** The story in Spanish; "" when not written. Left as stored when not given (an update). */
  descriptionEs?: string;
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

export async function createProject({ db, fields, now = new Date() }: Timed<{ fields: ProjectFields }>): Promise<ProjectRow> {
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
      title_es: fields.titleEs ?? "",
      description_es: fields.descriptionEs ?? "",
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

type UpdateProjectArgs = Timed<{ id: string; fields: ProjectFields }>;

/**
 * Saves a project's details. While it is a draft its slug follows the title; once published
 * the address stays what was shared. Null when there is no such project.
 */
export async function updateProject({ db, id, fields, now = new Date() }: UpdateProjectArgs): Promise<ProjectRow | null> {
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
        ...(fields.titleEs === undefined ? {} : { title_es: fields.titleEs }),
        ...(fields.descriptionEs === undefined ? {} : { description_es: fields.descriptionEs }),
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

/** Every published project's slug, its Spanish title and story, and when it last changed (the sitemap). */
export async function listPublishedProjectSlugs({
  db,
}: {
  db: Db;
}): Promise<{ slug: string; title_es: string; description_es: string; updated_at: string }[]> {
  return db
    .selectFrom("projects")
    .select(["slug", "title_es", "description_es", "updated_at"])
    .where("status", "=", "published")
    .orderBy("finished_on", "desc")
    .orderBy("published_at", "desc")
    .orderBy("id")
    .execute();
}

type PublishProjectArgs = Timed<{ dialect: Dialect; id: string }>;

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
}: PublishProjectArgs): Promise<{ photosPublished: number } | null> {
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
      const top = await getGalleryTop(trx);
      // The last photo of the story first, so the story's first photo ends on top of the gallery.
      let order = top === null ? 0 : top - 1;
      for (const draft of drafts) {
        await trx
          .updateTable("photos")
          .set({
            status: "published",
            published_at: now.toISOString(),
            sort_order: order--,
            updated_at: now.toISOString(),
          })
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
