/**
 * One cache, every instance (ADR 021): two real server processes on one database. An admin saves
 * the business profile through the first; the second's cached page shows the new name within
 * 2 s. On PostgreSQL, the second's LISTEN connection is then killed (pg_terminate_backend), and a
 * change made after it reconnects still shows within 2 s. On SQLite the two processes share
 * the file, as a CLI next to the server does.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { Client } from "pg";
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { databaseTargets, POSTGRES_URL, schemaUrl } from "#tests/support/databases.ts";
import { expectRedirect, setUpAdminSite, tearDownAdminSite, type AdminSite } from "#tests/support/admin-site.ts";
import { get, root, serverEnv, startServer, type ServerProcess } from "#tests/support/server.ts";
import { defaultProfile } from "#app/content/company.ts";
import { profileToFields } from "#app/schemas/site.ts";

const PAGE = "/about";
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

for (const target of databaseTargets("cache-instances", "cache across instances")) {
  describe(`two instances on ${target.name}`, () => {
    let site: AdminSite;
    let other: ServerProcess;
    let otherEnv: Record<string, string> = {};
    const appName = `it-listener-${randomBytes(4).toString("hex")}`;

    beforeAll(async () => {
      site = await setUpAdminSite(target);
      if (target.name === "postgres") {
        const url = new URL(schemaUrl(site.target.databaseUrl!, site.target.schema));
        url.searchParams.set("application_name", appName);
        otherEnv = { DATABASE_URL: url.href };
        other = await startServer({ env: otherEnv });
      } else {
        otherEnv = { DATA_DIR: site.server.dataDir };
        other = await startServer({ dataDir: site.server.dataDir });
      }
    }, 60_000);

    afterAll(async () => {
      await other?.stop();
      await tearDownAdminSite(target, site);
    });

    /** Saves a new business name through the first instance; resolves when it answered. */
    async function rename(name: string) {
      const res = await site.post("/admin/site", { ...profileToFields(defaultProfile), intent: "save", name });
      expectRedirect(res, "/admin/site?done=saved");
    }

    /** How long until the second instance's page shows `text`. */
    async function shownOnOther(text: string, timeoutMs = 2000): Promise<number> {
      const started = Date.now();
      for (;;) {
        const page = await get(`${other.url}${PAGE}`);
        if (page.status === 200 && page.text.includes(text)) return Date.now() - started;
        if (Date.now() - started > timeoutMs) throw new Error(`${other.url}${PAGE} did not show ${text} within ${timeoutMs} ms`);
        await sleep(50);
      }
    }

    async function expectCached() {
      await get(`${other.url}${PAGE}`);
      const page = await get(`${other.url}${PAGE}`);
      expect(page.headers["x-page-cache"]).toBe("HIT");
      return page;
    }

    test("a profile saved through one instance shows on the other's cached page within 2 s", async () => {
      const before = await expectCached();
      expect(before.text).toContain(defaultProfile.name);
      await rename("Bayou City Builders");
      expect(await shownOnOther("Bayou City Builders")).toBeLessThan(2000);
    });

    test("`npm run cli -- site set` in a third process shows on the cached page within 2 s", async () => {
      await expectCached();
      const cli = await new Promise<{ code: number | null; out: string }>((resolve) => {
        execFile(
          process.execPath,
          [path.join(root, "server/cli.ts"), "site", "set", "--name", "Heights Handyman LLC"],
          { cwd: root, env: serverEnv(otherEnv), timeout: 30_000 },
          (error, stdout, stderr) => resolve({ code: error ? ((error.code as number | undefined) ?? 1) : 0, out: stdout + stderr }),
        );
      });
      expect(cli.code, cli.out).toBe(0);
      expect(await shownOnOther("Heights Handyman LLC")).toBeLessThan(2000);
    });

    test.runIf(target.name === "postgres" && POSTGRES_URL)(
      "after its listener's connection was killed, the other instance still sees changes within 2 s",
      async () => {
        const admin = new Client({ connectionString: POSTGRES_URL });
        await admin.connect();
        try {
          const listenerPids = async () =>
            (
              await admin.query<{ pid: number }>(
                "select pid from pg_stat_activity where application_name = $1 and query ilike 'listen %'",
                [appName],
              )
            ).rows.map((row) => row.pid);
          const [pid] = await listenerPids();
          expect(pid).toBeTypeOf("number");
          await admin.query("select pg_terminate_backend($1)", [pid]);
          const until = Date.now() + 10_000;
          while (!(await listenerPids()).some((each) => each !== pid)) {
            if (Date.now() > until) throw new Error("the listener did not reconnect within 10 s");
            await sleep(50);
          }
          await expectCached();
          await rename("Katy Kitchen Co");
          expect(await shownOnOther("Katy Kitchen Co")).toBeLessThan(2000);
          expect(other.hasExited()).toBe(false);
        } finally {
          await admin.end();
        }
      },
    );
  });
}
