/**
 * The open arrival windows a homeowner is offered (issue 28, ADR 071), computed in this process:
 * 60 days ahead, weekdays 7:00–19:00 in one-hour windows (many windows), with 200 booked visits
 * spread over those days and 50 busy times from the contractor's calendar. RUNS computations after
 * WARM_UP; printed: the first, median, 95th percentile and slowest time, for the whole list and
 * for the re-check of one window at booking time. The budget is the and enforced on the
 * 95th percentile: at most 20 ms. A computation takes a few milliseconds, so only a real
 * regression (a wall clock read per window, a scan of every busy time per window) blows it.
 */
import { num } from "#scripts/bench/format.ts";
import type { BenchSection } from "#scripts/bench/types.ts";
import { defaultBookingRules, type BookingRules, type BusyTime } from "#app/schemas/booking.ts";
import { computeWindows, findOpenWindow } from "#app/server/booking/windows.server.ts";

const WARM_UP = 20;
const RUNS = 200;
const VISITS = 200;
const CALENDAR_BUSY = 50;
const BUDGET_MS = 20;
const TIME_ZONE = "America/Chicago";
const HOUR = 3_600_000;

const rules: BookingRules = {
  ...defaultBookingRules,
  hours: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, open: "07:00", close: "19:00" })),
  windowMinutes: 60,
  bufferMinutes: 0,
  noticeDays: 0,
  horizonDays: 60,
  maxPerDay: 20,
};
// Monday 2027-02-22, 9:00 in Houston: the 60 days cross the change to daylight saving time.
const now = new Date("2027-02-22T15:00:00.000Z");

/** Visits on the windows of the grid and calendar busy times, spread evenly over the 60 days. */
function busyTimes(): BusyTime[] {
  const grid = computeWindows({ rules, now, timeZone: TIME_ZONE, busy: [] });
  const visits = Array.from({ length: VISITS }, (_, i) => grid[Math.floor((i * grid.length) / VISITS)]!).map((w) => ({
    start: w.start,
    end: w.end,
    isVisit: true,
  }));
  const calendar = Array.from({ length: CALENDAR_BUSY }, (_, i) => {
    const start = grid[Math.floor(((i + 0.5) * grid.length) / CALENDAR_BUSY)]!.start.getTime() + HOUR / 4;
    return { start: new Date(start), end: new Date(start + HOUR), isVisit: false };
  });
  // Unsorted, as they come from two queries.
  return [...calendar, ...visits.toReversed()];
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

function time(task: () => unknown) {
  const first = performance.now();
  task();
  const firstMs = performance.now() - first;
  for (let i = 0; i < WARM_UP; i++) task();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    task();
    times.push(performance.now() - started);
  }
  const sorted = times.toSorted((a, b) => a - b);
  return { firstMs, medianMs: percentile(sorted, 50), p95Ms: percentile(sorted, 95), maxMs: sorted.at(-1)! };
}

export const bookingWindowsSection: BenchSection = {
  name: "booking-windows",
  title: `Issue 28: 60 days of open arrival windows with ${VISITS} visits and ${CALENDAR_BUSY} calendar busy times (budget ${BUDGET_MS} ms; enforced)`,
  async run(ctx) {
    const busy = busyTimes();
    const input = { rules, now, timeZone: TIME_ZONE, busy };
    const windows = computeWindows(input);
    // The re-check at booking time of the last window offered: the longest one.
    const last = windows.at(-1)!;
    ctx.log(`computing ${windows.length} open windows ${WARM_UP + RUNS + 1} times`);
    const all = time(() => computeWindows(input));
    const one = time(() => findOpenWindow({ ...input, start: last.start }));
    const rows = [
      { what: `all windows (${windows.length} open)`, ...all },
      { what: "one window re-checked (the last)", ...one },
    ];
    return {
      figures: { runs: RUNS, warmUp: WARM_UP, visits: VISITS, calendarBusy: CALENDAR_BUSY, openWindows: windows.length, all, one },
      tables: [
        {
          title: `60 days, weekdays 7:00–19:00, one-hour windows; ${RUNS} runs after ${WARM_UP + 1}`,
          columns: ["computation", "first (ms)", "median (ms)", "p95 (ms)", "slowest (ms)"],
          rows: rows.map((row) => [row.what, num(row.firstMs, 2), num(row.medianMs, 2), num(row.p95Ms, 2), num(row.maxMs, 2)]),
        },
      ],
      budgets: rows.map((row) => ({
        label: `Booking windows, ${row.what}, 95th percentile`,
        value: Math.round(row.p95Ms * 100) / 100,
        limit: BUDGET_MS,
        unit: "ms",
        enforced: true,
      })),
    };
  },
};
