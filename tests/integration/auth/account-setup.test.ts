/**
 * The one-time setup link for the first admin, end to end against the real built server: the
 * link printed at start-up, the token leaving the address bar at once (a cookie scoped to
 * /setup carries it), its form, validation that does not use the link up, one admin from two
 * simultaneous posts, the business step that follows (admins only, field errors, saved, then the
 * dashboard), the link refused afterwards (410) and never making a second admin, a restart with
 * an admin printing no link, and wrong or expired tokens refused. No address the server sends a
 * browser to ever carries the token.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type BetterSqlite3 from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startServer, stopAllServers, type HttpResult, type ServerProcess } from "#tests/support/server.ts";
import { getPage, inputNamed, locationOf, mainText, postForm as postFormAt, sessionCookie } from "#tests/support/account-pages.ts";
import { countUsers, openSiteDb, userByEmail } from "#tests/support/site-db.ts";
import { createTestAccount, withSiteDatabase } from "#tests/support/accounts.ts";
import { issueSetupToken } from "#app/server/auth/accounts.server.ts";
import { getStoredProfile } from "#app/server/repos/site-profile.server.ts";
import { defaultProfile } from "#app/content/company.ts";

const PUBLIC_URL = "http://www.remodel.test";
/** A form post from a browser on PUBLIC_URL: the host accepts only PUBLIC_URL's Origin once it is set. */
const postForm: typeof postFormAt = (server, pathAndQuery, fields, options = {}) =>
  postFormAt(server, pathAndQuery, fields, { ...options, headers: { origin: PUBLIC_URL, ...options.headers } });
const LINK_LINE = /^Create the first admin account: (\S+) \(valid for 1 hour\)$/m;
const PASSWORD = "cedar fence at noon";

let dataDir: string;
let site: ServerProcess;
let db: BetterSqlite3.Database;
/** The path and query of the printed link, e.g. /setup?token=… */
let setupPath: string;
let token: string;
/** `setup_token=…`, as the browser sends it back after opening the link. */
let tokenCookie: string;
/** Every Location header the server sent in this file: none may carry the token. */
const locations: string[] = [];

function track(res: HttpResult): HttpResult {
  if (res.headers.location) locations.push(res.headers.location);
  return res;
}

function setupCookieOf(res: HttpResult): string | null {
  const lines = ([] as string[]).concat(res.headers["set-cookie"] ?? []);
  const line = lines.find((cookie) => cookie.startsWith("setup_token="));
  return line ?? null;
}

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

  test("opening the link moves the token into an HttpOnly cookie for /setup and redirects to /setup without it", async () => {
    const res = track(await getPage(site, setupPath));
    expect(res.status).toBe(302);
    expect(locationOf(res, site)).toBe("/setup");
    expect(res.headers["cache-control"]).toBe("private, no-store");
    const cookie = setupCookieOf(res);
    expect(cookie).not.toBeNull();
    expect(cookie).toContain(`setup_token=${token};`);
    expect(cookie).toMatch(/; Path=\/setup(;|$)/);
    expect(cookie).toMatch(/; HttpOnly(;|$)/);
    expect(cookie).toMatch(/; SameSite=Lax(;|$)/);
    expect(cookie).toMatch(/; Max-Age=3600(;|$)/);
    tokenCookie = `setup_token=${token}`;
  });

  test("GET /setup with the cookie shows the form that creates the administrator, and the page never holds the token", async () => {
    const res = await getPage(site, "/setup", tokenCookie);
    expect(res.status).toBe(200);
    expect(res.headers["cache-control"]).toBe("private, no-store");
    expect(res.text).toContain('<meta name="robots" content="noindex"/>');
    expect(mainText(res.text)).toMatch(/creates the administrator/);
    expect(mainText(res.text)).toContain("Step 1 of 2");
    expect(res.text).not.toContain(token);
    expect(inputNamed(res.text, "token")).toBeNull();
    expect(inputNamed(res.text, "name")?.attributes.type).toBe("text");
    expect(inputNamed(res.text, "email")?.attributes).toMatchObject({ type: "email", autocomplete: "email" });
    expect(inputNamed(res.text, "password")?.attributes).toMatchObject({
      type: "password",
      autocomplete: "new-password",
    });
    // The form posts to plain /setup.
    const form = /<form\b[^>]*>/.exec(res.text)?.[0] ?? "";
    expect(form).toContain('method="post"');
    expect(form).toContain('action="/setup"');
  });

  test("a wrong or missing token is refused with 403 and no form (no cookie, a wrong cookie, a wrong link)", async () => {
    for (const path of ["/setup?token=not-the-token", "/setup", `/setup?token=${token.slice(0, -1)}x`]) {
      const res = track(await getPage(site, path));
      expectRefused(res, 403, /This setup link is not valid/);
      expect(setupCookieOf(res)).toBeNull();
    }
    expectRefused(await getPage(site, "/setup", "setup_token=not-the-token"), 403, /This setup link is not valid/);
    const post = await postForm(site, "/setup", {
      token: "not-the-token",
      name: "Mallory",
      email: "mallory@example.com",
      password: PASSWORD,
    });
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
    const res = await postForm(site, "/setup", { name: "", email: "boss@", password: "short" }, { cookie: tokenCookie });
    expect(res.status).toBe(400);
    expect(inputNamed(res.text, "name")?.error).toBe("Please enter your name.");
    expect(inputNamed(res.text, "email")?.error).toMatch(/valid email address/);
    expect(inputNamed(res.text, "password")?.error).toMatch(/at least 8 characters/);
    const common = await postForm(
      site,
      "/setup",
      { name: "Boss", email: "boss@example.com", password: "password123" },
      { cookie: tokenCookie },
    );
    expect(common.status).toBe(400);
    expect(inputNamed(common.text, "password")?.error).toMatch(/too common/);
    expect(inputNamed(common.text, "email")?.attributes.value).toBe("boss@example.com");
    expect(common.text).not.toContain(token);
    expect(countUsers(db)).toBe(0);
    expect((await getPage(site, "/setup", tokenCookie)).status).toBe(200);
  });
});

