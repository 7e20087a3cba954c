/**
 * Database contract suite: the same tests against every adapter.
 * - SQLite always, each database in a fresh temp dir.
 * - PostgreSQL when TEST_POSTGRES_URL is set (e.g. postgres://postgres@127.0.0.1:5432/test); every
 *   fresh database is its own new schema `t_<random>` (openDatabase's `schema` option), dropped
 *   afterwards.
 */
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer, type AddressInfo, type Socket } from "node:net";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { NO_MIGRATIONS } from "kysely/migration";
import { types as pgTypes } from "pg";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createMigrator, migrateToLatest, openDatabase, type Database, type OpenDatabaseOptions } from "#app/server/db/index.server.ts";
import { migrationProvider } from "#app/server/db/migrations.server.ts";
import { deleteSetting, getSetting, listSettings, setSetting } from "#app/server/repos/settings.server.ts";
import { databaseTargets } from "#tests/support/databases.ts";
import { runTogether, type ChildRun } from "#tests/support/processes.ts";

const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const DB_MODULE_URL = new URL("../../../app/server/db/index.server.ts", import.meta.url).href;

const targets = databaseTargets("db-contract", "contract suite");

async function providerNames(): Promise<string[]> {
  return Object.keys(await migrationProvider.getMigrations()).toSorted();
}

const CHILD_SCRIPT = `
  const { openDatabase, migrateToLatest } = await import(process.env.DB_MODULE_URL);
  const database = await openDatabase(JSON.parse(process.env.OPEN_OPTIONS));
  try {
    await database.ping();
    process.stdout.write("ready\\n");
    await new Promise((resolve) => process.stdin.once("data", resolve));
    process.stdout.write(JSON.stringify(await migrateToLatest(database)));
  } finally {
    process.stdin.destroy();
    await database.close();
  }
`;

/**
 * Runs openDatabase + migrateToLatest in `count` Node processes that start migrating at the
 * same moment: each opens the database, prints "ready", and waits for a line on stdin.
 */
function migrateInChildProcesses(options: OpenDatabaseOptions, count: number): Promise<ChildRun[]> {
  return runTogether(CHILD_SCRIPT, count, { DB_MODULE_URL, OPEN_OPTIONS: JSON.stringify(options) });
}

