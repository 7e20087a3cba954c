/**
 * The estimate inbox (/admin/leads) against the real server, on SQLite and (with
 * TEST_POSTGRES_URL) PostgreSQL: the default filter, each status, search over every field
 * (case-insensitive, `%` and `_` literal), paging with links that keep the filters, the empty
 * state, and query values that must not break the page.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { databaseTargets } from "#tests/support/databases.ts";
import {
  expectServerHealthy,
  hrefOf,
  listedLeadIds,
  seedLead,
  setUpAdminSite,
  tearDownAdminSite,
  statusLine,
  textOf,
  type AdminSite,
} from "#tests/support/admin-site.ts";
import { updateLeadStatus } from "#app/server/repos/leads.server.ts";
import type { LeadStatus } from "#app/schemas/lead.ts";

const targets = databaseTargets("admin-leads", "admin inbox suite");

const BASE = Date.parse("2026-10-01T15:00:00.000Z");
const HOUR = 3600 * 1000;

describe.each(targets)("inbox on $name", (target) => {
  let site: AdminSite;
  /** Open (not spam) lead ids, newest first. */
  const open: string[] = [];
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    site = await setUpAdminSite(target);
    // 28 plain open requests, one an hour, oldest first (so the newest has the highest number).
    for (let i = 0; i < 28; i++) {
      const { lead } = await seedLead(
        site,
        { fromName: `Plain Person ${i}`, subject: `Fence repair ${i}` },
        { now: new Date(BASE + i * HOUR), jobs: [] },
      );
      open.unshift(lead.id);
    }
    // Special ones, newer than all the plain ones.
    const special: [string, Parameters<typeof seedLead>[1], LeadStatus?][] = [
      ["gonzalez", { fromName: "Maria GONZALEZ", email: "maria@casa.test", subject: "Bathroom tile" }, "contacted"],
      ["percent", { subject: "Save 50% on the deck", email: "pct@home.test" }, "won"],
      ["fivehundred", { subject: "A 500 sq ft deck", email: "five@home.test" }, "won"],
      ["underscore", { fromName: "a_b Smith", email: "us@home.test" }, "lost"],
      ["notunderscore", { fromName: "axb Smith", email: "nous@home.test" }, "lost"],
      ["phone", { phone: "+1 (832) 555-0199", subject: "Roof leak" }, "scheduled"],
      ["message", { message: "The WATER heater\nis leaking in the garage", subject: "Plumbing" }],
      ["email", { email: "Unique.Person@Example.ORG".toLowerCase(), subject: "Windows" }],
      ["accent", { fromName: "José Muñoz", subject: "Baño" }],
    ];
    let t = BASE + 40 * HOUR;
    for (const [key, fields, status] of special) {
      const { lead } = await seedLead(site, fields, { now: new Date((t += HOUR)), jobs: [] });
      ids[key] = lead.id;
      open.unshift(lead.id);
      if (status) await site.db((database) => updateLeadStatus({ db: database.db, id: lead.id, status }));
    }
    const spam = await seedLead(
      site,
      { isSpam: true, spamReason: "honeypot field filled", subject: "Cheap pills" },
      { now: new Date((t += HOUR)) },
    );
    ids.spam = spam.lead.id;
  });

  afterAll(() => tearDownAdminSite(target, site));

  test("by default: all open requests (no spam), newest first, 25 a page, page 1 of 2", async () => {
    const res = await site.get("/admin/leads");
    expect(res.status).toBe(200);
    expect(listedLeadIds(res.text)).toEqual(open.slice(0, 25));
    expect(listedLeadIds(res.text)).not.toContain(ids.spam);
    const text = textOf(res.text);
    expect(text).toContain("1–25 of 37 requests, newest first.");
    expect(text).toContain("Page 1 of 2");
    expect(hrefOf(res.text, "Next page →")).toBe("/admin/leads?page=2");
    expect(hrefOf(res.text, "← Previous page")).toBeNull();
  });

  test("page 2 has the rest, with a link back", async () => {
    const res = await site.get("/admin/leads?page=2");
    expect(res.status).toBe(200);
    expect(listedLeadIds(res.text)).toEqual(open.slice(25));
    expect(textOf(res.text)).toContain("Page 2 of 2");
    expect(hrefOf(res.text, "← Previous page")).toBe("/admin/leads");
    expect(hrefOf(res.text, "Next page →")).toBeNull();
  });

  test.each<[string, string[]]>([
    ["spam", ["spam"]],
    ["won", ["percent", "fivehundred"]],
    ["lost", ["underscore", "notunderscore"]],
    ["contacted", ["gonzalez"]],
    ["scheduled", ["phone"]],
  ])("status=%s lists exactly those", async (status, keys) => {
    const res = await site.get(`/admin/leads?status=${status}`);
    expect(res.status).toBe(200);
    expect(new Set(listedLeadIds(res.text))).toEqual(new Set(keys.map((k) => ids[k])));
  });

  test("status=new leaves out every other status; status=all includes spam", async () => {
    const fresh = await site.get("/admin/leads?status=new");
    const listed = listedLeadIds(fresh.text);
    expect(textOf(fresh.text)).toContain("of 31 requests");
    for (const key of ["gonzalez", "percent", "phone", "spam"]) expect(listed).not.toContain(ids[key]);
    const all = await site.get("/admin/leads?status=all&page=1");
    expect(textOf(all.text)).toContain("of 38 requests");
    expect(listedLeadIds(all.text)[0]).toBe(ids.spam);
  });

  test.each<[string, string[]]>([
    ["gonzalez", ["gonzalez"]], // name, other case
    ["MARIA@CASA", ["gonzalez"]], // email, other case
    ["water HEATER", ["message"]], // message
    ["roof", ["phone"]], // subject
    ["unique.person@example.org", ["email"]],
    ["832) 555-0199", ["phone"]], // phone as written
    ["8325550199", ["phone"]], // phone digits only
    ["50%", ["percent"]], // % is literal, not "anything"
    ["a_b", ["underscore"]], // _ is literal, not "one character"
    ["%", ["percent"]],
    ["_", ["underscore"]],
  ])("q=%j finds exactly the right requests", async (q, keys) => {
    const res = await site.get(`/admin/leads?q=${encodeURIComponent(q)}`);
    expect(res.status).toBe(200);
    expect(new Set(listedLeadIds(res.text))).toEqual(new Set(keys.map((k) => ids[k])));
  });

  test("accented letters: found in their own case everywhere, in any case on PostgreSQL", async () => {
    for (const q of ["josé", "MUñOZ", "baño"]) {
      expect(listedLeadIds((await site.get(`/admin/leads?q=${encodeURIComponent(q)}`)).text), q).toEqual([ids.accent]);
    }
    const upper = listedLeadIds((await site.get(`/admin/leads?q=${encodeURIComponent("JOSÉ MUÑOZ")}`)).text);
    // SQLite's lower() folds ASCII letters only (ADR 008).
    expect(upper).toEqual(target.name === "postgres" ? [ids.accent] : []);
  });

  test("search and status combine; the links keep both", async () => {
    const res = await site.get("/admin/leads?status=won&q=deck");
    expect(new Set(listedLeadIds(res.text))).toEqual(new Set([ids.percent, ids.fivehundred]));
    expect(hrefOf(res.text, "Download these as CSV")).toBe("/admin/leads.csv?status=won&q=deck");
    const none = await site.get("/admin/leads?status=lost&q=deck");
    expect(listedLeadIds(none.text)).toEqual([]);
  });

  test("paging links keep the filters", async () => {
    const res = await site.get("/admin/leads?q=fence+repair&status=new");
    expect(textOf(res.text)).toContain("1–25 of 28 requests");
    expect(hrefOf(res.text, "Next page →")).toBe("/admin/leads?status=new&q=fence+repair&page=2");
    const second = await site.get("/admin/leads?status=new&q=fence+repair&page=2");
    expect(listedLeadIds(second.text)).toHaveLength(3);
    expect(hrefOf(second.text, "← Previous page")).toBe("/admin/leads?status=new&q=fence+repair");
    expect(hrefOf(second.text, "Download these as CSV")).toBe("/admin/leads.csv?status=new&q=fence+repair");
  });

  test("the filter form is a GET form that shows the current filters", async () => {
    const res = await site.get("/admin/leads?status=won&q=deck");
    const form = /<form\b[^>]*class="admin-filters"[^>]*>/.exec(res.text)?.[0] ?? "";
    expect(form).toMatch(/method="get"/);
    expect(res.text).toMatch(/<option value="won" selected="">/);
    expect(res.text).toMatch(/<input[^>]*name="q"[^>]*value="deck"/);
  });

  test("an honest empty state when nothing matches", async () => {
    const res = await site.get("/admin/leads?q=no-such-thing-anywhere");
    expect(res.status).toBe(200);
    expect(listedLeadIds(res.text)).toEqual([]);
    const text = textOf(res.text);
    expect(text).toContain("No requests match.");
    expect(text).toContain("No estimate requests match these filters.");
  });

  test.each([
    ["page=abc", "“abc” is not a page number, so the first page is shown."],
    ["page=-3", "“-3” is not a page number, so the first page is shown."],
    ["page=1.5", "“1.5” is not a page number, so the first page is shown."],
    ["page=99999999999999999999999", "is not a page number"],
    ["status=bogus", "“bogus” is not a status, so all open requests are shown."],
    ["status=%3Cscript%3E", "“<script>” is not a status"],
  ])("?%s falls back with a notice instead of failing", async (query, notice) => {
    const res = await site.get(`/admin/leads?${query}`);
    expect(res.status).toBe(200);
    expect(textOf(res.text)).toContain(notice);
    expect(res.text).not.toContain("<script>”");
    expect(listedLeadIds(res.text)).toEqual(open.slice(0, 25));
  });

  test("a page past the end shows the last page and says so", async () => {
    const res = await site.get("/admin/leads?page=7");
    expect(res.status).toBe(200);
    expect(listedLeadIds(res.text)).toEqual(open.slice(25));
    expect(textOf(res.text)).toContain("There are only 2 pages, so the last one is shown.");
  });

  test("odd queries: repeated, empty and very long values", async () => {
    const repeated = await site.get("/admin/leads?status=won&status=lost");
    expect(new Set(listedLeadIds(repeated.text))).toEqual(new Set([ids.percent, ids.fivehundred]));
    const empty = await site.get("/admin/leads?status=&q=&page=");
    expect(listedLeadIds(empty.text)).toEqual(open.slice(0, 25));
    const long = await site.get(`/admin/leads?q=${"x".repeat(5000)}`);
    expect(long.status).toBe(200);
    expect(textOf(long.text)).toContain("The search text was cut to its first 200 characters.");
  });

  test("the deletion message after a redirect is in the status line", async () => {
    const res = await site.get("/admin/leads?done=deleted");
    expect(statusLine(res.text)).toBe("The estimate request was deleted, with its notes and emails.");
    expect(statusLine((await site.get("/admin/leads")).text)).toBe("");
  });

  test("POST to the inbox is refused with 405, not stored anywhere", async () => {
    const res = await site.post("/admin/leads", { intent: "delete" });
    expect(res.status).toBe(405);
    expect(textOf(res.text)).toContain("Nothing can be sent to this page.");
  });

  test("a request that needs review: in the open list with a worded badge, its own filter, the reason on its page, and marked New with the status form", async () => {
    const reason = "Sent 1 second after the page opened — phone autofill often does this; check it's a real person.";
    const { lead } = await seedLead(site, { fromName: "Autofill Alice", subject: "Patio cover", reviewReason: reason }, { jobs: [] });
    expect(lead.status).toBe("review");

    const inbox = await site.get("/admin/leads");
    expect(listedLeadIds(inbox.text)[0]).toBe(lead.id);
    expect(inbox.text).toMatch(/<span class="status-badge status-badge--review">Needs review<\/span>/);
    expect(textOf(inbox.text)).toContain("Needs review (1)");

    const filtered = await site.get("/admin/leads?status=review");
    expect(listedLeadIds(filtered.text)).toEqual([lead.id]);
    expect(listedLeadIds((await site.get("/admin/leads?status=new")).text)).not.toContain(lead.id);

    const page = textOf((await site.get(`/admin/leads/${lead.id}`)).text);
    expect(page).toContain(`Needs review: ${reason}`);

    const marked = await site.post(`/admin/leads/${lead.id}`, { intent: "status", status: "new" });
    expect(marked.status).toBe(200);
    expect(statusLine(marked.text)).toBe("Status changed from Needs review to New.");
    expect(listedLeadIds((await site.get("/admin/leads?status=review")).text)).toEqual([]);
    expect(listedLeadIds((await site.get("/admin/leads?status=new")).text)).toContain(lead.id);
    // The reason stays on the request's page as history.
    expect(textOf((await site.get(`/admin/leads/${lead.id}`)).text)).toContain(`Needs review: ${reason}`);
  });

  test("the server kept serving and logged no error", async () => {
    await expectServerHealthy(site);
  });
});
