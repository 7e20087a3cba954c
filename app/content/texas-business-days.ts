/**
 * The last day a homeowner may cancel a sale made at their home (Tex. Bus. & Com. Code ch. 601,
 * ADR 067): midnight of the third business day after the transaction. A business day is every
 * day but Sundays and the federal legal holidays (5 U.S.C. §6103), as the FTC's cooling-off rule
 * counts them. Saturdays count. Where the law could be read two ways we take the reading that
 * gives the homeowner more time: a holiday is skipped both on its date and on the weekday it is
 * observed when that date falls on a weekend. A longer window never breaks the rule; a shorter one would.
 */

/** Calendar dates ("YYYY-MM-DD") become day numbers since 1970: no clock, no time zone, no daylight saving. */
const DAY_MS = 86_400_000;

function dayNumber(iso: string): number {
  const [year, month, day] = iso.split("-").map(Number) as [number, number, number];
  return Date.UTC(year, month - 1, day) / DAY_MS;
}

function isoOf(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** 0 = Sunday … 6 = Saturday. */
function weekday(day: number): number {
  return new Date(day * DAY_MS).getUTCDay();
}

/** The `nth` (1-based) `weekdayWanted` of a month, or the last one when `nth` is -1. */
function nthWeekday(year: number, month: number, weekdayWanted: number, nth: number): number {
  if (nth === -1) {
    const last = Date.UTC(year, month, 0) / DAY_MS;
    return last - ((weekday(last) - weekdayWanted + 7) % 7);
  }
  const first = Date.UTC(year, month - 1, 1) / DAY_MS;
  return first + ((weekdayWanted - weekday(first) + 7) % 7) + (nth - 1) * 7;
}

/** The federal legal holidays of `year`, each on its date and, when that is a weekend, on its observed weekday. */
function federalHolidays(year: number): Set<number> {
  const fixed = [
    [1, 1], // New Year's Day
    [6, 19], // Juneteenth National Independence Day
    [7, 4], // Independence Day
    [11, 11], // Veterans Day
    [12, 25], // Christmas Day
  ].map(([month, day]) => Date.UTC(year, month! - 1, day!) / DAY_MS);
  const days = new Set<number>([
    nthWeekday(year, 1, 1, 3), // Birthday of Martin Luther King, Jr.
    nthWeekday(year, 2, 1, 3), // Washington's Birthday
    nthWeekday(year, 5, 1, -1), // Memorial Day
    nthWeekday(year, 9, 1, 1), // Labor Day
    nthWeekday(year, 10, 1, 2), // Columbus Day
    nthWeekday(year, 11, 4, 4), // Thanksgiving Day
  ]);
  for (const day of fixed) {
    days.add(day);
    if (weekday(day) === 6) days.add(day - 1);
    if (weekday(day) === 0) days.add(day + 1);
  }
  return days;
}

/** Whether a calendar date ("YYYY-MM-DD") is a business day for the cancellation window. */
export function isBusinessDay(iso: string): boolean {
  const day = dayNumber(iso);
  if (weekday(day) === 0) return false;
  const year = Number(iso.slice(0, 4));
  // New Year's Day of next year on a Saturday is observed on December 31 of this one.
  return !federalHolidays(year).has(day) && !federalHolidays(year + 1).has(day);
}

/** The calendar date ("YYYY-MM-DD") of `instant` in `timeZone`. */
export function localDateIn(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(instant);
}

/**
 * The date ("YYYY-MM-DD") until whose midnight the homeowner may cancel: the third business day
 * after the day of the transaction in the site's time zone (the day of signing does not count).
 */
export function cancellationDeadline(signedAt: Date, timeZone: string): string {
  let day = dayNumber(localDateIn(signedAt, timeZone));
  let counted = 0;
  while (counted < 3) {
    day += 1;
    if (isBusinessDay(isoOf(day))) counted += 1;
  }
  return isoOf(day);
}
