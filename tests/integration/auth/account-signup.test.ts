/**
 * /signup against the real built server: a new account is a customer and is signed in at once;
 * a common password and a taken email are refused with a clear message beside the field; what
 * was typed comes back, never the password; redirectTo works as on /login.
 */
import type BetterSqlite3 from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startServer, stopAllServers, type ServerProcess } from "#tests/support/server.ts";
import { getPage, inputNamed, locationOf, mainText, postForm, roleTexts, sessionCookie } from "#tests/support/account-pages.ts";
import { countUsers, openSiteDb, sessionExists, userByEmail } from "#tests/support/site-db.ts";
import { uniqueEmail } from "#tests/support/accounts.ts";
import { accountLimits } from "#app/schemas/account.ts";

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

const PASSWORD = "porch swing at dusk";

const signUp = (fields: Record<string, string>) => postForm(site, "/signup", { redirectTo: "", ...fields });

test("GET /signup: heading, name, email and password fields with the limits, the button and the links", async () => {
  const res = await getPage(site, "/signup");
  expect(res.status).toBe(200);
  expect(res.text).toMatch(/<h1[^>]*>Sign up<\/h1>/);
  expect(inputNamed(res.text, "name")?.attributes).toMatchObject({ type: "text", autocomplete: "name" });
  expect(inputNamed(res.text, "email")?.attributes).toMatchObject({ type: "email", autocomplete: "email" });
  const password = inputNamed(res.text, "password");
  expect(password?.attributes).toMatchObject({
    type: "password",
    autocomplete: "new-password",
    minlength: String(accountLimits.password.min),
    maxlength: String(accountLimits.password.max),
  });
  // The hint is read with the field.
  expect(password?.described.join(" ")).toMatch(/At least 8 characters/);
  expect(res.text).toMatch(/<button type="submit"[^>]*>Sign up<\/button>/);
  expect(res.text).toMatch(/<a [^>]*href="\/login"/);
  expect(mainText(res.text)).toContain("By signing up, you agree to our Terms, Data Policy and Cookies Policy.");
  expect(res.headers["x-page-cache"]).toBeUndefined();
});

test("a new account is a customer, signed in at once and sent to /profile", async () => {
  const email = uniqueEmail("new");
  const res = await signUp({ name: "  Dana Homeowner ", email: email.toUpperCase(), password: PASSWORD });
  expect(res.status, res.text.slice(0, 300)).toBe(302);
  expect(locationOf(res, site)).toBe("/profile");
  const cookie = sessionCookie(res);
  expect(cookie).not.toBeNull();
  expect(sessionExists(db, cookie!)).toBe(true);

  const user = userByEmail(db, email);
  expect(user).toMatchObject({
    email: email.toLowerCase(),
    name: "Dana Homeowner",
    role: "customer",
    email_verified: 0,
    google_sub: null,
  });
  expect(user?.password_hash).toMatch(/^\$argon2id\$/);
  expect(user?.password_hash).not.toContain(PASSWORD);

  const profile = await getPage(site, "/profile", cookie!);
  expect(profile.status).toBe(200);
  expect(mainText(profile.text)).toContain("Dana Homeowner");
  expect(mainText(profile.text)).toContain("Customer");
});

test("redirectTo is honoured when same-site and ignored otherwise", async () => {
  const good = await signUp({ name: "Eli", email: uniqueEmail("redir"), password: PASSWORD, redirectTo: "/contact" });
  expect(locationOf(good, site)).toBe("/contact");
  for (const unsafe of ["//evil.example", "https://evil.example/x"]) {
    const bad = await signUp({ name: "Eli", email: uniqueEmail("redir"), password: PASSWORD, redirectTo: unsafe });
    expect(bad.status).toBe(302);
    expect(bad.headers.location).toBe("/profile");
  }
});

describe("refusals: 400, a message beside the field, input kept (never the password), nothing stored", () => {
  test("a common password", async () => {
    const email = uniqueEmail("common");
    const res = await signUp({ name: "Fran", email, password: "password123" });
    expect(res.status).toBe(400);
    expect(sessionCookie(res)).toBeNull();
    const password = inputNamed(res.text, "password");
    expect(password?.attributes["aria-invalid"]).toBe("true");
    expect(password?.error).toMatch(/too common/i);
    expect(password?.attributes.value).toBeUndefined();
    expect(res.text).not.toContain("password123");
    expect(inputNamed(res.text, "name")?.attributes.value).toBe("Fran");
    expect(inputNamed(res.text, "email")?.attributes.value).toBe(email);
    expect(roleTexts(res.text, "alert")).toHaveLength(1);
    expect(userByEmail(db, email)).toBeUndefined();
  });

  test("an email that already has an account (whatever its case)", async () => {
    const email = uniqueEmail("taken");
    expect((await signUp({ name: "First", email, password: PASSWORD })).status).toBe(302);
    const before = countUsers(db);
    const res = await signUp({ name: "Second", email: email.toUpperCase(), password: "another fine phrase" });
    expect(res.status).toBe(400);
    expect(sessionCookie(res)).toBeNull();
    const field = inputNamed(res.text, "email");
    expect(field?.attributes["aria-invalid"]).toBe("true");
    expect(field?.error).toMatch(/already exists.*log in/i);
    expect(inputNamed(res.text, "name")?.attributes.value).toBe("Second");
    expect(countUsers(db)).toBe(before);
    expect(userByEmail(db, email)?.name).toBe("First");
  });

  test("missing name, bad email, short password: one error per field, each wired with aria-describedby", async () => {
    const res = await signUp({ name: " ", email: "nope", password: "short" });
    expect(res.status).toBe(400);
    expect(inputNamed(res.text, "name")?.error).toBe("Please enter your name.");
    expect(inputNamed(res.text, "email")?.error).toMatch(/valid email address/);
    expect(inputNamed(res.text, "password")?.error).toMatch(/at least 8 characters/);
    for (const name of ["name", "email", "password"]) {
      expect(inputNamed(res.text, name)?.attributes["aria-invalid"], name).toBe("true");
    }
    expect(countUsers(db, "email = ?", "nope")).toBe(0);
  });
});
