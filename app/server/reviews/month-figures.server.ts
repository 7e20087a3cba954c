/**
 * The reviews page's month figures (issue 29): for each of the last 12 months in the site's time
 * zone, the review requests sent, opened (an estimate) and clicked, and the feedback received with
 * its average rating. Each stamp counts in the month it happened: a request sent on the 31st and
 * opened on the 1st is sent in one month and opened in the next. Counted here, in plain code, from
 * the rows the repository reads, so SQLite and PostgreSQL give the same months.
 */
import type { ReviewMonth } from "#app/schemas/reviews-admin.ts";
import { wallClockAt } from "#app/server/time.server.ts";

export const MONTHS_SHOWN = 12;

/** Far enough back to hold the oldest shown month's first day in any time zone. */
export const MONTHS_LOOKBACK_MS = 400 * 24 * 3600 * 1000;

const monthName = new Intl.DateTimeFormat("en-US", { timeZone: "UTC", month: "short", year: "numeric" });

/** "2026-03" for an instant, as a wall calendar in `timeZone` reads it. */
export function monthKey(instant: Date, timeZone: string): string {
  const wall = wallClockAt(instant, timeZone);
  return `${wall.year}-${String(wall.month).padStart(2, "0")}`;
}

export function reviewMonths({
  now,
  timeZone,
  requests,
  feedback,
}: {
  now: Date;
  timeZone: string;
  requests: readonly { sent_at: string | null; opened_at: string | null; clicked_at: string | null }[];
  feedback: readonly { created_at: string; rating: number }[];
}): ReviewMonth[] {
  const current = wallClockAt(now, timeZone);
  const months: (ReviewMonth & { sum: number })[] = [];
  for (let back = 0; back < MONTHS_SHOWN; back += 1) {
    const first = new Date(Date.UTC(current.year, current.month - 1 - back, 1, 12));
    const key = `${first.getUTCFullYear()}-${String(first.getUTCMonth() + 1).padStart(2, "0")}`;
    months.push({ key, label: monthName.format(first), sent: 0, opened: 0, clicked: 0, feedback: 0, average: null, sum: 0 });
  }
  const byKey = new Map(months.map((month) => [month.key, month]));
  const monthOf = (iso: string | null) => {
    if (!iso) return undefined;
    const date = new Date(iso);
    return Number.isNaN(date.getTime()) ? undefined : byKey.get(monthKey(date, timeZone));
  };
  for (const request of requests) {
    const sent = monthOf(request.sent_at);
    if (sent) sent.sent += 1;
    const opened = monthOf(request.opened_at);
    if (opened) opened.opened += 1;
    const clicked = monthOf(request.clicked_at);
    if (clicked) clicked.clicked += 1;
  }
  for (const row of feedback) {
    const month = monthOf(row.created_at);
    if (!month) continue;
    month.feedback += 1;
    month.sum += row.rating;
  }
  return months.map(({ sum, ...month }) => ({
    ...month,
    average: month.feedback === 0 ? null : Math.round((sum / month.feedback) * 10) / 10,
  }));
}
