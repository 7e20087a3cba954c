/**
 * The booking's emails (issue 28, ADR 071), sent by the real backend's outbox to a real SMTP
 * listener, on SQLite and (with TEST_POSTGRES_URL) PostgreSQL, the calendars parsed back with a
 * real parser (node-ical): a held booking tells the homeowner "we have your time" (in Spanish for
 * a Spanish request) with their booking page's link, and the business what happened; confirmed,
 * the homeowner gets the invitation (METHOD:REQUEST, the window's Houston wall clock) with the
 * link; moved by the homeowner, the update (SEQUENCE 1); cancelled, METHOD:CANCEL; declined, a
 * request to pick another time with the link; booked at once, the invitation straight away.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { getLead } from "#app/server/repos/leads.server.ts";
import { BUSINESS_INBOX, PUBLIC_URL, startBookingSite, visitsWhere, type BookingSite } from "#tests/support/booking.ts";
import { invitationOf } from "#tests/support/calendar.ts";
import { databaseTargets } from "#tests/support/databases.ts";
import { startSmtpServer, type ReceivedMail, type SmtpTestServer } from "#tests/support/smtp.ts";

const targets = databaseTargets("booking-emails", "booking emails suite");
const DAY = 86_400_000;

/** "20261203T080000": the instant's wall clock in Houston, as an iCalendar DTSTART with TZID writes it. */
function houstonStamp(iso: string): string {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone: "America/Chicago",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    hourCycle: "h23",
  }).formatToParts(new Date(iso));
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${part("year")}${part("month")}${part("day")}T${part("hour")}${part("minute")}${part("second")}`;
}

/** The one email of a list. */
function only(list: ReceivedMail[]): ReceivedMail {
  expect(list).toHaveLength(1);
  return list[0]!;
}

describe.each(targets)("booking emails on $name", (target) => {
  let site: BookingSite;
  let smtp: SmtpTestServer;
  /** Windows at least three days ahead (past the 24-hour cut-off), each test taking its own. */
  let windows: string[];

  beforeAll(async () => {
    await target.setup();
    smtp = await startSmtpServer();
    // The clock stands still at the suite's start: the outbox (on the real time) sends at once.
    site = await startBookingSite(target, { env: { SMTP_URL: smtp.url } });
    await site.rules();
    const open = await site.backend.booking.openWindows();
    const from = site.clock.now().getTime() + 3 * DAY;
    windows = open.state === "open" ? open.windows.map((w) => w.start.toISOString()).filter((start) => Date.parse(start) > from) : [];
    expect(windows.length).toBeGreaterThan(10);
  });

  afterAll(async () => {
    await site?.stop();
    await smtp?.stop();
    await target.teardown();
  });

  /** Clears the listener, runs `step`, and waits for `count` emails, found by recipient. */
  async function mailsOf(count: number, step: () => Promise<unknown>) {
    smtp.clear();
    await step();
    const mails = await smtp.waitFor(count, 15_000);
    const to = (address: string) => mails.filter((m) => m.envelope.to.includes(address));
    return { to, mails };
  }

  test("a held booking: the Spanish homeowner's 'we have your time' with the link, the business's notice", async () => {
    const { token, lead, url } = await site.newRequest({ fromName: "María González", email: "maria@casa.test", locale: "es" });
    expect(url).toBe(`${PUBLIC_URL}/es/cita/${token}`);
    const { to } = await mailsOf(2, () => site.backend.booking.book({ token, start: windows[0] }));
    const homeowner = only(to("maria@casa.test"));
    expect(homeowner.parsed.subject).toMatch(/^Recibimos el horario que eligió: /);
    expect(homeowner.parsed.text).toContain(`Cámbielo o cancélelo aquí: ${url}`);
    expect(homeowner.parsed.html).toContain(`href="${url}"`);
    expect(homeowner.parsed.attachments.filter((a) => a.contentType === "text/calendar")).toHaveLength(0);
    const business = only(to(BUSINESS_INBOX));
    expect(business.parsed.subject).toContain("María González");
    expect(business.parsed.text).toContain(`${PUBLIC_URL}/admin`);
    expect(business.header("reply-to")).toContain("maria@casa.test");
    expect((await getLead({ db: site.database.db, id: lead.id }))?.status).toBe("new");
  });

  test("confirmed, moved, cancelled: the invitation, the update (SEQUENCE 1) and METHOD:CANCEL, each with the link", async () => {
    const { token, lead, url } = await site.newRequest({ fromName: "Rita Ramos", email: "rita@home.test" });
    const [first, second] = [windows[1]!, windows[5]!];
    await mailsOf(2, () => site.backend.booking.book({ token, start: first }));
    const [held] = await visitsWhere(site.database, { leadId: lead.id });

    const confirmed = await mailsOf(1, async () =>
      expect(await site.backend.booking.confirm({ visitId: held!.id, adminId: "admin-test" })).toMatchObject({ outcome: "done" }),
    );
    const invitation = only(confirmed.to("rita@home.test"));
    expect(invitation.parsed.subject).toMatch(/^Site visit on /);
    expect(invitation.parsed.text).toContain(url);
    const invite = invitationOf(invitation);
    expect([invite.partMethod, invite.method]).toEqual(["REQUEST", "REQUEST"]);
    expect(invite.text).toContain(`DTSTART;TZID=America/Chicago:${houstonStamp(first)}`);
    expect(invite.event.start.toISOString()).toBe(first);
    expect(Number(invite.event.sequence)).toBe(0);
    expect((await getLead({ db: site.database.db, id: lead.id }))?.status).toBe("scheduled");
    expect(await site.backend.booking.listPending()).not.toContainEqual(expect.objectContaining({ visitId: held!.id }));

    // The homeowner moves the confirmed visit: it stays confirmed; the update and the business's notice.
    const moved = await mailsOf(2, async () =>
      expect(await site.backend.booking.move({ token, start: second })).toEqual({ outcome: "done", done: "moved" }),
    );
    const update = invitationOf(only(moved.to("rita@home.test")));
    expect(update.method).toBe("REQUEST");
    expect(update.event.uid).toBe(invite.event.uid);
    expect(Number(update.event.sequence)).toBe(1);
    expect(update.text).toContain(`DTSTART;TZID=America/Chicago:${houstonStamp(second)}`);
    expect(update.event.start.toISOString()).toBe(second);
    expect(only(moved.to("rita@home.test")).parsed.text).toContain(url);
    expect(only(moved.to(BUSINESS_INBOX)).parsed.subject).toContain("Rita Ramos");
    expect(await visitsWhere(site.database, { leadId: lead.id })).toMatchObject([{ status: "scheduled", slot_start: second }]);

    // Cancelled online: the calendar's cancellation; the request goes back to "Contacted".
    const cancelled = await mailsOf(2, async () =>
      expect(await site.backend.booking.cancel({ token })).toEqual({ outcome: "done", done: "cancelled" }),
    );
    const cancel = invitationOf(only(cancelled.to("rita@home.test")));
    expect([cancel.partMethod, cancel.method]).toEqual(["CANCEL", "CANCEL"]);
    expect(cancel.event.uid).toBe(invite.event.uid);
    expect(Number(cancel.event.sequence)).toBe(2);
    expect((await getLead({ db: site.database.db, id: lead.id }))?.status).toBe("contacted");
  });

  test("declined: the homeowner is asked to pick another time, with the link; the window is free again", async () => {
    const { token, lead, url } = await site.newRequest({ fromName: "Dan Decline", email: "dan@home.test" });
    await mailsOf(2, () => site.backend.booking.book({ token, start: windows[2] }));
    const [held] = await visitsWhere(site.database, { leadId: lead.id });
    const declined = await mailsOf(1, async () =>
      expect(await site.backend.booking.decline({ visitId: held!.id, adminId: "admin-test" })).toMatchObject({ outcome: "done" }),
    );
    const mail = only(declined.to("dan@home.test"));
    expect(mail.parsed.subject).toBe("Please pick another time for your visit");
    expect(mail.parsed.text).toContain(`Pick another time here: ${url}`);
    expect(mail.parsed.attachments.filter((a) => a.contentType === "text/calendar")).toHaveLength(0);
    expect(await visitsWhere(site.database, { slotStart: windows[2] })).toHaveLength(0);
    // Declining again: no longer waiting.
    expect(await site.backend.booking.decline({ visitId: held!.id, adminId: "admin-test" })).toMatchObject({
      outcome: "refused",
      status: 409,
    });
  });

  test("booked at once by the contractor's rules: the invitation with its calendar straight away", async () => {
    await site.rules({ requireConfirmation: false });
    try {
      const { token, lead, url } = await site.newRequest({ fromName: "Ines Instant", email: "ines@home.test" });
      const booked = await mailsOf(2, async () =>
        expect(await site.backend.booking.book({ token, start: windows[3] })).toEqual({ outcome: "done", done: "booked" }),
      );
      const invitation = only(booked.to("ines@home.test"));
      const invite = invitationOf(invitation);
      expect(invite.method).toBe("REQUEST");
      expect(invite.text).toContain(`DTSTART;TZID=America/Chicago:${houstonStamp(windows[3]!)}`);
      expect(invite.event.start.toISOString()).toBe(windows[3]);
      expect(invitation.parsed.text).toContain(url);
      expect(only(booked.to(BUSINESS_INBOX)).parsed.subject).toContain("Ines Instant");
      expect((await getLead({ db: site.database.db, id: lead.id }))?.status).toBe("scheduled");
    } finally {
      await site.rules();
    }
  });
});