describe("creating the admin", () => {
  let cookie: string;

  test("two posts of the link at once make exactly one admin, who is signed in and sent to the business step", async () => {
    const [first, second] = await Promise.all([
      postForm(site, "/setup", { name: "Pat Owner", email: "pat@example.com", password: PASSWORD }, { cookie: tokenCookie }),
      postForm(site, "/setup", { name: "Sam Owner", email: "sam@example.com", password: PASSWORD }, { cookie: tokenCookie }),
    ]);
    track(first);
    track(second);
    const results = [first, second].map((res) => res.status).toSorted();
    expect(results).toEqual([302, 410]);
    const winner = first.status === 302 ? first : second;
    expect(locationOf(winner, site)).toBe("/setup/business");
    cookie = sessionCookie(winner)!;
    expect(cookie).not.toBeNull();
    // The token's cookie is cleared with the sign-in.
    expect(setupCookieOf(winner)).toMatch(/^setup_token=; Path=\/setup; Max-Age=0/);
    expect(adminCount()).toBe(1);
    expect(countUsers(db)).toBe(1);
    const admin = userByEmail(db, first.status === 302 ? "pat@example.com" : "sam@example.com");
    expect(admin).toMatchObject({ role: "admin" });
    expect(admin?.password_hash).toMatch(/^\$argon2id\$/);
  });

  test("the business step shows the current profile, one field per essential, and works without JavaScript", async () => {
    const res = await getPage(site, "/setup/business", cookie);
    expect(res.status, res.text.slice(0, 300)).toBe(200);
    expect(res.headers["cache-control"]).toBe("private, no-store");
    expect(res.text).toContain('<meta name="robots" content="noindex"/>');
    expect(mainText(res.text)).toContain("Step 2 of 2");
    expect(inputNamed(res.text, "name")?.attributes).toMatchObject({
      value: defaultProfile.name,
      autocomplete: "organization",
    });
    expect(inputNamed(res.text, "phone")?.attributes).toMatchObject({ type: "tel", value: defaultProfile.phone });
    expect(inputNamed(res.text, "public_email")?.attributes).toMatchObject({
      type: "email",
      value: defaultProfile.publicEmail,
    });
    expect(inputNamed(res.text, "lead_inbox")?.attributes).toMatchObject({
      type: "email",
      value: defaultProfile.leadInbox,
    });
    expect(inputNamed(res.text, "city")?.attributes.value).toBe(defaultProfile.city);
    expect(res.text).toMatch(/<textarea[^>]*name="service_cities"[^>]*>Houston, Katy, Sugar Land/);
    expect(res.text).not.toMatch(/<script\b[^>]*src=/);
    expect(res.text).toMatch(/<form[^>]*method="post"/);
  });

  test("bad values: 400 with the errors beside their fields, what was typed kept, nothing saved", async () => {
    const res = await postForm(
      site,
      "/setup/business",
      {
        name: "",
        phone: "555",
        public_email: "nope",
        lead_inbox: "also@",
        city: "",
        service_cities: "Houston, <b>Katy</b>",
      },
      { cookie },
    );
    expect(res.status).toBe(400);
    expect(inputNamed(res.text, "name")?.error).toBe("Please enter the business name.");
    expect(inputNamed(res.text, "phone")?.error).toMatch(/US phone number with area code/);
    expect(inputNamed(res.text, "public_email")?.error).toMatch(/valid email address/);
    expect(inputNamed(res.text, "lead_inbox")?.error).toMatch(/valid email address/);
    expect(inputNamed(res.text, "city")?.error).toBe("Please enter the city the business is in.");
    expect(mainText(res.text)).toContain("City names cannot contain < or >.");
    expect(inputNamed(res.text, "phone")?.attributes.value).toBe("555");
    expect(mainText(res.text)).toContain("Nothing was saved yet.");
    expect(await withSiteDatabase({ dataDir }, (database) => getStoredProfile({ db: database.db }))).toBeNull();
  });

  test("good values are saved (phone normalised, cities split) and the admin lands on the dashboard and its checklist", async () => {
    const res = track(
      await postForm(
        site,
        "/setup/business",
        {
          name: "Bayou City Builders",
          phone: "281.555.0123",
          public_email: "hello@bayoubuilders.test",
          lead_inbox: "leads@bayoubuilders.test",
          city: "Katy",
          service_cities: "Katy, Houston\nCypress, katy",
        },
        { cookie },
      ),
    );
    expect(res.status, res.text.slice(0, 300)).toBe(302);
    expect(locationOf(res, site)).toBe("/admin?done=setup");
    const stored = await withSiteDatabase({ dataDir }, (database) => getStoredProfile({ db: database.db }));
    expect(stored?.data).toMatchObject({
      name: "Bayou City Builders",
      phone: "(281) 555-0123",
      publicEmail: "hello@bayoubuilders.test",
      leadInbox: "leads@bayoubuilders.test",
      city: "Katy",
      serviceCities: ["Katy", "Houston", "Cypress"],
      // The rest of the profile is kept as it was.
      slogan: defaultProfile.slogan,
    });
    const dashboard = await getPage(site, "/admin?done=setup", cookie);
    expect(dashboard.status).toBe(200);
    expect(mainText(dashboard.text)).toContain("Your business details are saved.");
    expect(mainText(dashboard.text)).toContain("Go-live checklist");
    // The header shows the new name at once: no restart.
    expect((await getPage(site, "/")).text).toContain("Bayou City Builders");
  });

  test("an admin may come back to the business step; anonymous visitors go to /login, customers get 403", async () => {
    const again = await getPage(site, "/setup/business", cookie);
    expect(again.status).toBe(200);
    expect(inputNamed(again.text, "name")?.attributes.value).toBe("Bayou City Builders");
    expect(again.text).toMatch(/<textarea[^>]*name="service_cities"[^>]*>Katy, Houston, Cypress</);

    const anonymous = track(await getPage(site, "/setup/business"));
    expect(anonymous.status).toBe(302);
    expect(locationOf(anonymous, site)).toBe("/login?redirectTo=%2Fsetup%2Fbusiness");
    const anonymousPost = await postForm(site, "/setup/business", { name: "Mallory's Remodeling" });
    expect(anonymousPost.status).toBe(302);
    expect(locationOf(anonymousPost, site)).toMatch(/^\/login/);

    const customer = await createTestAccount({ dataDir });
    expect((await getPage(site, "/setup/business", customer.cookie)).status).toBe(403);
    const customerPost = await postForm(
      site,
      "/setup/business",
      {
        name: "Mallory's Remodeling",
        phone: "(713) 555-0100",
        public_email: "m@x.test",
        lead_inbox: "m@x.test",
        city: "Houston",
        service_cities: "",
      },
      { cookie: customer.cookie },
    );
    expect(customerPost.status).toBe(403);
    const stored = await withSiteDatabase({ dataDir }, (database) => getStoredProfile({ db: database.db }));
    expect(stored?.data.name).toBe("Bayou City Builders");
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
    expectRefused(track(await getPage(site, setupPath)), 410, /already has an administrator/);
    expectRefused(await getPage(site, "/setup", tokenCookie), 410, /already has an administrator/);
    const post = await postForm(site, "/setup", { token, name: "Late", email: "late@example.com", password: PASSWORD });
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

  test("no address the server sent a browser to carried the token", () => {
    expect(locations.length).toBeGreaterThanOrEqual(4);
    for (const location of locations) expect(location).not.toContain(token);
    for (const location of locations) expect(location).not.toMatch(/token=/);
  });
});
