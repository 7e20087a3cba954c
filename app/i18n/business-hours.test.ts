import { describe, expect, test } from "vitest";
import { summarizeHours } from "#app/content/profile.ts";
import { hoursSummaryIn } from "#app/i18n/business-hours.ts";

const week = {
  mon: { open: "07:00", close: "18:00" },
  tue: { open: "07:00", close: "18:00" },
  wed: { open: "07:00", close: "18:00" },
  thu: { open: "07:00", close: "18:00" },
  fri: { open: "07:00", close: "17:30" },
  sat: { open: "08:00", close: "12:00" },
  sun: null,
};

describe("the opening hours in the homeowner's language (ADR 064)", () => {
  test("English is the profile's own summary", () => {
    expect(hoursSummaryIn("en", week)).toBe(summarizeHours(week));
  });

  test("Spanish: the same runs of days, with es-US day names and times", () => {
    expect(hoursSummaryIn("es", week)).toBe("lun–jue, 7 a.m. – 6 p.m.; vie, 7 a.m. – 5:30 p.m.; sáb, 8 a.m. – 12 p.m.");
    const closed = Object.fromEntries(Object.keys(week).map((day) => [day, null])) as unknown as typeof week;
    expect(hoursSummaryIn("es", closed)).toBe("Con cita previa");
  });
});
