/**
 * The contractor's side of a visit booked online (ADR 071) against the real server, on SQLite and
 * (with TEST_POSTGRES_URL) PostgreSQL, the emails delivered to a real SMTP listener. A homeowner
 * books through the request's booking page (its link read from the request's page, a window read
 * from the booking page); then the dashboard lists it first, "Confirm" schedules it and sends the
 * invitation with its calendar, "Decline" frees the window and emails the homeowner, a second
 * answer is refused with a sentence, and only a signed-in admin may answer. The request's page
 * shows the booking waiting, refuses to move or cancel it by hand, and confirms it too.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { databaseTargets } from "#tests/support/databases.ts";
import {
  elementByClass,
  expectRedirect,
  expectServerHealthy,
  seedLead,
  startAdminSite,
  statusLine,
  textOf,
  type AdminSite,
} from "#tests/support/admin-site.ts";
import { createTestAccount, type TestAccount } from "#tests/support/accounts.ts";
import { invitationOf } from "#tests/support/calendar.ts";
import { waitUntil } from "#tests/support/leads.ts";
import { startSmtpServer, type SmtpTestServer } from "#tests/support/smtp.ts";
import { listEmailJobs } from "#app/server/repos/email-jobs.server.ts";
import { getLead } from "#app/server/repos/leads.server.ts";
import { getLatestVisitOfLead } from "#app/server/repos/visits.server.ts";
import { visitShortLabel } from "#app/server/visits/labels.server.ts";

const targets = databaseTargets("admin-bookings", "bookings' admin suite");
const WAITS = "This visit was booked online and waits for your confirmation: confirm or decline it first.";
/** The homeowner's "pick another time" email's kind, as a plain string (the mail side names the kinds). */
const DECLINED_KIND: string = "booking-declined";
const GONE =
  "This booking is no longer waiting: the homeowner moved or cancelled it, or it was already answered. The list below is up to date.";

/** The window starts the booking page offers, in its order. */
function windowStarts(html: string): string[] {
  return [...html.matchAll(/<button\b[^>]*\bname="start"[^>]*>/g)].map((m) => /\bvalue="([^"]+)"/.exec(m[0])?.[1] ?? "");
}

function alertText(html: string): string {
  return textOf(/<div class="admin-alert" role="alert"[^>]*>([\s\S]*?)<\/div>/.exec(html)?.[1] ?? "");
}

/** The dashboard's "Visits to confirm" section ("" when there is none). */
function pendingSection(html: string): string {
  return elementByClass(html, "admin-bookings") ?? "";
}

