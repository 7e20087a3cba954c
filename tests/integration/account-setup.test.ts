/**
 * The one-time setup link for the first admin, end to end against the real built server: the
 * link printed at start-up, its form, validation that does not use the link up, one admin from
 * two simultaneous posts, the link refused afterwards (410) and never making a second admin, a
 * restart with an admin printing no link, and wrong or expired tokens refused.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type BetterSqlite3 from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startServer, stopAllServers, type HttpResult, type ServerProcess } from "./helpers/server.ts";
import {
  countUsers,
  getPage,
  inputNamed,
  locationOf,
  mainText,
  openSiteDb,
  postForm,
  sessionCookie,
  userByEmail,
} from "./helpers/accounts.ts";
import { withSiteDatabase } from "../support/accounts.ts";
import { issueSetupToken } from "../../app/server/auth/accounts.server.ts";

const PUBLIC_URL = "http://www.remodel.test";
const LINK_LINE = /^Create the first admin account: (\S+) \(valid for 1 hour\)$/m;
const PASSWORD = "cedar fence at noon";

let dataDir: string;
let site: ServerProcess;
let db: BetterSqlite3.Database;
/** The path and query of the printed link, e.g. /setup?token=… */
let setupPath: string;
let token: string;

beforeAll(async () => {
  // Owned here, not by the server helper: a second server starts on the same data.
  dataDir = mkdtempSync(join(tmpdir(), "site-setup-"));
  site = await startServer({ dataDir, env: { PUBLIC_URL } });
  await site.waitForStdout("Create the first admin account");
  db = openSiteDb(dataDir);
});

afterAll(async () => {
  db?.close();
  await stopAllServers();
  rmSync(dataDir, { recursive: true, force: true });
});

function expectRefused(res: HttpResult, status: number, title: RegExp) {
  expect(res.status, res.text.slice(0, 300)).toBe(status);
  expect(res.text).not.toContain("<form");
  expect(inputNamed(res.text, "password")).toBeNull();
  expect(res.text).toMatch(title);
  expect(res.headers["cache-control"]).toBe("private, no-store");
}

const adminCount = () => countUsers(db, "role = 'admin'");

describe("before the first admin", () => {
  test("the server prints the link on a plain stdout line and in the info log, with PUBLIC_URL", () => {
    const line = LINK_LINE.exec(site.stdout());
    expect(line, site.stdout()).not.toBeNull();
    const url = new URL(line![1]!);
    expect(url.origin).toBe(PUBLIC_URL);
    expect(url.pathname).toBe("/setup");
    token = url.searchParams.get("token") ?? "";
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    setupPath = `${url.pathname}${url.search}`;
    const logged = site
      .stdout()
      .split("\n")
      .filter((l) => l.startsWith("{"))
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .find((entry) => entry.setupUrl !== undefined);
    expect(logged).toMatchObject({ level: "info", setupUrl: url.href });
  });

  test("GET with the token shows the form that creates the administrator", async () => {
    const res = await getPage(site, setupPath);
    expect(res.status).toBe(200);
    expect(res.headers["cache-control"]).toBe("private, no-store");
    expect(res.text).toContain('<meta name="robots" content="noindex"/>');
    expect(mainText(res.text)).toMatch(/creates the administrator/);
    expect(inputNamed(res.text, "token")?.attributes).toMatchObject({ type: "hidden", value: token });
    expect(inputNamed(res.text, "name")?.attributes.type).toBe("text");
    expect(inputNamed(res.text, "email")?.attributes).toMatchObject({ type: "email", autocomplete: "email" });
    expect(inputNamed(res.text, "password")?.attributes).toMatchObject({ type: "password", autocomplete: "new-password" });
  });

  test("a wrong or missing token is refused with 403 and no form", async () => {
    for (const path of ["/setup?token=not-the-token", "/setup", `/setup?token=${token.slice(0, -1)}x`]) {
      expectRefused(await getPage(site, path), 403, /This setup link is not valid/);
    }
    const post = await postForm(site, "/setup", { token: "not-the-token", name: "Mallory", email: "mallory@example.com", password: PASSWORD });
    expectRefused(post, 403, /not valid/);
    expect(userByEmail(db, "mallory@example.com")).toBeUndefined();
  });

  test("an expired token is refused with 410", async () => {
    const old = await withSiteDatabase({ dataDir }, (database) =>
      issueSetupToken({ db: database.db, now: new Date(Date.now() - 2 * 3600 * 1000) }),
    );
    expectRefused(await getPage(site, `/setup?token=${old}`), 410, /expired/);
  });

  test("invalid fields: 400 with errors beside them, nothing created, the link still works", async () => {
    const res = await postForm(site, setupPath, { token, name: "", email: "boss@", password: "short" });
    expect(res.status).toBe(400);
    expect(inputNamed(res.text, "name")?.error).toBe("Please enter your name.");
    expect(inputNamed(res.text, "email")?.error).toMatch(/valid email address/);
    expect(inputNamed(res.text, "password")?.error).toMatch(/at least 8 characters/);
    const common = await postForm(site, setupPath, { token, name: "Boss", email: "boss@example.com", password: "password123" });
    expect(common.status).toBe(400);
    expect(inputNamed(common.text, "password")?.error).toMatch(/too common/);
    expect(inputNamed(common.text, "email")?.attributes.value).toBe("boss@example.com");
    expect(inputNamed(common.text, "token")?.attributes.value).toBe(token);
    expect(countUsers(db)).toBe(0);
    expect((await getPage(site, setupPath)).status).toBe(200);
  });
});

