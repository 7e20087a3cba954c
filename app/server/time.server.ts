/**
 * Times as the site shows them, in Houston's time (America/Chicago, with CST or CDT), formatted
 * on the server so the browser shows the same text it hydrates (no second opinion from its ICU).
 * Stored times are UTC.
 */

/** The site's time zone: every time a person reads is shown in it. */
export const SITE_TIME_ZONE = "America/Chicago";

const shortTime = new Intl.DateTimeFormat("en-US", {
  timeZone: SITE_TIME_ZONE,
  year: "numeric",
  month: "short",
  day: "numeric",
  hour: "numeric",
  minute: "2-digit",
  timeZoneName: "short",
});

const calendarDay = new Intl.DateTimeFormat("en-CA", {
  timeZone: SITE_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

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
