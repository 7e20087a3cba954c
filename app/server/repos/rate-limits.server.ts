/**
 * Rate-limit counts that every app instance shares: the only code that writes SQL for
 * `rate_limit_hits`. A hit is one counted attempt in a bucket (a lead from one address, a
 * sign-in attempt on one account, a confirmation to one homeowner). A bucket allows `limit` hits
 * in any `windowMs`: a sliding window, where each hit counts until `windowMs` after it was made.
 *
 * Checking and recording is one write transaction, so N concurrent attempts, in one process or
 * in several, never record more than `limit` hits:
 * - PostgreSQL: the transaction first takes `pg_advisory_xact_lock` on a hash of each bucket's
 *   name (in name order, so two callers never wait on each other in a circle), held until
 *   commit; then it counts and inserts. Under READ COMMITTED every statement sees what committed
 *   before it began, so the count made after the lock sees every hit of the transactions that held
 *   it earlier. (A lone `insert … select … where (select count(*) …) < limit` is not enough there:
 *   two transactions can both count 9 and both insert the tenth.)
 * - SQLite: write transactions start with `begin immediate` (docs/decisions/014-database-layer.md),
 *   the database's one write lock, held by one connection of one process at a time.
 *
 * Called inside a transaction (`db.isTransaction`), it runs there, so the hit commits or rolls
 * back with the caller's other writes (a lead and its emails). That transaction must stay READ
 * COMMITTED on PostgreSQL (the default), or the count would not see other instances' hits.
 */
import { randomUUID } from "node:crypto";
import { sql, type Kysely } from "kysely";
import type { DB } from "#app/server/db/schema.server.ts";
import type { Timed } from "#app/server/repos/args.server.ts";

export interface RateLimitRule {
  /** What is limited and for whom, e.g. `lead-ip:<keyed hash>`. */
  bucket: string;
  /** Hits allowed in any window; 0 allows none. */
  limit: number;
  windowMs: number;
}

export type RateLimitTake =
  /** One hit was recorded in every bucket; `hitIds` can give them back (`deleteRateLimitHits`). */
  | { allowed: true; hitIds: string[] }
  /** Nothing was recorded. `buckets` are the full ones; the last of them frees up after `retryAfterSeconds`. */
  | { allowed: false; retryAfterSeconds: number; buckets: string[] };

type TakeRateLimitHitsArgs = Timed<{ dialect: "sqlite" | "postgres"; rules: RateLimitRule[] }>;

/**
 * Records one hit in each rule's bucket if every bucket has room, else none: all or nothing,
 * checked and written atomically (see the top of this file).
 */
export async function takeRateLimitHits({ db, dialect, rules, now = new Date() }: TakeRateLimitHitsArgs): Promise<RateLimitTake> {
  if (new Set(rules.map((rule) => rule.bucket)).size !== rules.length) {
    throw new Error("takeRateLimitHits: each bucket may appear only once");
  }
  if (rules.length === 0) return { allowed: true, hitIds: [] };
  const take = async (trx: Kysely<DB>): Promise<RateLimitTake> => {
    const ordered = rules.toSorted((a, b) => (a.bucket < b.bucket ? -1 : a.bucket > b.bucket ? 1 : 0));
    if (dialect === "postgres") {
      for (const rule of ordered) {
        await sql`select pg_advisory_xact_lock(hashtextextended(${rule.bucket}, 0))`.execute(trx);
      }
    }
    const counts = await countHits(trx, ordered, now);
    const full = ordered.filter((rule) => (counts.get(rule.bucket) ?? 0) >= rule.limit);
    if (full.length > 0) {
      let retryAt = now.getTime();
      for (const rule of full) retryAt = Math.max(retryAt, await freedAt(trx, rule, counts.get(rule.bucket) ?? 0, now));
      return {
        allowed: false,
        retryAfterSeconds: Math.max(1, Math.ceil((retryAt - now.getTime()) / 1000)),
        buckets: full.map((rule) => rule.bucket),
      };
    }
    const rows = ordered.map((rule) => ({
      id: randomUUID(),
      bucket: rule.bucket,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + rule.windowMs).toISOString(),
    }));
    await trx.insertInto("rate_limit_hits").values(rows).execute();
    return { allowed: true, hitIds: rows.map((row) => row.id) };
  };
  return db.isTransaction ? take(db) : db.transaction().execute(take);
}

/** Hits per bucket inside each rule's window. */
async function countHits(db: Kysely<DB>, rules: RateLimitRule[], now: Date): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom("rate_limit_hits")
    .select((eb) => ["bucket", eb.fn.countAll<number>().as("count")])
    .where((eb) =>
      eb.or(
        rules.map((rule) =>
          eb.and([eb("bucket", "=", rule.bucket), eb("created_at", ">", new Date(now.getTime() - rule.windowMs).toISOString())]),
        ),
      ),
    )
    .groupBy("bucket")
    .execute();
  return new Map(rows.map((row) => [row.bucket, Number(row.count)]));
}

/** When a full bucket has room again: the moment enough of its hits have left the window. */
async function freedAt(db: Kysely<DB>, rule: RateLimitRule, count: number, now: Date): Promise<number> {
  // A limit of 0 never frees up; answer with a whole window.
  if (rule.limit <= 0 || count === 0) return now.getTime() + rule.windowMs;
  // With `count` hits and room for `limit`, the (count - limit + 1)th oldest must leave first
  // (more than `limit` only when the limit was lowered since).
  const row = await db
    .selectFrom("rate_limit_hits")
    .select("created_at")
    .where("bucket", "=", rule.bucket)
    .where("created_at", ">", new Date(now.getTime() - rule.windowMs).toISOString())
    .orderBy("created_at")
    .limit(1)
    .offset(count - rule.limit)
    .executeTakeFirst();
  return row ? Date.parse(row.created_at) + rule.windowMs : now.getTime() + rule.windowMs;
}

/** Gives hits back (a sign-in that turned out right was not a failure). */
export async function deleteRateLimitHits({ db, ids }: { db: Kysely<DB>; ids: string[] }): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await db.deleteFrom("rate_limit_hits").where("id", "in", ids).executeTakeFirst();
  return Number(result.numDeletedRows);
}

type CountRateLimitHitsArgs = Timed<{ bucket: string; windowMs: number }>;

/** Hits in a bucket inside the window (for diagnostics and tests; deciding goes through `takeRateLimitHits`). */
export async function countRateLimitHits({ db, bucket, windowMs, now = new Date() }: CountRateLimitHitsArgs): Promise<number> {
  const counts = await countHits(db, [{ bucket, limit: 0, windowMs }], now);
  return counts.get(bucket) ?? 0;
}

/** The housekeeping sweep: hits past their window no longer count. Returns how many went. */
export async function deleteExpiredRateLimitHits({ db, now = new Date() }: { db: Kysely<DB>; now?: Date }): Promise<number> {
  const result = await db.deleteFrom("rate_limit_hits").where("expires_at", "<=", now.toISOString()).executeTakeFirst();
  return Number(result.numDeletedRows);
}
