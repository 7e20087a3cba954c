/**
 * Times as the site shows them, in the site's one time zone (SITE_TIMEZONE, ADR 050), formatted
 * on the server so the browser shows the same text it hydrates (no second opinion from its ICU).
 * Stored times are UTC.
 */

/**
 * The site's clock: its time zone and the ways a person reads a time in it. Built once from the
 * config by the host (`createSiteClock(config.env.SITE_TIMEZONE)`); features get it through their
 * dependencies and routes from the services, so no time is ever shown in another zone.
 */
export interface SiteClock {
  /** The IANA name of the zone (SITE_TIMEZONE): the iCalendar's TZID, the CSV's offsets. */
  readonly timeZone: string;
  /** "Nov 22, 2026, 10:15 AM CST" (spaces are plain spaces, whatever ICU prefers). */
  formatTime(iso: string): string;
  /** "Sunday, November 22, 2026 at 10:15 AM CST": the local time with its zone (emails, a request's page). */
  formatLongTime(iso: string): string;
  /** "Nov 22, 2026": the local date as a homeowner reads it. */
  formatDate(iso: string): string;
  /** The local calendar date, "2026-11-22", e.g. for file names. */
  localDate(date: Date): string;
  /** The current time: what rules measured in days read (a test builds the clock with a fixed one). */
  now(): Date;
}

const dateAndTime = {
  year: "numeric",
  day: "numeric",
  hour: "numeric",
  minute: "2-digit",
  timeZoneName: "short",
} as const;

/** A stored time through `format`, or the text as stored when it is not a time. */
function readable(iso: string, format: (date: Date) => string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : format(date);
}

export function createSiteClock(timeZone: string, now: () => Date = () => new Date()): SiteClock {
  const zoned = (locale: string, options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(locale, { timeZone, ...options });
  const shortTime = zoned("en-US", { ...dateAndTime, month: "short" });
  const longTime = zoned("en-US", { ...dateAndTime, weekday: "long", month: "long" });
  const mediumDate = zoned("en-US", { dateStyle: "medium" });
  const calendarDay = zoned("en-CA", { year: "numeric", month: "2-digit", day: "2-digit" });
  return {
    timeZone,
    formatTime: (iso) => readable(iso, (date) => shortTime.format(date).replace(/[\u202f\u00a0]/g, " ")),
    formatLongTime: (iso) => readable(iso, (date) => longTime.format(date)),
    formatDate: (iso) => readable(iso, (date) => mediumDate.format(date)),
    localDate: (date) => calendarDay.format(date),
    now,
  };
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

/** A wall clock: what a clock on the wall in some time zone reads. */
export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

// One formatter per zone: building one is far slower than using it, and an export formats
// every row's times.
const formats = new Map<string, Intl.DateTimeFormat>();

function partsFormat(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    formats.set(timeZone, format);
  }
  return format;
}

/** The wall clock in `timeZone` at `instant`. */
export function wallClockAt(instant: Date, timeZone: string): WallClock {
  const parts: Record<string, number> = {};
  for (const part of partsFormat(timeZone).formatToParts(instant)) {
    if (part.type !== "literal") parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    hour: parts.hour! % 24,
    minute: parts.minute!,
    second: parts.second!,
  };
}

/** A wall clock read as if it were UTC, in milliseconds (the difference to the instant is the offset). */
export function wallAsUtcMs(wall: WallClock): number {
  return Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
}

/** The zone's offset from UTC at `instant`, in minutes (Chicago: -360 in winter, -300 in summer). */
export function offsetMinutesAt(instant: Date, timeZone: string): number {
  const whole = new Date(Math.floor(instant.getTime() / 1000) * 1000);
  return Math.round((wallAsUtcMs(wallClockAt(whole, timeZone)) - whole.getTime()) / 60_000);
}

/** A number in two digits ("07"). */
function two(n: number): string {
  return String(n).padStart(2, "0");
}

/**
 * "2026-11-24T21:47:00-06:00": a stored (UTC) time as the wall clock read in `timeZone` at that
 * instant, to the second, with that instant's offset (so CST and CDT each come out right, and a
 * spreadsheet can still order or convert it). Unparsable input comes back as it was.
 */
export function isoInTimeZone(iso: string, timeZone: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const wall = wallClockAt(date, timeZone);
  const offsetMinutes = offsetMinutesAt(date, timeZone);
  const sign = offsetMinutes < 0 ? "-" : "+";
  const abs = Math.abs(offsetMinutes);
  const offset = `${sign}${two(Math.floor(abs / 60))}:${two(abs % 60)}`;
  return `${String(wall.year).padStart(4, "0")}-${two(wall.month)}-${two(wall.day)}T${two(wall.hour)}:${two(wall.minute)}:${two(wall.second)}${offset}`;
}
