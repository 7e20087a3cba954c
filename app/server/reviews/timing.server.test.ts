import { describe, expect, test } from "vitest";
import { formatReviewTime, monthsBefore, reviewGapStart, reviewReminderAt, reviewSendAt } from "#app/server/reviews/timing.server.ts";

const HOUSTON = "America/Chicago";
const at = (iso: string) => new Date(iso);
const sendAt = (done: string, days: number, zone = HOUSTON) => reviewSendAt(at(done), days, zone).toISOString();

describe("the hour rule: review emails go at 10:00 AM site time, never at night", () => {
  test.each([
    // Marked done Sunday Nov 29 at 10:22 AM CST (16:22Z): two days later at 10:00 AM CST.
    ["2026-11-29T16:22:00.000Z", 2, "2026-12-01T16:00:00.000Z"],
    // Late at night (11:30 PM CST Nov 29 = 05:30Z Nov 30): still the day it was in Houston, plus two.
    ["2026-11-30T05:30:00.000Z", 2, "2026-12-01T16:00:00.000Z"],
    // Early morning (6:00 AM CST): the same rule.
    ["2026-11-30T12:00:00.000Z", 1, "2026-12-01T16:00:00.000Z"],
    // 30 days, the longest delay.
    ["2026-11-29T16:22:00.000Z", 30, "2026-12-29T16:00:00.000Z"],
  ])("done %s, %i days later → %s", (done, days, expected) => {
    expect(sendAt(done, days)).toBe(expected);
  });

  test("across the change to daylight saving time, still 10:00 AM on the wall (CDT, 15:00Z)", () => {
    expect(sendAt("2027-03-13T16:00:00.000Z", 2)).toBe("2027-03-15T15:00:00.000Z");
    expect(sendAt("2027-11-06T15:30:00.000Z", 2)).toBe("2027-11-08T16:00:00.000Z");
  });

  test("no delay: 10:00 AM the same day if not yet past; at once during the day; the next morning after 7:00 PM", () => {
    expect(sendAt("2026-11-30T13:00:00.000Z", 0)).toBe("2026-11-30T16:00:00.000Z"); // 7:00 AM → 10:00 AM
    expect(sendAt("2026-11-30T20:15:00.000Z", 0)).toBe("2026-11-30T20:15:00.000Z"); // 2:15 PM → at once
    expect(sendAt("2026-12-01T00:59:00.000Z", 0)).toBe("2026-12-01T00:59:00.000Z"); // 6:59 PM → at once
    expect(sendAt("2026-12-01T01:00:00.000Z", 0)).toBe("2026-12-01T16:00:00.000Z"); // 7:00 PM → tomorrow 10:00 AM
    expect(sendAt("2026-12-01T04:30:00.000Z", 0)).toBe("2026-12-01T16:00:00.000Z"); // 10:30 PM → tomorrow 10:00 AM
  });

  test("the site's own zone decides (another SITE_TIMEZONE, another 10:00 AM)", () => {
    expect(sendAt("2026-11-29T16:22:00.000Z", 2, "America/New_York")).toBe("2026-12-01T15:00:00.000Z");
  });

  test("the reminder: 10:00 AM its days after the day the request went", () => {
    expect(reviewReminderAt(at("2026-12-01T16:00:00.000Z"), 4, HOUSTON).toISOString()).toBe("2026-12-05T16:00:00.000Z");
    // A request that went at once at 6:59 PM: the reminder still goes in the morning.
    expect(reviewReminderAt(at("2026-12-01T00:59:00.000Z"), 1, HOUSTON).toISOString()).toBe("2026-12-01T16:00:00.000Z");
  });

  test("as the admin reads it", () => {
    expect(formatReviewTime("2026-12-01T16:00:00.000Z", HOUSTON)).toBe("Tuesday, December 1 at 10:00 AM");
  });
});

describe("the six-month rule's window", () => {
  test.each([
    ["2026-11-29T16:22:00.000Z", "2026-05-29T16:22:00.000Z"],
    // Six months before August 31 is the end of February (28 days in 2027, 29 in 2028).
    ["2027-08-31T12:00:00.000Z", "2027-02-28T12:00:00.000Z"],
    ["2028-08-31T12:00:00.000Z", "2028-02-29T12:00:00.000Z"],
    // Across the year.
    ["2027-03-15T08:00:00.000Z", "2026-09-15T08:00:00.000Z"],
  ])("six months before %s is %s", (now, start) => {
    expect(reviewGapStart(at(now)).toISOString()).toBe(start);
  });

  test("any number of months", () => {
    expect(monthsBefore(at("2026-01-31T00:00:00.000Z"), 1).toISOString()).toBe("2025-12-31T00:00:00.000Z");
    expect(monthsBefore(at("2026-03-31T00:00:00.000Z"), 1).toISOString()).toBe("2026-02-28T00:00:00.000Z");
    expect(monthsBefore(at("2026-11-29T16:22:00.000Z"), 0).toISOString()).toBe("2026-11-29T16:22:00.000Z");
  });
});
