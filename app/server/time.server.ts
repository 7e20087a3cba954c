/**
 * Times as the site shows them, in Houston's time (America/Chicago, with CST or CDT), formatted
 * on the server so the browser shows the same text it hydrates (no second opinion from its ICU).
 * Stored times are UTC.
 */

/** The site's time zone: every time a person reads is shown in it. */
export const SITE_TIME_ZONE = "America/Chicago";

function houstonFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat(locale, { timeZone: SITE_TIME_ZONE, ...options });
}

const dateAndTime = { year: "numeric", day: "numeric", hour: "numeric", minute: "2-digit", timeZoneName: "short" } as const;
const shortTime = houstonFormat("en-US", { ...dateAndTime, month: "short" });
const longTime = houstonFormat("en-US", { ...dateAndTime, weekday: "long", month: "long" });
const calendarDay = houstonFormat("en-CA", { year: "numeric", month: "2-digit", day: "2-digit" });

/** "Sunday, November 22, 2026 at 10:15 AM CST": Houston's local time, with its zone (emails, a request's page). */
export function formatLeadTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : longTime.format(date);
}

/** "Nov 22, 2026, 10:15 AM CST" (spaces are plain spaces, whatever ICU prefers). */
export function formatHoustonTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return shortTime.format(date).replace(/[\u202f\u00a0]/g, " ");
}

/** Houston's calendar date, "2026-11-22", e.g. for file names. */
export function houstonDate(date: Date): string {
  return calendarDay.format(date);
}
