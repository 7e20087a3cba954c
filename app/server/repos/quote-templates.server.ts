/** Saved quote lines and whole quotes for common jobs (ADR 066): the only code that writes SQL for `quote_templates`. */
import { randomUUID } from "node:crypto";
import type { Kysely, Selectable } from "kysely";
import type { DB, QuoteTemplatesTable } from "#app/server/db/schema.server.ts";
import { isUniqueViolation } from "#app/server/repos/users.server.ts";

export type QuoteTemplateRow = Selectable<QuoteTemplatesTable>;
type Kind = QuoteTemplateRow["kind"];

export async function listQuoteTemplates({ db, kind }: { db: Kysely<DB>; kind: Kind }): Promise<QuoteTemplateRow[]> {
  return db.selectFrom("quote_templates").selectAll().where("kind", "=", kind).orderBy("name").execute();
}

export async function getQuoteTemplate({ db, id }: { db: Kysely<DB>; id: string }): Promise<QuoteTemplateRow | null> {
  return (await db.selectFrom("quote_templates").selectAll().where("id", "=", id).executeTakeFirst()) ?? null;
}

/** Saves a template under its name: a template of the same kind and name is replaced. */
export async function saveQuoteTemplate({
  db,
  kind,
  name,
  body,
  now = new Date(),
}: {
  db: Kysely<DB>;
  kind: Kind;
  name: string;
  body: string;
  now?: Date;
}): Promise<QuoteTemplateRow> {
  const at = now.toISOString();
  const existing = await db.selectFrom("quote_templates").selectAll().where("kind", "=", kind).where("name", "=", name).executeTakeFirst();
  if (existing) {
    await db.updateTable("quote_templates").set({ body, updated_at: at }).where("id", "=", existing.id).execute();
    return { ...existing, body, updated_at: at };
  }
  const row: QuoteTemplateRow = { id: randomUUID(), kind, name, body, created_at: at, updated_at: at };
  try {
    await db.insertInto("quote_templates").values(row).execute();
  } catch (error) {
    // The same name saved at the same moment: the other one won; keep this body under it.
    if (!isUniqueViolation(error)) throw error;
    return saveQuoteTemplate({ db, kind, name, body, now });
  }
  return row;
}

export async function deleteQuoteTemplate({ db, id }: { db: Kysely<DB>; id: string }): Promise<boolean> {
  const result = await db.deleteFrom("quote_templates").where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** Renames a template; "taken" when another of its kind has that name already. */
export async function updateQuoteTemplateName({
  db,
  id,
  name,
  now = new Date(),
}: {
  db: Kysely<DB>;
  id: string;
  name: string;
  now?: Date;
}): Promise<"renamed" | "taken" | "not-found"> {
  try {
    const result = await db
      .updateTable("quote_templates")
      .set({ name, updated_at: now.toISOString() })
      .where("id", "=", id)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1 ? "renamed" : "not-found";
  } catch (error) {
    if (isUniqueViolation(error)) return "taken";
    throw error;
  }
}