describe.each(targets)("database contract: $name", (target) => {
  let options: OpenDatabaseOptions;
  let database: Database;

  beforeAll(async () => {
    await target.setup();
    options = await target.fresh();
    database = await openDatabase(options);
  });

  afterAll(async () => {
    await database?.close();
    await target.teardown();
  });

  test("opens the selected dialect", () => {
    expect(database.dialect).toBe(target.name);
  });

  test("ping works", async () => {
    await expect(database.ping()).resolves.toBeUndefined();
  });

  test("migrations apply from empty, match the provider's list, and are idempotent", async () => {
    const expected = await providerNames();
    expect(expected.length).toBeGreaterThan(0);

    const first = await migrateToLatest(database);
    expect(first.applied).toEqual(expected);

    const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(database.db);
    expect(rows.map((row) => row.name)).toEqual(expected);

    expect(await migrateToLatest(database)).toEqual({ applied: [] });

    // A second handle (as after a restart) finds nothing to do either.
    const again = await openDatabase(options);
    try {
      expect(await migrateToLatest(again)).toEqual({ applied: [] });
    } finally {
      await again.close();
    }
    expect(await target.tableCount(options, "settings")).toBe(1);
  });

  test("settings: set/get/upsert/list/delete round-trip JSON values", async () => {
    const { db } = database;
    const values: Record<string, unknown> = {
      "rt.object": { a: 1, nested: { list: [1, "two", false, null] } },
      "rt.string": "hello",
      "rt.number": 42.5,
      "rt.zero": 0,
      "rt.boolean": false,
      "rt.array": [3, 2, 1],
      "rt.null": null,
      "rt.emptyString": "",
    };
    for (const [key, value] of Object.entries(values)) await setSetting({ db, key, value });
    for (const [key, value] of Object.entries(values)) {
      expect(await getSetting({ db, key })).toEqual(value);
    }

    // Missing reads as null; a stored null is distinguishable through listSettings.
    expect(await getSetting({ db, key: "rt.missing" })).toBeNull();
    const listed = await listSettings({ db });
    const keys = listed.map((entry) => entry.key);
    expect(keys).toContain("rt.null");
    expect(keys).not.toContain("rt.missing");
    expect(listed.find((entry) => entry.key === "rt.null")?.value).toBeNull();
    expect(keys).toEqual(keys.toSorted());
    for (const entry of listed) expect(entry.updatedAt).toMatch(ISO_UTC);

    // Upsert replaces the value (and type) and moves updated_at forward.
    const before = listed.find((entry) => entry.key === "rt.string")!.updatedAt;
    await new Promise((resolve) => setTimeout(resolve, 5));
    await setSetting({ db, key: "rt.string", value: { now: "an object" } });
    expect(await getSetting({ db, key: "rt.string" })).toEqual({ now: "an object" });
    const after = (await listSettings({ db })).find((entry) => entry.key === "rt.string")!;
    expect(after.updatedAt > before).toBe(true);
    const { rows } = await sql<{ n: number }>`select count(*) as n from settings where key = 'rt.string'`.execute(db);
    expect(Number(rows[0]?.n)).toBe(1);

    // Delete reports whether the key existed.
    expect(await deleteSetting({ db, key: "rt.object" })).toBe(true);
    expect(await deleteSetting({ db, key: "rt.object" })).toBe(false);
    expect(await getSetting({ db, key: "rt.object" })).toBeNull();
    expect((await listSettings({ db })).map((entry) => entry.key)).not.toContain("rt.object");

    // Values JSON cannot represent are refused, not stored as garbage.
    await expect(setSetting({ db, key: "rt.bad", value: undefined })).rejects.toThrow(/JSON/);
    await expect(setSetting({ db, key: "rt.bad", value: 10n })).rejects.toThrow(/JSON/);
    await expect(setSetting({ db, key: "", value: 1 })).rejects.toThrow(/key/);
    expect(await getSetting({ db, key: "rt.bad" })).toBeNull();
  });

  test("settings: unicode (and NUL) survive in keys and values", async () => {
    const { db } = database;
    const key = "unicode.café-東京-🏠";
    const value = {
      text: "Ñandú — “quotes” 🛠️ 東京 ключ",
      emoji: "👷🏽‍♀️🏗️",
      nul: "a\u0000b",
      rtl: "שלום",
    };
    await setSetting({ db, key, value });
    expect(await getSetting({ db, key })).toEqual(value);
    expect((await listSettings({ db })).find((entry) => entry.key === key)?.value).toEqual(value);
  });

  test("transactions commit and roll back", async () => {
    const { db } = database;
    await db.transaction().execute(async (trx) => {
      await setSetting({ db: trx, key: "trx.kept", value: 1 });
    });
    await expect(
      db.transaction().execute(async (trx) => {
        await setSetting({ db: trx, key: "trx.dropped", value: 1 });
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    expect(await getSetting({ db, key: "trx.kept" })).toBe(1);
    expect(await getSetting({ db, key: "trx.dropped" })).toBeNull();
  });

  test("count results come back as numbers", async () => {
    const row = await database.db
      .selectFrom("settings")
      .select((eb) => eb.fn.countAll().as("n"))
      .executeTakeFirstOrThrow();
    expect(typeof row.n).toBe("number");
    expect(row.n).toBeGreaterThan(0);
    const { rows } = await sql<{ big: unknown }>`select cast(9007199254740991 as bigint) as big`.execute(database.db);
    expect(rows[0]?.big).toBe(Number.MAX_SAFE_INTEGER);
  });

  test("down migrations undo everything and up again restores it", async () => {
    const fresh = await target.fresh();
    const handle = await openDatabase(fresh);
    try {
      await migrateToLatest(handle);
      const migrator = await createMigrator(handle);
      const down = await migrator.migrateTo(NO_MIGRATIONS);
      expect(down.error).toBeUndefined();
      expect(await target.tableCount(fresh, "settings")).toBe(0);
      expect((await migrateToLatest(handle)).applied).toEqual(await providerNames());
      expect(await target.tableCount(fresh, "settings")).toBe(1);
    } finally {
      await handle.close();
    }
  });

  test("two concurrent migrateToLatest calls on one handle both succeed", async () => {
    const fresh = await target.fresh();
    const handle = await openDatabase(fresh);
    try {
      const results = await Promise.all([migrateToLatest(handle), migrateToLatest(handle)]);
      expect(results.flatMap((result) => result.applied).toSorted()).toEqual(await providerNames());
      expect(await target.tableCount(fresh, "settings")).toBe(1);
    } finally {
      await handle.close();
    }
  });

  test("four processes migrating a fresh database at once all succeed, each migration applied once", async () => {
    const fresh = await target.fresh();
    const runs = await migrateInChildProcesses(fresh, 4);
    for (const run of runs) expect(run, run.stderr).toMatchObject({ code: 0 });
    const applied = runs.flatMap((run) => (JSON.parse(run.stdout) as { applied: string[] }).applied);
    expect(applied.toSorted()).toEqual(await providerNames());
    expect(await target.tableCount(fresh, "settings")).toBe(1);
    expect(await target.tableCount(fresh, "kysely_migration")).toBe(1);

    const handle = await openDatabase(fresh);
    try {
      const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(handle.db);
      expect(rows.map((row) => row.name).toSorted()).toEqual(await providerNames());
    } finally {
      await handle.close();
    }
  }, 60_000);

  test.runIf(target.name === "sqlite")("SQLite pragmas are in effect", async () => {
    const { db } = database;
    const pragma = async (name: string) => {
      const { rows } = await sql.raw<Record<string, unknown>>(`pragma ${name}`).execute(db);
      return Object.values(rows[0] ?? {})[0];
    };
    expect(String(await pragma("journal_mode")).toLowerCase()).toBe("wal");
    // No wait inside SQLite: the driver waits for locks with timers (ADR 043).
    expect(Number(await pragma("busy_timeout"))).toBe(0);
    expect(Number(await pragma("foreign_keys"))).toBe(1);
    expect(Number(await pragma("synchronous"))).toBe(1); // NORMAL
    expect(existsSync(path.join(options.dataDir, "site.db"))).toBe(true);
  });

  test.runIf(target.name === "postgres")("PostgreSQL: tables live in the isolated schema only", async () => {
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(database.db);
    expect(rows[0]?.schema).toBe(options.schema);
    expect(await target.tableCount(options, "settings")).toBe(1);
  });

  test.runIf(target.name === "postgres")(
    "PostgreSQL: an idle connection killed by the server is logged and replaced, not fatal",
    async () => {
      const errors: string[] = [];
      const handle = await openDatabase({ ...options, logger: { error: (msg) => errors.push(msg) } });
      try {
        const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(handle.db);
        await sql`select pg_terminate_backend(${rows[0]!.pid})`.execute(database.db);
        const deadline = Date.now() + 5000;
        while (errors.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
        expect(errors[0]).toMatch(/^idle PostgreSQL connection failed: /);
        await expect(handle.ping()).resolves.toBeUndefined();
      } finally {
        await handle.close();
      }
    },
  );

  test.runIf(target.name === "postgres")("PostgreSQL: the int8 parser is per pool, pg's global types are untouched", () => {
    expect(pgTypes.getTypeParser(20, "text")("42")).toBe("42");
  });
});

describe("openDatabase failures", () => {
  let dataDir = "";
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), "db-contract-fail-"));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  test("a refused PostgreSQL connection fails ping() instead of hanging", async () => {
    const database = await openDatabase({ databaseUrl: "postgres://postgres@127.0.0.1:1/test", dataDir });
    try {
      const started = Date.now();
      await expect(database.ping()).rejects.toThrow();
      expect(Date.now() - started).toBeLessThan(6000);
    } finally {
      await database.close();
    }
  }, 15_000);

  test("a PostgreSQL server that never answers fails ping() after connectTimeoutMs", async () => {
    // Accepts TCP connections and then says nothing, like a stuck server or a black-holed proxy.
    const sockets = new Set<Socket>();
    const silent = createServer((socket) => {
      sockets.add(socket);
      socket.on("error", () => {});
    });
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const { port } = silent.address() as AddressInfo;
    const database = await openDatabase({
      databaseUrl: `postgres://postgres@127.0.0.1:${port}/test`,
      dataDir,
      connectTimeoutMs: 500,
    });
    try {
      const started = Date.now();
      await expect(database.ping()).rejects.toThrow(/timeout/i);
      const elapsed = Date.now() - started;
      expect(elapsed).toBeGreaterThanOrEqual(400);
      expect(elapsed).toBeLessThan(5000);
    } finally {
      await database.close();
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  }, 15_000);

  test("migrateToLatest on an unreachable database throws a clear message", async () => {
    const database = await openDatabase({ databaseUrl: "postgresql://postgres@127.0.0.1:1/test", dataDir });
    try {
      await expect(migrateToLatest(database)).rejects.toThrow(/^Database migration failed \(postgres\): .+/);
    } finally {
      await database.close();
    }
  }, 15_000);

  test("an unsupported DATABASE_URL scheme is refused, not silently replaced by SQLite", async () => {
    await expect(openDatabase({ databaseUrl: "mysql://root@localhost/site", dataDir })).rejects.toThrow(
      /Unsupported DATABASE_URL scheme "mysql:"/,
    );
  });
});
