/**
 * The contractor's own calendar as busy times (issue 28, ADR 071) against every database adapter
 * and a real HTTP server on the loopback: a good read stores exactly the busy times (timed, in a
 * named zone, all day in Houston, a weekly event without its excluded date; not the free nor the
 * cancelled ones); a server that fails, cuts the connection, sends too much or is gone leaves the
 * last good set but makes the state not fresh, with a sentence that says why; a private address
 * is refused unless local addresses are allowed; the secret address is never logged.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Database } from "#app/server/db/index.server.ts";
import { createBookingAdmin } from "#app/server/booking/admin-rules.server.ts";
import { createBusyFeed, type BusyFeed } from "#app/server/booking/busy-feed.server.ts";
import type { OutboundPolicy } from "#app/server/net/outbound.server.ts";
import { createSiteClock } from "#app/server/time.server.ts";
import { captureLogger } from "#tests/support/logs.ts";
import { icsOf, serveCalendar, startCalendarServer, type CalendarServer } from "#tests/support/calendar-server.ts";
import { databaseTargets, setUpDatabase, tearDownDatabase } from "#tests/support/databases.ts";

const SECRET = "private-3f9c2a7e5b1d4c8a9e0f/basic.ics";
const start = new Date("2027-03-03T12:00:00.000Z");

const calendar = icsOf([
  ["DTSTART:20270305T150000Z", "DTEND:20270305T163000Z", "SUMMARY:Dentist"],
  ["DTSTART;TZID=America/Chicago:20270306T090000", "DTEND;TZID=America/Chicago:20270306T103000", "SUMMARY:Supplier"],
  ["DTSTART;VALUE=DATE:20270310", "DTEND;VALUE=DATE:20270312", "SUMMARY:Out of town"],
  [
    "DTSTART;TZID=America/Chicago:20270301T130000",
    "DTEND;TZID=America/Chicago:20270301T140000",
    "RRULE:FREQ=WEEKLY;COUNT=5",
    "EXDATE;TZID=America/Chicago:20270308T130000",
    "SUMMARY:Crew meeting",
  ],
  ["DTSTART:20270305T180000Z", "DTEND:20270305T190000Z", "TRANSP:TRANSPARENT", "SUMMARY:Reminder"],
  ["DTSTART:20270305T200000Z", "DTEND:20270305T210000Z", "STATUS:CANCELLED", "SUMMARY:Called off"],
]);

/** What the calendar above means, from a day before `start`. */
const expected = [
  ["2027-03-05T15:00:00.000Z", "2027-03-05T16:30:00.000Z"],
  ["2027-03-06T15:00:00.000Z", "2027-03-06T16:30:00.000Z"],
  // Two whole Houston days, in CST.
  ["2027-03-10T06:00:00.000Z", "2027-03-12T06:00:00.000Z"],
  // 1 March ended before the range, 8 March is excluded; 1 PM is 18:00 UTC once the clocks moved (14 March).
  ["2027-03-15T18:00:00.000Z", "2027-03-15T19:00:00.000Z"],
  ["2027-03-22T18:00:00.000Z", "2027-03-22T19:00:00.000Z"],
  ["2027-03-29T18:00:00.000Z", "2027-03-29T19:00:00.000Z"],
];

const everything = { from: new Date("2000-01-01T00:00:00Z"), to: new Date("2100-01-01T00:00:00Z") };

const stored = async (feed: BusyFeed) =>
  (await feed.busyTimes(everything)).map(({ start: from, end, isVisit }) => {
    expect(isVisit).toBe(false);
    return [from.toISOString(), end.toISOString()];
  });

const targets = databaseTargets("busy-feed", "busy feed suite");

