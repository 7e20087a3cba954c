/**
 * The public-pages hub across processes (ADR 021), on SQLite and PostgreSQL: a change made
 * through one hub is heard by another on the same database (the counter poll; on PostgreSQL
 * LISTEN/NOTIFY, tested here with the poll slowed right down so only the notification can
 * deliver it), and a listener whose connection is killed drops everything on reconnect and
 * hears the next change.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { Client } from "pg";
import { openDatabase, migrateToLatest, type Database } from "#app/server/db/index.server.ts";
import { createPublicPages } from "#app/server/public-pages.server.ts";
import { databaseTargets, POSTGRES_URL } from "#tests/support/databases.ts";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(check: () => boolean, timeoutMs: number, what: string): Promise<number> {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new Error(`not within ${timeoutMs} ms: ${what}`);
    await sleep(10);
  }
  return Date.now() - started;
}

for (const target of databaseTargets("public-pages", "public pages hub")) {
  describe(`public pages hub on ${target.name}`, () => {
    let first: Database;
    let second: Database;

    beforeAll(async () => {
      await target.setup();
      const options = await target.fresh();
      first = await openDatabase(options);
      await migrateToLatest(first);
      // SQLite: one handle per process (two would block each other's busy wait); the counter
      // is what another process reads, and this handle reads it the same way.
      second = target.name === "postgres" ? await openDatabase(options) : first;
    });

    afterAll(async () => {
      if (second !== first) await second?.close();
      await first?.close();
      await target.teardown();
    });

    test("a change through one hub drops the other's pages within a second, and only once", async () => {
      const a = createPublicPages({ database: first });
      const b = createPublicPages({ database: second, pollMs: 100 });
      let dropsA = 0;
      let dropsB = 0;
      a.onInvalidate(() => dropsA++);
      b.onInvalidate(() => dropsB++);
      const watchA = await a.watch();
      const watchB = await b.watch();
      try {
        await a.invalidate();
        expect(dropsA).toBe(1);
        await waitFor(() => dropsB === 1, 1000, "the other hub dropped its pages");
        // Its own bump, read back by its poll or heard, is not a second drop.
        await sleep(300);
        expect(dropsA).toBe(1);
        expect(dropsB).toBe(1);
      } finally {
        await watchA.stop();
        await watchB.stop();
      }
    });

    test("a hub without a database drops only its own copies", async () => {
      const hub = createPublicPages();
      let drops = 0;
      hub.onInvalidate(() => drops++);
      await hub.invalidate();
      expect(drops).toBe(1);
      await (await hub.watch()).stop();
    });

    test.runIf(target.name === "postgres" && POSTGRES_URL)(
      "PostgreSQL: NOTIFY reaches the other instance at once, and after its connection was killed",
      async () => {
        const admin = new Client({ connectionString: POSTGRES_URL });
        await admin.connect();
        // Hear the listener's backend pid, to kill exactly that connection.
        const pids: number[] = [];
        const listening: Database = {
          ...second,
          listen: (channel, handlers) =>
            second.listen!(channel, {
              ...handlers,
              onConnect(info) {
                pids.push(info.processId);
                handlers.onConnect?.(info);
              },
            }),
        };
        const a = createPublicPages({ database: first });
        // A poll of a minute: only the notification can deliver a change within the test.
        const b = createPublicPages({ database: listening, pollMs: 60_000, logger: quietLogger });
        let dropsB = 0;
        b.onInvalidate(() => dropsB++);
        const watchB = await b.watch();
        try {
          expect(pids).toHaveLength(1);
          await a.invalidate();
          const heardMs = await waitFor(() => dropsB === 1, 2000, "the notification was heard");
          expect(heardMs).toBeLessThan(500);

          const { rows } = await admin.query<{ ok: boolean }>("select pg_terminate_backend($1) as ok", [pids[0]]);
          expect(rows[0]?.ok).toBe(true);
          // Back again: everything is dropped, since notifications sent meanwhile are lost.
          await waitFor(() => pids.length === 2, 5000, "the listener reconnected");
          await waitFor(() => dropsB === 2, 1000, "the reconnect dropped everything");

          await a.invalidate();
          await waitFor(() => dropsB === 3, 2000, "a change after the reconnect was heard");
        } finally {
          await watchB.stop();
          await admin.end();
        }
      },
    );
  });
}

const quietLogger = { info: () => {}, warn: () => {}, error: () => {} };
