/**
 * Site visits against the real server, on SQLite and (with TEST_POSTGRES_URL) PostgreSQL, the
 * emails delivered to a real SMTP listener: scheduling sends an invitation (METHOD:REQUEST) whose
 * calendar, parsed back with node-ical, has the UID, SEQUENCE 0, the Chicago wall clock with
 * TZID=America/Chicago, the business as organiser and the homeowner as attendee; rescheduling
 * sends an update with the same UID and a higher SEQUENCE; cancelling sends METHOD:CANCEL. The
 * reminder waits in the outbox for 9 AM the day before, and is replaced on each change. Bad input
 * gets a sentence. /admin/visits lists the visit by day; the private feed answers only its token.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { databaseTargets } from "#tests/support/databases.ts";
import { elementByClass, expectServerHealthy, seedLead, startAdminSite, textOf, type AdminSite } from "#tests/support/admin-site.ts";
import { startSmtpServer, type SmtpTestServer } from "#tests/support/smtp.ts";
import { invitationOf } from "#tests/support/calendar.ts";
import { get } from "#tests/support/server.ts";
import { listEmailJobs } from "#app/server/repos/email-jobs.server.ts";
import { getLead, updateLeadStatus } from "#app/server/repos/leads.server.ts";
import { defaultContent } from "#app/server/site/site.server.ts";

const targets = databaseTargets("admin-visits", "site visits suite");
const DAY = 86_400_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The next `month`/`day` at least two days ahead, "YYYY-MM-DD" (always within a year). */
function next(month: number, day: number): string {
  const soon = Date.now() + 2 * DAY;
  let year = new Date(soon).getUTCFullYear();
  if (Date.UTC(year, month - 1, day) < soon) year += 1;
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** The text of the visit section's status line(s). */
function visitStatus(html: string): string {
  const section = elementByClass(html, "admin-visit") ?? "";
  return [...section.matchAll(/<div role="status"[^>]*>([\s\S]*?)<\/div>/g)]
    .map((m) => textOf(m[1]!))
    .join(" ")
    .trim();
}

/** The feed token in the page's https address field. */
function tokenOf(html: string): string | undefined {
  return /value="[^"]*\/calendar\/([A-Za-z0-9_-]+)\.ics"/.exec(html)?.[1];
}

function alertText(html: string): string {
  return textOf(/<div class="admin-alert" role="alert"[^>]*>([\s\S]*?)<\/div>/.exec(html)?.[1] ?? "");
}

