/**
 * The contractor's first answers over HTTP (issue 29), on the real server, SQLite and (with
 * TEST_POSTGRES_URL) PostgreSQL: the dashboard's "Time to first answer" (the median in business
 * hours over the last 30 days, by the default opening hours Monday–Saturday 7 AM–6 PM in Houston)
 * and its "Waiting for an answer" list; the reminder's setting on /admin/quotes/settings, shown,
 * saved, and refused with a 400 naming the field.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { databaseTargets } from "#tests/support/databases.ts";
import { createTestAccount } from "#tests/support/accounts.ts";
import { seedLead, setUpAdminSite, tearDownAdminSite, textOf, type AdminSite } from "#tests/support/admin-site.ts";
import { markFirstAnswered } from "#app/server/repos/leads.server.ts";
import { wallClockAt, wallClockToInstant } from "#app/server/visits/zoned-time.server.ts";

const targets = databaseTargets("admin-first-answers", "first answers suite");
const DAY = 86_400_000;

/** The last Tuesday at least two days ago, as a Houston date (a weekday inside the last 30 days, whatever today is). */
function lastTuesday(): { year: number; month: number; day: number } {
  for (let back = 2; ; back++) {
    const date = new Date(Date.now() - back * DAY);
    const noon = wallClockAt(date, "America/Chicago");
    if (new Date(Date.UTC(noon.year, noon.month - 1, noon.day)).getUTCDay() === 2) return noon;
  }
}

/** That Tuesday at `hour:minute`, Houston time. */
function tuesdayAt(hour: number, minute = 0): Date {
  return wallClockToInstant({ ...lastTuesday(), hour, minute, second: 0 }, "America/Chicago")!;
}

describe.each(targets)("first answers on $name", (target) => {
  let site: AdminSite;

  beforeAll(async () => {
    site = await setUpAdminSite(target);
  });

  afterAll(() => tearDownAdminSite(target, site));

  /** A request received at `created`, answered at `answered` (or not). */
  async function request(name: string, created: Date, answered: Date | null, fields: { status?: "spam" } = {}) {
    const { lead } = await seedLead(site, { fromName: name, subject: `Deck for ${name}` }, { now: created, jobs: [] });
    if (fields.status)
      await site.db(({ db }) => db.updateTable("leads").set({ status: fields.status! }).where("id", "=", lead.id).execute());
    if (answered) await site.db(({ db }) => markFirstAnswered({ db, leadId: lead.id, now: answered }));
    return lead;
  }

  const dashboard = async () => (await site.get("/admin")).text;

  test("the dashboard: none answered yet, and nothing waiting", async () => {
    const text = textOf(await dashboard());
    expect(text).toContain("Time to first answer No request of the last 30 days has been answered yet.");
    expect(text).toContain("Waiting for an answer (0) Every request has had an answer.");
  });

  test("the median in business hours over the answered requests of 30 days, and those waiting, longest first", async () => {
    await request("Ann Answered", tuesdayAt(9), tuesdayAt(11, 15)); // 2 h 15 min
    await request("Bo Quick", tuesdayAt(10), tuesdayAt(10, 30)); // 30 min
    // Tuesday 4 PM to Wednesday 9 AM: 2 h before closing at 6, 2 h after opening at 7.
    await request("Cy Overnight", tuesdayAt(16), new Date(tuesdayAt(9).getTime() + DAY)); // 4 h
    // Not counted: spam, a request answered before the figures began (recorded as answered at its creation), one older than 30 days.
    await request("Sam Spam", tuesdayAt(9), tuesdayAt(9, 1), { status: "spam" });
    await request("Old Backfilled", tuesdayAt(8), tuesdayAt(8));
    await request("Olga Older", new Date(Date.now() - 40 * DAY), new Date(Date.now() - 39 * DAY));
    // Waiting: the older first.
    const newer = await request("Walt Waiting", tuesdayAt(12), null);
    const older = await request("Vera Waiting", tuesdayAt(8), null);

    const html = await dashboard();
    const text = textOf(html);
    expect(text).toContain("Median time to first answer: 2 h 15 min (business hours, last 30 days, 3 requests).");
    expect(text).toContain("Waiting for an answer (2)");
    expect(text).toMatch(/Vera Waiting: Deck for Vera Waiting Waiting \d+ h( \d+ min)? \(business hours\) · received .*Walt Waiting/);
    expect(html).toContain(`href="/admin/leads/${older.id}"`);
    expect(html).toContain(`href="/admin/leads/${newer.id}"`);
    expect(text).not.toContain("Sam Spam: Deck");
  });

  test("the reminder's setting: shown with its default, saved, and a wrong value is a 400 naming the field", async () => {
    const page = await site.get("/admin/quotes/settings");
    expect(page.status).toBe(200);
    expect(textOf(page.text)).toContain("Unanswered requests");
    expect(textOf(page.text)).toContain("A request with no answer after 4 business hours reminds you by email and on your phone.");
    expect(page.text).toMatch(/id="reminder_hours"[^>]*value="4"/);

    const post = (value: string, cookie?: string) =>
      site.post("/admin/quotes/settings", { intent: "unanswered-reminder", reminder_hours: value }, cookie ? { cookie } : {});
    for (const value of ["73", "abc", "", "1.5"]) {
      const bad = await post(value);
      expect(bad.status, value).toBe(400);
      expect(textOf(bad.text)).toContain(
        "“Remind me when a request has no answer after this many business hours” needs a whole number of hours from 1 to 72, or 0 to turn the reminder off.",
      );
    }
    // What was typed is put back, next to its own form's alert; the follow-ups' form is untouched.
    const bad = await post("73");
    expect(bad.text).toMatch(/id="reminder_hours"[^>]*value="73"/);
    expect(bad.text).toMatch(/aria-describedby="unanswered-reminder-error"/);
    expect(bad.text).toMatch(/id="first_days"[^>]*value="3"/);

    const off = await post("0");
    expect(off.status).toBe(200);
    expect(textOf(off.text)).toContain("Saved. No reminder is sent for unanswered requests.");
    const saved = await post("12");
    expect(textOf(saved.text)).toContain("Saved. A request with no answer after 12 business hours reminds you by email and on your phone.");
    expect((await site.get("/admin/quotes/settings")).text).toMatch(/id="reminder_hours"[^>]*value="12"/);

    const customer = await createTestAccount(site.target);
    expect((await post("1", customer.cookie)).status).toBe(403);
    expect((await site.get("/admin/quotes/settings")).text).toMatch(/id="reminder_hours"[^>]*value="12"/);
  });
});
