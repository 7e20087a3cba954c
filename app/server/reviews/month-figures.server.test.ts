import { describe, expect, it } from "vitest";
import { monthKey, reviewMonths } from "#app/server/reviews/month-figures.server.ts";

const CHICAGO = "America/Chicago";

describe("the reviews page's month figures", () => {
  it("has the last 12 months in the site's zone, newest first, each with nothing yet", () => {
    const months = reviewMonths({ now: new Date("2026-03-01T03:00:00Z"), timeZone: CHICAGO, requests: [], feedback: [] });
    // 03:00 UTC on March 1st is still February 28th in Houston.
    expect(months.map((m) => m.key)).toEqual([
      "2026-02",
      "2026-01",
      "2025-12",
      "2025-11",
      "2025-10",
      "2025-09",
      "2025-08",
      "2025-07",
      "2025-06",
      "2025-05",
      "2025-04",
      "2025-03",
    ]);
    expect(months[0]).toEqual({ key: "2026-02", label: "Feb 2026", sent: 0, opened: 0, clicked: 0, feedback: 0, average: null });
  });

  it("counts each stamp in the month it happened there, and averages the feedback to one decimal", () => {
    const months = reviewMonths({
      now: new Date("2026-04-10T15:00:00Z"),
      timeZone: CHICAGO,
      requests: [
        // Sent the evening of March 31st in Houston (April 1st in UTC), opened in April.
        { sent_at: "2026-04-01T02:30:00Z", opened_at: "2026-04-02T13:00:00Z", clicked_at: null },
        { sent_at: "2026-03-05T15:00:00Z", opened_at: "2026-03-05T16:00:00Z", clicked_at: "2026-03-06T16:00:00Z" },
        { sent_at: "2026-04-03T15:00:00Z", opened_at: null, clicked_at: "2026-04-03T15:05:00Z" },
        // Not sent yet, and one older than the 12 months shown.
        { sent_at: null, opened_at: null, clicked_at: null },
        { sent_at: "2025-03-20T15:00:00Z", opened_at: null, clicked_at: null },
      ],
      feedback: [
        { created_at: "2026-03-07T15:00:00Z", rating: 5 },
        { created_at: "2026-03-08T15:00:00Z", rating: 4 },
        { created_at: "2026-03-09T15:00:00Z", rating: 4 },
        { created_at: "2026-04-05T15:00:00Z", rating: 2 },
      ],
    });
    expect(months[0]).toMatchObject({ key: "2026-04", sent: 1, opened: 1, clicked: 1, feedback: 1, average: 2 });
    expect(months[1]).toMatchObject({ key: "2026-03", sent: 2, opened: 1, clicked: 1, feedback: 3, average: 4.3 });
    expect(months.slice(2).every((m) => m.sent + m.opened + m.clicked + m.feedback === 0)).toBe(true);
    expect(months.at(-1)!.key).toBe("2025-05");
  });

  it("reads a month in the zone's wall calendar", () => {
    expect(monthKey(new Date("2026-01-01T05:59:00Z"), CHICAGO)).toBe("2025-12");
    expect(monthKey(new Date("2026-01-01T06:00:00Z"), CHICAGO)).toBe("2026-01");
    expect(monthKey(new Date("2026-01-01T05:59:00Z"), "UTC")).toBe("2026-01");
  });
});
