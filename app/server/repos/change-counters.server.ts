/**
 * Change counters: the only code that writes SQL for `change_counters`, and the PostgreSQL
 * notification that goes with a bump. Every instance polls a counter; a bump tells them all that
 * what it counts changed (docs/decisions/021-one-cache-every-instance.md).
 */
import { sql, type Kysely } from "kysely";
import type { DB } from "#app/server/db/schema.server.ts";

/** The counter's value; 0 while it was never bumped. */
export async function getChangeCounter({ db, name }: { db: Kysely<DB>; name: string }): Promise<number> {
  const row = await db.selectFrom("change_counters").select("value").where("name", "=", name).executeTakeFirst();
  return row ? Number(row.value) : 0;
}

/**
 * Adds one and returns the new value. On PostgreSQL, `notify` names a channel told
 * `<schema>:<value>` in the same statement's transaction, so a listener hears it once the bump
 * is committed (a listener in another schema of the same database ignores it).
 */
export async function bumpChangeCounter({ db, name, notify }: { db: Kysely<DB>; name: string; notify?: string }): Promise<number> {
  const now = new Date().toISOString();
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto("change_counters")
      .values({ name, value: 1, updated_at: now })
      .onConflict((oc) => oc.column("name").doUpdateSet({ value: sql<number>`change_counters.value + 1`, updated_at: now }))
      .returning("value")
      .executeTakeFirstOrThrow();
    const value = Number(row.value);
    if (notify) await sql`select pg_notify(${notify}, current_schema() || ':' || ${String(value)})`.execute(trx);
    return value;
  });
}

/** PostgreSQL: the schema this connection's tables are in (what a notification names). */
export async function getCurrentSchema({ db }: { db: Kysely<DB> }): Promise<string> {
  const { rows } = await sql<{ schema: string | null }>`select current_schema() as schema`.execute(db);
  return rows[0]?.schema ?? "";
}
