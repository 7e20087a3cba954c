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

/** Whether this runtime's time zone database knows `name` ("America/Chicago"; not "CST"). */
export function isKnownTimeZone(name: string): boolean {
  try {
    // An unknown zone throws a RangeError; a known one resolves to its canonical name.
    return new Intl.DateTimeFormat("en-US", { timeZone: name }).resolvedOptions().timeZone !== "";
  } catch {
    return false;
  }
}

// One formatter per zone: building one is far slower than using it, and an export formats
// every row's times.
const isoParts = new Map<string, Intl.DateTimeFormat>();

function isoFormat(timeZone: string): Intl.DateTimeFormat {
  let format = isoParts.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    isoParts.set(timeZone, format);
  }
  return format;
}

/**
 * "2026-11-24T21:47:00-06:00": a stored (UTC) time as the wall clock read in `timeZone` at that
 * instant, to the second, with that instant's offset (so CST and CDT each come out right, and a
 * spreadsheet can still order or convert it). Unparsable input comes back as it was.
 */
export function isoInTimeZone(iso: string, timeZone: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const parts: Record<string, string> = {};
  for (const part of isoFormat(timeZone).formatToParts(date)) parts[part.type] = part.value;
  const { year, month, day, hour, minute, second } = parts as Record<"year" | "month" | "day" | "hour" | "minute" | "second", string>;
  // The offset is the wall clock read as if it were UTC, less the instant (both to the second).
  const wall = Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute), Number(second));
  const offsetMinutes = Math.round((wall - Math.floor(date.getTime() / 1000) * 1000) / 60_000);
  const sign = offsetMinutes < 0 ? "-" : "+";
  const abs = Math.abs(offsetMinutes);
  const offset = `${sign}${String(Math.floor(abs / 60)).padStart(2, "0")}:${String(abs % 60).padStart(2, "0")}`;
  return `${year}-${month}-${day}T${hour}:${minute}:${second}${offset}`;
}
