/**
 * Sessions as a browser meets them, against the real built server: Google sign-in through a
 * local OpenID issuer, the session cookie's flags (http and https sites), a new id on every
 * sign-in, the stored hash, expiry and extension, and cross-origin refusals.
 */
import { createHash } from "node:crypto";
import path from "node:path";
import BetterSqlite3 from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { request, startServer, type HttpResult, type ServerProcess } from "#tests/support/server.ts";
import { startOidcIssuer, type OidcIssuer } from "#tests/support/oidc-issuer.ts";
import { createTestAccount } from "#tests/support/accounts.ts";

const SITE = "http://www.remodel.test";
const HOST = new URL(SITE).host;
const THIRTY_DAYS = 30 * 24 * 3600;

let issuer: OidcIssuer;
let site: ServerProcess;
let db: BetterSqlite3.Database;

beforeAll(async () => {
  issuer = await startOidcIssuer({ port: 0 });
  site = await startServer({
    env: {
      PUBLIC_URL: SITE,
      GOOGLE_CLIENT_ID: "test-client",
      GOOGLE_CLIENT_SECRET: "test-secret",
      GOOGLE_ISSUER: issuer.issuer,
    },
  });
  db = new BetterSqlite3(path.join(site.dataDir, "site.db"));
});

afterAll(async () => {
  db?.close();
  await site?.stop();
  await issuer?.stop();
});

function cookiesOf(res: HttpResult): string[] {
  const header = res.headers["set-cookie"];
  return Array.isArray(header) ? header : header ? [header] : [];
}

function sessionCookieOf(res: HttpResult, name = "session"): string | undefined {
  return cookiesOf(res).find((cookie) => cookie.startsWith(`${name}=`));
}

function valueOf(cookie: string): string {
  return cookie.slice(cookie.indexOf("=") + 1).split(";")[0]!;
}

/** Runs the whole Google flow as a browser would (following each redirect by hand). */
async function googleSignIn(
  server: ServerProcess,
  options: { loginHint?: string; cookie?: string; redirectTo?: string; host?: string } = {},
) {
  const host = options.host ?? HOST;
  const query = new URLSearchParams();
  if (options.redirectTo) query.set("redirectTo", options.redirectTo);
  if (options.loginHint) query.set("login_hint", options.loginHint);
  const start = await request(`${server.url}/auth/google?${query}`, {
    headers: { host, ...(options.cookie ? { cookie: options.cookie } : {}) },
  });
  expect(start.status, start.text.slice(0, 200)).toBe(303);
  const authorize = new URL(start.headers.location!);
  expect(authorize.origin).toBe(issuer.issuer);
  const flowCookie = cookiesOf(start).find((cookie) => /^(__Host-)?oidc=/.test(cookie))!;
  expect(flowCookie).toMatch(/HttpOnly/);
  expect(flowCookie).toMatch(/SameSite=Lax/);

  const back = await fetch(authorize, { redirect: "manual" });
  const callback = new URL(back.headers.get("location")!);
  expect(callback.pathname).toBe("/auth/google/callback");
  const cookieHeader = [options.cookie, flowCookie.split(";")[0]].filter(Boolean).join("; ");
  return request(`${server.url}${callback.pathname}${callback.search}`, { headers: { host, cookie: cookieHeader } });
}

/** A customer's session: valid → /admin answers 403; gone → redirect to /login. */
async function adminStatusWith(sessionId: string, name = "session"): Promise<number> {
  const res = await request(`${site.url}/admin`, { headers: { cookie: `${name}=${sessionId}` } });
  return res.status;
}

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

