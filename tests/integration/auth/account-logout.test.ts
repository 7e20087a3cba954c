/**
 * /logout against the real built server: only a POST signs out; it deletes this browser's
 * session (or, with intent=everywhere, every session of the account) from the database, clears
 * the cookie and lands on /login, which says so.
 */
import type BetterSqlite3 from "better-sqlite3";
import { afterAll, beforeAll, expect, test } from "vitest";
import { startServer, stopAllServers, type ServerProcess } from "#tests/support/server.ts";
import { clearsSession, getPage, locationOf, postForm, roleTexts, sessionCookie } from "#tests/support/account-pages.ts";
import { openSiteDb, sessionCount, sessionExists } from "#tests/support/site-db.ts";
import { createTestAccount, createTestSession, withSiteDatabase, type TestAccount } from "#tests/support/accounts.ts";

let site: ServerProcess;
let db: BetterSqlite3.Database;

beforeAll(async () => {
  site = await startServer();
  db = openSiteDb(site.dataDir);
});

afterAll(async () => {
  db?.close();
  await stopAllServers();
});

/** More sessions for the same account, as if signed in on other devices. */
async function moreSessions(account: TestAccount, count: number): Promise<string[]> {
  return withSiteDatabase({ dataDir: site.dataDir }, async (database) => {
    const cookies: string[] = [];
    for (let i = 0; i < count; i++) cookies.push(`session=${await createTestSession(database, account.user.id)}`);
    return cookies;
  });
}

test("GET /logout signs nobody out: it goes to /profile", async () => {
  const account = await createTestAccount({ dataDir: site.dataDir });
  const res = await getPage(site, "/logout", account.cookie);
  expect(res.status).toBe(302);
  expect(locationOf(res, site)).toBe("/profile");
  expect(clearsSession(res)).toBe(false);
  expect(sessionExists(db, account.cookie)).toBe(true);
});

test("POST /logout deletes this browser's session only, clears the cookie and says 'You are signed out.'", async () => {
  const account = await createTestAccount({ dataDir: site.dataDir });
  const [elsewhere] = await moreSessions(account, 1);
  expect(sessionCount(db, account.user.id)).toBe(2);

  const res = await postForm(site, "/logout", {}, { cookie: account.cookie });
  expect(res.status).toBe(302);
  expect(locationOf(res, site)).toBe("/login?signedOut=1");
  expect(clearsSession(res)).toBe(true);
  expect(sessionExists(db, account.cookie)).toBe(false);
  expect(sessionExists(db, elsewhere!)).toBe(true);

  // The old cookie no longer opens the profile.
  const profile = await getPage(site, "/profile", account.cookie);
  expect(profile.status).toBe(302);
  expect(locationOf(profile, site)).toBe("/login?redirectTo=%2Fprofile");
  // The page the browser lands on.
  const landing = await getPage(site, "/login?signedOut=1");
  expect(roleTexts(landing.text, "status")).toEqual(["You are signed out."]);
});

test("POST /logout with intent=everywhere deletes every session of the account, and only of that account", async () => {
  const account = await createTestAccount({ dataDir: site.dataDir });
  const bystander = await createTestAccount({ dataDir: site.dataDir });
  const others = await moreSessions(account, 3);
  expect(sessionCount(db, account.user.id)).toBe(4);

  const res = await postForm(site, "/logout", { intent: "everywhere" }, { cookie: account.cookie });
  expect(res.status).toBe(302);
  expect(locationOf(res, site)).toBe("/login?everywhere=1");
  expect(clearsSession(res)).toBe(true);
  expect(sessionCount(db, account.user.id)).toBe(0);
  for (const cookie of others) expect((await getPage(site, "/profile", cookie)).status).toBe(302);
  expect(sessionExists(db, bystander.cookie)).toBe(true);
  expect((await getPage(site, "/profile", bystander.cookie)).status).toBe(200);
});

test("a visitor without a session who posts to /logout lands on /login all the same", async () => {
  const res = await postForm(site, "/logout", {});
  expect(res.status).toBe(302);
  expect(locationOf(res, site)).toBe("/login?signedOut=1");
  expect(sessionCookie(res)).toBeNull();
});

test("a cross-site POST to /logout is refused and signs nobody out", async () => {
  const account = await createTestAccount({ dataDir: site.dataDir });
  const res = await postForm(
    site,
    "/logout",
    { intent: "everywhere" },
    { cookie: account.cookie, headers: { origin: "https://evil.example" } },
  );
  expect(res.status).toBe(403);
  expect(sessionExists(db, account.cookie)).toBe(true);
});
