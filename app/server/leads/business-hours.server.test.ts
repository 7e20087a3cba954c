import { describe, expect, test } from "vitest";
import {
  addBusinessHours,
  businessHoursBetween,
  formatBusinessDuration,
  hasBusinessHours,
  median,
  type WeekHours,
} from "#app/server/leads/business-hours.server.ts";

const timeZone = "America/Chicago";
const nineToFive = { open: "08:00", close: "17:00" };
const closed: WeekHours = { mon: null, tue: null, wed: null, thu: null, fri: null, sat: null, sun: null };
const weekdays: WeekHours = { ...closed, mon: nineToFive, tue: nineToFive, wed: nineToFive, thu: nineToFive, fri: nineToFive };
const withSaturday: WeekHours = { ...weekdays, sat: { open: "08:00", close: "12:00" } };
const iso = (date: Date | null) => date?.toISOString() ?? null;

describe("addBusinessHours", () => {
  test("Friday 4 PM + 4 h with Monday–Friday 8–5 is Monday 11 AM (1 h on Friday, 3 on Monday)", () => {
    // Friday 2027-01-15, 4 PM CST (UTC-6) → Monday 2027-01-18, 11 AM CST.
    expect(iso(addBusinessHours(new Date("2027-01-15T22:00:00Z"), 4, weekdays, timeZone))).toBe("2027-01-18T17:00:00.000Z");
  });

  test("within a day, to the minute; ending exactly at closing stays that day", () => {
    expect(iso(addBusinessHours(new Date("2027-01-13T15:10:00Z"), 2.5, weekdays, timeZone))).toBe("2027-01-13T17:40:00.000Z");
    // Wednesday 1 PM + 4 h = 5 PM, the closing itself.
    expect(iso(addBusinessHours(new Date("2027-01-13T19:00:00Z"), 4, weekdays, timeZone))).toBe("2027-01-13T23:00:00.000Z");
  });

  test("a start outside the hours counts from the next opening", () => {
    // Tuesday 6 AM → counts from 8 AM: 10 AM.
    expect(iso(addBusinessHours(new Date("2027-01-12T12:00:00Z"), 2, weekdays, timeZone))).toBe("2027-01-12T16:00:00.000Z");
    // Tuesday 9 PM → Wednesday 8 AM + 1 h.
    expect(iso(addBusinessHours(new Date("2027-01-13T03:00:00Z"), 1, weekdays, timeZone))).toBe("2027-01-13T15:00:00.000Z");
    // Sunday noon → Monday 8 AM + 3 h.
    expect(iso(addBusinessHours(new Date("2027-01-17T18:00:00Z"), 3, weekdays, timeZone))).toBe("2027-01-18T17:00:00.000Z");
  });

  test("Saturday hours count: Friday 4 PM + 4 h is Saturday 11 AM; Saturday 11 AM + 4 h is Monday 11 AM", () => {
    expect(iso(addBusinessHours(new Date("2027-01-15T22:00:00Z"), 4, withSaturday, timeZone))).toBe("2027-01-16T17:00:00.000Z");
    expect(iso(addBusinessHours(new Date("2027-01-16T17:00:00Z"), 4, withSaturday, timeZone))).toBe("2027-01-18T17:00:00.000Z");
  });

  test("many hours cross several weeks", () => {
    // Monday 8 AM + 72 h at 45 h a week: 8 days of 9 h → the second Wednesday at 5 PM.
    expect(iso(addBusinessHours(new Date("2027-01-11T14:00:00Z"), 72, weekdays, timeZone))).toBe("2027-01-20T23:00:00.000Z");
  });

  test("a week without opening hours gives no moment at all", () => {
    expect(hasBusinessHours(closed, timeZone)).toBe(false);
    expect(addBusinessHours(new Date("2027-01-15T22:00:00Z"), 4, closed, timeZone)).toBeNull();
    // Unreadable hours are closed hours.
    expect(addBusinessHours(new Date("2027-01-15T22:00:00Z"), 4, { ...closed, mon: { open: "8", close: "17:00" } }, timeZone)).toBeNull();
  });

  test("across the spring-forward Sunday of 2027 (March 14): Monday opens at its own 8 AM, now CDT", () => {
    // Friday 2027-03-12, 4 PM CST (UTC-6) → Monday 2027-03-15, 11 AM CDT (UTC-5).
    expect(iso(addBusinessHours(new Date("2027-03-12T22:00:00Z"), 4, weekdays, timeZone))).toBe("2027-03-15T16:00:00.000Z");
  });

  test("across the fall-back Sunday of 2027 (November 7): Monday opens at its own 8 AM, now CST", () => {
    // Friday 2027-11-05, 4 PM CDT (UTC-5) → Monday 2027-11-08, 11 AM CST (UTC-6).
    expect(iso(addBusinessHours(new Date("2027-11-05T21:00:00Z"), 4, weekdays, timeZone))).toBe("2027-11-08T17:00:00.000Z");
  });

  test("open on those Sundays across 2 AM: the hours hold what really elapses (23 and 25 hours days)", () => {
    const sundays: WeekHours = { ...closed, sun: { open: "00:00", close: "06:00" } };
    // March 14, 2027: midnight CST (06:00Z) to 6 AM CDT (11:00Z) is 5 real hours.
    expect(businessHoursBetween(new Date("2027-03-13T00:00:00Z"), new Date("2027-03-16T00:00:00Z"), sundays, timeZone)).toBe(5);
    expect(iso(addBusinessHours(new Date("2027-03-14T06:00:00Z"), 5, sundays, timeZone))).toBe("2027-03-14T11:00:00.000Z");
    // 1 AM CST + 1 h is 3 AM CDT (2 AM never happens).
    expect(iso(addBusinessHours(new Date("2027-03-14T07:00:00Z"), 1, sundays, timeZone))).toBe("2027-03-14T08:00:00.000Z");
    // November 7, 2027: midnight CDT (05:00Z) to 6 AM CST (12:00Z) is 7 real hours.
    expect(businessHoursBetween(new Date("2027-11-06T00:00:00Z"), new Date("2027-11-09T00:00:00Z"), sundays, timeZone)).toBe(7);
    expect(iso(addBusinessHours(new Date("2027-11-07T05:00:00Z"), 7, sundays, timeZone))).toBe("2027-11-07T12:00:00.000Z");
    // More than a Sunday holds: the next Sunday (November 14, CST all day) from midnight.
    expect(iso(addBusinessHours(new Date("2027-11-07T05:00:00Z"), 8, sundays, timeZone))).toBe("2027-11-14T07:00:00.000Z");
  });

  test("an opening on a wall clock the clocks skip opens just after the gap", () => {
    const early: WeekHours = { ...closed, sun: { open: "02:30", close: "05:00" } };
    // 2:30 AM does not exist on March 14, 2027: open from 3:30 CDT (08:30Z) to 5 AM CDT (10:00Z).
    expect(businessHoursBetween(new Date("2027-03-14T00:00:00Z"), new Date("2027-03-15T00:00:00Z"), early, timeZone)).toBe(1.5);
  });
});

