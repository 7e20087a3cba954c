/**
 * The limits hold across instances: two real servers (tests/support/server.ts) share one database,
 * as several instances behind a proxy do: one SQLite file in a shared DATA_DIR, and one
 * PostgreSQL schema when TEST_POSTGRES_URL is set. Both trust one proxy (TRUST_PROXY=1), so each
 * request names its client address, and share SESSION_SECRET, as the operator's instances do.
 * - Leads: forms sent back with field errors do not count; the 6th stored request from one
 *   address is refused (429) on either server; a request flagged as spam counts.
 * - Confirmations: 20 requests at once, with one homeowner email, half on each server, queue
 *   exactly CONFIRMATIONS_PER_ADDRESS_PER_DAY (3) confirmation emails.
 * - Sign-in: 20 wrong passwords at once, half on each server, get 10 "wrong" answers (checked)
 *   and 10 429s; the owner's browser with its device cookie signs in on either server.
 * - Sign-up: the 4th sign-up from one address (SIGNUP_RATE_LIMIT=3) is refused on either server.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { openDatabase, type Database } from "#app/server/db/index.server.ts";
import { databaseTargets, schemaUrl } from "#tests/support/databases.ts";
import { LEAD_ENV, fetchFormToken, marker, postFromClient, submitLead, validFields } from "#tests/support/leads.ts";
import { startServer, type HttpResult, type ServerProcess } from "#tests/support/server.ts";
import { createTestAccount, uniqueEmail, type TestAccount } from "#tests/support/accounts.ts";
import { textOf } from "#tests/support/account-pages.ts";

const targets = databaseTargets("limits-shared", "shared limits suite");

const ENV = {
  ...LEAD_ENV,
  TRUST_PROXY: "1",
  SESSION_SECRET: `shared-limits-${randomBytes(16).toString("hex")}`,
  LEAD_RATE_LIMIT: "5",
  LEAD_RATE_WINDOW_SECONDS: "600",
  CONFIRMATIONS_PER_ADDRESS_PER_DAY: "3",
  SIGNUP_RATE_LIMIT: "3",
  SIGNUP_RATE_WINDOW_SECONDS: "3600",
  // No outbox traffic to speak of: the emails are only counted here.
  MAIL_POLL_SECONDS: "30",
};

const post = postFromClient;

function signUp(server: ServerProcess, clientIp: string) {
  return post(server, "/signup", { name: "Pat Newcomer", email: uniqueEmail("signup"), password: "porch swing evening" }, clientIp);
}

function deviceCookieOf(res: HttpResult): string {
  const line = [res.headers["set-cookie"] ?? []].flat().find((l) => l.startsWith("device="));
  expect(line, "a device cookie").toBeDefined();
  return line!.split(";")[0]!;
}

describe.each(targets)("limits shared by two servers: $name", (target) => {
  let servers: [ServerProcess, ServerProcess];
  let site: { dataDir: string; databaseUrl?: string; schema?: string };
  let database: Database;
  let ownDir = "";

  beforeAll(async () => {
    await target.setup();
    let env: Record<string, string> = ENV;
    if (target.name === "postgres") {
      const options = await target.fresh();
      const url = new URL(schemaUrl(options.databaseUrl!, options.schema));
      env = { ...ENV, DATABASE_URL: url.href };
      site = { dataDir: options.dataDir, databaseUrl: options.databaseUrl, schema: options.schema };
    } else {
      ownDir = mkdtempSync(path.join(tmpdir(), "limits-shared-"));
      site = { dataDir: path.join(ownDir, "data") };
    }
    // One DATA_DIR for both: on SQLite that is the one shared database file.
    servers = [await startServer({ env, dataDir: site.dataDir }), await startServer({ env, dataDir: site.dataDir })];
    database = await openDatabase(site);
  }, 90_000);

  afterAll(async () => {
    await database?.close();
    await Promise.all((servers ?? []).map((server) => server.stop()));
    await target.teardown();
    if (ownDir) rmSync(ownDir, { recursive: true, force: true });
  });

  test("leads: typos do not count; the 6th stored request from one address is 429 on either server; spam counts", async () => {
    const ip = "198.51.100.10";
    const headers = { "x-forwarded-for": ip };
    const token = await fetchFormToken(servers[0]);
    // Five posts with a field error (a person fixing a typo): 400, nothing stored, nothing counted.
    for (let i = 0; i < 5; i++) {
      const res = await submitLead(servers[i % 2]!, validFields(marker("typo"), { email: "maria@" }), {
        token,
        headers,
      });
      expect(res.status).toBe(400);
    }
    // Four requests, alternating servers, then a bot's (no token: flagged as spam, answered the same).
    for (let i = 0; i < 4; i++) {
      const res = await submitLead(servers[i % 2]!, validFields(marker("ok")), { token, headers });
      expect(res.status, res.text.slice(0, 300)).toBe(200);
    }
    expect((await submitLead(servers[0], validFields(marker("bot")), { token: null, headers })).status).toBe(200);
    for (const server of servers) {
      const refused = await submitLead(server, validFields(marker("sixth")), { token, headers });
      expect(refused.status).toBe(429);
      const retryAfter = Number(refused.headers["retry-after"]);
      expect(retryAfter).toBeGreaterThan(9 * 60);
      expect(retryAfter).toBeLessThanOrEqual(600);
      expect(refused.text).toMatch(/Please wait about 10 minutes and try again, or call us\./);
    }
    // Another address is not affected.
    expect(
      (
        await submitLead(servers[1], validFields(marker("other")), {
          token,
          headers: { "x-forwarded-for": "198.51.100.11" },
        })
      ).status,
    ).toBe(200);
    const stored = await database.db
      .selectFrom("leads")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("subject", "like", "%ok-%")
      .executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBe(4);
  });

  test("confirmations: 20 requests at once with one email, on both servers, queue exactly 3 confirmations", async () => {
    const email = `${marker("homeowner")}@home.test`;
    const token = await fetchFormToken(servers[0]);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        submitLead(servers[i % 2]!, validFields(marker("confirm"), { email }), {
          token,
          headers: { "x-forwarded-for": `203.0.113.${i + 1}` },
        }),
      ),
    );
    for (const res of results) expect(res.status, res.text.slice(0, 300)).toBe(200);
    const jobs = await database.db.selectFrom("email_jobs").select(["kind"]).where("recipient", "=", email).execute();
    expect(jobs).toHaveLength(3);
    expect(jobs.every((job) => job.kind === "lead-confirmation")).toBe(true);
    // Every request still notified the contractor.
    const notifications = await database.db
      .selectFrom("email_jobs")
      .innerJoin("leads", "leads.id", "email_jobs.lead_id")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("leads.email", "=", email)
      .where("email_jobs.kind", "=", "lead-notification")
      .executeTakeFirstOrThrow();
    expect(Number(notifications.n)).toBe(20);
  });

  describe("sign-in", () => {
    let owner: TestAccount;
    let ownerDevice = "";

    beforeAll(async () => {
      owner = await createTestAccount(site, { role: "admin" });
      const home = await post(servers[0], "/login", { email: owner.user.email, password: owner.password }, "192.0.2.1");
      expect(home.status).toBe(302);
      ownerDevice = deviceCookieOf(home);
    });

    test("20 wrong passwords at once on two servers: 10 checked, 10 refused with 429; the owner still signs in", async () => {
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          post(servers[i % 2]!, "/login", { email: owner.user.email, password: `guess ${i}` }, `198.18.1.${i + 1}`),
        ),
      );
      const statuses = results.map((res) => res.status);
      expect(statuses.filter((status) => status === 400)).toHaveLength(10);
      expect(statuses.filter((status) => status === 429)).toHaveLength(10);

      // An unknown browser with the right password waits, on either server...
      for (const server of servers) {
        const locked = await post(server, "/login", { email: owner.user.email, password: owner.password }, "192.0.2.2");
        expect(locked.status).toBe(429);
        expect(Number(locked.headers["retry-after"])).toBeGreaterThan(14 * 60);
        expect(textOf(locked.text)).toMatch(/too many failed attempts to log in\. For your security, please wait about 15 minutes/);
      }
      // ...while the owner's browser signs in on either one.
      for (const server of servers) {
        const res = await post(server, "/login", { email: owner.user.email, password: owner.password }, "192.0.2.1", ownerDevice);
        expect(res.status, res.text.slice(0, 300)).toBe(302);
      }
    });
  });

  test("sign-up: the 4th from one address is 429 on either server; another address goes on", async () => {
    for (let i = 0; i < 3; i++) expect((await signUp(servers[i % 2]!, "203.0.113.200")).status).toBe(302);
    for (const server of servers) {
      const refused = await signUp(server, "203.0.113.200");
      expect(refused.status).toBe(429);
      expect(Number(refused.headers["retry-after"])).toBeGreaterThan(3500);
      expect(textOf(refused.text)).toMatch(/Your account was not created yet\. .*please wait about 60 minutes and try again\./);
    }
    expect((await signUp(servers[1], "203.0.113.201")).status).toBe(302);
  });
});