describe.each(targets.map((target) => [target.name, target] as const))("%s", (_name, target) => {
  let database: Database;
  let server: CalendarServer;
  let now = start;
  // What every feed of the suite logged.
  const { logger, lines: logs } = captureLogger();

  const feedWith = (outbound: OutboundPolicy): BusyFeed =>
    createBusyFeed({ database, logger, clock: createSiteClock("America/Chicago", () => now), outbound });

  beforeAll(async () => {
    database = await setUpDatabase(target);
    server = await startCalendarServer();
  });

  afterAll(async () => {
    await server?.close();
    await tearDownDatabase(target, database);
  });

  test("a good read stores exactly the busy times, and the state says fresh", async () => {
    const feed = feedWith({ allowPrivate: true });
    expect(await feed.state()).toMatchObject({ configured: false, fresh: false, maskedAddress: null });
    server.answer(serveCalendar(calendar));
    const saved = await feed.saveAddress(`  ${server.origin}/${SECRET}  `);
    expect(saved).toEqual({ ok: true, message: "Your calendar’s address was saved and read: 6 busy times.", read: { ok: true, count: 6 } });
    expect(await stored(feed)).toEqual(expected);
    expect(await feed.state()).toEqual({
      configured: true,
      fresh: true,
      okAt: start.toISOString(),
      checkedAt: start.toISOString(),
      error: null,
      failingSince: null,
      count: 6,
      maskedAddress: `${server.origin}/…`,
    });
    // Only what overlaps [from, to).
    const some = await feed.busyTimes({ from: new Date("2027-03-05T16:30:00Z"), to: new Date("2027-03-10T06:00:01Z") });
    expect(some.map((busy) => busy.start.toISOString())).toEqual(["2027-03-06T15:00:00.000Z", "2027-03-10T06:00:00.000Z"]);
  });

  test("two instances reading at once leave one whole set, never two", async () => {
    const [one, two] = [feedWith({ allowPrivate: true }), feedWith({ allowPrivate: true })];
    expect(await Promise.all([one.refresh(), two.refresh(), one.refresh()])).toEqual([1, 2, 3].map(() => ({ ok: true, count: 6 })));
    expect(await stored(two)).toEqual(expected);
  });

  test("a server that fails, cuts the connection, sends too much or is gone: old rows kept, not fresh, a readable error", async () => {
    const feed = feedWith({ allowPrivate: true });
    const failures: [string, Parameters<CalendarServer["answer"]>[0]][] = [
      ["the calendar's server answered HTTP 500 Internal Server Error", (_req, res) => res.writeHead(500).end("oops")],
      ["the calendar's server answered HTTP 404 Not Found; check the address", (_req, res) => res.writeHead(404).end()],
      ["the connection was closed before the calendar was sent", (req) => req.socket.destroy()],
      ["the calendar is larger than 2 MB", serveCalendar(`${calendar}${" ".repeat(2 * 1024 * 1024)}`)],
      [
        "the calendar is larger than 2 MB",
        (_req, res) => {
          // No Content-Length: the cap holds while reading, too.
          res.writeHead(200, { "content-type": "text/calendar" });
          for (let i = 0; i < 33; i++) res.write(" ".repeat(64 * 1024));
          res.end();
        },
      ],
      ["the address did not answer with a calendar (an iCalendar .ics file)", (_req, res) => res.end("<!doctype html><p>Sign in")],
    ];
    now = new Date(start.getTime() + 60_000);
    for (const [error, answer] of failures) {
      server.answer(answer);
      expect(await feed.refresh(), error).toEqual({ ok: false, error });
      expect(await feed.state()).toMatchObject({ configured: true, fresh: false, error, okAt: start.toISOString(), count: 6 });
      expect(await stored(feed)).toEqual(expected);
    }
    // Failing since the first failed read, however many followed.
    expect((await feed.state()).failingSince).toBe(now.toISOString());

    server.answer(serveCalendar(calendar));
    expect(await feed.refresh()).toEqual({ ok: true, count: 6 });
    expect(await feed.state()).toMatchObject({ fresh: true, error: null, failingSince: null });
    // A good read too long ago no longer counts, even without an error.
    now = new Date(now.getTime() + 21 * 60_000);
    expect(await feed.state()).toMatchObject({ fresh: false, error: null });
  });

  test("the admin page and the dashboard say how the reads go, in the site's time", async () => {
    const clock = createSiteClock("America/Chicago", () => now);
    const busyFeed = createBusyFeed({ database, logger, clock, outbound: { allowPrivate: true } });
    const admin = createBookingAdmin({ database, clock, busyFeed });
    now = new Date("2027-03-03T12:00:00.000Z");
    server.answer(serveCalendar(calendar));
    expect(await busyFeed.refresh()).toEqual({ ok: true, count: 6 });
    now = new Date("2027-03-03T12:03:30.000Z");
    expect((await admin.getRulesPage()).feed).toEqual({
      configured: true,
      fresh: true,
      maskedAddress: `${server.origin}/…`,
      status: "Last read 3 minutes ago: 6 busy times.",
    });
    expect(await admin.getFeedAlert()).toBeNull();

    now = new Date("2027-03-03T12:21:00.000Z");
    expect((await admin.getRulesPage()).feed.status).toBe(
      "Last read Mar 3, 2027, 6:00 AM CST, too long ago to be trusted. Online booking is closed until it can be read.",
    );
    expect(await admin.getFeedAlert()).toEqual({
      message: "Your calendar could not be read since Mar 3, 2027, 6:00 AM CST; homeowners cannot book online until it can.",
      error: null,
    });

    server.answer((_req, res) => res.writeHead(503, "Service Unavailable").end());
    expect(await admin.refreshFeed()).toEqual({
      ok: true,
      message:
        "Your calendar could not be read: the calendar's server answered HTTP 503 Service Unavailable. Online booking is closed until it can be read.",
    });
    expect((await admin.getRulesPage()).feed).toMatchObject({
      fresh: false,
      status:
        "Could not be read since Mar 3, 2027, 6:21 AM CST: the calendar's server answered HTTP 503 Service Unavailable. Online booking is closed until it can be read.",
    });
    expect(await admin.getFeedAlert()).toEqual({
      message: "Your calendar could not be read since Mar 3, 2027, 6:21 AM CST; homeowners cannot book online until it can.",
      error: "the calendar's server answered HTTP 503 Service Unavailable",
    });
  });

  test("the timer's read happens only when due, and only with an address", async () => {
    const feed = feedWith({ allowPrivate: true });
    server.answer(serveCalendar(calendar));
    expect(await feed.refresh()).toEqual({ ok: true, count: 6 });
    const before = server.requests();
    now = new Date(now.getTime() + 3 * 60_000);
    expect(await feed.readIfDue()).toBeNull();
    expect(server.requests()).toBe(before);
    now = new Date(now.getTime() + 2 * 60_000);
    expect(await feed.readIfDue()).toEqual({ ok: true, count: 6 });
    expect(server.requests()).toBe(before + 1);
  });

  test("a private address is refused when local addresses are not allowed, even behind a name or a redirect", async () => {
    const guarded = feedWith({});
    const refused = await guarded.saveAddress(`${server.origin}/${SECRET}`);
    expect(refused).toEqual({
      ok: false,
      status: 400,
      message: expect.stringMatching(
        /^The address was not saved: 127\.0\.0\.1 is a private or local address, not one on the internet\. Paste/,
      ),
    });
    for (const [address, sentence] of [
      ["ftp://calendar.example.com/a.ics", "only http and https addresses can be read, not ftp"],
      ["calendar.example.com/a.ics", "it is not a web address"],
      ["https://me:pw@calendar.example.com/a.ics", "the address carries a user name or password"],
      ["http://localhost/a.ics", "localhost is a private or local address"],
    ] as const) {
      const result = await guarded.saveAddress(address);
      expect(result.ok, address).toBe(false);
      expect(!result.ok && result.message, address).toContain(sentence);
    }
    expect(await guarded.saveAddress(`https://calendar.example.com/${"x".repeat(2000)}`)).toMatchObject({
      ok: false,
      message: expect.stringContaining("too long"),
    });
    // Nothing refused was kept: the address saved before is still the one read.
    expect((await guarded.state()).maskedAddress).toBe(`${server.origin}/…`);

    // A public-looking name that resolves to the loopback: refused when connecting.
    const named = feedWith({ resolve: async () => [{ address: "127.0.0.1", family: 4 }] });
    const read = await named.saveAddress(`http://calendar.example.com:${server.port}/${SECRET}`);
    expect(read).toMatchObject({
      ok: true,
      read: { ok: false, error: expect.stringMatching(/^refused: calendar\.example\.com \(127\.0\.0\.1\) is a private/) },
    });
    expect(await named.state()).toMatchObject({
      configured: true,
      fresh: false,
      maskedAddress: `http://calendar.example.com:${server.port}/…`,
    });

    // The same name trusted (a stand-in for a public server): a redirect to a local name is judged again.
    const trusted = feedWith({ resolve: async () => [{ address: "127.0.0.1", family: 4 }], trustedAddresses: ["127.0.0.1"] });
    server.answer((_req, res) => res.writeHead(302, { location: `http://localhost:${server.port}/${SECRET}` }).end());
    expect(await trusted.refresh()).toEqual({
      ok: false,
      error: "refused: localhost is a private or local address, not one on the internet",
    });
  });

  test("turning the calendar off clears its busy times and state; a server that is gone is said so", async () => {
    const feed = feedWith({ allowPrivate: true });
    server.answer(serveCalendar(calendar));
    expect(await feed.saveAddress(`${server.origin}/${SECRET}`)).toMatchObject({ ok: true, read: { ok: true, count: 6 } });
    expect(await feed.saveAddress("   ")).toMatchObject({ ok: true, read: null });
    expect(await feed.state()).toMatchObject({ configured: false, fresh: false, okAt: null, error: null, maskedAddress: null });
    expect(await stored(feed)).toEqual([]);
    expect(await feed.readIfDue()).toBeNull();

    expect(await feed.saveAddress(`${server.origin}/${SECRET}`)).toMatchObject({ ok: true, read: { ok: true, count: 6 } });
    await server.close();
    expect(await feed.refresh()).toEqual({ ok: false, error: "the calendar's server refused the connection" });
    expect(await stored(feed)).toEqual(expected);
    expect(await feed.state()).toMatchObject({ fresh: false, error: "the calendar's server refused the connection" });
    server = await startCalendarServer();
  });

  test("the secret address is never logged", () => {
    expect(logs.some((line) => line.msg === "busy feed could not be read")).toBe(true);
    expect(logs.some((line) => line.msg === "busy feed read")).toBe(true);
    expect(JSON.stringify(logs)).not.toContain("private-3f9c2a7e5b1d4c8a9e0f");
  });
});
