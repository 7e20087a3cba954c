/**
 * Site settings: a small key/value store with JSON values. The only code that writes SQL for
 * the `settings` table. Every function takes one object; `db` may be a `Kysely<DB>` or a
 * transaction.
 */
import type { Kysely } from "kysely";
import type { DB } from "#app/server/db/schema.server.ts";
import type { WithDb } from "#app/server/repos/args.server.ts";

type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

interface SettingEntry {
  key: string;
  value: JsonValue;
  /** ISO-8601 UTC timestamp of the last write. */
  updatedAt: string;
}

/**
 * The parsed value, or null when the key is missing. A stored JSON `null` also reads as null:
 * `listSettings` tells the two apart (the key is listed).
 */
export async function getSetting({ db, key }: { db: Kysely<DB>; key: string }): Promise<JsonValue | null> {
  const row = await db.selectFrom("settings").select("value").where("key", "=", checkKey(key)).executeTakeFirst();
  return row ? parseValue(key, row.value) : null;
}

/**
 * The value, as `getSetting`, with the row locked until the transaction `db` ends on PostgreSQL
 * (SQLite's write transactions are serialized already): a writer that checks a setting before
 * acting on it waits for, or makes wait, any other that changes it.
 */
export async function getSettingForUpdate({
  db,
  dialect,
  key,
}: {
  db: Kysely<DB>;
  dialect: "sqlite" | "postgres";
  key: string;
}): Promise<JsonValue | null> {
  let query = db.selectFrom("settings").select("value").where("key", "=", checkKey(key));
  if (dialect === "postgres") query = query.forUpdate();
  const row = await query.executeTakeFirst();
  return row ? parseValue(key, row.value) : null;
}

/** Inserts or replaces a setting. `value` must be JSON-serializable (not `undefined`). */
export async function setSetting({ db, key, value }: { db: Kysely<DB>; key: string; value: unknown }): Promise<void> {
  const row = {
    key: checkKey(key),
    value: stringifyValue(key, value),
    updated_at: new Date().toISOString(),
  };
  await db
    .insertInto("settings")
    .values(row)
    .onConflict((oc) =>
      oc.column("key").doUpdateSet({
        value: (eb) => eb.ref("excluded.value"),
        updated_at: (eb) => eb.ref("excluded.updated_at"),
      }),
    )
    .execute();
}

/**
 * Stores `value` only if the key has none yet, and returns the value that is
 * stored afterwards: safe when several processes race to initialise a setting.
 */
export async function setSettingIfAbsent({ db, key, value }: { db: Kysely<DB>; key: string; value: unknown }): Promise<JsonValue> {
  await db
    .insertInto("settings")
    .values({ key: checkKey(key), value: stringifyValue(key, value), updated_at: new Date().toISOString() })
    .onConflict((oc) => oc.column("key").doNothing())
    .execute();
  const row = await db.selectFrom("settings").select("value").where("key", "=", key).executeTakeFirstOrThrow();
  return parseValue(key, row.value);
}

type CompareAndSetSettingArgs = WithDb<{ key: string; expected: JsonValue | null; value: unknown }>;

/**
 * Replaces the value only if it still is `expected` (null: only if the key has none), in one
 * statement, and says whether it did. Of several processes racing with the same `expected`,
 * exactly one wins: the compare-and-set the daily jobs claim their day with.
 */
export async function compareAndSetSetting({ db, key, expected, value }: CompareAndSetSettingArgs): Promise<boolean> {
  const row = { key: checkKey(key), value: stringifyValue(key, value), updated_at: new Date().toISOString() };
  if (expected === null) {
    const result = await db
      .insertInto("settings")
      .values(row)
      .onConflict((oc) => oc.column("key").doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
  }
  const result = await db
    .updateTable("settings")
    .set({ value: row.value, updated_at: row.updated_at })
    .where("key", "=", row.key)
    .where("value", "=", stringifyValue(key, expected))
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Every setting, sorted by key (by code unit, the same on both databases). */
export async function listSettings({ db }: { db: Kysely<DB> }): Promise<SettingEntry[]> {
  const rows = await db.selectFrom("settings").select(["key", "value", "updated_at"]).execute();
  return rows
    .map((row) => ({ key: row.key, value: parseValue(row.key, row.value), updatedAt: row.updated_at }))
    .toSorted((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

/** Deletes a setting. Returns whether it existed. */
export async function deleteSetting({ db, key }: { db: Kysely<DB>; key: string }): Promise<boolean> {
  const result = await db.deleteFrom("settings").where("key", "=", checkKey(key)).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

function checkKey(key: string): string {
  if (typeof key !== "string" || key.length === 0) {
    throw new TypeError(`Setting key must be a non-empty string, got ${JSON.stringify(key)}`);
  }
  return key;
}

function stringifyValue(key: string, value: unknown): string {
  let json: string | undefined;
  try {
    json = JSON.stringify(value);
  } catch (error) {
    throw new TypeError(`Setting "${key}": value is not JSON-serializable`, { cause: error });
  }
  if (json === undefined) {
    throw new TypeError(`Setting "${key}": value is not JSON-serializable (got ${typeof value})`);
  }
  return json;
}

function parseValue(key: string, json: string): JsonValue {
  try {
    return JSON.parse(json) as JsonValue;
  } catch (error) {
    throw new Error(`Setting "${key}" holds invalid JSON`, { cause: error });
  }
}
