/**
 * Business hours (issue 29): time counted only while the business is open, by the opening hours of
 * each weekday in the business profile, read as wall clocks in the site's zone (SITE_TIMEZONE).
 * Each day's opening and closing are turned into instants on that day, so the days the clocks
 * change count what really elapses between them (an hour less or more only when the hours span
 * 2 AM), and a Monday after the change opens at its own 8 AM. A time outside the hours counts
 * from the next opening.
 */
import type { DayHours, Weekday } from "#app/schemas/site-rules.ts";
import { wallAsUtcMs, wallClockAt, type WallClock } from "#app/server/time.server.ts";
import { offsetMinutesAt, wallClockToInstant } from "#app/server/visits/zoned-time.server.ts";

/** The profile's hours: each weekday's opening and closing ("HH:MM"), null when closed. */
export type WeekHours = Record<Weekday, DayHours>;

const HOUR_MS = 3_600_000;
/** getUTCDay's order. */
const DAY_NAMES: readonly Weekday[] = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"];

interface LocalDate {
  year: number;
  month: number;
  day: number;
}

/** The local calendar date `offset` days after `date` (UTC has no clock changes). */
function addDays(date: LocalDate, offset: number): LocalDate & { weekday: Weekday } {
  const noon = new Date(Date.UTC(date.year, date.month - 1, date.day + offset, 12));
  return { year: noon.getUTCFullYear(), month: noon.getUTCMonth() + 1, day: noon.getUTCDate(), weekday: DAY_NAMES[noon.getUTCDay()]! };
}

/** "08:30" as [8, 30]; null when it is not a wall clock. */
function hourMinute(text: string): [number, number] | null {
  const match = /^(\d{1,2}):(\d{2})$/.exec(text.trim());
  if (!match) return null;
  const [hour, minute] = [Number(match[1]), Number(match[2])];
  return hour <= 24 && minute < 60 && hour * 60 + minute <= 24 * 60 ? [hour, minute] : null;
}

/**
 * The instant a wall clock of `date` names. One skipped by the clocks moving forward is read with
 * the offset before the change, so it lands just after the gap (a 2:30 AM opening opens at 3:30).
 */
function instantAt(date: LocalDate, [hour, minute]: [number, number], timeZone: string): number {
  const wall: WallClock = { ...date, hour: 0, minute: 0, second: 0 };
  if (hour === 24) return instantAt(addDays(date, 1), [0, 0], timeZone);
  const exact = wallClockToInstant({ ...wall, hour, minute }, timeZone);
  if (exact) return exact.getTime();
  const asUtc = wallAsUtcMs({ ...wall, hour, minute });
  return asUtc - offsetMinutesAt(new Date(asUtc - 86_400_000), timeZone) * 60_000;
}

/** A day's opening hours as instants [open, close), or null when it is closed (or its hours are unreadable). */
function openSpan(date: LocalDate & { weekday: Weekday }, weekHours: WeekHours, timeZone: string): [number, number] | null {
  const hours = weekHours[date.weekday];
  if (!hours) return null;
  const [open, close] = [hourMinute(hours.open), hourMinute(hours.close)];
  if (!open || !close) return null;
  const span: [number, number] = [instantAt(date, open, timeZone), instantAt(date, close, timeZone)];
  return span[1] > span[0] ? span : null;
}

/** Whether any weekday has opening hours: a week closed throughout has no business hours at all. */
export function hasBusinessHours(weekHours: WeekHours, timeZone: string): boolean {
  // A week of real dates, so that the hours are read exactly as they will be used.
  const start = addDays({ year: 2027, month: 1, day: 4 }, 0);
  return Array.from({ length: 7 }, (_, i) => openSpan(addDays(start, i), weekHours, timeZone)).some((span) => span !== null);
}

/**
 * The moment `hours` business hours after `start` have passed: `start` counts from the next
 * opening when the business is closed then. Null when the week has no opening hours (no moment
 * ever comes). Hours may be fractional; 0 gives the next moment the business is open.
 */
export function addBusinessHours(start: Date, hours: number, weekHours: WeekHours, timeZone: string): Date | null {
  if (!Number.isFinite(hours) || hours < 0 || !hasBusinessHours(weekHours, timeZone)) return null;
  let remaining = Math.round(hours * HOUR_MS);
  const first = wallClockAt(start, timeZone);
  // The day before too: a day's hours may end after midnight ("24:00"), reaching into `start`'s date.
  for (let offset = -1; ; offset++) {
    const span = openSpan(addDays(first, offset), weekHours, timeZone);
    if (!span) continue;
    const from = Math.max(span[0], start.getTime());
    if (from >= span[1]) continue;
    if (remaining <= span[1] - from) return new Date(from + remaining);
    remaining -= span[1] - from;
  }
}

/** The business time between `from` and `to`, in milliseconds: 0 when `to` is not after `from`. */
export function businessMsBetween(from: Date, to: Date, weekHours: WeekHours, timeZone: string): number {
  const [a, b] = [from.getTime(), to.getTime()];
  if (!(b > a)) return 0;
  const first = wallClockAt(from, timeZone);
  const last = wallClockAt(to, timeZone);
  const days = Math.round((Date.UTC(last.year, last.month - 1, last.day) - Date.UTC(first.year, first.month - 1, first.day)) / 86_400_000);
  let total = 0;
  for (let offset = -1; offset <= days; offset++) {
    const span = openSpan(addDays(first, offset), weekHours, timeZone);
    if (span) total += Math.max(0, Math.min(span[1], b) - Math.max(span[0], a));
  }
  return total;
}

/** The same in hours (fractional). */
export function businessHoursBetween(from: Date, to: Date, weekHours: WeekHours, timeZone: string): number {
  return businessMsBetween(from, to, weekHours, timeZone) / HOUR_MS;
}

/** The middle value (the mean of the two middle ones for an even count); null for none. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = values.toSorted((x, y) => x - y);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** "2 h 15 min", "45 min", "3 h", "less than a minute": a business duration as the dashboard says it. */
export function formatBusinessDuration(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  if (minutes < 1) return "less than a minute";
  const [h, m] = [Math.floor(minutes / 60), minutes % 60];
  if (h === 0) return `${m} min`;
  return m === 0 ? `${h} h` : `${h} h ${m} min`;
}
