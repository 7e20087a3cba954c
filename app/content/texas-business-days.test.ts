import { describe, expect, test } from "vitest";
import { cancellationDeadline, isBusinessDay, localDateIn } from "#app/content/texas-business-days.ts";

const HOUSTON = "America/Chicago";
/** Noon in Houston on a calendar date (CST or CDT: 17:00 or 18:00 UTC; noon keeps it inside the day either way). */
const noonIn = (iso: string) => new Date(`${iso}T17:30:00Z`);

describe("cancellationDeadline", () => {
  test.each([
    ["a Friday: Saturday counts, Sunday does not", "2026-10-02", "2026-10-06"],
    ["a Saturday", "2026-10-03", "2026-10-07"],
    ["a Sunday: the next three weekdays", "2026-10-04", "2026-10-07"],
    ["the day before Thanksgiving", "2026-11-25", "2026-11-30"],
    ["the day after Thanksgiving", "2026-11-27", "2026-12-01"],
    ["before Christmas on a Friday", "2026-12-23", "2026-12-28"],
    ["over New Year's Day on a Friday", "2026-12-29", "2027-01-02"],
    ["over New Year's Day on a Saturday, observed on Friday December 31", "2027-12-29", "2028-01-04"],
    ["over July 4 on a Saturday, observed on Friday July 3", "2026-07-02", "2026-07-08"],
    ["over Columbus Day", "2026-10-09", "2026-10-14"],
    ["over Juneteenth", "2026-06-18", "2026-06-23"],
  ])("a transaction on %s", (_, transaction, deadline) => {
    expect(cancellationDeadline(noonIn(transaction), HOUSTON)).toBe(deadline);
  });

  test("the transaction's day is the day in the site's time zone, not in UTC", () => {
    // Friday 11:59:59 pm in Houston (CDT) is already Saturday in UTC.
    expect(cancellationDeadline(new Date("2026-10-03T04:59:59Z"), HOUSTON)).toBe("2026-10-06");
    expect(cancellationDeadline(new Date("2026-10-03T04:59:59Z"), "UTC")).toBe("2026-10-07");
    // One second later it is Saturday in Houston too.
    expect(cancellationDeadline(new Date("2026-10-03T05:00:00Z"), HOUSTON)).toBe("2026-10-07");
  });

  test("in winter time (CST) the day turns at 6 am UTC", () => {
    expect(cancellationDeadline(new Date("2026-12-24T05:59:59Z"), HOUSTON)).toBe("2026-12-28");
    expect(cancellationDeadline(new Date("2026-12-24T06:00:00Z"), HOUSTON)).toBe("2026-12-29");
  });

  test("across the night the clocks go back", () => {
    // 1:30 am on Sunday November 1, 2026 happens twice in Houston; both are Sunday.
    expect(localDateIn(new Date("2026-11-01T06:30:00Z"), HOUSTON)).toBe("2026-11-01");
    expect(localDateIn(new Date("2026-11-01T07:30:00Z"), HOUSTON)).toBe("2026-11-01");
    expect(cancellationDeadline(new Date("2026-11-01T07:30:00Z"), HOUSTON)).toBe("2026-11-04");
  });
});

describe("isBusinessDay", () => {
  test.each([
    ["2026-01-01", "New Year's Day"],
    ["2026-01-19", "Martin Luther King, Jr. Day"],
    ["2026-02-16", "Washington's Birthday"],
    ["2026-05-25", "Memorial Day"],
    ["2026-06-19", "Juneteenth"],
    ["2026-07-03", "Independence Day observed"],
    ["2026-07-04", "Independence Day"],
    ["2026-09-07", "Labor Day"],
    ["2026-10-12", "Columbus Day"],
    ["2026-11-11", "Veterans Day"],
    ["2026-11-26", "Thanksgiving Day"],
    ["2026-12-25", "Christmas Day"],
    ["2027-12-31", "New Year's Day 2028 observed"],
    ["2026-11-29", "a Sunday"],
  ])("%s (%s) is not", (iso) => {
    expect(isBusinessDay(iso)).toBe(false);
  });

  test.each(["2026-11-28", "2026-11-27", "2026-12-24", "2026-12-31", "2026-06-20"])("%s is", (iso) => {
    expect(isBusinessDay(iso)).toBe(true);
  });
});
