/**
 * A database locked by another writer (issue 22, ADR 043).
 *
 * - The server: a second process holds SQLite's write lock (`begin immediate`) for 12 s while
 *   homeowners post estimate requests (the form script's JSON and the plain form) and /healthz
 *   and an uncached page are fetched. Every post is stored or answered 503 with Retry-After and
 *   what was typed; none is lost, none is a 500; /healthz answers while the lock is still held
 *   and says busy. The same against PostgreSQL, another session holding the leads table.
 * - The driver: a wait for the lock leaves the event loop free, reads never wait, the bound ends
 *   in a busy error, and SQLITE_FULL is reported as itself.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import BetterSqlite3 from "better-sqlite3";
import { sql } from "kysely";
import { Client } from "pg";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { isDatabaseBusy, migrateToLatest, openDatabase, type Database } from "#app/server/db/index.server.ts";
import { POSTGRES_URL } from "#tests/support/databases.ts";
import { get, request, startServer, stopAllServers, type ServerProcess } from "#tests/support/server.ts";
import { LEAD_ENV, SITE_URL, fetchUniqueFormToken, marker, submitLead, validFields } from "#tests/support/leads.ts";
import { countLeads, leadsMarked, openSiteDb } from "#tests/support/site-db.ts";

const LOCK_SECONDS = 12;

afterAll(async () => {
  await stopAllServers();
});

/** A second process holding SQLite's write lock for `seconds`; resolves once it holds it. */
async function holdSqliteLock(file: string, seconds: number): Promise<{ child: ChildProcess; released: Promise<void> }> {
  const script = `
    import Database from "better-sqlite3";
    const db = new Database(${JSON.stringify(file)}, { timeout: 0 });
    db.exec("begin immediate");
    process.stdout.write("locked\\n");
    setTimeout(() => { db.exec("rollback"); process.stdout.write("released\\n"); db.close(); }, ${seconds * 1000});
  `;
  const child = spawn(process.execPath, ["--input-type=module", "-e", script], {
    cwd: path.resolve(import.meta.dirname, "../../.."),
    stdio: ["ignore", "pipe", "inherit"],
  });
  let out = "";
  const locked = Promise.withResolvers<void>();
  const released = Promise.withResolvers<void>();
  child.stdout!.setEncoding("utf8").on("data", (chunk: string) => {
    out += chunk;
    if (out.includes("locked\n")) locked.resolve();
    if (out.includes("released\n")) released.resolve();
  });
  child.once("exit", (code) => {
    locked.reject(new Error(`the lock holder exited with ${code}`));
    released.resolve();
  });
  await locked.promise;
  return { child, released: released.promise };
}

interface PostOutcome {
  mark: string;
  kind: "json" | "form";
  status: number;
  retryAfter: string | undefined;
  body: string;
  /** Answered while the other writer still held the lock. */
  duringLock: boolean;
}

/** One homeowner's request, by the form script (JSON) or as a plain form post. */
async function postEstimate(server: ServerProcess, kind: "json" | "form", isLocked: () => boolean): Promise<PostOutcome> {
  const mark = marker(kind);
  const fields = validFields(mark);
  const token = await fetchUniqueFormToken(server);
  const res =
    kind === "form"
      ? await submitLead(server, fields, { token })
      : await request(`${server.url}/estimate-request?from=/contact`, {
          method: "POST",
          headers: {
            host: new URL(SITE_URL).host,
            origin: SITE_URL,
            "content-type": "application/x-www-form-urlencoded",
          },
          body: new URLSearchParams({ ...fields, form_token: token }).toString(),
        });
  const retryAfter = res.headers["retry-after"];
  return {
    mark,
    kind,
    status: res.status,
    retryAfter: typeof retryAfter === "string" ? retryAfter : undefined,
    body: res.text,
    duringLock: isLocked(),
  };
}

