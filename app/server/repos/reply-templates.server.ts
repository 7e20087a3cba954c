/** Saved reply templates (/admin/replies). The only code that writes SQL for `reply_templates`. */
import { randomUUID } from "node:crypto";
import type { Kysely, Selectable } from "kysely";
import type { DB, ReplyTemplatesTable } from "#app/server/db/schema.server.ts";
import type { Timed } from "#app/server/repos/args.server.ts";

export type ReplyTemplate = Selectable<ReplyTemplatesTable>;

interface ReplyTemplateFields {
  name: string;
  subject: string;
  body: string;
  /** The Spanish version, both or neither (null, or not given: none). */
  subject_es?: string | null;
  body_es?: string | null;
}

/** Every template, by name (the picker's order). */
export async function listReplyTemplates({ db }: { db: Kysely<DB> }): Promise<ReplyTemplate[]> {
  return db.selectFrom("reply_templates").selectAll().orderBy("name").orderBy("id").execute();
}

export async function getReplyTemplate({ db, id }: { db: Kysely<DB>; id: string }): Promise<ReplyTemplate | null> {
  return (await db.selectFrom("reply_templates").selectAll().where("id", "=", id).executeTakeFirst()) ?? null;
}

/** The template with this name, whatever its case (names are told apart as a person reads them). */
export async function findReplyTemplateByName({ db, name }: { db: Kysely<DB>; name: string }): Promise<ReplyTemplate | null> {
  const rows = await db.selectFrom("reply_templates").selectAll().execute();
  const wanted = name.toLocaleLowerCase("en-US");
  return rows.find((row) => row.name.toLocaleLowerCase("en-US") === wanted) ?? null;
}

export async function countReplyTemplates({ db }: { db: Kysely<DB> }): Promise<number> {
  const row = await db
    .selectFrom("reply_templates")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

type CreateReplyTemplateArgs = Timed<{ fields: ReplyTemplateFields }>;

export async function createReplyTemplate({ db, fields, now = new Date() }: CreateReplyTemplateArgs): Promise<ReplyTemplate> {
  const row: ReplyTemplate = {
    id: randomUUID(),
    ...fields,
    subject_es: fields.subject_es ?? null,
    body_es: fields.body_es ?? null,
    created_at: now.toISOString(),
    updated_at: now.toISOString(),
  };
  await db.insertInto("reply_templates").values(row).execute();
  return row;
}

type UpdateReplyTemplateArgs = Timed<{ id: string; fields: ReplyTemplateFields }>;

/** False when there is no such template (any more). */
export async function updateReplyTemplate({ db, id, fields, now = new Date() }: UpdateReplyTemplateArgs): Promise<boolean> {
  const result = await db
    .updateTable("reply_templates")
    .set({ ...fields, subject_es: fields.subject_es ?? null, body_es: fields.body_es ?? null, updated_at: now.toISOString() })
    .where("id", "=", id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** False when there was no such template. */
export async function deleteReplyTemplate({ db, id }: { db: Kysely<DB>; id: string }): Promise<boolean> {
  const result = await db.deleteFrom("reply_templates").where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}
