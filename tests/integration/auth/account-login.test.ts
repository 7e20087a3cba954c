/**
 * /login against the real built server: the form, signing in (cookie, session, redirect),
 * failures that do not tell an unknown email from a wrong password, redirectTo (honoured when
 * same-site, ignored otherwise), the brute-force limit (429 + Retry-After), the Google link and
 * the Google error sentences, and the signed-out notice.
 *
 * - `site`: defaults, with a sign-in limit high enough never to trigger here.
 * - `other`: SIGN_IN_FAILURE_LIMIT=3 and Google configured.
 */
import type BetterSqlite3 from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startServer, stopAllServers, type HttpResult, type ServerProcess } from "#tests/support/server.ts";
import { getPage, inputNamed, locationOf, mainText, postForm, roleTexts, sessionCookie, setCookies } from "#tests/support/account-pages.ts";
import { openSiteDb, sessionExists } from "#tests/support/site-db.ts";
import { createTestAccount, uniqueEmail, type TestAccount } from "#tests/support/accounts.ts";

let site: ServerProcess;
let other: ServerProcess;
let db: BetterSqlite3.Database;
let customer: TestAccount;

beforeAll(async () => {
  [site, other] = await Promise.all([
    startServer({ env: { SIGN_IN_FAILURE_LIMIT: "1000" } }),
    startServer({
      env: {
        SIGN_IN_FAILURE_LIMIT: "3",
        SIGN_IN_WINDOW_SECONDS: "600",
        GOOGLE_CLIENT_ID: "test-client.apps.example",
        GOOGLE_CLIENT_SECRET: "test-secret",
      },
    }),
  ]);
  customer = await createTestAccount({ dataDir: site.dataDir }, { name: "Casey Login" });
  db = openSiteDb(site.dataDir);
});

afterAll(async () => {
  db?.close();
  await stopAllServers();
});

const login = (server: ServerProcess, fields: Record<string, string>, query = "") =>
  postForm(server, `/login${query}`, { redirectTo: "", ...fields });

