/**
 * The booking's rules (issue 28, ADR 071) against every database adapter (SQLite always,
 * PostgreSQL when TEST_POSTGRES_URL is set), through the real backend with its clock fixed on
 * Monday 2027-03-01, 9:00 in Houston (CST): only a window on offer can be booked; a posted start
 * that is not a time is refused; a wrong, replaced or spam request's link opens nothing; one visit
 * a request; confirmed at once only when the contractor says so and never outside the service
 * area; moving or cancelling frees the window, until the cut-off; a visit set by hand, the most a
 * day and booking turned off close windows.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { replaceBookingToken } from "#app/server/booking/link.server.ts";
import { listEmailJobs } from "#app/server/repos/email-jobs.server.ts";
import { getLead, updateLeadStatus } from "#app/server/repos/leads.server.ts";
import { BUSINESS_INBOX, offeredStarts, startBookingSite, visitsWhere, type BookingSite } from "#tests/support/booking.ts";
import { databaseTargets } from "#tests/support/databases.ts";

const targets = databaseTargets("booking-rules", "booking rules contract suite");
/** Monday 2027-03-01, 9:00 CST. */
const now = new Date("2027-03-01T15:00:00.000Z");
/** A local day's windows (8–10, 10–12, 12–2, 2–4) as UTC starts; `offset` is the UTC offset's hours (6 in CST, 5 in CDT). */
const day = (date: string, offset = 6) => [8, 10, 12, 14].map((hour) => `${date}T${String(hour + offset).padStart(2, "0")}:00:00.000Z`);
const HOUR = 3_600_000;