describe("creating the admin", () => {
  let cookie: string;

  test("two posts of the link at once make exactly one admin, who is signed in and sent to /admin", async () => {
    const [first, second] = await Promise.all([
      postForm(site, setupPath, { token, name: "Pat Owner", email: "pat@example.com", password: PASSWORD }),
      postForm(site, setupPath, { token, name: "Sam Owner", email: "sam@example.com", password: PASSWORD }),
    ]);
    const results = [first, second].map((res) => res.status).toSorted();
    expect(results).toEqual([302, 410]);
    const winner = first.status === 302 ? first : second;
    expect(locationOf(winner, site)).toBe("/admin");
    cookie = sessionCookie(winner)!;
    expect(cookie).not.toBeNull();
    expect(adminCount()).toBe(1);
    expect(countUsers(db)).toBe(1);
    const admin = userByEmail(db, first.status === 302 ? "pat@example.com" : "sam@example.com");
    expect(admin).toMatchObject({ role: "admin" });
    expect(admin?.password_hash).toMatch(/^\$argon2id\$/);
  });

  test("the session reaches /admin; the new password signs in", async () => {
    const res = await getPage(site, "/admin", cookie);
    expect(res.status, res.text.slice(0, 300)).toBe(200);
    const admin = db.prepare("select email from users where role = 'admin'").get() as { email: string };
    const login = await postForm(site, "/login", { email: admin.email, password: PASSWORD, redirectTo: "/admin" });
    expect(login.status).toBe(302);
    expect(locationOf(login, site)).toBe("/admin");
  });

  test("afterwards the same link is refused with 410, GET and POST, and never makes a second admin", async () => {
    expectRefused(await getPage(site, setupPath), 410, /already has an administrator/);
    const post = await postForm(site, setupPath, { token, name: "Late", email: "late@example.com", password: PASSWORD });
    expectRefused(post, 410, /already has an administrator/);
    expect(sessionCookie(post)).toBeNull();
    // Any token at all, once an admin exists.
    expectRefused(await getPage(site, "/setup?token=whatever"), 410, /already has an administrator/);
    expect(adminCount()).toBe(1);
    expect(userByEmail(db, "late@example.com")).toBeUndefined();
  });

  test("a second start with an admin present prints no link, and the old link stays refused", async () => {
    await site.stop();
    db.close();
    const again = await startServer({ dataDir, env: { PUBLIC_URL } });
    db = openSiteDb(dataDir);
    expect(again.stdout()).not.toContain("Create the first admin account");
    expect(again.stdout()).not.toContain("setupUrl");
    expectRefused(await getPage(again, setupPath), 410, /already has an administrator/);
    expect(adminCount()).toBe(1);
  });
});
