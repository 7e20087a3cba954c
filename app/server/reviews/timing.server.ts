/**
 * When a review request and its reminder go (issue 29), in the site's time zone (SITE_TIMEZONE),
 * so no email reaches a homeowner at night:
 * - the request goes at 10:00 AM on the day that is `delay` days after the job was marked done;
 * - with a delay of 0, a job marked done after 10:00 AM has its request go at once until 7:00 PM,
 *   and at 10:00 AM the next day after that;
 * - the reminder goes at 10:00 AM, `days` days after the day the request went.
 * And the six-month rule's window: at most one review request per address in six months.
 */
import { wallClockAt } from "#app/server/time.server.ts";
import { wallClockToInstant } from "#app/server/visits/zoned-time.server.ts";

/** The hour (site time) review emails go at. */
export const REVIEW_SEND_HOUR = 10;
/** With no delay, a request goes at once only before this hour (site time). */
export const REVIEW_LATEST_HOUR = 19;
/** At most one review request per address within this many months. */
export const REVIEW_GAP_MONTHS = 6;

/** 10:00 AM on the calendar day `days` after the one `instant` falls on, in `timeZone`. */
function sendHourAfter(instant: Date, days: number, timeZone: string): Date {
  const wall = wallClockAt(instant, timeZone);
  const day = new Date(Date.UTC(wall.year, wall.month - 1, wall.day + days));
  const target = {
    year: day.getUTCFullYear(),
    month: day.getUTCMonth() + 1,
    day: day.getUTCDate(),
    hour: REVIEW_SEND_HOUR,
    minute: 0,
    second: 0,
  };
  // 10:00 AM exists on every day (clocks move at 2:00 AM); the fallback is never needed.
  return wallClockToInstant(target, timeZone) ?? new Date(Date.UTC(target.year, target.month - 1, target.day, REVIEW_SEND_HOUR));
}

/** When the review request of a job marked done at `jobDoneAt` goes, `delayDays` later. */
export function reviewSendAt(jobDoneAt: Date, delayDays: number, timeZone: string): Date {
  const planned = sendHourAfter(jobDoneAt, delayDays, timeZone);
  if (planned.getTime() >= jobDoneAt.getTime()) return planned;
  // Only with no delay, marked done after 10:00 AM: now while it is day, else tomorrow morning.
  if (wallClockAt(jobDoneAt, timeZone).hour < REVIEW_LATEST_HOUR) return jobDoneAt;
  return sendHourAfter(jobDoneAt, 1, timeZone);
}

/** When the reminder of a request going at `sendAt` goes, `reminderDays` (at least 1) later. */
export function reviewReminderAt(sendAt: Date, reminderDays: number, timeZone: string): Date {
  return sendHourAfter(sendAt, reminderDays, timeZone);
}

/**
 * The same moment `months` calendar months earlier, the day kept (or the month's last day when
 * that month is shorter: six months before August 31 is the end of February).
 */
export function monthsBefore(date: Date, months: number): Date {
  const firstOfMonth = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() - months, 1));
  const lastDay = new Date(Date.UTC(firstOfMonth.getUTCFullYear(), firstOfMonth.getUTCMonth() + 1, 0)).getUTCDate();
  return new Date(
    Date.UTC(
      firstOfMonth.getUTCFullYear(),
      firstOfMonth.getUTCMonth(),
      Math.min(date.getUTCDate(), lastDay),
      date.getUTCHours(),
      date.getUTCMinutes(),
      date.getUTCSeconds(),
      date.getUTCMilliseconds(),
    ),
  );
}

/** The start of the six-month rule's window that ends at `now`. */
export function reviewGapStart(now: Date): Date {
  return monthsBefore(now, REVIEW_GAP_MONTHS);
}

/** "Tuesday, December 1 at 10:00 AM": a review email's time as the admin reads it, in the site's zone. */
export function formatReviewTime(iso: string, timeZone: string): string {
  const date = new Date(iso);
  const text = new Intl.DateTimeFormat("en-US", {
    timeZone,
    weekday: "long",
    month: "long",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
  }).format(date);
  return text.replace(/[\u202f\u00a0]/g, " ");
}