describe("SQLite locked by another process for 12 s: the server", () => {
  let server: ServerProcess;

  beforeAll(async () => {
    server = await startServer({ env: { ...LEAD_ENV, PAGE_CACHE_SECONDS: "0" } });
  });

  test(
    "every post is stored or answered 503 with its input, none lost or 500; /healthz and a page answer while the lock is held",
    async () => {
      const lock = await holdSqliteLock(path.join(server.dataDir, "site.db"), LOCK_SECONDS);
      let locked = true;
      void lock.released.then(() => (locked = false));
      const isLocked = () => locked;

      // Homeowners keep posting through the lock, two at a time (script and plain form).
      const outcomes: PostOutcome[] = [];
      const posting = (async () => {
        while (isLocked()) {
          outcomes.push(...(await Promise.all([postEstimate(server, "json", isLocked), postEstimate(server, "form", isLocked)])));
        }
      })();

      // Wait until a post has waited past the ordinary queueing, then ask.
      let health: { status: number; body: { status?: string; waitingMs?: number }; duringLock: boolean } | undefined;
      while (isLocked()) {
        const res = await get(`${server.url}/healthz`);
        const body = JSON.parse(res.text) as { status?: string; waitingMs?: number };
        // Busy at once (the lock itself), then with how long a homeowner's post has waited.
        if (body.status === "busy" && (body.waitingMs ?? 0) > 0) {
          health = { status: res.status, body, duringLock: locked };
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const page = await get(`${server.url}/about`);
      const pageDuringLock = locked;

      await posting;
      await lock.released;

      expect(health, "/healthz said busy while the lock was held").toBeDefined();
      expect(health!.status).toBe(200);
      expect(health!.duringLock).toBe(true);
      expect(health!.body.waitingMs).toBeGreaterThan(0);
      expect(page.status).toBe(200);
      expect(pageDuringLock, "an uncached page was answered while the lock was held").toBe(true);

      // Each post: stored (and told so) or refused with 503, Retry-After and its input.
      const db = openSiteDb(server.dataDir);
      try {
        expect(outcomes.length).toBeGreaterThanOrEqual(2);
        for (const outcome of outcomes) {
          const stored = leadsMarked(db, outcome.mark);
          expect(outcome.status, outcome.body.slice(0, 300)).not.toBe(500);
          if (outcome.status === 200) {
            expect(stored).toHaveLength(1);
            continue;
          }
          expect(outcome.status, outcome.body.slice(0, 300)).toBe(503);
          expect(stored).toHaveLength(0);
          expect(outcome.retryAfter).toMatch(/^\d+$/);
          expect(outcome.body).toContain("We could not save your request just now");
          // What was typed comes back: the message field carries the marker.
          expect(outcome.body).toContain(outcome.mark);
        }
        // Posts made while the lock was held were refused, not kept hanging until it ended.
        expect(outcomes.some((outcome) => outcome.status === 503 && outcome.duringLock)).toBe(true);
      } finally {
        db.close();
      }

      // Once the lock is gone, the next homeowner is stored as usual.
      const after = await postEstimate(server, "json", () => false);
      expect(after.status).toBe(200);
      const check = openSiteDb(server.dataDir);
      try {
        expect(leadsMarked(check, after.mark)).toHaveLength(1);
        expect(countLeads(check)).toBeGreaterThanOrEqual(1);
      } finally {
        check.close();
      }
      expect(server.stderr()).not.toContain('"request failed"');
    },
    (LOCK_SECONDS + 30) * 1000,
  );
});

describe.runIf(POSTGRES_URL)("PostgreSQL: another session holds the leads table", () => {
  let server: ServerProcess;
  let admin: Client;
  const schema = `t_lock_${Date.now().toString(36)}`;

  beforeAll(async () => {
    admin = new Client({ connectionString: POSTGRES_URL });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    server = await startServer({
      env: {
        ...LEAD_ENV,
        PAGE_CACHE_SECONDS: "0",
        DATABASE_URL: `${POSTGRES_URL}${POSTGRES_URL!.includes("?") ? "&" : "?"}options=${encodeURIComponent(`-c search_path=${schema}`)}`,
      },
    });
  });

  afterAll(async () => {
    await stopAllServers();
    await admin?.query(`drop schema if exists ${schema} cascade`);
    await admin?.end();
  });

  test("posts are answered 503 with their input (never left hanging, never 500) while the lock lasts; stored after", async () => {
    const holder = new Client({ connectionString: POSTGRES_URL });
    await holder.connect();
    try {
      await holder.query("begin");
      await holder.query(`lock table ${schema}.leads in access exclusive mode`);
      const json = await postEstimate(server, "json", () => true);
      const form = await postEstimate(server, "form", () => true);
      const health = await get(`${server.url}/healthz`);
      // Still held: the answers came while the other session kept the table.
      const { rows } = await admin.query(
        "select count(*)::int as n from pg_locks l join pg_class c on c.oid = l.relation where c.relname = 'leads' and l.mode = 'AccessExclusiveLock' and l.granted",
      );
      expect(rows[0].n).toBe(1);
      for (const outcome of [json, form]) {
        expect(outcome.status, outcome.body.slice(0, 300)).toBe(503);
        expect(outcome.retryAfter).toMatch(/^\d+$/);
        expect(outcome.body).toContain("We could not save your request just now");
        expect(outcome.body).toContain(outcome.mark);
      }
      expect(health.status).toBe(200);
      await holder.query("rollback");
      const after = await postEstimate(server, "json", () => false);
      expect(after.status).toBe(200);
      const { rows: stored } = await admin.query(`select count(*)::int as n from ${schema}.leads where strpos(subject, $1) > 0`, [
        after.mark,
      ]);
      expect(stored[0].n).toBe(1);
    } finally {
      await holder.end();
    }
  }, 60_000);
});

describe("the SQLite driver", () => {
  let dir: string;
  let database: Database;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "sqlite-lock-"));
    database = await openDatabase({ dataDir: dir, busyWaitMs: 60_000 });
    await migrateToLatest(database);
    await sql`create table probe (v text)`.execute(database.db);
  });

  afterAll(async () => {
    await database?.close();
    await rm(dir, { recursive: true, force: true });
  });

  const other = () => new BetterSqlite3(path.join(dir, "site.db"), { timeout: 0 });

  test("a writer waits for the lock with the event loop free, and reads meanwhile do not wait", async () => {
    const holder = other();
    holder.exec("begin immediate");
    try {
      // Released by a timer: a wait inside SQLite would keep this timer from running, and the
      // write would fail with SQLITE_BUSY instead.
      setTimeout(() => holder.exec("rollback"), 300);
      const writing = sql`insert into probe values ('waited')`.execute(database.db);
      // A read while the writer waits: answered from the reader handle, the lock still held.
      const { rows } = await sql<{ n: number }>`select count(*) as n from probe`.execute(database.db);
      expect(rows[0]?.n).toBe(0);
      expect(holder.inTransaction).toBe(true);
      await writing;
      const after = await sql<{ n: number }>`select count(*) as n from probe`.execute(database.db);
      expect(after.rows[0]?.n).toBe(1);
    } finally {
      if (holder.inTransaction) holder.exec("rollback");
      holder.close();
    }
  });

  test("past its bound a write fails as busy, /healthz's state says busy meanwhile, and the next write goes through", async () => {
    const short = await openDatabase({ dataDir: dir, busyWaitMs: 1500 });
    const holder = other();
    holder.exec("begin immediate");
    try {
      // Nobody waits yet: the state looks at the lock itself.
      expect(short.lockState().busy).toBe(true);
      const writing = short.db.transaction().execute((trx) => sql`insert into probe values ('x')`.execute(trx));
      const outcome = writing.then(
        () => "stored",
        (error: unknown) => error,
      );
      await new Promise((resolve) => setTimeout(resolve, 700));
      const state = short.lockState();
      expect(state.busy).toBe(true);
      expect(state.waiting).toBe(1);
      const error = await outcome;
      expect(isDatabaseBusy(error)).toBe(true);
      expect(holder.inTransaction).toBe(true);
    } finally {
      holder.exec("rollback");
      holder.close();
    }
    expect(short.lockState().busy).toBe(false);
    await short.db.transaction().execute((trx) => sql`insert into probe values ('y')`.execute(trx));
    await short.close();
  });

  test("SQLITE_FULL is reported as itself, not as a failed rollback, and the writer is free afterwards", async () => {
    await database.db.transaction().execute(async (trx) => {
      // Per connection: set on the writer, inside a write transaction; never below the file's size.
      await sql`pragma max_page_count = 1`.execute(trx);
    });
    const failure = await database.db
      .transaction()
      .execute((trx) => sql`insert into probe values (${"x".repeat(200_000)})`.execute(trx))
      .then(
        () => null,
        (error: unknown) => error as { code?: string; message?: string },
      );
    expect(failure?.code).toBe("SQLITE_FULL");
    expect(failure?.message).not.toContain("cannot rollback");
    await database.db.transaction().execute((trx) => sql`pragma max_page_count = 1000000`.execute(trx));
    await database.db.transaction().execute((trx) => sql`insert into probe values ('small')`.execute(trx));
  });
});
