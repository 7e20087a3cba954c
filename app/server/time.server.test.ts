import { expect, test } from "vitest";
import { createSiteClock, isKnownTimeZone, isoInTimeZone } from "#app/server/time.server.ts";

const clock = createSiteClock("America/Chicago");

test("times are shown in Houston with the zone, standard and daylight time", () => {
  expect(clock.formatTime("2026-11-22T16:15:00.000Z")).toBe("Nov 22, 2026, 10:15 AM CST");
  expect(clock.formatTime("2026-07-04T17:05:00.000Z")).toBe("Jul 4, 2026, 12:05 PM CDT");
});

test("an unreadable time is shown as stored", () => {
  expect(clock.formatTime("not a time")).toBe("not a time");
});

test("the calendar date is Houston's, not UTC's", () => {
  // 03:00 UTC on the 23rd is still the evening of the 22nd in Houston.
  expect(clock.localDate(new Date("2026-11-23T03:00:00.000Z"))).toBe("2026-11-22");
  expect(clock.localDate(new Date("2026-11-23T07:00:00.000Z"))).toBe("2026-11-23");
});

test("ISO times in the site's zone carry that instant's offset, winter and summer", () => {
  // A 9:47 PM lead in November is that day in Houston (CST, -06:00), though UTC has turned the page.
  expect(isoInTimeZone("2026-11-25T03:47:00.000Z", "America/Chicago")).toBe("2026-11-24T21:47:00-06:00");
  // The same wall clock in July is CDT, -05:00.
  expect(isoInTimeZone("2026-07-15T02:47:00.000Z", "America/Chicago")).toBe("2026-07-14T21:47:00-05:00");
  // Either side of the spring change (March 8, 2026, 2 AM CST becomes 3 AM CDT).
  expect(isoInTimeZone("2026-03-08T07:59:59.000Z", "America/Chicago")).toBe("2026-03-08T01:59:59-06:00");
  expect(isoInTimeZone("2026-03-08T08:00:00.000Z", "America/Chicago")).toBe("2026-03-08T03:00:00-05:00");
  // Midnight is 00, not 24; other zones and half-hour offsets work the same way.
  expect(isoInTimeZone("2026-11-25T06:00:00.000Z", "America/Chicago")).toBe("2026-11-25T00:00:00-06:00");
  expect(isoInTimeZone("2026-11-25T06:00:00.000Z", "Asia/Kolkata")).toBe("2026-11-25T11:30:00+05:30");
  expect(isoInTimeZone("2026-11-25T06:00:00.000Z", "UTC")).toBe("2026-11-25T06:00:00+00:00");
  expect(isoInTimeZone("not a time", "America/Chicago")).toBe("not a time");
});

test("time zone names are checked against the runtime's database", () => {
  expect(isKnownTimeZone("America/Chicago")).toBe(true);
  expect(isKnownTimeZone("Mars/Olympus_Mons")).toBe(false);
  expect(isKnownTimeZone("")).toBe(false);
});

test("another SITE_TIMEZONE is the zone of every format, not Chicago's", () => {
  const denver = createSiteClock("America/Denver");
  expect(denver.timeZone).toBe("America/Denver");
  expect(denver.formatTime("2026-11-22T16:15:00.000Z")).toBe("Nov 22, 2026, 9:15 AM MST");
  expect(denver.formatTime("2026-07-04T17:05:00.000Z")).toBe("Jul 4, 2026, 11:05 AM MDT");
  expect(denver.formatLongTime("2026-07-04T17:05:00.000Z")).toBe("Saturday, July 4, 2026 at 11:05 AM MDT");
  expect(denver.formatDate("2026-11-23T06:30:00.000Z")).toBe("Nov 22, 2026");
  // 06:30 UTC on the 23rd is already the 23rd in Chicago, still the 22nd in Denver.
  expect(clock.localDate(new Date("2026-11-23T06:30:00.000Z"))).toBe("2026-11-23");
  expect(denver.localDate(new Date("2026-11-23T06:30:00.000Z"))).toBe("2026-11-22");
});