describe("businessHoursBetween", () => {
  test("counts only the opening hours between two moments", () => {
    // Friday 4 PM → Monday 11 AM: 1 + 3.
    expect(businessHoursBetween(new Date("2027-01-15T22:00:00Z"), new Date("2027-01-18T17:00:00Z"), weekdays, timeZone)).toBe(4);
    // Saturday to Sunday: nothing.
    expect(businessHoursBetween(new Date("2027-01-16T15:00:00Z"), new Date("2027-01-17T23:00:00Z"), weekdays, timeZone)).toBe(0);
    // Within the day, to the minute.
    expect(businessHoursBetween(new Date("2027-01-13T15:00:00Z"), new Date("2027-01-13T17:15:00Z"), weekdays, timeZone)).toBe(2.25);
  });

  test("is what addBusinessHours added", () => {
    const start = new Date("2027-02-04T20:37:00Z");
    for (const hours of [0.5, 1, 4, 9, 13, 40]) {
      const end = addBusinessHours(start, hours, withSaturday, timeZone)!;
      expect(businessHoursBetween(start, end, withSaturday, timeZone)).toBeCloseTo(hours, 9);
    }
  });

  test("0 when the end is not after the start", () => {
    const at = new Date("2027-01-13T15:00:00Z");
    expect(businessHoursBetween(at, at, weekdays, timeZone)).toBe(0);
    expect(businessHoursBetween(at, new Date("2027-01-12T15:00:00Z"), weekdays, timeZone)).toBe(0);
  });
});

describe("median and its words", () => {
  test("the middle value, or the mean of the two middle ones", () => {
    expect(median([])).toBeNull();
    expect(median([7])).toBe(7);
    expect(median([9, 1, 5])).toBe(5);
    expect(median([4, 1, 3, 10])).toBe(3.5);
  });

  test("hours and minutes", () => {
    expect(formatBusinessDuration((2 * 60 + 15) * 60_000)).toBe("2 h 15 min");
    expect(formatBusinessDuration(45 * 60_000)).toBe("45 min");
    expect(formatBusinessDuration(3 * 3_600_000)).toBe("3 h");
    expect(formatBusinessDuration(20_000)).toBe("less than a minute");
  });
});
