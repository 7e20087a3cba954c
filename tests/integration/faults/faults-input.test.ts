/**
 * Text that is not text, against the real built server on SQLite and (with TEST_POSTGRES_URL)
 * PostgreSQL (docs/decisions/048-plain-text-in-addresses.md):
 *
 * - a sign-in or sign-up whose `redirectTo` holds characters a Location header cannot carry, or
 *   is not a plain path: a redirect to the same page percent-encoded, or to /profile; never a 500;
 * - a NUL, another control character, a broken "%" or bytes that are not UTF-8 in a query value:
 *   400 with a sentence before any route runs (the inbox page, and the CSV export before its first
 *   byte), where PostgreSQL answered 500 and cut the CSV off;
 * - a NUL in the free text of the estimate form and of the admin forms: cleaned or refused with a
 *   sentence, never stored, never a 500;
 * - and the server keeps serving: no 5xx in its log from start to end.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { sql } from "kysely";
import { profileToFields } from "#app/schemas/site.ts";
import { defaultProfile } from "#app/content/company.ts";
import { databaseTargets } from "#tests/support/databases.ts";
import {
  expectServerHealthy,
  listedLeadIds,
  seedLead,
  textOf,
  type AdminSite,
  setUpAdminSite,
  tearDownAdminSite,
} from "#tests/support/admin-site.ts";
import { connect, request, type HttpResult } from "#tests/support/server.ts";
import { submitLead, validFields } from "#tests/support/leads.ts";
import { uniqueEmail } from "#tests/support/accounts.ts";

const targets = databaseTargets("faults-input", "input faults suite");

const BOM = [0xef, 0xbb, 0xbf];
const NUL = "\u0000";
const withNul = (value: string) => `${value.slice(0, 2)}${NUL}${value.slice(2)}`;

function expectRefusedAddress(res: HttpResult, name: string | null) {
  expect(res.status, res.text.slice(0, 300)).toBe(400);
  expect(res.headers["content-type"]).toMatch(/^text\/html/);
  expect(res.headers["content-disposition"]).toBeUndefined();
  expect([...res.body.subarray(0, 3)]).not.toEqual(BOM);
  const text = textOf(res.text);
  expect(text).toContain(name ? `The “${name}” part of this address` : "This address");
  expect(text).toContain("so the request was not accepted. Please check the link, or go back and try again.");
}

describe.each(targets)("bad text on $name", (target) => {
  let site: AdminSite;
  let cafeLeadId = "";

  beforeAll(async () => {
    site = await setUpAdminSite(target, {
      FORM_MIN_SECONDS: "0",
      LEAD_RATE_LIMIT: "100000",
      SIGN_IN_FAILURE_LIMIT: "1000",
    });
    cafeLeadId = (await seedLead(site, { fromName: "Zoë Café", subject: "Tiles for the café" })).lead.id;
  });

  afterAll(() => tearDownAdminSite(target, site));

  const signIn = (redirectTo: string) =>
    site.post("/login", { email: site.admin.user.email, password: site.admin.password, redirectTo }, { cookie: "" });

  describe("redirectTo", () => {
    test.each([
      // Past U+00FF: Fetch's Headers refused the Location header, a 500 after the password was accepted.
      ["/gallery?q=é✓", "/gallery?q=%C3%A9%E2%9C%93"],
      ["/admin/leads?q=日本", "/admin/leads?q=%E6%97%A5%E6%9C%AC"],
      // Latin-1: sent before as raw bytes that a browser reads as it likes.
      ["/gallery?q=ü", "/gallery?q=%C3%BC"],
      ["/café", "/caf%C3%A9"],
      ["/admin/leads?status=new", "/admin/leads?status=new"],
    ])("%j: signed in and sent to %j", async (redirectTo, location) => {
      const res = await signIn(redirectTo);
      expect(res.status, textOf(res.text).slice(0, 300)).toBe(302);
      expect(res.headers.location).toBe(location);
      expect(res.headers["set-cookie"]?.some((line) => line.startsWith("session="))).toBe(true);
    });

    test.each([
      ["another host", "//evil.example"],
      ["another host through a backslash", "/\\evil.example"],
      ["a script", "javascript:alert(1)"],
      ["CR LF", "/x\r\nSet-Cookie: a=b"],
      ["a NUL", `/admin${NUL}`],
      ["an encoded NUL", "/admin/leads?q=%00"],
      ["a broken percent code", "/admin/leads?q=%ZZ"],
      ["2,000 characters", `/${"a".repeat(2000)}`],
    ])("%s: signed in and sent to /profile", async (_, redirectTo) => {
      const res = await signIn(redirectTo);
      expect(res.status, textOf(res.text).slice(0, 300)).toBe(302);
      expect(res.headers.location).toBe("/profile");
    });

    test("the login page and sign-up carry the encoded path, and sign-up goes there", async () => {
      const page = await site.get("/login?redirectTo=%2Fgallery%3Fq%3D%E2%9C%93", "");
      expect(page.status).toBe(200);
      expect(page.text).toContain('name="redirectTo" value="/gallery?q=%E2%9C%93"');

      const signUp = await site.post(
        "/signup",
        {
          name: "Ana Ñúñez",
          email: uniqueEmail("redirect"),
          password: "a long enough password 42",
          redirectTo: "/gallery?q=✓",
        },
        { cookie: "" },
      );
      expect(signUp.status, textOf(signUp.text).slice(0, 300)).toBe(302);
      expect(signUp.headers.location).toBe("/gallery?q=%E2%9C%93");
    });
  });

  describe("query values", () => {
    test.each([
      ["a NUL", "q=%00"],
      ["a NUL inside the words", "q=tile%00s"],
      ["a line break", "q=tile%0D%0As"],
      ["a broken percent code", "q=%ZZ"],
      ["an overlong NUL", "q=%C0%80"],
      ["an encoded lone surrogate", "q=%ED%A0%80"],
    ])("%s in the inbox search: 400 with a sentence, on the page and for the CSV", async (_, query) => {
      expectRefusedAddress(await site.get(`/admin/leads?${query}`), "q");
      expectRefusedAddress(await site.get(`/admin/leads.csv?status=all&${query}`), "q");
    });

    test("a JSON client gets the sentence as JSON", async () => {
      const res = await request(`${site.server.url}/admin/leads?q=%00`, {
        headers: { accept: "application/json", cookie: site.admin.cookie },
      });
      expect(res.status).toBe(400);
      expect(JSON.parse(res.text)).toEqual({
        status: "error",
        message:
          "The “q” part of this address has a control character in it (such as NUL or a line break), which no search or page uses, so the request was not accepted. Please check the link, or go back and try again.",
      });
    });

    test("a bad name is refused without being shown", async () => {
      expectRefusedAddress(await site.get("/admin/leads?%00=1"), null);
      expectRefusedAddress(await site.get("/gallery?%3Cscript%3E=%00"), null);
    });

    test("real words still search: accents, a tab, a percent sign", async () => {
      const page = await site.get("/admin/leads?status=all&q=Caf%C3%A9");
      expect(page.status).toBe(200);
      expect(listedLeadIds(page.text)).toEqual([cafeLeadId]);
      const csv = await site.get("/admin/leads.csv?status=all&q=Caf%C3%A9");
      expect(csv.status).toBe(200);
      expect([...csv.body.subarray(0, 3)]).toEqual(BOM);
      expect(csv.text).toContain("Zoë Café");
      for (const query of ["q=a%09b", "q=100%25"]) expect((await site.get(`/admin/leads?${query}`)).status, query).toBe(200);
    });

    test("the connection that carried a refused address serves the next request", async () => {
      const connection = await connect(site.server.port);
      try {
        await connection.write(`GET /admin/leads.csv?q=%00 HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${site.admin.cookie}\r\n\r\n`);
        await connection.waitFor("so the request was not accepted");
        await connection.write("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");
        await connection.closedPromise;
        // Each answer's status line (the second follows the first's body on the same line).
        const statuses = [...connection.received.matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((m) => Number(m[1]));
        expect(statuses, connection.received.slice(0, 600)).toEqual([400, 200]);
      } finally {
        connection.destroy();
      }
    });
  });

  describe("a NUL in form text", () => {
    test.each([
      "from_name",
      "email",
      "phone",
      "subject",
      "message",
      "zip",
      "street_address",
      "contact_method",
      "best_time",
      "landing_page",
      "referrer",
      "utm_source",
      "utm_medium",
      "utm_campaign",
    ])("the estimate form's %s: stored without it, or a field error", async (field) => {
      const fields = validFields(`nul-${field}`, {
        zip: "77008",
        street_address: "1200 Heights Blvd",
        contact_method: "text",
        best_time: "Mornings",
        landing_page: "/kitchen",
        referrer: "https://www.bing.com/",
        utm_source: "flyer",
        utm_medium: "print",
        utm_campaign: "spring",
      });
      fields[field] = withNul(fields[field]!);
      const res = await submitLead(site.server, fields);
      expect([200, 400], textOf(res.text).slice(0, 300)).toContain(res.status);
      if (res.status === 400) expect(textOf(res.text)).toMatch(/Please (enter|choose)/);
    });

    test.each<[string, string, Record<string, string>, string[]]>([
      [
        "the business profile",
        "/admin/site",
        {
          ...profileToFields(defaultProfile),
          intent: "save",
          name: "Bayou Remodeling",
          slogan: "Kitchens and baths",
          street: "1 Main St",
        },
        ["name", "slogan", "street", "city", "insurance", "warranty", "service_cities"],
      ],
      ["a note", "/admin/leads/:lead", { intent: "note", body: "Called back, left a message." }, ["body"]],
      [
        "a reply template",
        "/admin/replies",
        { intent: "add", name: "Thanks", subject: "Your request", body: "Hello {first_name}," },
        ["name", "subject", "body"],
      ],
      [
        "a testimonial",
        "/admin/site/testimonials",
        {
          intent: "add",
          quote: "Clean work, on time.",
          name: "Maria G.",
          place: "Heights",
          service: "kitchen",
          given_on: "2026-03-14",
          link: "",
        },
        ["quote", "name", "place"],
      ],
      ["an editable text", "/admin/site/texts", { intent: "save", key: "home.headline", value: "Kitchens that work" }, ["value"]],
      [
        "a project",
        "/admin/projects",
        {
          intent: "create",
          title: "Kitchen opened up",
          service: "kitchen",
          place: "Heights",
          month: "4",
          year: "2026",
          description: "A wall came out.",
        },
        ["title", "place", "description"],
      ],
    ])("the admin's %s: saved without it, or refused with a sentence", async (_, path, fields, textFields) => {
      for (const field of textFields) {
        const res = await site.post(path.replace(":lead", cafeLeadId), { ...fields, [field]: withNul(fields[field]!) });
        expect(res.status, `${field}: ${textOf(res.text).slice(0, 300)}`).toBeLessThan(500);
        if (res.status >= 400) expect(textOf(res.text).length, field).toBeGreaterThan(0);
      }
    });

    test("nothing stored holds a NUL", async () => {
      const tables = ["leads", "lead_notes", "reply_templates", "testimonials", "site_profile", "site_texts", "projects", "users"] as const;
      for (const table of tables) {
        const rows = await site.db(async ({ db }) => (await sql`select * from ${sql.table(table)}`.execute(db)).rows);
        expect(rows.length, table).toBeGreaterThan(0);
        expect(JSON.stringify(rows), table).not.toContain("\\u0000");
      }
    });
  });

  test("the server kept serving, with no 5xx from start to end", async () => {
    await expectServerHealthy(site);
  });
});
