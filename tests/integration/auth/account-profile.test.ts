/**
 * /profile against the real built server: only for signed-in visitors; the account's details;
 * the estimate requests it sent (by user_id, and by email only once the email is verified; never
 * spam, never someone else's) or an honest empty state; admin links for admins; changing and
 * setting a password (other sessions end, this one stays); never cached.
 *
 * - `site`: defaults.
 * - `limited`: SIGN_IN_FAILURE_LIMIT=2, for wrong current passwords.
 */
import type BetterSqlite3 from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startServer, stopAllServers, type HttpResult, type ServerProcess } from "#tests/support/server.ts";
import { getPage, inputNamed, locationOf, mainText, postForm, roleTexts, sessionCookie } from "#tests/support/account-pages.ts";
import { openSiteDb, sessionCount, sessionExists, userByEmail } from "#tests/support/site-db.ts";
import { createTestAccount, createTestSession, uniqueEmail, withSiteDatabase, type TestAccount } from "#tests/support/accounts.ts";
import { createLeadWithJobs } from "#app/server/repos/leads.server.ts";
import { LEAD_ENV, expectSuccessPage, marker, submitLead, validFields } from "#tests/support/leads.ts";
import { createUser, updateUser } from "#app/server/repos/users.server.ts";
import type { LeadStatus } from "#app/schemas/lead.ts";

let site: ServerProcess;
let limited: ServerProcess;
let db: BetterSqlite3.Database;

beforeAll(async () => {
  [site, limited] = await Promise.all([startServer(), startServer({ env: { SIGN_IN_FAILURE_LIMIT: "2", SIGN_IN_WINDOW_SECONDS: "600" } })]);
  db = openSiteDb(site.dataDir);
});

afterAll(async () => {
  db?.close();
  await stopAllServers();
});

interface LeadSeed {
  subject: string;
  email: string;
  userId?: string | null;
  status?: LeadStatus;
  isSpam?: boolean;
  at: string;
}

/** Stores leads the way the estimate form does (the app's own repository), with a chosen time and status. */
async function seedLeads(leads: LeadSeed[]): Promise<void> {
  await withSiteDatabase({ dataDir: site.dataDir }, async (database) => {
    for (const lead of leads) {
      const { lead: stored } = await createLeadWithJobs({
        db: database.db,
        lead: {
          fromName: "Someone",
          email: lead.email,
          phone: "(713) 555-0147",
          subject: lead.subject,
          message: "",
          source: "/contact",
          isSpam: lead.isSpam ?? false,
          spamReason: lead.isSpam ? "honeypot field filled" : null,
          ipHash: null,
          userAgent: null,
          userId: lead.userId ?? null,
        },
        buildJobs: () => [],
        giveUpAfterMs: 1000,
        now: new Date(lead.at),
      });
      if (lead.status && !lead.isSpam) {
        await database.db.updateTable("leads").set({ status: lead.status }).where("id", "=", stored.id).execute();
      }
    }
  });
}

async function verifyEmail(account: TestAccount): Promise<void> {
  await withSiteDatabase({ dataDir: site.dataDir }, (database) =>
    updateUser({ db: database.db, id: account.user.id, changes: { email_verified: 1 } }),
  );
}

