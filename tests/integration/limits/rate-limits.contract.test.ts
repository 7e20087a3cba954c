/**
 * The shared rate-limit counts (repos/rate-limits.server.ts) on SQLite and PostgreSQL: a bucket
 * never records more hits than its limit, whether the attempts come one by one, 50 at once
 * through one pool, from two pools racing (two instances, PostgreSQL), or from three processes
 * at once; all-or-nothing across buckets; Retry-After from the oldest hit; hits given back;
 * a hit taken inside a transaction rolls back with it; the sweep removes only expired rows.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { migrateToLatest, openDatabase, type Database, type OpenDatabaseOptions } from "#app/server/db/index.server.ts";
import {
  countRateLimitHits,
  deleteExpiredRateLimitHits,
  deleteRateLimitHits,
  takeRateLimitHits,
  type RateLimitRule,
  type RateLimitTake,
} from "#app/server/repos/rate-limits.server.ts";
import { databaseTargets } from "#tests/support/databases.ts";
import { runTogether } from "#tests/support/processes.ts";

const targets = databaseTargets("rate-limits", "rate-limit contract suite");
const MINUTE = 60_000;
const REPO_URL = new URL("../../../app/server/repos/rate-limits.server.ts", import.meta.url).href;
const DB_MODULE_URL = new URL("../../../app/server/db/index.server.ts", import.meta.url).href;

let bucketCounter = 0;
const freshBucket = (name: string) => `test-${name}-${++bucketCounter}-${Date.now()}`;

const allowedCount = (takes: RateLimitTake[]) => takes.filter((take) => take.allowed).length;

describe.each(targets)("rate limits: $name", (target) => {
  let options: OpenDatabaseOptions;
  let database: Database;
  const take = (rules: RateLimitRule[], now?: Date, db: Database = database) =>
    takeRateLimitHits({ db: db.db, dialect: db.dialect, rules, now });

  beforeAll(async () => {
    await target.setup();
    options = await target.fresh();
    database = await openDatabase(options);
    await migrateToLatest(database);
  });
  afterAll(async () => {
    await database?.close();
    await target.teardown();
  });

  test("one at a time: `limit` hits, then refused with the seconds until the oldest leaves the window", async () => {
    const bucket = freshBucket("serial");
    const t0 = new Date("2030-01-01T00:00:00.000Z");
    const at = (ms: number) => new Date(t0.getTime() + ms);
    const rule = { bucket, limit: 3, windowMs: 10 * MINUTE };
    expect((await take([rule], at(0))).allowed).toBe(true);
    expect((await take([rule], at(MINUTE))).allowed).toBe(true);
    expect((await take([rule], at(2 * MINUTE))).allowed).toBe(true);
    expect(await take([rule], at(3 * MINUTE))).toEqual({
      allowed: false,
      retryAfterSeconds: 7 * 60,
      buckets: [bucket],
    });
    // Refusals are not recorded: they do not push the wait out.
    expect(await take([rule], at(9 * MINUTE))).toEqual({ allowed: false, retryAfterSeconds: 60, buckets: [bucket] });
    expect(await countRateLimitHits({ db: database.db, bucket, windowMs: rule.windowMs, now: at(9 * MINUTE) })).toBe(3);
    // The first hit leaves the window at 10 minutes: one more is allowed, then refused again.
    expect((await take([rule], at(10 * MINUTE + 1))).allowed).toBe(true);
    expect((await take([rule], at(10 * MINUTE + 2))).allowed).toBe(false);
  });

  test("a lowered limit waits for enough hits to leave, not just the oldest", async () => {
    const bucket = freshBucket("lowered");
    const t0 = Date.parse("2030-02-01T00:00:00.000Z");
    for (let i = 0; i < 4; i++) await take([{ bucket, limit: 4, windowMs: 10 * MINUTE }], new Date(t0 + i * MINUTE));
    // Limit 2 now: three of the four must leave before one more fits, the third at 12 minutes.
    const refused = await take([{ bucket, limit: 2, windowMs: 10 * MINUTE }], new Date(t0 + 5 * MINUTE));
    expect(refused).toMatchObject({ allowed: false, retryAfterSeconds: 7 * 60 });
  });

  test("a limit of 0 allows nothing", async () => {
    expect(await take([{ bucket: freshBucket("zero"), limit: 0, windowMs: MINUTE }])).toMatchObject({ allowed: false });
  });

  test("several buckets: all or nothing, and the wait of the fullest", async () => {
    const small = freshBucket("small");
    const large = freshBucket("large");
    const t0 = Date.parse("2030-03-01T00:00:00.000Z");
    const rules = [
      { bucket: small, limit: 1, windowMs: 5 * MINUTE },
      { bucket: large, limit: 5, windowMs: 10 * MINUTE },
    ];
    expect((await take(rules, new Date(t0))).allowed).toBe(true);
    const refused = await take(rules, new Date(t0 + MINUTE));
    expect(refused).toEqual({ allowed: false, retryAfterSeconds: 4 * 60, buckets: [small] });
    // The refusal recorded nothing in the bucket that had room.
    expect(await countRateLimitHits({ db: database.db, bucket: large, windowMs: 10 * MINUTE, now: new Date(t0 + MINUTE) })).toBe(1);
    // The same bucket twice in one take is a mistake, said loudly.
    await expect(
      take([
        { bucket: small, limit: 1, windowMs: 1 },
        { bucket: small, limit: 1, windowMs: 1 },
      ]),
    ).rejects.toThrow(/only once/);
  });

  test("hits given back free their place", async () => {
    const bucket = freshBucket("refund");
    const rule = { bucket, limit: 2, windowMs: 10 * MINUTE };
    const first = await take([rule]);
    await take([rule]);
    expect((await take([rule])).allowed).toBe(false);
    expect(await deleteRateLimitHits({ db: database.db, ids: first.allowed ? first.hitIds : [] })).toBe(1);
    expect((await take([rule])).allowed).toBe(true);
  });

  test("inside a transaction, the hit rolls back with it", async () => {
    const bucket = freshBucket("rollback");
    const rule = { bucket, limit: 1, windowMs: 10 * MINUTE };
    await expect(
      database.db.transaction().execute(async (trx) => {
        expect((await takeRateLimitHits({ db: trx, dialect: database.dialect, rules: [rule] })).allowed).toBe(true);
        throw new Error("the caller's write failed");
      }),
    ).rejects.toThrow("the caller's write failed");
    expect(await countRateLimitHits({ db: database.db, bucket, windowMs: rule.windowMs })).toBe(0);
    expect((await take([rule])).allowed).toBe(true);
  });

  test.each([20, 50])("%i attempts at once on one key: exactly the limit (10) recorded", async (n) => {
    const bucket = freshBucket(`burst${n}`);
    const rule = { bucket, limit: 10, windowMs: 10 * MINUTE };
    const takes = await Promise.all(Array.from({ length: n }, () => take([rule])));
    expect(allowedCount(takes)).toBe(10);
    expect(await countRateLimitHits({ db: database.db, bucket, windowMs: rule.windowMs })).toBe(10);
    for (const refused of takes.filter((t) => !t.allowed)) expect(refused).toMatchObject({ retryAfterSeconds: 600 });
  });

  test("30 attempts at once on two overlapping key pairs: neither key passes its limit", async () => {
    // Like sign-in: each attempt counts in the account's bucket and in its address's bucket.
    const account = freshBucket("account");
    const addresses = [freshBucket("ip-a"), freshBucket("ip-b")];
    const takes = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        take([
          { bucket: account, limit: 10, windowMs: 10 * MINUTE },
          { bucket: addresses[i % 2]!, limit: 4, windowMs: 10 * MINUTE },
        ]),
      ),
    );
    expect(allowedCount(takes)).toBe(8);
    expect(await countRateLimitHits({ db: database.db, bucket: account, windowMs: 10 * MINUTE })).toBe(8);
    for (const address of addresses) {
      expect(await countRateLimitHits({ db: database.db, bucket: address, windowMs: 10 * MINUTE })).toBe(4);
    }
  });

  test.runIf(target.name === "postgres")("two pools (two instances) racing on one key: 40 attempts, 10 recorded", async () => {
    const other = await openDatabase(options);
    try {
      const bucket = freshBucket("pools");
      const rule = { bucket, limit: 10, windowMs: 10 * MINUTE };
      const takes = await Promise.all(Array.from({ length: 40 }, (_, i) => take([rule], undefined, i % 2 === 0 ? database : other)));
      expect(allowedCount(takes)).toBe(10);
      expect(await countRateLimitHits({ db: other.db, bucket, windowMs: rule.windowMs })).toBe(10);
    } finally {
      await other.close();
    }
  });

  test("three processes, 20 attempts each at once on one key: 10 recorded in all", async () => {
    const bucket = freshBucket("processes");
    const script = `
      const { openDatabase } = await import(process.env.DB_MODULE_URL);
      const { takeRateLimitHits } = await import(process.env.REPO_URL);
      const database = await openDatabase(JSON.parse(process.env.OPEN_OPTIONS));
      try {
        await database.ping();
        process.stdout.write("ready\\n");
        await new Promise((resolve) => process.stdin.once("data", resolve));
        const rule = { bucket: process.env.BUCKET, limit: 10, windowMs: 600000 };
        const takes = await Promise.all(
          Array.from({ length: 20 }, () => takeRateLimitHits({ db: database.db, dialect: database.dialect, rules: [rule] })),
        );
        process.stdout.write(JSON.stringify(takes.filter((t) => t.allowed).length));
      } finally {
        process.stdin.destroy();
        await database.close();
      }
    `;
    const runs = await runTogether(script, 3, {
      DB_MODULE_URL,
      REPO_URL,
      OPEN_OPTIONS: JSON.stringify(options),
      BUCKET: bucket,
    });
    for (const run of runs) expect(run.code, run.stderr).toBe(0);
    expect(runs.reduce((sum, run) => sum + Number(run.stdout), 0)).toBe(10);
    expect(await countRateLimitHits({ db: database.db, bucket, windowMs: 10 * MINUTE })).toBe(10);
  });

  test("the sweep deletes hits past their window and nothing else", async () => {
    const old = freshBucket("sweep-old");
    const live = freshBucket("sweep-live");
    const now = Date.now();
    await take([{ bucket: old, limit: 5, windowMs: MINUTE }], new Date(now - 2 * MINUTE));
    await take([{ bucket: live, limit: 5, windowMs: 10 * MINUTE }], new Date(now - 2 * MINUTE));
    expect(await deleteExpiredRateLimitHits({ db: database.db, now: new Date(now) })).toBeGreaterThanOrEqual(1);
    const buckets = await database.db.selectFrom("rate_limit_hits").select("bucket").where("bucket", "in", [old, live]).execute();
    expect(buckets.map((row) => row.bucket)).toEqual([live]);
  });
});