describe.each(targets)("visits booked online, answered by the contractor, on $name", (target) => {
  let site: AdminSite;
  let smtp: SmtpTestServer;
  let customer: TestAccount;

  beforeAll(async () => {
    await target.setup();
    smtp = await startSmtpServer();
    site = await startAdminSite(target, { SMTP_URL: smtp.url, MAIL_FROM: "Bookings Test <bookings@remodel.test>" });
    customer = await createTestAccount(site.target, { role: "customer" });
  });

  afterAll(async () => {
    await site?.stop();
    await smtp?.stop();
    await target.teardown();
  });

  const latestVisit = (leadId: string) => site.db((database) => getLatestVisitOfLead({ db: database.db, leadId }));
  const jobsOf = (leadId: string) => site.db((database) => listEmailJobs({ db: database.db, leadId }));
  const mailsTo = (email: string) => smtp.messages.filter((m) => m.envelope.to.includes(email));
  const hasCalendar = (mail: (typeof smtp.messages)[number]) => mail.parsed.attachments.some((a) => a.contentType === "text/calendar");
  /** The invitation to `email`, once its job went out. */
  async function invitationTo(leadId: string, email: string) {
    await waitUntil(
      async () => (await jobsOf(leadId)).some((job) => job.kind === "visit-invitation" && job.status === "sent"),
      15_000,
      "the invitation to be sent",
    );
    const mail = mailsTo(email).find(hasCalendar);
    expect(mail, `an email with a calendar to ${email}`).toBeDefined();
    return invitationOf(mail!);
  }

  /** The booking page's path of a request, as its admin page shows it to copy. */
  async function bookingPath(leadId: string): Promise<string> {
    const html = (await site.get(`/admin/leads/${leadId}`)).text;
    const url = /id="booking-link-url"[^>]*value="([^"]+)"|value="([^"]+)"[^>]*id="booking-link-url"/.exec(html);
    expect(url, "the booking page's link on the request's page").not.toBeNull();
    return new URL((url![1] ?? url![2])!.replace(/&amp;/g, "&")).pathname;
  }

  /** A homeowner's request, and the first open window booked through its booking page (held, waiting). */
  async function bookOnline(name: string, email: string) {
    const { lead } = await seedLead(
      site,
      { fromName: name, email, subject: "Bathroom Remodeling", phone: "(713) 555-0147", details: { zip: "77008", inServiceArea: true } },
      { jobs: [] },
    );
    const path = await bookingPath(lead.id);
    const page = await site.get(path, "");
    expect(page.status).toBe(200);
    const start = windowStarts(page.text)[0];
    expect(start, "an open window on the booking page").toBeDefined();
    const booked = await site.post(path, { intent: "book", start: start! }, { cookie: "" });
    expect(booked.status).toBe(303);
    const visit = (await latestVisit(lead.id))!;
    expect(visit).toMatchObject({ status: "pending", booked_by: "homeowner", starts_at: start });
    return { lead, visit, path, start: start!, when: visitShortLabel(new Date(start!), visit.minutes, "America/Chicago") };
  }

  test("the dashboard lists a booking first; Confirm schedules it, sends the invitation with its calendar, and it leaves the list", async () => {
    const { lead, visit, start, when } = await bookOnline("Maria Lopez", "maria.lopez@home.test");

    const html = (await site.get("/admin")).text;
    const section = pendingSection(html);
    expect(textOf(section)).toContain("Visits to confirm (1)");
    // At the very top: the first section after the page's heading.
    const afterHeading = html.slice(html.indexOf("<h1>Dashboard</h1>"));
    expect(/<section[^>]*>/.exec(afterHeading)?.[0]).toContain("admin-bookings");
    const row = textOf(section);
    expect(row).toContain(when);
    expect(row).toContain("Maria Lopez · Bathroom Remodeling · ZIP 77008");
    expect(section).toContain('href="tel:+17135550147"');
    expect(section).toContain(`href="/admin/leads/${lead.id}"`);
    expect(section).toContain(`aria-label="Confirm the visit of Maria Lopez on ${when}"`);
    expect(section).toContain(`aria-label="Decline the visit of Maria Lopez on ${when}"`);
    expect(section).toContain(`name="visitId" value="${visit.id}"`);

    const confirmed = await site.post("/admin?index", { intent: "confirm-booking", visitId: visit.id });
    expectRedirect(confirmed, `/admin?done=booking-confirmed&visit=${visit.id}`);
    expect(await latestVisit(lead.id)).toMatchObject({ id: visit.id, status: "scheduled", slot_start: start });
    expect((await site.db((database) => getLead({ db: database.db, id: lead.id })))?.status).toBe("scheduled");

    const after = (await site.get(`/admin?done=booking-confirmed&visit=${visit.id}`)).text;
    expect(statusLine(after)).toBe(`Visit confirmed for ${when}. The invitation is on its way to Maria Lopez.`);
    expect(pendingSection(after)).toBe("");

    // The invitation, with the calendar a phone adds in one tap.
    const invite = await invitationTo(lead.id, "maria.lopez@home.test");
    expect(invite.method).toBe("REQUEST");
    expect(invite.event.start.toISOString()).toBe(start);
    const kinds = (await jobsOf(lead.id)).map((job) => job.kind);
    expect(kinds).toContain("visit-invitation");
    expect(kinds).toContain("visit-reminder");

    // The same tap again (a second tab, a double tap): refused with the sentence, nothing sent.
    const again = await site.post("/admin?index", { intent: "confirm-booking", visitId: visit.id });
    expect(again.status).toBe(409);
    expect(alertText(again.text)).toBe(GONE);
    expect((await jobsOf(lead.id)).filter((job) => job.kind === "visit-invitation")).toHaveLength(1);

    // Confirmed, the request's page says it was booked online, with Reschedule and Cancel.
    const leadPage = (await site.get(`/admin/leads/${lead.id}`)).text;
    const visitSection = textOf(elementByClass(leadPage, "admin-visit") ?? "");
    expect(visitSection).toContain("Booked online");
    expect(visitSection).not.toContain("waiting for your confirmation");
    expect(leadPage).toContain('value="visit-reschedule"');
  });

  test("Decline frees the window (offered again) and emails the homeowner to pick another time", async () => {
    const { lead, visit, path, start } = await bookOnline("Dana Reyes", "dana.reyes@home.test");
    // The homeowner's "we got it" went out first, so the next email to them is the decline.
    await waitUntil(
      async () => (await jobsOf(lead.id)).filter((job) => job.recipient === "dana.reyes@home.test").every((job) => job.status === "sent"),
      15_000,
      "the homeowner's emails so far to be sent",
    );
    const before = mailsTo("dana.reyes@home.test").length;
    // Another homeowner's booking page does not offer the held window.
    const { lead: neighbour } = await seedLead(site, { fromName: "Next Door" }, { jobs: [] });
    const otherPage = await bookingPath(neighbour.id);
    expect(windowStarts((await site.get(otherPage, "")).text)).not.toContain(start);

    const declined = await site.post("/admin?index", { intent: "decline-booking", visitId: visit.id });
    expectRedirect(declined, `/admin?done=booking-declined&visit=${visit.id}`);
    expect(await latestVisit(lead.id)).toMatchObject({ id: visit.id, status: "cancelled", slot_start: null });
    const after = (await site.get(`/admin?done=booking-declined&visit=${visit.id}`)).text;
    expect(statusLine(after)).toBe("Declined. Dana Reyes is asked by email to pick another time.");
    expect(after).not.toContain(`value="${visit.id}"`);

    // The window is open again, for anyone, and the homeowner's own page offers times to pick again.
    expect(windowStarts((await site.get(otherPage, "")).text)).toContain(start);
    expect(windowStarts((await site.get(path, "")).text)).toContain(start);
    const declinedJob = (await jobsOf(lead.id)).find((job) => job.kind === DECLINED_KIND);
    expect(declinedJob?.recipient).toBe("dana.reyes@home.test");
    await waitUntil(() => mailsTo("dana.reyes@home.test").length > before, 15_000, "the decline email");

    // Answered already: a Confirm now is refused, and the visit stays cancelled.
    const late = await site.post("/admin?index", { intent: "confirm-booking", visitId: visit.id });
    expect(late.status).toBe(409);
    expect(alertText(late.text)).toBe(GONE);
    expect((await latestVisit(lead.id))?.status).toBe("cancelled");
  });

  test("only a signed-in admin answers: anonymous → /login, a customer → 403, the booking still waits", async () => {
    const { lead, visit } = await bookOnline("Sam Ortiz", "sam.ortiz@home.test");
    for (const intent of ["confirm-booking", "decline-booking"]) {
      for (const path of ["/admin?index", `/admin/leads/${lead.id}`]) {
        const anonymous = await site.post(path, { intent, visitId: visit.id }, { cookie: "" });
        expect(anonymous.status, `${intent} ${path}`).toBe(302);
        expect(new URL(anonymous.headers.location ?? "", site.server.url).pathname).toBe("/login");
        const refused = await site.post(path, { intent, visitId: visit.id }, { cookie: customer.cookie });
        expect(refused.status, `${intent} ${path}`).toBe(403);
      }
    }
    expect((await latestVisit(lead.id))?.status).toBe("pending");
    // A form without its visit: a sentence, not a crash.
    const blank = await site.post("/admin?index", { intent: "confirm-booking" });
    expect(blank.status).toBe(400);
    expect(alertText(blank.text)).toBe("The form did not say which visit. Please use the buttons on this page.");
    // Tidy: answered, so later tests' dashboards list only their own.
    expectRedirect(
      await site.post("/admin?index", { intent: "decline-booking", visitId: visit.id }),
      `/admin?done=booking-declined&visit=${visit.id}`,
    );
  });

  test("the request's page: the booking waits with Confirm and Decline, cannot be moved, cancelled or doubled by hand, and Confirm works there", async () => {
    const { lead, visit, when } = await bookOnline("Lee Chen", "lee.chen@home.test");
    const here = `/admin/leads/${lead.id}`;
    const html = (await site.get(here)).text;
    const section = elementByClass(html, "admin-visit") ?? "";
    expect(textOf(section)).toContain("Booked online by the homeowner — waiting for your confirmation.");
    expect(section).toContain(`aria-label="Confirm the visit of Lee Chen on ${when}"`);
    expect(section).toContain(`aria-label="Decline the visit of Lee Chen on ${when}"`);
    expect(section).not.toContain('value="visit-reschedule"');
    expect(section).not.toContain('value="visit-cancel"');
    expect(section).not.toContain('value="visit-schedule"');
    expect(textOf(section)).toContain("Booking page:");
    expect(textOf(section)).toContain("Copy link");

    // By hand, around the buttons: refused with the sentence, nothing changed.
    const moved = await site.post(here, {
      intent: "visit-reschedule",
      visitId: visit.id,
      date: "2099-01-05",
      time: "09:00",
      minutes: "120",
    });
    expect(moved.status).toBe(409);
    expect(alertText(moved.text)).toBe(WAITS);
    const cancelled = await site.post(here, { intent: "visit-cancel", visitId: visit.id, confirm: "yes" });
    expect(cancelled.status).toBe(409);
    expect(alertText(cancelled.text)).toBe(WAITS);
    const tomorrow = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    const second = await site.post(here, { intent: "visit-schedule", date: tomorrow, time: "09:00", minutes: "120" });
    expect(second.status).toBe(409);
    expect(alertText(second.text)).toMatch(/already has a visit booked online for .*: confirm or decline it first\.$/);
    expect(await latestVisit(lead.id)).toMatchObject({ id: visit.id, status: "pending", sequence: 0 });

    // Another request's page cannot answer this booking.
    const { lead: other } = await seedLead(site, { fromName: "Other One" }, { jobs: [] });
    const elsewhere = await site.post(`/admin/leads/${other.id}`, { intent: "confirm-booking", visitId: visit.id });
    expect(elsewhere.status).toBe(409);
    expect((await latestVisit(lead.id))?.status).toBe("pending");

    const confirmed = await site.post(here, { intent: "confirm-booking", visitId: visit.id });
    expect(confirmed.status).toBe(200);
    const done = elementByClass(confirmed.text, "admin-visit") ?? "";
    expect(textOf(done)).toContain(`Visit confirmed for ${when}. The invitation is on its way to Lee Chen.`);
    expect(textOf(done)).toContain("Booked online");
    expect(done).toContain('value="visit-reschedule"');
    expect(await latestVisit(lead.id)).toMatchObject({ status: "scheduled" });
    expect((await invitationTo(lead.id, "lee.chen@home.test")).event.start.toISOString()).toBe(visit.starts_at);
  });

  test("the server kept serving and logged no error", async () => {
    await expectServerHealthy(site);
  });
});
