/**
 * The texts the owner changed: the only code that writes SQL for `site_texts`. A text without a
 * row shows its default (app/content/texts.ts), so "restore the default" deletes the row.
 */
import type { Kysely } from "kysely";
import type { DB } from "#app/server/db/schema.server.ts";
import type { Timed } from "#app/server/repos/args.server.ts";

interface StoredText {
  key: string;
  locale: string;
  value: string;
  updatedAt: string;
  updatedBy: string | null;
}

/** The changed texts of one language, key → words. */
export async function listTexts({ db, locale }: { db: Kysely<DB>; locale: string }): Promise<StoredText[]> {
  const rows = await db
    .selectFrom("site_texts")
    .select(["key", "locale", "value", "updated_at", "updated_by"])
    .where("locale", "=", locale)
    .orderBy("key")
    .execute();
  return rows.map((row) => ({
    key: row.key,
    locale: row.locale,
    value: row.value,
    updatedAt: row.updated_at,
    updatedBy: row.updated_by,
  }));
}

type SaveTextArgs = Timed<{ key: string; locale: string; value: string; updatedBy: string | null }>;

export async function saveText({ db, key, locale, value, updatedBy, now = new Date() }: SaveTextArgs): Promise<void> {
  await db
    .insertInto("site_texts")
    .values({ key, locale, value, updated_at: now.toISOString(), updated_by: updatedBy })
    .onConflict((oc) =>
      oc.columns(["key", "locale"]).doUpdateSet({
        value: (eb) => eb.ref("excluded.value"),
        updated_at: (eb) => eb.ref("excluded.updated_at"),
        updated_by: (eb) => eb.ref("excluded.updated_by"),
      }),
    )
    .execute();
}

/** Deletes the owner's words, so the default shows again. Returns whether there were any. */
export async function deleteText({ db, key, locale }: { db: Kysely<DB>; key: string; locale: string }): Promise<boolean> {
  const result = await db.deleteFrom("site_texts").where("key", "=", key).where("locale", "=", locale).executeTakeFirst();
  return result.numDeletedRows > 0n;
}