describe.each(targets.map((target) => [target.name, target] as const))("%s", (_name, target) => {
  let site: BookingSite;
  const booking = () => site.backend.booking;
  const offered = async () => {
    const open = await booking().openWindows();
    return open.state === "open" ? open.windows.map((w) => w.start.toISOString()) : [];
  };

  beforeAll(async () => {
    await target.setup();
    site = await startBookingSite(target, { now });
    await site.rules();
  });

  afterAll(async () => {
    await site?.stop();
    await target.teardown();
  });

  test("only a window on offer is booked: off the grid, today, a Sunday, the past or a day off is taken", async () => {
    const { token } = await site.newRequest();
    const open = await offered();
    // After the change to daylight saving time (March 14), 8 AM is 13:00 UTC.
    expect(open).toEqual(expect.arrayContaining([...day("2027-03-02"), ...day("2027-03-15", 5)]));
    expect(open).not.toContain("2027-03-01T20:00:00.000Z");
    for (const start of [
      "2027-03-02T15:00:00.000Z", // Tuesday 9:00, between two windows
      "2027-03-01T20:00:00.000Z", // today 2 PM: a day's notice is needed
      "2027-03-07T16:00:00.000Z", // Sunday
      "2027-02-26T16:00:00.000Z", // last Friday
      "2027-04-20T15:00:00.000Z", // past the 21 days
    ]) {
      expect(await booking().book({ token, start }), start).toEqual({ outcome: "taken" });
    }
    await site.rules({ daysOff: ["2027-03-02"] });
    expect(await booking().book({ token, start: day("2027-03-02")[0] })).toEqual({ outcome: "taken" });
    await site.rules();
    expect(await visitsWhere(site.database, {})).toHaveLength(0);
  });

  test("a posted start that is not a time is invalid, for booking and for moving", async () => {
    const { token } = await site.newRequest();
    for (const start of [undefined, "", "tomorrow", "2027-03-02", "2027-03-02T14:00:00+00:00", "2027-13-45T99:00:00Z", "9".repeat(60)]) {
      expect(await booking().book({ token, start }), String(start)).toEqual({ outcome: "invalid" });
      expect(await booking().move({ token, start }), String(start)).toEqual({ outcome: "invalid" });
    }
  });

  test("a wrong or replaced token, or a request marked spam, opens nothing", async () => {
    const start = day("2027-03-02")[0];
    for (const token of [undefined, "", "short", "A".repeat(43)]) {
      expect(await booking().openPage({ token, locale: "en" })).toEqual({ state: "not-found" });
      expect(await booking().book({ token, start })).toEqual({ outcome: "not-found" });
      expect(await booking().cancel({ token })).toEqual({ outcome: "not-found" });
    }

    const replaced = await site.newRequest();
    const fresh = await replaceBookingToken({ db: site.database.db, secret: site.backend.secret, leadId: replaced.lead.id, now });
    expect(fresh).not.toBe(replaced.token);
    expect(await booking().openPage({ token: replaced.token, locale: "en" })).toEqual({ state: "not-found" });
    expect(await booking().book({ token: replaced.token, start })).toEqual({ outcome: "not-found" });
    expect((await booking().openPage({ token: fresh, locale: "en" })).state).toBe("open");

    const spam = await site.newRequest({ isSpam: true, spamReason: "honeypot" });
    expect(await booking().openPage({ token: spam.token, locale: "en" })).toEqual({ state: "not-found" });
    expect(await booking().book({ token: spam.token, start })).toEqual({ outcome: "not-found" });
    const marked = await site.newRequest();
    expect((await booking().openPage({ token: marked.token, locale: "en" })).state).toBe("open");
    await updateLeadStatus({ db: site.database.db, id: marked.lead.id, status: "spam" });
    expect(await booking().book({ token: marked.token, start })).toEqual({ outcome: "not-found" });
    expect(await visitsWhere(site.database, { slotStart: start })).toHaveLength(0);
  });

  test("a request holds one visit: booking again is refused, move it instead", async () => {
    const { token, lead } = await site.newRequest();
    const [first, second] = day("2027-03-02");
    expect(await booking().book({ token, start: first })).toEqual({ outcome: "done", done: "held" });
    expect(await booking().book({ token, start: second })).toEqual({ outcome: "has-visit" });
    expect(await visitsWhere(site.database, { leadId: lead.id })).toMatchObject([{ slot_start: first, status: "pending" }]);
    // A held booking leaves the request's status alone, answers nothing yet, and tells the homeowner and the business.
    expect((await getLead({ db: site.database.db, id: lead.id }))?.status).toBe("new");
    expect((await getLead({ db: site.database.db, id: lead.id }))?.first_answered_at).toBeNull();
    const jobs = await listEmailJobs({ db: site.database.db, leadId: lead.id });
    expect(jobs.map((j) => [j.kind, j.recipient]).toSorted()).toEqual([
      ["booking-activity", BUSINESS_INBOX],
      ["booking-received", lead.email],
    ]);
  });

  test("without the contractor's confirmation the visit is booked at once, but never outside the service area", async () => {
    await site.rules({ requireConfirmation: false });
    try {
      const inside = await site.newRequest({ details: { zip: "77008", inServiceArea: true } });
      const [start, other] = day("2027-03-03");
      expect(await booking().book({ token: inside.token, start })).toEqual({ outcome: "done", done: "booked" });
      expect(await visitsWhere(site.database, { leadId: inside.lead.id })).toMatchObject([{ slot_start: start, status: "scheduled" }]);
      expect((await getLead({ db: site.database.db, id: inside.lead.id }))?.status).toBe("scheduled");
      // Confirmed at once by the contractor's rules: the request's first answer (issue 29).
      expect((await getLead({ db: site.database.db, id: inside.lead.id }))?.first_answered_at).toBe(now.toISOString());
      const kinds = (await listEmailJobs({ db: site.database.db, leadId: inside.lead.id })).map((j) => j.kind).toSorted();
      expect(kinds).toEqual(["booking-activity", "visit-invitation", "visit-reminder"]);

      const outside = await site.newRequest({ details: { zip: "78701", inServiceArea: false } });
      const page = await booking().openPage({ token: outside.token, locale: "en" });
      expect(page.state === "open" && [page.view.outsideZip, page.view.needsConfirmation]).toEqual(["78701", true]);
      expect(await booking().book({ token: outside.token, start: other })).toEqual({ outcome: "done", done: "held" });
      expect(await visitsWhere(site.database, { leadId: outside.lead.id })).toMatchObject([{ slot_start: other, status: "pending" }]);
      expect((await getLead({ db: site.database.db, id: outside.lead.id }))?.status).toBe("new");
      expect((await getLead({ db: site.database.db, id: outside.lead.id }))?.first_answered_at).toBeNull();
    } finally {
      await site.rules();
    }
  });

  test("the contractor's answer to a booking, confirmed or declined, is the request's first answer, recorded once", async () => {
    const [first, second] = day("2027-03-08");
    const answeredAt = (id: string) => getLead({ db: site.database.db, id }).then((lead) => lead?.first_answered_at);
    const confirmed = await site.newRequest();
    expect(await booking().book({ token: confirmed.token, start: first })).toEqual({ outcome: "done", done: "held" });
    const [held] = await visitsWhere(site.database, { leadId: confirmed.lead.id });
    const at = new Date(now.getTime() + HOUR);
    expect((await booking().confirm({ visitId: held!.id, adminId: "admin", now: at })).outcome).toBe("done");
    expect(await answeredAt(confirmed.lead.id)).toBe(at.toISOString());

    const declined = await site.newRequest();
    expect(await booking().book({ token: declined.token, start: second })).toEqual({ outcome: "done", done: "held" });
    const [asked] = await visitsWhere(site.database, { leadId: declined.lead.id });
    expect((await booking().decline({ visitId: asked!.id, adminId: "admin", now: at })).outcome).toBe("done");
    expect(await answeredAt(declined.lead.id)).toBe(at.toISOString());
    // Booked again and confirmed later: the first answer stays.
    expect(await booking().book({ token: declined.token, start: second })).toEqual({ outcome: "done", done: "held" });
    const again = (await visitsWhere(site.database, { leadId: declined.lead.id })).find((v) => v.status === "pending")!;
    expect((await booking().confirm({ visitId: again.id, adminId: "admin", now: new Date(at.getTime() + HOUR) })).outcome).toBe("done");
    expect(await answeredAt(declined.lead.id)).toBe(at.toISOString());
  });

  test("moving a held visit takes the new window and frees the old one; cancelling frees it too", async () => {
    const [first, second, third] = day("2027-03-04");
    const maria = await site.newRequest();
    expect(await booking().move({ token: maria.token, start: first })).toEqual({ outcome: "no-visit" });
    expect(await booking().book({ token: maria.token, start: first })).toEqual({ outcome: "done", done: "held" });
    const [held] = await visitsWhere(site.database, { leadId: maria.lead.id });
    expect(await booking().move({ token: maria.token, start: second })).toEqual({ outcome: "done", done: "moved" });
    expect(await visitsWhere(site.database, { leadId: maria.lead.id })).toMatchObject([
      { id: held!.id, slot_start: second, starts_at: second, status: "pending", sequence: 0 },
    ]);
    expect(await offered()).toContain(first);
    expect(await offered()).not.toContain(second);

    // Another homeowner books the freed window; Maria cannot move onto it now.
    const juan = await site.newRequest();
    expect(await booking().book({ token: juan.token, start: first })).toEqual({ outcome: "done", done: "held" });
    expect(await booking().move({ token: maria.token, start: first })).toEqual({ outcome: "taken" });

    // Cancelled: the window is free for a third homeowner, and Maria's page offers windows again.
    expect(await booking().cancel({ token: maria.token })).toEqual({ outcome: "done", done: "cancelled" });
    expect(await visitsWhere(site.database, { leadId: maria.lead.id })).toMatchObject([{ status: "cancelled", slot_start: null }]);
    expect(await booking().cancel({ token: maria.token })).toEqual({ outcome: "no-visit" });
    const ana = await site.newRequest();
    expect(await booking().book({ token: ana.token, start: second })).toEqual({ outcome: "done", done: "held" });
    const page = await booking().openPage({ token: maria.token, locale: "en" });
    expect(page.state === "open" && page.view.visit).toBeNull();
    expect(page.state === "open" && offeredStarts(page.view)).toContain(third);
    // She books again.
    expect(await booking().book({ token: maria.token, start: third })).toEqual({ outcome: "done", done: "held" });
  });

  test("past the cut-off (24 hours before the window), a confirmed visit cannot be moved or cancelled online; a held one still can", async () => {
    const [start, later] = day("2027-03-05");
    const { token, lead } = await site.newRequest();
    expect(await booking().book({ token, start })).toEqual({ outcome: "done", done: "held" });
    const late = new Date(Date.parse(start!) - 23 * HOUR);
    // Still waiting for the contractor: not in their day yet, so it can change up to its window.
    const held = await booking().openPage({ token, locale: "en", now: late });
    expect(held.state === "open" && held.view.visit?.canChange).toBe(true);
    const [visit] = await visitsWhere(site.database, { leadId: lead.id });
    const confirmed = await booking().confirm({ visitId: visit!.id, adminId: "admin", now: new Date(Date.parse(start!) - 48 * HOUR) });
    expect(confirmed.outcome).toBe("done");
    expect(await booking().move({ token, start: later, now: late })).toEqual({ outcome: "too-late" });
    expect(await booking().cancel({ token, now: late })).toEqual({ outcome: "too-late" });
    const page = await booking().openPage({ token, locale: "en", now: late });
    expect(page.state === "open" && page.view.visit?.canChange).toBe(false);
    expect(await visitsWhere(site.database, { leadId: lead.id })).toMatchObject([{ slot_start: start, status: "scheduled" }]);
    // Just before the cut-off it is still allowed.
    const inTime = new Date(Date.parse(start!) - 25 * HOUR);
    expect(await booking().cancel({ token, now: inTime })).toEqual({ outcome: "done", done: "cancelled" });
  });

  test("a visit the contractor set by hand closes the windows it overlaps, and only those", async () => {
    const tuesday = day("2027-03-09");
    const { lead } = await site.newRequest();
    const scheduled = await site.backend.visits.scheduleVisit({
      lead,
      input: { date: "2027-03-09", time: "11:00", minutes: "60" },
      adminId: "admin-test",
      now,
    });
    expect(scheduled.outcome).toBe("done");
    const open = await offered();
    expect(open).not.toContain(tuesday[1]);
    expect(open).toEqual(expect.arrayContaining([tuesday[0], tuesday[2], tuesday[3]]));
    const { token } = await site.newRequest();
    expect(await booking().book({ token, start: tuesday[1] })).toEqual({ outcome: "taken" });
  });

  test("the most visits a day reached closes the day; booking turned off closes everything", async () => {
    const wednesday = day("2027-03-10");
    await site.rules({ maxPerDay: 1 });
    try {
      const first = await site.newRequest();
      expect(await booking().book({ token: first.token, start: wednesday[0] })).toEqual({ outcome: "done", done: "held" });
      const open = await offered();
      expect(open.filter((start) => start.startsWith("2027-03-10"))).toEqual([]);
      // Tuesday the 9th has the visit set by hand: closed too. Thursday is open.
      expect(open.filter((start) => start.startsWith("2027-03-09"))).toEqual([]);
      expect(open).toEqual(expect.arrayContaining(day("2027-03-11")));
      const second = await site.newRequest();
      expect(await booking().book({ token: second.token, start: wednesday[1] })).toEqual({ outcome: "taken" });

      await site.rules({ enabled: false });
      expect(await booking().openWindows()).toMatchObject({ state: "closed", reason: "off" });
      expect(await booking().book({ token: second.token, start: day("2027-03-11")[0] })).toEqual({ outcome: "closed", reason: "off" });
      const page = await booking().openPage({ token: second.token, locale: "es" });
      expect(page.state === "open" && page.view.picker).toEqual({ state: "closed", reason: "off" });
    } finally {
      await site.rules();
    }
    expect(await offered()).toEqual(expect.arrayContaining(wednesday.slice(1)));
  });
});