function expectNotSignedIn(res: HttpResult) {
  expect(res.status, res.text.slice(0, 300)).toBe(400);
  expect(sessionCookie(res)).toBeNull();
  const alerts = roleTexts(res.text, "alert");
  expect(alerts).toHaveLength(1);
  expect(alerts[0]).toContain("User not signed in");
  expect(alerts[0]).toMatch(/check .*email address and password/i);
  // In the page, not a script's alert().
  expect(res.text).not.toMatch(/alert\(/);
}

describe("the form", () => {
  test("GET /login: heading, email and password fields, the button, sign-up and policy links, no Google", async () => {
    const res = await getPage(site, "/login");
    expect(res.status).toBe(200);
    expect(res.text).toMatch(/<h1[^>]*>Log in<\/h1>/);
    const email = inputNamed(res.text, "email");
    expect(email?.attributes).toMatchObject({ type: "email", autocomplete: "email" });
    expect(email?.attributes).toHaveProperty("required");
    expect(inputNamed(res.text, "password")?.attributes).toMatchObject({
      type: "password",
      autocomplete: "current-password",
    });
    expect(inputNamed(res.text, "redirectTo")?.attributes).toMatchObject({ type: "hidden", value: "" });
    expect(res.text).toMatch(/<form[^>]*action="\/login"[^>]*method="post"/);
    expect(res.text).toMatch(/<button type="submit"[^>]*>Log in<\/button>/);
    expect(res.text).toMatch(/<a [^>]*href="\/signup"/);
    expect(res.text).toMatch(/<a [^>]*href="\/forgot-password"[^>]*>Forgot password\?<\/a>/);
    // Signing in agrees to nothing new: the terms line is on the sign-up form only.
    expect(mainText(res.text)).not.toContain("By signing up");
    expect(res.text).not.toContain("Continue with Google");
    expect(res.text).toContain('<meta name="robots" content="noindex"/>');
    // Not page-cached: what it shows depends on the query and on who asks.
    expect(res.headers["x-page-cache"]).toBeUndefined();
    expect((await getPage(site, "/login")).headers["x-page-cache"]).toBeUndefined();
  });

  test("a signed-in visitor is sent on to /profile from /login and /signup", async () => {
    for (const path of ["/login", "/signup", "/login?redirectTo=%2Fadmin"]) {
      const res = await getPage(site, path, customer.cookie);
      expect(res.status, path).toBe(302);
      expect(locationOf(res, site)).toBe("/profile");
    }
  });
});

describe("signing in", () => {
  test("the right email and password: a new session cookie and a redirect to /profile", async () => {
    const res = await login(site, { email: customer.user.email.toUpperCase(), password: customer.password });
    expect(res.status, res.text.slice(0, 300)).toBe(302);
    expect(locationOf(res, site)).toBe("/profile");
    const cookie = sessionCookie(res);
    expect(cookie).not.toBeNull();
    expect(cookie).not.toBe(customer.cookie);
    const line = setCookies(res).find((l) => l.startsWith("session="));
    expect(line).toMatch(/HttpOnly/);
    expect(line).toMatch(/SameSite=Lax/);
    expect(line).toMatch(/Max-Age=2592000/);
    expect(sessionExists(db, cookie!)).toBe(true);

    const profile = await getPage(site, "/profile", cookie!);
    expect(profile.status).toBe(200);
    expect(mainText(profile.text)).toContain(customer.user.email);
  });

  test("signing in again replaces the browser's session: the old id stops working", async () => {
    const first = sessionCookie(await login(site, { email: customer.user.email, password: customer.password }))!;
    const res = await postForm(site, "/login", { email: customer.user.email, password: customer.password }, { cookie: first });
    const second = sessionCookie(res)!;
    expect(second).not.toBe(first);
    expect(sessionExists(db, first)).toBe(false);
    expect(sessionExists(db, second)).toBe(true);
  });

  test("an unknown email and a wrong password get the same status and the same words; the email is kept", async () => {
    const unknownEmail = uniqueEmail("nobody");
    const unknown = await login(site, { email: unknownEmail, password: customer.password });
    const wrong = await login(site, { email: customer.user.email, password: `${customer.password}x` });
    expectNotSignedIn(unknown);
    expectNotSignedIn(wrong);
    expect(roleTexts(unknown.text, "alert")).toEqual(roleTexts(wrong.text, "alert"));
    // The whole page is the same but for the address typed.
    expect(mainText(unknown.text).replace(unknownEmail, "E")).toBe(mainText(wrong.text).replace(customer.user.email, "E"));
    expect(inputNamed(unknown.text, "email")?.attributes.value).toBe(unknownEmail);
    expect(inputNamed(wrong.text, "email")?.attributes.value).toBe(customer.user.email);
    // The password never comes back.
    expect(inputNamed(wrong.text, "password")?.attributes.value).toBeUndefined();
    expect(wrong.text).not.toContain(`${customer.password}x`);
  });

  test("a missing password or a malformed email: 400 with the error beside the field", async () => {
    const noPassword = await login(site, { email: customer.user.email, password: "" });
    expect(noPassword.status).toBe(400);
    const password = inputNamed(noPassword.text, "password");
    expect(password?.attributes["aria-invalid"]).toBe("true");
    expect(password?.error).toBe("Please enter your password.");
    const badEmail = await login(site, { email: "not-an-email", password: "whatever" });
    expect(badEmail.status).toBe(400);
    expect(inputNamed(badEmail.text, "email")?.error).toMatch(/valid email address/);
    expect(inputNamed(badEmail.text, "email")?.attributes.value).toBe("not-an-email");
  });
});

describe("redirectTo", () => {
  test("a same-site path is honoured, query included, and carried in the form and the sign-up link", async () => {
    const page = await getPage(site, "/login?redirectTo=%2Fadmin%2Fleads%3Fstatus%3Dnew");
    expect(inputNamed(page.text, "redirectTo")?.attributes.value).toBe("/admin/leads?status=new");
    expect(page.text).toContain('href="/signup?redirectTo=%2Fadmin%2Fleads%3Fstatus%3Dnew"');
    expect(page.text).toContain('action="/login?redirectTo=%2Fadmin%2Fleads%3Fstatus%3Dnew"');

    const res = await login(site, {
      email: customer.user.email,
      password: customer.password,
      redirectTo: "/admin/leads?status=new",
    });
    expect(res.status).toBe(302);
    expect(locationOf(res, site)).toBe("/admin/leads?status=new");
  });

  test("kept through a failed attempt", async () => {
    const failed = await login(site, {
      email: customer.user.email,
      password: "wrong password",
      redirectTo: "/contact",
    });
    expect(failed.status).toBe(400);
    expect(inputNamed(failed.text, "redirectTo")?.attributes.value).toBe("/contact");
  });

  for (const unsafe of ["//evil.example", "https://evil.example", "/\\evil.example", "javascript:alert(1)", "evil.example/profile"]) {
    test(`${JSON.stringify(unsafe)} is ignored: /profile instead`, async () => {
      const res = await login(site, { email: customer.user.email, password: customer.password, redirectTo: unsafe });
      expect(res.status).toBe(302);
      expect(res.headers.location).toBe("/profile");
      const page = await getPage(site, `/login?${new URLSearchParams({ redirectTo: unsafe })}`);
      expect(page.text).not.toContain("evil.example");
    });
  }
});

describe("the brute-force limit (other server: 3 failures per window)", () => {
  test("after 3 failures: 429 with Retry-After and the minutes to wait, even for the right password", async () => {
    const account = await createTestAccount({ dataDir: other.dataDir });
    for (let i = 0; i < 3; i++) {
      expectNotSignedIn(await login(other, { email: account.user.email, password: `wrong ${i}` }));
    }
    const limited = await login(other, { email: account.user.email, password: account.password });
    expect(limited.status, limited.text.slice(0, 300)).toBe(429);
    expect(sessionCookie(limited)).toBeNull();
    const retryAfter = Number(limited.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(600);
    const alerts = roleTexts(limited.text, "alert");
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toContain(`wait about ${Math.ceil(retryAfter / 60)} minutes`);
    expect(inputNamed(limited.text, "email")?.attributes.value).toBe(account.user.email);
  });
});

describe("Continue with Google", () => {
  test("shown on /login and /signup only when Google is configured: a plain link carrying redirectTo", async () => {
    for (const path of ["/login", "/signup"]) {
      const plain = await getPage(other, path);
      expect(plain.text).toMatch(/<a [^>]*href="\/auth\/google"[^>]*>[\s\S]*?Continue with Google<\/a>/);
      const withTarget = await getPage(other, `${path}?redirectTo=%2Fadmin`);
      expect(withTarget.text).toMatch(/<a [^>]*href="\/auth\/google\?redirectTo=%2Fadmin"[^>]*>[\s\S]*?Continue with Google<\/a>/);
      // Not a form: the CSP's form-action would stop the redirect to Google.
      expect(withTarget.text).not.toMatch(/<form[^>]*action="\/auth\/google/);
      expect((await getPage(site, path)).text).not.toContain("Continue with Google");
    }
  });
});

describe("messages from the query", () => {
  const reasons = [
    "cancelled",
    "expired",
    "state-mismatch",
    "issuer-error",
    "invalid-token",
    "no-email",
    "unverified",
    "linked-elsewhere",
    "not-configured",
    "account-error",
  ];

  test("each Google error code has its own clear sentence, announced as an alert", async () => {
    const generic = roleTexts((await getPage(site, "/login?error=google-something-new")).text, "alert")[0];
    expect(generic).toMatch(/Google/);
    const sentences = new Set<string>();
    for (const reason of reasons) {
      const res = await getPage(site, `/login?error=google-${reason}`);
      expect(res.status).toBe(200);
      const alerts = roleTexts(res.text, "alert");
      expect(alerts, reason).toHaveLength(1);
      expect(alerts[0]!.length, reason).toBeGreaterThan(40);
      expect(alerts[0], reason).not.toBe(generic);
      sentences.add(alerts[0]!);
    }
    expect(sentences.size).toBe(reasons.length);
  });

  test("an unknown code gets a generic sentence and the query's text is never shown", async () => {
    for (const code of ["google-<b>owned</b>", "Your account is locked, call 555-0000", "google-", "x".repeat(300)]) {
      const res = await getPage(site, `/login?${new URLSearchParams({ error: code })}`);
      expect(res.status).toBe(200);
      const alerts = roleTexts(res.text, "alert");
      expect(alerts).toHaveLength(1);
      expect(alerts[0]).toMatch(/Signing in with Google did not work/);
      expect(res.text).not.toContain("owned");
      expect(res.text).not.toContain("555-0000");
      expect(res.text).not.toContain("x".repeat(300));
    }
  });

  test("?signedOut=1 and ?everywhere=1 say 'You are signed out.' as a status", async () => {
    const one = roleTexts((await getPage(site, "/login?signedOut=1")).text, "status");
    expect(one).toEqual(["You are signed out."]);
    const all = roleTexts((await getPage(site, "/login?everywhere=1")).text, "status");
    expect(all).toHaveLength(1);
    expect(all[0]).toMatch(/^You are signed out\. .*every other device/);
    expect(roleTexts((await getPage(site, "/login")).text, "status")).toEqual([]);
  });
});
