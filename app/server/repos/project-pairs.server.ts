/** A project's before/after pairs (ADR 038, 039): the only code that writes SQL for `project_pairs` besides a project's deletion. */
import { randomUUID } from "node:crypto";
import type { Kysely, Selectable } from "kysely";
import type { DB, ProjectPairsTable } from "#app/server/db/schema.server.ts";
import type { Db, Dialect } from "#app/server/repos/projects.server.ts";
import type { Timed, WithDb } from "#app/server/repos/args.server.ts";

export type ProjectPairRow = Selectable<ProjectPairsTable>;

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
  captionEs = "",
  now = new Date(),
}: {
  db: Kysely<DB>;
  dialect: Dialect;
  projectId: string;
  beforePhotoId: string;
  afterPhotoId: string;
  caption: string;
  /** The caption in Spanish; "" when not written. */
  captionEs?: string;
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
      caption_es: captionEs,
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

/** Rewrites one pair's captions, English and Spanish; false when the project has no such pair. */
export async function updateProjectPairCaptions({
  db,
  projectId,
  pairId,
  caption,
  captionEs,
  now = new Date(),
}: Timed<{ projectId: string; pairId: string; caption: string; captionEs: string }>): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable("project_pairs")
      .set({ caption, caption_es: captionEs })
      .where("id", "=", pairId)
      .where("project_id", "=", projectId)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return false;
    await trx.updateTable("projects").set({ updated_at: now.toISOString() }).where("id", "=", projectId).execute();
    return true;
  });
}

/** Removes one pair of the project (its photos stay); false when there was no such pair. */
export async function deleteProjectPair({ db, projectId, pairId }: WithDb<{ projectId: string; pairId: string }>): Promise<boolean> {
  const result = await db.deleteFrom("project_pairs").where("id", "=", pairId).where("project_id", "=", projectId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** True when the photo is the before side of a pair: shown only in its pair, never as finished work (ADR 060). */
export async function isBeforePhoto({ db, photoId }: WithDb<{ photoId: string }>): Promise<boolean> {
  const row = await db.selectFrom("project_pairs").select("id").where("before_photo_id", "=", photoId).executeTakeFirst();
  return row !== undefined;
}