describe.each(targets)("site visits on $name", (target) => {
  let site: AdminSite;
  let smtp: SmtpTestServer;
  const business = defaultContent().profile;
  const winter = next(1, 15);
  const summer = next(7, 15);

  beforeAll(async () => {
    await target.setup();
    smtp = await startSmtpServer();
    site = await startAdminSite(target, { SMTP_URL: smtp.url, MAIL_FROM: "Visits Test <visits@remodel.test>" });
  });

  afterAll(async () => {
    await site?.stop();
    await smtp?.stop();
    await target.teardown();
  });

  const jobsOf = (leadId: string) => site.db((database) => listEmailJobs({ db: database.db, leadId }));

  test("schedule, reschedule, cancel: three invitations with one UID, SEQUENCE 0, 1, 2", async () => {
    const { lead } = await seedLead(
      site,
      {
        fromName: "María González",
        email: "maria@casa.test",
        subject: "Bathroom Remodeling",
        details: { zip: "77008", streetAddress: "1234 Heights Blvd", inServiceArea: true },
      },
      { jobs: [] },
    );
    const here = `/admin/leads/${lead.id}`;
    smtp.clear();

    // Schedule: a winter date, so 9:00 is CST (-06:00).
    const scheduled = await site.post(here, { intent: "visit-schedule", date: winter, time: "09:00", minutes: "120" });
    expect(scheduled.status).toBe(200);
    expect(visitStatus(scheduled.text)).toMatch(
      /^Visit scheduled for \w{3}, Jan 15, 9:00–11:00 AM\. The invitation is on its way to maria@casa\.test\.$/,
    );
    expect(textOf(elementByClass(scheduled.text, "admin-visit") ?? "")).toContain("Arrival between 9:00 and 11:00 AM");
    const stored = await site.db((database) => getLead({ db: database.db, id: lead.id }));
    expect(stored?.status).toBe("scheduled");
    // A visit set by the contractor answers the request (issue 29); moving it later does not move that.
    const answered = stored!.first_answered_at;
    expect(answered).not.toBeNull();
    expect(Date.parse(answered!)).toBeLessThanOrEqual(Date.now());

    const [first] = await smtp.waitFor(1, 15_000);
    expect(first!.envelope.to).toEqual(["maria@casa.test"]);
    expect(first!.parsed.text).toContain("Arrival between 9:00 and 11:00 AM");
    expect(first!.parsed.text).toContain("1234 Heights Blvd, 77008");
    const invite = invitationOf(first!);
    expect(invite.partMethod).toBe("REQUEST");
    expect(invite.method).toBe("REQUEST");
    const uid = invite.event.uid;
    expect(uid).toMatch(/^[0-9a-f-]{36}@/);
    expect(Number(invite.event.sequence)).toBe(0);
    expect(invite.text).toContain(`DTSTART;TZID=America/Chicago:${winter.replaceAll("-", "")}T090000`);
    expect(invite.text).toContain("BEGIN:VTIMEZONE");
    expect(invite.event.start.tz).toBe("America/Chicago");
    expect(invite.event.start.toISOString()).toBe(`${winter}T15:00:00.000Z`);
    expect(invite.event.end?.toISOString()).toBe(`${winter}T17:00:00.000Z`);
    expect(invite.event.location).toBe("1234 Heights Blvd, 77008");
    const organizer = invite.event.organizer as unknown as { params: { CN: string }; val: string };
    expect(organizer.params.CN).toBe(business.name);
    expect(organizer.val.toLowerCase()).toBe(`mailto:${(business.publicEmail || "visits@remodel.test").toLowerCase()}`);
    const attendee = invite.event.attendee as unknown as { params: { CN: string; RSVP: boolean }; val: string };
    expect(attendee.params.CN).toBe("María González");
    expect(attendee.params.RSVP).toBe(true);
    expect(attendee.val.toLowerCase()).toBe("mailto:maria@casa.test");

    // The reminder waits for 9 AM Chicago time the day before (CST: 15:00 UTC).
    let jobs = await jobsOf(lead.id);
    const reminder = jobs.find((job) => job.kind === "visit-reminder");
    const dayBefore = new Date(Date.parse(`${winter}T00:00:00Z`) - DAY).toISOString().slice(0, 10);
    expect(reminder).toMatchObject({
      status: "pending",
      next_attempt_at: `${dayBefore}T15:00:00.000Z`,
      give_up_at: `${winter}T15:00:00.000Z`,
    });

    // A second visit while one is planned is refused: reschedule it instead.
    const twice = await site.post(here, { intent: "visit-schedule", date: summer, time: "09:00", minutes: "120" });
    expect(twice.status).toBe(409);
    expect(alertText(twice.text)).toMatch(/already has a visit on .*Reschedule or cancel that one\./);

    // Reschedule to a summer date: 9:30 is CDT (-05:00); same UID, SEQUENCE 1, the reminder replaced.
    const visitId = /name="visitId" value="([0-9a-f-]{36})"/.exec(scheduled.text)?.[1];
    expect(visitId).toBeDefined();
    const moved = await site.post(here, {
      intent: "visit-reschedule",
      visitId: visitId!,
      date: summer,
      time: "09:30",
      minutes: "90",
    });
    expect(moved.status).toBe(200);
    expect(visitStatus(moved.text)).toMatch(
      /^Visit moved to \w{3}, Jul 15, 9:30–11:00 AM\. The new time is on its way to maria@casa\.test\.$/,
    );
    expect((await site.db((database) => getLead({ db: database.db, id: lead.id })))?.first_answered_at).toBe(answered);
    const [, second] = await smtp.waitFor(2, 15_000);
    const update = invitationOf(second!);
    expect(update.method).toBe("REQUEST");
    expect(update.event.uid).toBe(uid);
    expect(Number(update.event.sequence)).toBe(1);
    expect(update.text).toContain(`DTSTART;TZID=America/Chicago:${summer.replaceAll("-", "")}T093000`);
    expect(update.event.start.toISOString()).toBe(`${summer}T14:30:00.000Z`);
    expect(second!.parsed.subject).toMatch(/^New time for your site visit/);
    jobs = await jobsOf(lead.id);
    const reminders = jobs.filter((job) => job.kind === "visit-reminder");
    expect(reminders).toHaveLength(1);
    expect(reminders[0]!.id).not.toBe(reminder!.id);
    const summerBefore = new Date(Date.parse(`${summer}T00:00:00Z`) - DAY).toISOString().slice(0, 10);
    expect(reminders[0]!.next_attempt_at).toBe(`${summerBefore}T14:00:00.000Z`);

    // The same time again is no change: refused, nothing sent.
    const same = await site.post(here, {
      intent: "visit-reschedule",
      visitId: visitId!,
      date: summer,
      time: "09:30",
      minutes: "90",
    });
    expect(same.status).toBe(400);
    expect(alertText(same.text)).toMatch(/already has/);

    // Cancel: refused without the tick, then METHOD:CANCEL with SEQUENCE 2; no reminder left.
    const unticked = await site.post(here, { intent: "visit-cancel", visitId: visitId! });
    expect(unticked.status).toBe(400);
    expect(alertText(unticked.text)).toBe("Tick “Yes, cancel this visit” to confirm. The visit was kept.");
    const cancelled = await site.post(here, { intent: "visit-cancel", visitId: visitId!, confirm: "yes" });
    expect(cancelled.status).toBe(200);
    expect(visitStatus(cancelled.text)).toMatch(
      /^Visit on \w{3}, Jul 15, 9:30–11:00 AM cancelled\. María González is told by email, and the request is back to “Contacted”\.$/,
    );
    const [, , third] = await smtp.waitFor(3, 15_000);
    const cancel = invitationOf(third!);
    expect(cancel.partMethod).toBe("CANCEL");
    expect(cancel.method).toBe("CANCEL");
    expect(cancel.event.uid).toBe(uid);
    expect(Number(cancel.event.sequence)).toBe(2);
    expect(cancel.event.status).toBe("CANCELLED");
    // The listener has the message; the outbox records "sent" right after.
    for (let i = 0; i < 100 && (await jobsOf(lead.id)).some((job) => job.status !== "sent"); i++) await sleep(50);
    jobs = await jobsOf(lead.id);
    expect(jobs.filter((job) => job.kind === "visit-reminder")).toHaveLength(0);
    expect(jobs.map((job) => [job.kind, job.status])).toEqual([
      ["visit-invitation", "sent"],
      ["visit-update", "sent"],
      ["visit-cancel", "sent"],
    ]);
    expect((await site.db((database) => getLead({ db: database.db, id: lead.id })))?.status).toBe("contacted");

    // The request's history lists the visit emails with their delivery status.
    const page = await site.get(here);
    const history = textOf(elementByClass(page.text, "admin-emails") ?? page.text);
    expect(history).toContain("Visit invitation to the homeowner");
    expect(history).toContain("Visit cancelled, to the homeowner");
    expect(textOf(elementByClass(page.text, "admin-visit") ?? "")).toMatch(/The last visit \(.*\) was cancelled\./);
    await expectServerHealthy(site);
  });

  test.each([
    [{ date: "2020-01-01", time: "09:00" }, /has already passed\. Choose a time in the future\./],
    [{ date: "not-a-date", time: "09:00" }, /Choose the day of the visit/],
    [{ date: "2026-02-30", time: "09:00" }, /not a date on the calendar/],
    [{ date: next(1, 15), time: "9 o'clock" }, /hours and minutes/],
    [{ date: next(1, 15), time: "09:00", minutes: "20" }, /from 30 minutes to 8 hours/],
    [{ date: next(1, 15), time: "09:00", minutes: "540" }, /from 30 minutes to 8 hours/],
  ])("bad input %o gets a 400 and a sentence, the typed values kept", async (fields, message) => {
    const { lead } = await seedLead(site, {}, { jobs: [] });
    const res = await site.post(`/admin/leads/${lead.id}`, { intent: "visit-schedule", minutes: "120", ...fields });
    expect(res.status).toBe(400);
    expect(alertText(res.text)).toMatch(message);
    expect(res.text).toContain(`value="${fields.date}"`);
    expect(await jobsOf(lead.id)).toHaveLength(0);
  });

  test("a spam request gets no visit; changing a visit that is not there is a 409", async () => {
    const { lead } = await seedLead(site, {}, { jobs: [] });
    await site.db((database) => updateLeadStatus({ db: database.db, id: lead.id, status: "spam" }));
    const spam = await site.post(`/admin/leads/${lead.id}`, {
      intent: "visit-schedule",
      date: winter,
      time: "09:00",
      minutes: "120",
    });
    expect(spam.status).toBe(409);
    expect(alertText(spam.text)).toMatch(/marked as spam/);
    const other = (await seedLead(site, {}, { jobs: [] })).lead;
    const none = await site.post(`/admin/leads/${other.id}`, {
      intent: "visit-reschedule",
      date: winter,
      time: "09:00",
    });
    expect(none.status).toBe(409);
    expect(alertText(none.text)).toBe("This request has no upcoming visit to change. Schedule one first.");
    const cancelNone = await site.post(`/admin/leads/${other.id}`, { intent: "visit-cancel", confirm: "yes" });
    expect(cancelNone.status).toBe(409);
    // A form for a visit that is no longer the request's (another admin replaced it) changes nothing.
    expect((await site.post(`/admin/leads/${other.id}`, { intent: "visit-schedule", date: winter, time: "09:00" })).status).toBe(200);
    const stale = await site.post(`/admin/leads/${other.id}`, {
      intent: "visit-reschedule",
      visitId: "00000000-0000-4000-8000-000000000000",
      date: summer,
      time: "09:00",
    });
    expect(stale.status).toBe(409);
    expect(alertText(stale.text)).toBe("Someone changed this visit while you were looking at it. Check the new time below and try again.");
    const jobs = await jobsOf(other.id);
    expect(jobs.map((job) => job.kind).toSorted()).toEqual(["visit-invitation", "visit-reminder"]);
  });

  test("/admin/visits lists upcoming visits by local day, with the map, the phone and the request", async () => {
    const { lead } = await seedLead(
      site,
      {
        fromName: "Tom Tile",
        phone: "(713) 555-0199",
        subject: "Ceramic & Porcelain Tiles",
        details: { zip: "77019", streetAddress: "9 Montrose St" },
      },
      { jobs: [] },
    );
    const res = await site.post(`/admin/leads/${lead.id}`, {
      intent: "visit-schedule",
      date: winter,
      time: "13:00",
      minutes: "60",
    });
    expect(res.status).toBe(200);
    const page = await site.get("/admin/visits");
    expect(page.status).toBe(200);
    const text = textOf(page.text);
    const dayLabel = new Intl.DateTimeFormat("en-US", {
      timeZone: "UTC",
      weekday: "long",
      month: "long",
      day: "numeric",
      year: "numeric",
    }).format(new Date(`${winter}T12:00:00Z`));
    expect(text).toContain(dayLabel);
    expect(text).toContain("1:00–2:00 PM");
    expect(page.text).toContain(`href="/admin/leads/${lead.id}"`);
    expect(page.text).toContain('href="tel:7135550199"');
    expect(page.text).toContain(`href="https://www.google.com/maps/search/?api=1&amp;query=${encodeURIComponent("9 Montrose St, 77019")}"`);
    expect(text).toContain("Ceramic & Porcelain Tiles");
  });

  test("the calendar feed: its token gives text/calendar, a wrong one 404, a new address stops the old at once", async () => {
    const { lead } = await seedLead(site, { fromName: "Fiona Feed", subject: "Fence repair" }, { jobs: [] });
    expect(
      (
        await site.post(`/admin/leads/${lead.id}`, {
          intent: "visit-schedule",
          date: summer,
          time: "08:00",
          minutes: "120",
        })
      ).status,
    ).toBe(200);
    const page = await site.get("/admin/visits");
    const token = tokenOf(page.text);
    expect(token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(page.text).toContain(`value="webcal://`);

    const feed = await get(`${site.server.url}/calendar/${token}.ics`);
    expect(feed.status).toBe(200);
    expect(feed.headers["content-type"]).toBe("text/calendar; charset=utf-8");
    expect(feed.headers["cache-control"]).toMatch(/^private/);
    expect(feed.text).toContain("METHOD:PUBLISH");
    expect(feed.text).toContain("Visit: Fiona Feed (Fence repair)");
    expect(feed.text).toContain(`DTSTART;TZID=America/Chicago:${summer.replaceAll("-", "")}T080000`);
    expect(feed.text).not.toContain("ATTENDEE");
    expect(feed.text).not.toContain(lead.email);

    for (const wrong of [`${token!.slice(0, -1)}${token!.endsWith("A") ? "B" : "A"}`, "short", token!]) {
      const path = wrong === token ? `/calendar/${wrong}` : `/calendar/${wrong}.ics`;
      expect((await get(`${site.server.url}${path}`)).status, path).toBe(404);
    }

    const unticked = await site.post("/admin/visits", { intent: "regenerate-feed" });
    expect(unticked.status).toBe(400);
    expect(alertText(unticked.text)).toBe("Tick “Yes, stop the old address” to confirm. The address was kept.");
    expect((await get(`${site.server.url}/calendar/${token}.ics`)).status).toBe(200);

    const renewed = await site.post("/admin/visits", { intent: "regenerate-feed", confirm: "yes" });
    expect(renewed.status).toBe(302);
    expect(renewed.headers.location).toBe("/admin/visits?done=feed");
    const after = await site.get("/admin/visits?done=feed");
    const newToken = tokenOf(after.text);
    expect(newToken).toBeDefined();
    expect(newToken).not.toBe(token);
    expect((await get(`${site.server.url}/calendar/${token}.ics`)).status).toBe(404);
    expect((await get(`${site.server.url}/calendar/${newToken}.ics`)).status).toBe(200);
    // The feed has no session: a signed-out request reads it, and only with the token.
    expect((await site.get(`/calendar/${newToken}.ics`, "")).status).toBe(200);
  });
});
