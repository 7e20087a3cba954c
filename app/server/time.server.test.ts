import { expect, test } from "vitest";
import { formatHoustonTime, houstonDate } from "./time.server.ts";

test("times are shown in Houston with the zone, standard and daylight time", () => {
  expect(formatHoustonTime("2026-11-22T16:15:00.000Z")).toBe("Nov 22, 2026, 10:15 AM CST");
  expect(formatHoustonTime("2026-07-04T17:05:00.000Z")).toBe("Jul 4, 2026, 12:05 PM CDT");
});

test("an unreadable time is shown as stored", () => {
  expect(formatHoustonTime("not a time")).toBe("not a time");
});

test("the calendar date is Houston's, not UTC's", () => {
  // 03:00 UTC on the 23rd is still the evening of the 22nd in Houston.
  expect(houstonDate(new Date("2026-11-23T03:00:00.000Z"))).toBe("2026-11-22");
  expect(houstonDate(new Date("2026-11-23T07:00:00.000Z"))).toBe("2026-11-23");
});
