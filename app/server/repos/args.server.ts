/**
 * The arguments every repository function takes: the database, with the fields of the call. A
 * write that stamps a time takes the clock too (`now`, the current time unless a test passes one).
 */
import type { Kysely } from "kysely";
import type { DB } from "#app/server/db/schema.server.ts";

export type WithDb<Fields = unknown> = { db: Kysely<DB> } & Fields;

export type Timed<Fields = unknown> = { db: Kysely<DB>; now?: Date } & Fields;