describe("Google sign-in (local issuer)", () => {
  test("a first sign-in creates a customer account and a session; the cookie is HttpOnly, SameSite=Lax, 30 days", async () => {
    const email = `first-google-${Date.now()}@example.com`;
    const res = await googleSignIn(site, { loginHint: email, redirectTo: "/profile" });
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe("/profile");
    const cookie = sessionCookieOf(res)!;
    expect(cookie).toBeDefined();
    const attributes = cookie.split(";").map((part) => part.trim());
    expect(attributes).toEqual(expect.arrayContaining(["Path=/", `Max-Age=${THIRTY_DAYS}`, "HttpOnly", "SameSite=Lax"]));
    expect(attributes).not.toContain("Secure");
    // The flow cookie is cleared.
    expect(cookiesOf(res).find((c) => c.startsWith("oidc="))).toMatch(/Max-Age=0/);

    const id = valueOf(cookie);
    expect(id).toMatch(/^[A-Za-z0-9_-]{43}$/); // 32 random bytes: 256 bits
    const user = db.prepare("select * from users where email = ?").get(email) as Record<string, unknown>;
    expect(user).toMatchObject({
      role: "customer",
      email_verified: 1,
      google_sub: `google-${email}`,
      password_hash: null,
    });
    // Only the hash of the id is stored.
    const sessions = db.prepare("select id_hash from sessions where user_id = ?").all(user.id) as { id_hash: string }[];
    expect(sessions).toEqual([{ id_hash: sha256(id) }]);
    expect(JSON.stringify(db.prepare("select * from sessions").all())).not.toContain(id);
    expect(await adminStatusWith(id)).toBe(403);
  });

  test("a second sign-in reuses the account and gets a new session id; the browser's old session is deleted", async () => {
    const email = `again-google-${Date.now()}@example.com`;
    const first = valueOf(sessionCookieOf(await googleSignIn(site, { loginHint: email }))!);
    const second = valueOf(sessionCookieOf(await googleSignIn(site, { loginHint: email, cookie: `session=${first}` }))!);
    expect(second).not.toBe(first);
    expect(db.prepare("select count(*) as n from users where email = ?").get(email)).toEqual({ n: 1 });
    expect(db.prepare("select count(*) as n from sessions where id_hash = ?").get(sha256(first))).toEqual({ n: 0 });
    expect(await adminStatusWith(first)).toBe(302);
    expect(await adminStatusWith(second)).toBe(403);
  });

  test("a planted session id is worthless: signing in never keeps the id the browser came with", async () => {
    const planted = "A".repeat(43);
    const res = await googleSignIn(site, {
      loginHint: `planted-${Date.now()}@example.com`,
      cookie: `session=${planted}`,
    });
    expect(valueOf(sessionCookieOf(res)!)).not.toBe(planted);
    expect(await adminStatusWith(planted)).toBe(302);
  });

  test("a verified Google email links to the existing password account with that email", async () => {
    const account = await createTestAccount({ dataDir: site.dataDir });
    const res = await googleSignIn(site, { loginHint: account.user.email });
    expect(res.status).toBe(302);
    const user = db.prepare("select * from users where email = ?").get(account.user.email) as Record<string, unknown>;
    expect(user).toMatchObject({ id: account.user.id, google_sub: `google-${account.user.email}`, email_verified: 1 });
    expect(user.password_hash).not.toBeNull();
  });

  test("an unverified Google email is refused with a reason; cancelling says so; nothing is created", async () => {
    const unverified = `unverified-${Date.now()}@example.com`;
    const refused = await googleSignIn(site, { loginHint: unverified });
    expect(refused.status).toBe(302);
    expect(refused.headers.location).toBe("/login?error=google-unverified");
    expect(sessionCookieOf(refused)).toBeUndefined();
    expect(db.prepare("select count(*) as n from users where email = ?").get(unverified)).toEqual({ n: 0 });

    const cancelled = await googleSignIn(site, { loginHint: "cancel@example.com" });
    expect(cancelled.headers.location).toBe("/login?error=google-cancelled");
  });

  test("a callback without the flow cookie (expired, or another browser's) is refused", async () => {
    const start = await request(`${site.url}/auth/google`, { headers: { host: HOST } });
    const back = await fetch(new URL(start.headers.location!), { redirect: "manual" });
    const callback = new URL(back.headers.get("location")!);
    const res = await request(`${site.url}${callback.pathname}${callback.search}`, { headers: { host: HOST } });
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe("/login?error=google-expired");
    expect(sessionCookieOf(res)).toBeUndefined();
  });

  test("an unsafe redirectTo is ignored: the sign-in lands on /profile", async () => {
    for (const target of ["//evil.example/x", "https://evil.example/", "/\\evil.example"]) {
      const res = await googleSignIn(site, { loginHint: `redirect-${Date.now()}@example.com`, redirectTo: target });
      expect(res.headers.location, target).toBe("/profile");
    }
  });
});

