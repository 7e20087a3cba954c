/**
 * One site clock (ADR 050): with SITE_TIMEZONE set to a zone other than the default, every time
 * the site shows or mails for a request and its visit is in that zone: the request's page and
 * the inbox, the visit's confirmation, its email and invitation (TZID and wall clock), the
 * reminder's hour, and the dashboard's test email. Before, some of these were Chicago's.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { databaseTargets } from "#tests/support/databases.ts";
import { elementByClass, seedLead, startAdminSite, textOf, type AdminSite } from "#tests/support/admin-site.ts";
import { startSmtpServer, type SmtpTestServer } from "#tests/support/smtp.ts";
import { invitationOf } from "#tests/support/calendar.ts";
import { listEmailJobs } from "#app/server/repos/email-jobs.server.ts";

const targets = databaseTargets("site-clock", "site clock suite");
const DAY = 86_400_000;

/** The next January 15 at least two days ahead, "YYYY-MM-DD" (standard time in Denver: -07:00). */
function nextJanuary15(): string {
  const soon = Date.now() + 2 * DAY;
  let year = new Date(soon).getUTCFullYear();
  if (Date.UTC(year, 0, 15) < soon) year += 1;
  return `${year}-01-15`;
}

describe.each(targets)("SITE_TIMEZONE=America/Denver on $name", (target) => {
  let site: AdminSite;
  let smtp: SmtpTestServer;

  beforeAll(async () => {
    await target.setup();
    smtp = await startSmtpServer();
    site = await startAdminSite(target, {
      SMTP_URL: smtp.url,
      MAIL_FROM: "Clock Test <clock@remodel.test>",
      SITE_TIMEZONE: "America/Denver",
    });
  });

  afterAll(async () => {
    await site?.stop();
    await smtp?.stop();
    await target.teardown();
  });

  test("a request's times and its visit's times, shown and mailed, are Denver's", async () => {
    const { lead } = await seedLead(
      site,
      {
        fromName: "Dana Denver",
        email: "dana@mile.test",
        subject: "Kitchen Remodeling",
        details: { zip: "77008", streetAddress: "1 Main St" },
      },
      { now: new Date("2026-07-04T17:05:00.000Z"), jobs: [] },
    );
    const here = `/admin/leads/${lead.id}`;

    // The request: received at 11:05 AM MDT (12:05 PM CDT in Chicago).
    expect(textOf((await site.get(here)).text)).toContain("Received Saturday, July 4, 2026 at 11:05 AM MDT");
    expect(textOf((await site.get("/admin/leads")).text)).toContain("Jul 4, 2026, 11:05 AM MDT");

    // The visit: 9:00 typed is 9:00 in Denver (16:00 UTC in January), in the page, the email and the invitation.
    const day = nextJanuary15();
    smtp.clear();
    const scheduled = await site.post(here, { intent: "visit-schedule", date: day, time: "09:00", minutes: "120" });
    expect(scheduled.status).toBe(200);
    expect(textOf(elementByClass(scheduled.text, "admin-visit") ?? "")).toContain("Arrival between 9:00 and 11:00 AM");
    const [mail] = await smtp.waitFor(1, 15_000);
    expect(mail!.parsed.text).toContain("Arrival between 9:00 and 11:00 AM");
    const invite = invitationOf(mail!);
    expect(invite.text).toContain(`DTSTART;TZID=America/Denver:${day.replaceAll("-", "")}T090000`);
    expect(invite.text).toContain("TZID:America/Denver");
    expect(invite.event.start.toISOString()).toBe(`${day}T16:00:00.000Z`);

    // The reminder: 9 AM Denver time the day before.
    const jobs = await site.db((database) => listEmailJobs({ db: database.db, leadId: lead.id }));
    const dayBefore = new Date(Date.parse(`${day}T00:00:00Z`) - DAY).toISOString().slice(0, 10);
    expect(jobs.find((job) => job.kind === "visit-reminder")?.next_attempt_at).toBe(`${dayBefore}T16:00:00.000Z`);
  });

  test("the dashboard's test email says when it was sent in Denver's time", async () => {
    smtp.clear();
    const res = await site.post("/admin?index", { intent: "test-email" });
    expect(res.status).toBe(302);
    const [mail] = await smtp.waitFor(1, 15_000);
    expect(mail!.parsed.text).toMatch(/sent it from the admin dashboard on \w+, \w+ \d{1,2}, \d{4} at \d{1,2}:\d{2} [AP]M M[SD]T\./);
  });
});
