/**
 * The users page (/admin/users) against the real server, on SQLite and (with TEST_POSTGRES_URL)
 * PostgreSQL: the list, promotion, demotion (never of the last admin), demoting yourself, revoking
 * sessions (yours keeps the one in use), and bad input to its action.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { databaseTargets } from "#tests/support/databases.ts";
import {
  elementByClass,
  expectRedirect,
  expectServerHealthy,
  setUpAdminSite,
  tearDownAdminSite,
  statusLine,
  textOf,
  type AdminSite,
} from "#tests/support/admin-site.ts";
import { createTestAccount, createTestSession, uniqueEmail, type TestAccount } from "#tests/support/accounts.ts";
import { createUser, getUserById, setUserRole } from "#app/server/repos/users.server.ts";
import { countUserSessions } from "#app/server/repos/sessions.server.ts";

const targets = databaseTargets("admin-users", "admin users suite");

/** The card of one account in the page's list, as text. */
function cardOf(html: string, email: string): string {
  const list = elementByClass(html, "admin-users") ?? "";
  const cards = list.split(/<li\b/).slice(1);
  return textOf(`<li${cards.find((card) => card.includes(email)) ?? ""}`);
}

describe.each(targets)("users page on $name", (target) => {
  let site: AdminSite;

  beforeAll(async () => {
    site = await setUpAdminSite(target);
  });

  afterAll(() => tearDownAdminSite(target, site));

  const roleOf = async (id: string) => (await site.db((database) => getUserById({ db: database.db, id })))?.role;
  const sessionsOf = (id: string) => site.db((database) => countUserSessions({ db: database.db, userId: id }));
  const customer = (name = "Casey Customer") => createTestAccount(site.target, { name });

  test("demoting the only admin is refused with 409 and a clear message", async () => {
    // Make sure the signed-in admin is the only one.
    await site.db(async (database) => {
      const others = await database.db
        .selectFrom("users")
        .select("id")
        .where("role", "=", "admin")
        .where("id", "!=", site.admin.user.id)
        .execute();
      for (const { id } of others) await setUserRole({ db: database.db, dialect: database.dialect, id, role: "customer" });
    });
    const res = await site.post("/admin/users", { intent: "demote", userId: site.admin.user.id });
    expect(res.status).toBe(409);
    expect(textOf(res.text)).toContain(
      "Alex Admin is the only admin, so they stay one: the site always needs an admin. Make someone else an admin first.",
    );
    expect(res.text).toMatch(/role="alert"/);
    expect(await roleOf(site.admin.user.id)).toBe("admin");
    expect((await site.get("/admin")).status).toBe(200);
  });

  test("lists name, email, role, sign-in methods, active sessions and creation time", async () => {
    const casey = await customer();
    await site.db((database) => createTestSession(database, casey.user.id)); // 2 sessions now
    const google = await site.db((database) =>
      createUser({
        db: database.db,
        email: uniqueEmail("google"),
        name: "Gina Google",
        passwordHash: null,
        googleSub: `sub-${Date.now()}`,
      }),
    );
    const html = (await site.get("/admin/users")).text;
    expect(cardOf(html, casey.user.email)).toMatch(
      new RegExp(
        `^Casey Customer Email ${casey.user.email.replace(/\./g, "\\.")} Role Customer Signs in with Password Active sessions 2 Created \\w{3} \\d{1,2}, \\d{4}, \\d{1,2}:\\d{2} [AP]M C[DS]T`,
      ),
    );
    expect(cardOf(html, google.email)).toContain("Signs in with Google Active sessions 0");
    expect(cardOf(html, site.admin.user.email)).toMatch(/^Alex Admin You Email .* Role Admin Signs in with Password Active sessions 1/);
    // Admins first.
    const list = elementByClass(html, "admin-users") ?? "";
    expect(list.indexOf(site.admin.user.email)).toBeLessThan(list.indexOf(casey.user.email));
  });

  test("promote a customer to admin, then demote them back", async () => {
    const casey = await customer("Pat Promoted");
    const promoted = await site.post("/admin/users", { intent: "promote", userId: casey.user.id });
    expectRedirect(promoted, `/admin/users?done=promoted&user=${casey.user.id}`);
    expect(await roleOf(casey.user.id)).toBe("admin");
    expect(statusLine((await site.get(`/admin/users?done=promoted&user=${casey.user.id}`)).text)).toBe("Pat Promoted is now an admin.");
    // Their own session now opens the admin pages.
    expect((await site.get("/admin", casey.cookie)).status).toBe(200);

    const demoted = await site.post("/admin/users", { intent: "demote", userId: casey.user.id });
    expectRedirect(demoted, `/admin/users?done=demoted&user=${casey.user.id}`);
    expect(await roleOf(casey.user.id)).toBe("customer");
    expect(statusLine((await site.get(`/admin/users?done=demoted&user=${casey.user.id}`)).text)).toBe(
      "Pat Promoted is now a customer and can no longer open the admin pages.",
    );
    expect((await site.get("/admin", casey.cookie)).status).toBe(403);
  });

  test("promoting an admin again changes nothing and is not an error", async () => {
    const res = await site.post("/admin/users", { intent: "promote", userId: site.admin.user.id });
    expectRedirect(res, `/admin/users?done=promoted&user=${site.admin.user.id}`);
    expect(await roleOf(site.admin.user.id)).toBe("admin");
  });

  test("demoting yourself while another admin exists sends you to /profile", async () => {
    const other: TestAccount = await createTestAccount(site.target, { role: "admin", name: "Sam Second" });
    const res = await site.post("/admin/users", { intent: "demote", userId: other.user.id }, { cookie: other.cookie });
    expectRedirect(res, "/profile");
    expect(await roleOf(other.user.id)).toBe("customer");
    expect((await site.get("/admin/users", other.cookie)).status).toBe(403);
    expect(await roleOf(site.admin.user.id)).toBe("admin");
  });

  test("revoke another user's sessions: all of them end", async () => {
    const casey = await customer("Riley Revoked");
    await site.db((database) => createTestSession(database, casey.user.id));
    expect(await sessionsOf(casey.user.id)).toBe(2);
    const res = await site.post("/admin/users", { intent: "revoke", userId: casey.user.id });
    expectRedirect(res, `/admin/users?done=revoked&user=${casey.user.id}&n=2`);
    expect(await sessionsOf(casey.user.id)).toBe(0);
    expect(statusLine((await site.get(`/admin/users?done=revoked&user=${casey.user.id}&n=2`)).text)).toBe(
      "Signed Riley Revoked out of 2 sessions.",
    );
    // Their browser is signed out: /profile-like pages send it to sign in again.
    const after = await site.get("/admin", casey.cookie);
    expect(after.status).toBe(302);
    expect(after.headers.location).toMatch(/^\/login/);
  });

  test("revoke your own sessions: the others end, the one you are using stays", async () => {
    const me = await createTestAccount(site.target, { role: "admin", name: "Morgan Me" });
    const otherBrowsers = await site.db(async (database) => [
      await createTestSession(database, me.user.id),
      await createTestSession(database, me.user.id),
    ]);
    expect(await sessionsOf(me.user.id)).toBe(3);
    const res = await site.post("/admin/users", { intent: "revoke", userId: me.user.id }, { cookie: me.cookie });
    expectRedirect(res, `/admin/users?done=revoked&user=${me.user.id}&n=2&self=1`);
    expect(await sessionsOf(me.user.id)).toBe(1);
    expect((await site.get("/admin/users", me.cookie)).status).toBe(200);
    for (const id of otherBrowsers) expect((await site.get("/admin", `session=${id}`)).status).toBe(302);
    expect(statusLine((await site.get(`/admin/users?done=revoked&user=${me.user.id}&n=2&self=1`, me.cookie)).text)).toBe(
      "Signed Morgan Me out of 2 other sessions; this one stays signed in.",
    );
  });

  test.each([
    [{ intent: "promote" }, 404, "We couldn't find that account. It may have been deleted."],
    [{ intent: "promote", userId: "nope" }, 404, "We couldn't find that account."],
    [{ intent: "demote", userId: "00000000-0000-4000-8000-000000000000" }, 404, "We couldn't find that account."],
    [{ intent: "revoke", userId: "' or 1=1 --" }, 404, "We couldn't find that account."],
    [{ intent: "delete", userId: "x" }, 400, "“delete” is not something this page can do. It can: promote, demote, revoke."],
    [{ userId: "x" }, 400, "The form did not say what to do."],
  ])("bad input %j: %i with a clear message, nothing changed", async (fields, status, message) => {
    const casey = await customer();
    const before = await site.db((database) => database.db.selectFrom("users").select(["id", "role"]).orderBy("id").execute());
    const res = await site.post("/admin/users", fields as Record<string, string>);
    expect(res.status).toBe(status);
    expect(textOf(res.text)).toContain(message);
    expect(await site.db((database) => database.db.selectFrom("users").select(["id", "role"]).orderBy("id").execute())).toEqual(before);
    expect(await sessionsOf(casey.user.id)).toBe(1);
  });

  test("a cross-site POST is refused (403) and changes nothing", async () => {
    const casey = await customer();
    const res = await site.post(
      "/admin/users",
      { intent: "promote", userId: casey.user.id },
      { headers: { origin: "https://evil.example" } },
    );
    expect(res.status).toBe(403);
    expect(await roleOf(casey.user.id)).toBe("customer");
  });

  test("odd query values on the list do not break it", async () => {
    for (const query of [
      "?page=abc",
      "?page=-1",
      "?page=999",
      "?done=promoted&user=nope",
      "?done=bogus&user=00000000-0000-4000-8000-000000000000",
    ]) {
      const res = await site.get(`/admin/users${query}`);
      expect(res.status, query).toBe(200);
      expect(statusLine(res.text), query).toBe("");
    }
  });

  test("the server kept serving and logged no error", async () => {
    await expectServerHealthy(site);
  });
});
