/**
 * The contractor's own calendar closing windows (issue 28, item 5; ADR 071), against every
 * database adapter, through the real backend with its clock fixed on Monday 2027-03-01, 9:00 in
 * Houston, and a calendar served by a real HTTP server on the loopback: a busy time closes the
 * windows it overlaps (widened by the buffer) and only those; once the calendar cannot be read for
 * longer than the feed's freshness, no window is offered, a booking is refused as closed, and the
 * page says why; read again, the windows come back.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { icsOf, serveCalendar, startCalendarServer, type CalendarServer } from "#tests/support/calendar-server.ts";
import { offeredStarts, startBookingSite, type BookingSite } from "#tests/support/booking.ts";
import { databaseTargets } from "#tests/support/databases.ts";

const targets = databaseTargets("booking-calendar", "booking calendar contract suite");
/** Monday 2027-03-01, 9:00 CST. */
const now = new Date("2027-03-01T15:00:00.000Z");
const MINUTE = 60_000;
/** Tuesday 2027-03-02's windows (8–10, 10–12, 12–2, 2–4 CST) as UTC starts. */
const tuesday = [14, 16, 18, 20].map((hour) => `2027-03-02T${hour}:00:00.000Z`);
const SECRET = "private-9a8b7c6d/basic.ics";
/** The dentist, Tuesday 10:30–11:30 in Houston: inside the 10–12 window. */
const dentist = icsOf([["DTSTART;TZID=America/Chicago:20270302T103000", "DTEND;TZID=America/Chicago:20270302T113000", "SUMMARY:Dentist"]]);

describe.each(targets.map((target) => [target.name, target] as const))("%s", (_name, target) => {
  let site: BookingSite;
  let server: CalendarServer;
  const offered = async () => {
    const open = await site.backend.booking.openWindows();
    return open.state === "open" ? open.windows.map((w) => w.start.toISOString()) : open.reason;
  };

  beforeAll(async () => {
    await target.setup();
    site = await startBookingSite(target, { now });
    await site.rules();
    server = await startCalendarServer();
  });

  afterAll(async () => {
    await server?.close();
    await site?.stop();
    await target.teardown();
  });

  test("a busy time closes the window it overlaps, and with a buffer its neighbours too", async () => {
    server.answer(serveCalendar(dentist));
    expect(await site.backend.busyFeed.saveAddress(`${server.origin}/${SECRET}`)).toMatchObject({ ok: true, read: { ok: true, count: 1 } });
    const open = await offered();
    expect(open).toEqual(expect.arrayContaining([tuesday[0], tuesday[2], tuesday[3]]));
    expect(open).not.toContain(tuesday[1]);
    // A 30-minute buffer between windows: 8–10, 10:30–12:30, 1–3. The dentist is inside the second;
    // the first ends as the dentist begins (half-open: touching is not overlapping).
    await site.rules({ bufferMinutes: 30 });
    const buffered = await offered();
    expect(buffered).toContain("2027-03-02T14:00:00.000Z");
    expect(buffered).not.toContain("2027-03-02T16:30:00.000Z");
    expect(buffered).toContain("2027-03-02T19:00:00.000Z");
    await site.rules();
  });

  test("when the calendar cannot be read, no window is offered and a booking is refused; read again, they come back", async () => {
    const { token } = await site.newRequest();
    server.answer((_req, res) => res.writeHead(500).end());
    site.setNow(new Date(now.getTime() + 25 * MINUTE));
    expect(await site.backend.busyFeed.refresh()).toMatchObject({ ok: false });
    expect(await offered()).toBe("calendar");
    expect(await site.backend.booking.book({ token, start: tuesday[0] })).toEqual({ outcome: "closed", reason: "calendar" });
    const page = await site.backend.booking.openPage({ token, locale: "en" });
    expect(page.state === "open" && page.view.picker).toEqual({ state: "closed", reason: "calendar" });
    // The server is gone altogether: still closed.
    await server.close();
    expect(await site.backend.busyFeed.refresh()).toMatchObject({ ok: false });
    expect(await offered()).toBe("calendar");
    // A calendar that reads again opens the windows, the dentist's still closed.
    server = await startCalendarServer();
    server.answer(serveCalendar(dentist));
    expect(await site.backend.busyFeed.saveAddress(`${server.origin}/${SECRET}`)).toMatchObject({ ok: true, read: { ok: true } });
    const reopened = await site.backend.booking.openPage({ token, locale: "en" });
    expect(reopened.state === "open" && offeredStarts(reopened.view)).toEqual(expect.arrayContaining([tuesday[0], tuesday[2]]));
    expect(reopened.state === "open" && offeredStarts(reopened.view)).not.toContain(tuesday[1]);
    expect(await site.backend.booking.book({ token, start: tuesday[0] })).toEqual({ outcome: "done", done: "held" });
  });
});