describe("session lifetime", () => {
  test("an expired session signs nobody in and its cookie is cleared", async () => {
    const account = await createTestAccount({ dataDir: site.dataDir });
    db.prepare("update sessions set expires_at = ? where id_hash = ?").run(
      new Date(Date.now() - 1000).toISOString(),
      sha256(account.sessionId),
    );
    const res = await request(`${site.url}/admin`, { headers: { cookie: account.cookie } });
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe("/login?redirectTo=%2Fadmin");
    expect(sessionCookieOf(res)).toMatch(/^session=; .*Max-Age=0/);
  });

  test("a session in use is extended to 30 days from now, in the database and in the cookie", async () => {
    const account = await createTestAccount({ dataDir: site.dataDir });
    const tenDays = new Date(Date.now() + 10 * 24 * 3600 * 1000).toISOString();
    db.prepare("update sessions set expires_at = ? where id_hash = ?").run(tenDays, sha256(account.sessionId));
    const res = await request(`${site.url}/admin`, { headers: { cookie: account.cookie } });
    expect(res.status).toBe(403);
    const cookie = sessionCookieOf(res)!;
    expect(cookie).toContain(`session=${account.sessionId}`);
    expect(cookie).toContain(`Max-Age=${THIRTY_DAYS}`);
    const row = db.prepare("select expires_at from sessions where id_hash = ?").get(sha256(account.sessionId)) as {
      expires_at: string;
    };
    expect(Date.parse(row.expires_at)).toBeGreaterThan(Date.now() + 29.9 * 24 * 3600 * 1000);

    // Used again right away: no write, no new cookie (at most one extension a day).
    const again = await request(`${site.url}/admin`, { headers: { cookie: account.cookie } });
    expect(sessionCookieOf(again)).toBeUndefined();
  });

  test("a malformed session cookie is cleared and the page still answers", async () => {
    const res = await request(`${site.url}/`, { headers: { cookie: "session=not-a-real-id" } });
    expect(res.status).toBe(200);
    expect(sessionCookieOf(res)).toMatch(/Max-Age=0/);
  });
});

describe("cross-origin requests", () => {
  test.each(["/logout", "/login", "/signup", "/profile", "/setup", "/admin/leads", "/admin/users", "/contact"])(
    "POST %s from another origin is refused with 403 and changes nothing",
    async (target) => {
      const account = await createTestAccount({ dataDir: site.dataDir }, { role: "admin" });
      const body = "intent=everywhere&email=a%40b.co&password=x";
      const foreign: Record<string, string>[] = [
        { origin: "https://evil.example" },
        { origin: "null" },
        { "sec-fetch-site": "cross-site" },
      ];
      for (const headers of foreign) {
        const res = await request(`${site.url}${target}`, {
          method: "POST",
          headers: {
            ...headers,
            host: HOST,
            cookie: account.cookie,
            "content-type": "application/x-www-form-urlencoded",
            "content-length": String(body.length),
          },
          body,
        });
        expect(res.status, JSON.stringify(headers)).toBe(403);
        expect(res.text).toMatch(headers.origin ? /This form was sent from .+ \(PUBLIC_URL\)/ : /another website/);
      }
      // The admin's session survived every refused sign-out.
      expect(db.prepare("select count(*) as n from sessions where id_hash = ?").get(sha256(account.sessionId))).toEqual({
        n: 1,
      });
    },
  );
});

describe("on an https site", () => {
  let secure: ServerProcess;
  beforeAll(async () => {
    secure = await startServer({
      env: {
        PUBLIC_URL: "https://www.remodel.test",
        GOOGLE_CLIENT_ID: "test-client",
        GOOGLE_CLIENT_SECRET: "test-secret",
        GOOGLE_ISSUER: issuer.issuer,
      },
    });
  });
  afterAll(async () => {
    await secure?.stop();
  });

  test("the session cookie is __Host-session, Secure, HttpOnly, SameSite=Lax, Path=/ and has no Domain", async () => {
    const start = await request(`${secure.url}/auth/google?login_hint=secure-${Date.now()}%40example.com`, {
      headers: { host: "www.remodel.test" },
    });
    const flowCookie = cookiesOf(start).find((cookie) => cookie.startsWith("__Host-oidc="))!;
    expect(flowCookie).toMatch(/; Secure/);
    const back = await fetch(new URL(start.headers.location!), { redirect: "manual" });
    const callback = new URL(back.headers.get("location")!);
    expect(callback.origin).toBe("https://www.remodel.test");
    const res = await request(`${secure.url}${callback.pathname}${callback.search}`, {
      headers: { host: "www.remodel.test", cookie: flowCookie.split(";")[0]! },
    });
    const cookie = sessionCookieOf(res, "__Host-session")!;
    expect(cookie).toBeDefined();
    const attributes = cookie.split(";").map((part) => part.trim());
    expect(attributes).toEqual(expect.arrayContaining(["Path=/", "HttpOnly", "SameSite=Lax", "Secure"]));
    expect(attributes.some((a) => a.toLowerCase().startsWith("domain="))).toBe(false);
    // A plain `session` cookie means nothing on an https site.
    const plain = await request(`${secure.url}/admin`, { headers: { cookie: `session=${valueOf(cookie)}` } });
    expect(plain.status).toBe(302);
    const prefixed = await request(`${secure.url}/admin`, { headers: { cookie: `__Host-session=${valueOf(cookie)}` } });
    expect(prefixed.status).toBe(403);
  });
});
