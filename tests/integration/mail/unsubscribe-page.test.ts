/**
 * The unsubscribe page (issue 29, RFC 8058) against the real built server, on SQLite and (with
 * TEST_POSTGRES_URL) PostgreSQL: a GET asks and unsubscribes nobody (mail scanners follow links);
 * the page's POST unsubscribes; the mail client's one-click POST (no cookie, no Origin, no form
 * token) unsubscribes and answers 200; twice is fine; a token the site did not make is a 404; the
 * Spanish page is at /es/baja/. Every answer is no-store and noindex.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { unsubscribeToken } from "#app/server/mail/unsubscribe.server.ts";
import { loadSiteSecret } from "#app/server/secrets.server.ts";
import { databaseTargets } from "#tests/support/databases.ts";
import { setUpAdminSite, tearDownAdminSite, textOf, type AdminSite } from "#tests/support/admin-site.ts";
import { request, type HttpResult } from "#tests/support/server.ts";

function expectPrivate(res: HttpResult): void {
  expect(res.headers["cache-control"]).toBe("no-store");
  expect(res.headers["x-robots-tag"]).toContain("noindex");
}

for (const target of databaseTargets("unsubscribe-page", "unsubscribe page")) {
  describe(`the unsubscribe page (${target.name})`, () => {
    let site: AdminSite;
    let secret: string;

    beforeAll(async () => {
      site = await setUpAdminSite(target);
      secret = await site.db((database) => loadSiteSecret({ db: database.db, configured: undefined }));
    }, 60_000);

    afterAll(async () => {
      await tearDownAdminSite(target, site);
    });

    const suppressions = () => site.db((database) => database.db.selectFrom("mail_suppressions").selectAll().orderBy("email").execute());

    test("a GET asks and changes nothing; the page's button unsubscribes, twice is fine", async () => {
      const token = unsubscribeToken(secret, "maria@home.test", "reviews");
      const page = await site.get(`/unsubscribe/${token}`, "");
      expect(page.status).toBe(200);
      expectPrivate(page);
      expect(textOf(page.text)).toContain("Stop these emails?");
      expect(page.text).toMatch(/<form[^>]*method="post"/i);
      expect(page.text).toContain('content="noindex, nofollow"');
      expect(await suppressions()).toEqual([]);

      for (let i = 0; i < 2; i += 1) {
        const done = await site.post(`/unsubscribe/${token}`, {}, { cookie: "" });
        expect(done.status).toBe(200);
        expectPrivate(done);
        expect(textOf(done.text)).toContain("You will not get these emails again.");
      }
      expect(await suppressions()).toMatchObject([{ email: "maria@home.test", scope: "reviews", source: "link" }]);
    });

    test("the mail client's one-click POST, with no cookie and no Origin, unsubscribes and answers 200", async () => {
      const token = unsubscribeToken(secret, "jose@home.test", "reviews");
      const body = "List-Unsubscribe=One-Click";
      for (let i = 0; i < 2; i += 1) {
        const res = await request(`${site.server.url}/unsubscribe/${token}`, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded", "content-length": String(body.length) },
          body,
        });
        expect(res.status).toBe(200);
        expectPrivate(res);
        expect(textOf(res.text)).toContain("You will not get these emails again.");
      }
      const rows = await suppressions();
      expect(rows.filter((row) => row.email === "jose@home.test")).toMatchObject([{ scope: "reviews", source: "one-click" }]);
    });

    test("a token the site did not make is a 404, for a GET and a POST, and stores nothing", async () => {
      const before = await suppressions();
      const forged = unsubscribeToken("f".repeat(64), "ana@home.test", "reviews");
      for (const path of [`/unsubscribe/${forged}`, "/unsubscribe/nonsense", `/es/baja/${forged}`]) {
        const res = await site.get(path, "");
        expect(res.status).toBe(404);
        expectPrivate(res);
        expect((await site.post(path, { "List-Unsubscribe": "One-Click" }, { cookie: "" })).status).toBe(404);
      }
      expect(await suppressions()).toEqual(before);
    });

    test("the Spanish page asks and answers in Spanish", async () => {
      const token = unsubscribeToken(secret, "lucia@home.test", "reviews");
      const page = await site.get(`/es/baja/${token}`, "");
      expect(page.status).toBe(200);
      expect(page.text).toMatch(/<html[^>]*lang="es/);
      expect(textOf(page.text)).toContain("¿Dejar de recibir estos correos?");
      const done = await site.post(`/es/baja/${token}`, {}, { cookie: "" });
      expect(done.status).toBe(200);
      expect(textOf(done.text)).toContain("No volverá a recibir estos correos.");
      expect((await suppressions()).filter((row) => row.email === "lucia@home.test")).toHaveLength(1);
    });
  });
}
