/**
 * /admin/visits/booking (issue 28, ADR 071) against the real server, on SQLite and PostgreSQL: the
 * booking rules saved from the form and read back; bad input refused with 400 and the field's
 * sentence, nothing saved; the page behind the admin guard; the contractor's own calendar saved
 * (never shown back in full), read, and, when its server fails, said on the page and at the top
 * of the dashboard with the way to the address.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { defaultBookingRules, type BookingRules } from "#app/schemas/booking.ts";
import { bookingFormValues } from "#app/schemas/booking-form.ts";
import { getBookingRules } from "#app/server/booking/rules.server.ts";
import { createTestAccount, type TestAccount } from "#tests/support/accounts.ts";
import { hrefOf, setUpAdminSite, statusLine, tearDownAdminSite, textOf, type AdminSite } from "#tests/support/admin-site.ts";
import { icsOf, icsUtc, serveCalendar, startCalendarServer, type CalendarServer } from "#tests/support/calendar-server.ts";
import { databaseTargets } from "#tests/support/databases.ts";

const PAGE = "/admin/visits/booking";
const SECRET = "private-7c1e9a0b44d2f8e6/basic.ics";

const wanted: BookingRules = {
  enabled: true,
  hours: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, open: "09:00", close: "16:00" })),
  windowMinutes: 180,
  visitMinutes: 90,
  bufferMinutes: 30,
  noticeDays: 2,
  horizonDays: 30,
  maxPerDay: 2,
  daysOff: ["2027-07-04", "2027-12-25"],
  requireConfirmation: false,
  changeCutoffHours: 48,
};

/** The form as a browser posts it: unticked boxes are not sent. */
function formOf(rules: BookingRules, changes: Record<string, string> = {}): [string, string][] {
  const values = { ...bookingFormValues(rules), days_off: rules.daysOff.join("\r\n"), ...changes };
  return [["intent", "rules"], ...Object.entries(values).filter(([, value]) => value !== "")];
}

/** A time so many days and hours from now, as iCalendar writes it. */
const at = (days: number, hours: number) => icsUtc(new Date(Date.now() + days * 86_400_000 + hours * 3_600_000));

/** Three events in the next days, wherever the test runs. */
function upcomingCalendar(): string {
  return icsOf([
    [`DTSTART:${at(1, 0)}`, `DTEND:${at(1, 1)}`],
    [`DTSTART:${at(2, 0)}`, `DTEND:${at(2, 2)}`],
    [`DTSTART:${at(3, 0)}`, `DTEND:${at(3, 1)}`, "RRULE:FREQ=DAILY;COUNT=2"],
  ]);
}

const targets = databaseTargets("admin-booking-page", "online booking page suite");