/** The rows of the requests table: [date, subject, status]. */
function requestRows(html: string): string[][] {
  const table = /<table[\s\S]*?<\/table>/.exec(html)?.[0] ?? "";
  const body = /<tbody>([\s\S]*?)<\/tbody>/.exec(table)?.[1] ?? "";
  return [...body.matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map((row) =>
    [...(row[1] ?? "").matchAll(/<td>([\s\S]*?)<\/td>/g)].map((cell) => (cell[1] ?? "").replace(/<[^>]+>/g, "").trim()),
  );
}

const changePassword = (server: ServerProcess, cookie: string, fields: Record<string, string>) =>
  postForm(server, "/profile", { intent: "change-password", ...fields }, { cookie });

function expectFieldError(res: HttpResult, name: string, pattern: RegExp) {
  expect(res.status, res.text.slice(0, 300)).toBe(400);
  const field = inputNamed(res.text, name);
  expect(field?.attributes["aria-invalid"], name).toBe("true");
  expect(field?.error, name).toMatch(pattern);
}

describe("who may see it", () => {
  test("anonymous GET and POST are sent to /login, remembering /profile", async () => {
    for (const res of [await getPage(site, "/profile"), await postForm(site, "/profile", { intent: "change-password" })]) {
      expect(res.status).toBe(302);
      expect(locationOf(res, site)).toBe("/login?redirectTo=%2Fprofile");
    }
  });

  test("a customer sees name, email, role and how they sign in; the page is private and not indexed", async () => {
    const account = await createTestAccount({ dataDir: site.dataDir }, { name: "Robin Customer" });
    const res = await getPage(site, "/profile", account.cookie);
    expect(res.status).toBe(200);
    expect(res.headers["cache-control"]).toBe("private, no-store");
    expect(res.headers["x-page-cache"]).toBeUndefined();
    expect(res.text).toContain('<meta name="robots" content="noindex"/>');
    const text = mainText(res.text);
    expect(res.text).toMatch(/<h1[^>]*>My account<\/h1>/);
    expect(text).toContain("Name Robin Customer");
    expect(text).toContain(`Email ${account.user.email}`);
    expect(text).toContain("Role Customer");
    expect(text).toContain("Signs in with Password");
    expect(res.text).not.toContain('href="/admin');
    // Both sign-out buttons post to /logout.
    expect(res.text).toMatch(/<form[^>]*action="\/logout"[^>]*method="post">\s*<button[^>]*>Sign out<\/button>/);
    expect(res.text).toMatch(
      /<form[^>]*action="\/logout"[^>]*method="post">\s*<input type="hidden" name="intent" value="everywhere"\/>\s*<button[^>]*>Sign out everywhere<\/button>/,
    );
  });

  test("an admin also sees links to the admin area", async () => {
    const admin = await createTestAccount({ dataDir: site.dataDir }, { role: "admin", name: "Alex Admin" });
    const res = await getPage(site, "/profile", admin.cookie);
    expect(res.status).toBe(200);
    expect(mainText(res.text)).toContain("Role Administrator");
    for (const href of ["/admin", "/admin/leads", "/admin/users"]) {
      expect(res.text, href).toMatch(new RegExp(`<a href="${href}"`));
    }
  });
});

describe("the estimate requests", () => {
  test("a customer with no requests gets an honest empty state and a link to /contact", async () => {
    const account = await createTestAccount({ dataDir: site.dataDir });
    const res = await getPage(site, "/profile", account.cookie);
    expect(res.text).not.toContain("<table");
    const text = mainText(res.text);
    expect(text).toContain("You have not sent us an estimate request from this account yet.");
    expect(text).toContain("Requests sent while you were not signed in are not listed here");
    expect(res.text).toMatch(/<a [^>]*href="\/contact"[^>]*>Request a free estimate<\/a>/);
  });

  test("unverified email: only the requests sent while signed in, newest first, never spam or others'", async () => {
    const account = await createTestAccount({ dataDir: site.dataDir });
    const stranger = await createTestAccount({ dataDir: site.dataDir });
    await seedLeads([
      {
        subject: "Kitchen backsplash",
        email: account.user.email,
        userId: account.user.id,
        at: "2026-03-02T15:00:00.000Z",
      },
      {
        subject: "Fence repair",
        email: "other@home.test",
        userId: account.user.id,
        status: "contacted",
        at: "2026-05-10T17:30:00.000Z",
      },
      { subject: "Sent while signed out", email: account.user.email, at: "2026-06-01T12:00:00.000Z" },
      {
        subject: "Stranger's deck",
        email: stranger.user.email,
        userId: stranger.user.id,
        at: "2026-06-02T12:00:00.000Z",
      },
      {
        subject: "Spam from this account",
        email: account.user.email,
        userId: account.user.id,
        isSpam: true,
        at: "2026-06-03T12:00:00.000Z",
      },
    ]);
    const res = await getPage(site, "/profile", account.cookie);
    expect(requestRows(res.text)).toEqual([
      ["May 10, 2026", "Fence repair", "We have contacted you"],
      ["Mar 2, 2026", "Kitchen backsplash", "Received, we will be in touch"],
    ]);
    expect(res.text).toContain('<time dateTime="2026-05-10T17:30:00.000Z">');
    expect(res.text).toMatch(/<th scope="col">Sent<\/th>\s*<th scope="col">Subject<\/th>\s*<th scope="col">Status<\/th>/);
    for (const hidden of ["Sent while signed out", "Stranger", "Spam from this account"]) expect(res.text).not.toContain(hidden);
  });

  test("a request sent through the estimate form while signed in is recorded for the account and listed", async () => {
    const leadSite = await startServer({ env: LEAD_ENV });
    const account = await createTestAccount({ dataDir: leadSite.dataDir });
    const mark = marker("mine");
    // Sent with another address than the account's: it is the session that ties it to the account.
    expectSuccessPage(
      await submitLead(leadSite, validFields(mark, { email: "someone.else@home.test" }), {
        headers: { cookie: account.cookie },
      }),
    );
    const signedOut = marker("anon");
    expectSuccessPage(await submitLead(leadSite, validFields(signedOut, { email: account.user.email })));
    const leadDb = openSiteDb(leadSite.dataDir);
    try {
      const row = leadDb.prepare("select user_id from leads where subject like ?").get(`%${mark}%`) as {
        user_id: string;
      };
      expect(row.user_id).toBe(account.user.id);
    } finally {
      leadDb.close();
    }
    const res = await getPage(leadSite, "/profile", account.cookie);
    expect(mainText(res.text)).toContain(mark);
    expect(mainText(res.text)).not.toContain(signedOut);
    await leadSite.stop();
  });

  test("verified email: also the requests sent with that address (any case), with every status in words", async () => {
    const account = await createTestAccount({ dataDir: site.dataDir });
    await verifyEmail(account);
    await seedLeads([
      {
        subject: "Bathroom remodel",
        email: account.user.email.toUpperCase(),
        status: "scheduled",
        at: "2026-01-05T16:00:00.000Z",
      },
      {
        subject: "Floor estimate",
        email: account.user.email,
        userId: account.user.id,
        status: "won",
        at: "2026-02-05T16:00:00.000Z",
      },
      { subject: "Old patio", email: account.user.email, status: "lost", at: "2025-12-24T05:00:00.000Z" },
      { subject: "Bot text", email: account.user.email, isSpam: true, at: "2026-02-06T16:00:00.000Z" },
    ]);
    const res = await getPage(site, "/profile", account.cookie);
    expect(mainText(res.text)).toContain(`${account.user.email} (verified)`);
    expect(requestRows(res.text)).toEqual([
      ["Feb 5, 2026", "Floor estimate", "Accepted"],
      ["Jan 5, 2026", "Bathroom remodel", "Visit scheduled"],
      // 05:00 UTC on the 24th is still the 23rd in Houston.
      ["Dec 23, 2025", "Old patio", "Closed"],
    ]);
    expect(res.text).not.toContain("Bot text");
  });
});

describe("changing the password", () => {
  test("the right current password: changed, this session kept, every other session ended", async () => {
    const account = await createTestAccount({ dataDir: site.dataDir });
    const bystander = await createTestAccount({ dataDir: site.dataDir });
    const elsewhere = await withSiteDatabase({ dataDir: site.dataDir }, async (database) => [
      `session=${await createTestSession(database, account.user.id)}`,
      `session=${await createTestSession(database, account.user.id)}`,
    ]);
    expect(sessionCount(db, account.user.id)).toBe(3);

    const res = await changePassword(site, account.cookie, {
      current_password: account.password,
      new_password: "new porch light 42",
    });
    expect(res.status, res.text.slice(0, 300)).toBe(200);
    expect(roleTexts(res.text, "status")[0]).toMatch(/^Your password was changed\./);
    expect(res.headers["cache-control"]).toBe("private, no-store");
    expect(res.text).not.toContain("new porch light 42");

    expect(sessionExists(db, account.cookie)).toBe(true);
    for (const cookie of elsewhere) expect(sessionExists(db, cookie)).toBe(false);
    expect(sessionCount(db, account.user.id)).toBe(1);
    expect(sessionExists(db, bystander.cookie)).toBe(true);
    expect((await getPage(site, "/profile", account.cookie)).status).toBe(200);

    // The new password signs in; the old one does not.
    const withOld = await postForm(site, "/login", {
      email: account.user.email,
      password: account.password,
      redirectTo: "",
    });
    expect(withOld.status).toBe(400);
    const withNew = await postForm(site, "/login", {
      email: account.user.email,
      password: "new porch light 42",
      redirectTo: "",
    });
    expect(withNew.status).toBe(302);
    expect(sessionCookie(withNew)).not.toBeNull();
  });

  test("a wrong current password: 400 with a clear error on that field; nothing changes", async () => {
    const account = await createTestAccount({ dataDir: site.dataDir });
    const [other] = await withSiteDatabase({ dataDir: site.dataDir }, async (database) => [
      `session=${await createTestSession(database, account.user.id)}`,
    ]);
    const hashBefore = userByEmail(db, account.user.email)?.password_hash;
    const res = await changePassword(site, account.cookie, {
      current_password: "not it at all",
      new_password: "new porch light 42",
    });
    expectFieldError(res, "current_password", /not your current password/);
    expect(inputNamed(res.text, "current_password")?.attributes.value).toBeUndefined();
    expect(userByEmail(db, account.user.email)?.password_hash).toBe(hashBefore);
    expect(sessionExists(db, other!)).toBe(true);
  });

  test("a missing current password, or a common or short new one: 400 beside the right field", async () => {
    const account = await createTestAccount({ dataDir: site.dataDir });
    expectFieldError(
      await changePassword(site, account.cookie, { current_password: "", new_password: "new porch light 42" }),
      "current_password",
      /enter your current password/,
    );
    expectFieldError(
      await changePassword(site, account.cookie, { current_password: account.password, new_password: "password1" }),
      "new_password",
      /too common/,
    );
    expectFieldError(
      await changePassword(site, account.cookie, { current_password: account.password, new_password: "short" }),
      "new_password",
      /at least 8 characters/,
    );
  });

  test("an unknown intent is refused with 400", async () => {
    const account = await createTestAccount({ dataDir: site.dataDir });
    const res = await postForm(site, "/profile", { intent: "delete-everything" }, { cookie: account.cookie });
    expect(res.status).toBe(400);
    expect(roleTexts(res.text, "alert")[0]).toMatch(/not one we know/);
  });

  test("a Google-only account may set a password without a current one", async () => {
    const email = uniqueEmail("google");
    const cookie = await withSiteDatabase({ dataDir: site.dataDir }, async (database) => {
      const user = await createUser({
        db: database.db,
        email,
        name: "Gale Google",
        passwordHash: null,
        emailVerified: true,
        googleSub: "google-sub-1",
      });
      return `session=${await createTestSession(database, user.id)}`;
    });
    const page = await getPage(site, "/profile", cookie);
    expect(mainText(page.text)).toContain("Signs in with Google");
    expect(page.text).toMatch(/<h2[^>]*>Set a password<\/h2>/);
    expect(inputNamed(page.text, "current_password")).toBeNull();
    expect(inputNamed(page.text, "new_password")?.attributes.autocomplete).toBe("new-password");

    const res = await changePassword(site, cookie, { new_password: "garden gate blue" });
    expect(res.status, res.text.slice(0, 300)).toBe(200);
    expect(roleTexts(res.text, "status")[0]).toMatch(/^Your password was changed\./);
    expect(userByEmail(db, email)?.password_hash).toMatch(/^\$argon2id\$/);
    expect(mainText((await getPage(site, "/profile", cookie)).text)).toContain("Signs in with Password and Google");
    const login = await postForm(site, "/login", { email, password: "garden gate blue", redirectTo: "" });
    expect(login.status).toBe(302);
  });

  test("wrong current passwords count towards the sign-in limit: then 429 with Retry-After (limited server)", async () => {
    const account = await createTestAccount({ dataDir: limited.dataDir });
    for (let i = 0; i < 2; i++) {
      expectFieldError(
        await changePassword(limited, account.cookie, {
          current_password: `guess ${i}`,
          new_password: "new porch light 42",
        }),
        "current_password",
        /not your current password/,
      );
    }
    const res = await changePassword(limited, account.cookie, {
      current_password: account.password,
      new_password: "new porch light 42",
    });
    expect(res.status).toBe(429);
    expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
    expect(roleTexts(res.text, "alert")[0]).toMatch(/too many wrong passwords.*wait about \d+ minutes/i);
  });
});