describe.each(targets)("the online booking page on $name", (target) => {
  let site: AdminSite;
  let customer: TestAccount;
  let calendar: CalendarServer;
  const stored = () => site.db((database) => getBookingRules({ db: database.db }));

  beforeAll(async () => {
    site = await setUpAdminSite(target, { BUSY_FEED_ALLOW_LOCAL: "1" });
    customer = await createTestAccount(site.target, { role: "customer" });
    calendar = await startCalendarServer();
  });
  afterAll(async () => {
    await calendar?.close();
    await tearDownAdminSite(target, site);
  });

  test("anonymous visitors go to /login and customers get 403, for the page and each action; nothing changes", async () => {
    for (const fields of [
      formOf(wanted),
      [
        ["intent", "feed-address"],
        ["feed_address", `${calendar.origin}/${SECRET}`],
      ],
      [["intent", "feed-off"]],
    ]) {
      const anonymous = await site.post(PAGE, fields as [string, string][], { cookie: "" });
      expect(anonymous.status).toBe(302);
      expect(new URL(anonymous.headers.location ?? "", site.server.url).pathname).toBe("/login");
      expect((await site.post(PAGE, fields as [string, string][], { cookie: customer.cookie })).status).toBe(403);
    }
    expect((await site.get(PAGE, customer.cookie)).status).toBe(403);
    expect((await site.get(PAGE, "")).status).toBe(302);
    expect(await stored()).toEqual(defaultBookingRules);
    expect(calendar.requests()).toBe(0);
  });

  test("the Visits page links it, and it shows every rule in a labelled field", async () => {
    const visits = await site.get("/admin/visits");
    expect(hrefOf(visits.text, "Online booking rules")).toBe(PAGE);
    const page = await site.get(PAGE);
    expect(page.status).toBe(200);
    for (const name of ["enabled", "day_1_open", "day_1_from", "day_1_to", "window_minutes", "visit_minutes", "buffer_minutes"]) {
      expect(page.text, name).toContain(`for="${name}"`);
    }
    for (const name of [
      "notice_days",
      "horizon_days",
      "max_per_day",
      "days_off",
      "require_confirmation",
      "change_cutoff_hours",
      "feed_address",
    ]) {
      expect(page.text, name).toContain(`for="${name}"`);
    }
    expect(page.text).toMatch(/<input[^>]*type="time"[^>]*name="day_1_from"|<input[^>]*name="day_1_from"[^>]*type="time"/);
    expect(textOf(page.text)).toContain("No calendar is read: only your visits close windows.");
  });

  test("valid rules are saved and read back", async () => {
    const res = await site.post(PAGE, formOf(wanted));
    expect(res.status, textOf(res.text).slice(0, 300)).toBe(200);
    expect(statusLine(res.text)).toBe("The booking rules were saved.");
    expect(await stored()).toEqual(wanted);
    const page = await site.get(PAGE);
    expect(page.text).toMatch(/<option value="180" selected="">3 hours<\/option>/);
    expect(/<input id="visit_minutes"[^>]*>/.exec(page.text)?.[0]).toContain('value="90"');
    expect(page.text).toContain("2027-07-04\n2027-12-25</textarea>");
  });

  test("bad input gets 400 with each field's sentence, keeps what was typed, and saves nothing", async () => {
    const res = await site.post(PAGE, formOf(wanted, { visit_minutes: "5", days_off: "next friday", day_3_to: "08:00" }));
    expect(res.status).toBe(400);
    const text = textOf(res.text);
    expect(text).toContain("Visit length: give a whole number of minutes from 15 to 480.");
    expect(text).toContain("Days off: “next” is not a date; write each one as year-month-day, like 2027-03-14.");
    expect(text).toContain("Wednesday: the time you stop must be after the time you start.");
    const typed = /<input id="visit_minutes"[^>]*>/.exec(res.text)?.[0] ?? "";
    expect(typed).toContain('value="5"');
    expect(typed).toContain('aria-invalid="true"');
    expect(await stored()).toEqual(wanted);

    const unknown = await site.post(PAGE, { intent: "anything" });
    expect(unknown.status).toBe(400);
    expect(textOf(unknown.text)).toContain("“anything” is not something this page can do.");
  });

  test("the calendar is saved, read and shown only masked; when its server fails, the page and the dashboard say so", async () => {
    calendar.answer(serveCalendar(upcomingCalendar()));
    const saved = await site.post(PAGE, { intent: "feed-address", feed_address: `${calendar.origin}/${SECRET}` });
    expect(saved.status).toBe(200);
    expect(statusLine(saved.text)).toBe("Your calendar’s address was saved and read: 4 busy times.");
    let page = await site.get(PAGE);
    expect(textOf(page.text)).toContain("Last read just now: 4 busy times.");
    expect(textOf(page.text)).toContain(`Saved address: ${calendar.origin}/… (the rest is kept secret).`);
    expect(page.text).not.toContain("private-7c1e9a0b44d2f8e6");
    expect(page.text).toMatch(/<input[^>]*type="password"[^>]*name="feed_address"|<input[^>]*name="feed_address"[^>]*type="password"/);
    expect(textOf((await site.get("/admin")).text)).not.toContain("Your calendar could not be read");

    calendar.answer((_req, res) => res.writeHead(500).end());
    const read = await site.post(PAGE, { intent: "feed-refresh" });
    expect(statusLine(read.text)).toBe(
      "Your calendar could not be read: the calendar's server answered HTTP 500 Internal Server Error. Online booking is closed until it can be read.",
    );
    page = await site.get(PAGE);
    expect(textOf(page.text)).toMatch(
      /Could not be read since [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M C[SD]T: the calendar's server answered HTTP 500 Internal Server Error\. Online booking is closed until it can be read\./,
    );
    const dashboard = await site.get("/admin");
    expect(textOf(dashboard.text)).toMatch(
      /Your calendar could not be read since [A-Z][a-z]{2} \d{1,2}, \d{4}, [^;]+; homeowners cannot book online until it can\. Check the address/,
    );
    expect(hrefOf(dashboard.text, "Check the address")).toBe(`${PAGE}#booking-calendar`);
    expect(dashboard.text).not.toContain("private-7c1e9a0b44d2f8e6");

    // Read again once the server answers: the alert goes.
    calendar.answer(serveCalendar(upcomingCalendar()));
    expect(statusLine((await site.post(PAGE, { intent: "feed-refresh" })).text)).toBe("Your calendar was read: 4 busy times.");
    expect(textOf((await site.get("/admin")).text)).not.toContain("Your calendar could not be read");
  });

  test("a bad or empty address is refused with 400 and kept out; “Turn off” forgets the calendar", async () => {
    const ftp = await site.post(PAGE, { intent: "feed-address", feed_address: "ftp://calendar.example.com/basic.ics" });
    expect(ftp.status).toBe(400);
    expect(textOf(ftp.text)).toContain("The address was not saved: only http and https addresses can be read, not ftp.");
    const empty = await site.post(PAGE, { intent: "feed-address", feed_address: "  " });
    expect(empty.status).toBe(400);
    expect(textOf(empty.text)).toContain("Paste your calendar’s address first (or use “Turn off”).");
    expect(textOf((await site.get(PAGE)).text)).toContain(`Saved address: ${calendar.origin}/…`);

    calendar.answer((_req, res) => res.writeHead(500).end());
    await site.post(PAGE, { intent: "feed-refresh" });
    const off = await site.post(PAGE, { intent: "feed-off" });
    expect(statusLine(off.text)).toBe("Your calendar is no longer read: only your visits close booking windows now.");
    expect(textOf((await site.get(PAGE)).text)).toContain("No calendar is read: only your visits close windows.");
    expect(textOf((await site.get("/admin")).text)).not.toContain("Your calendar could not be read");
    const refresh = await site.post(PAGE, { intent: "feed-refresh" });
    expect(refresh.status).toBe(400);
    expect(textOf(refresh.text)).toContain("No calendar address is saved yet: paste one and save it first.");
  });
});
