/**
 * The open arrival windows a homeowner may book (issue 28, ADR 071): a pure function of the
 * contractor's rules, the time now and what already keeps the contractor busy. Days are local
 * dates in the site's zone; a day's windows sit on a grid from its opening wall clock, one
 * window plus the buffer apart; every start is a real instant (a skipped wall clock gives no
 * window, a repeated one gives one window, the first).
 */
import { SAME_DAY_NOTICE_MINUTES, minutesOfDay, type BookingRules, type BookingWindow, type BusyTime } from "#app/schemas/booking.ts";
import { wallClockAt, wallClockToInstant, type WallClock } from "#app/server/visits/zoned-time.server.ts";

const MINUTE = 60_000;

interface WindowsInput {
  rules: BookingRules;
  now: Date;
  timeZone: string;
  busy: readonly BusyTime[];
  /** Only windows starting before it. */
  until?: Date;
}

interface LocalDay {
  year: number;
  month: number;
  day: number;
  /** "2027-03-14" */
  date: string;
  /** Opening and closing wall clocks in minutes after midnight, or null when the day takes no visits. */
  hours: { open: number; close: number } | null;
}

const two = (n: number) => String(n).padStart(2, "0");

function localDate(wall: { year: number; month: number; day: number }): string {
  return `${String(wall.year).padStart(4, "0")}-${two(wall.month)}-${two(wall.day)}`;
}

/** Today (the local date of `now`) and the `horizonDays` calendar days after it, with their hours. */
function listDays(rules: BookingRules, now: Date, timeZone: string): LocalDay[] {
  const today = wallClockAt(now, timeZone);
  const hoursByWeekday = new Map(rules.hours.map((h) => [h.weekday, { open: minutesOfDay(h.open), close: minutesOfDay(h.close) }]));
  const daysOff = new Set(rules.daysOff);
  const days: LocalDay[] = [];
  for (let offset = 0; offset <= rules.horizonDays; offset++) {
    // Calendar arithmetic on the date alone: UTC has no clock changes.
    const noon = new Date(Date.UTC(today.year, today.month - 1, today.day + offset, 12));
    const wall = { year: noon.getUTCFullYear(), month: noon.getUTCMonth() + 1, day: noon.getUTCDate() };
    const date = localDate(wall);
    const hours = daysOff.has(date) ? null : (hoursByWeekday.get(noon.getUTCDay()) ?? null);
    days.push({ ...wall, date, hours });
  }
  return days;
}

/** The index in `days` of the first day that may have windows: today, or the `noticeDays`-th open day after it. */
function firstBookableDay(days: readonly LocalDay[], noticeDays: number): number {
  if (noticeDays === 0) return 0;
  let open = 0;
  for (let index = 1; index < days.length; index++) {
    if (days[index]!.hours && ++open === noticeDays) return index;
  }
  return days.length;
}

/** How many visits start on each local date (a calendar's busy times do not count). */
function visitsPerDay(busy: readonly BusyTime[], timeZone: string, from: number, to: number): Map<string, number> {
  const counts = new Map<string, number>();
  for (const time of busy) {
    const at = time.start.getTime();
    // Only those that can fall on one of the days looked at: reading a wall clock is the slow part.
    if (!time.isVisit || at < from || at >= to) continue;
    const date = localDate(wallClockAt(time.start, timeZone));
    counts.set(date, (counts.get(date) ?? 0) + 1);
  }
  return counts;
}

/** The busy times sorted by start, with the latest end among each prefix: overlap is one binary search. */
interface BusyIndex {
  starts: Float64Array;
  latestEnd: Float64Array;
}

function indexBusy(busy: readonly BusyTime[]): BusyIndex {
  const spans = busy
    .map((b) => [b.start.getTime(), b.end.getTime()] as const)
    .filter(([start, end]) => end > start)
    .toSorted((a, b) => a[0] - b[0]);
  const starts = new Float64Array(spans.length);
  const latestEnd = new Float64Array(spans.length);
  let latest = -Infinity;
  spans.forEach(([start, end], i) => {
    starts[i] = start;
    latest = Math.max(latest, end);
    latestEnd[i] = latest;
  });
  return { starts, latestEnd };
}

/** Whether no busy time overlaps [from, to) (half-open on both sides). */
function isFree(index: BusyIndex, from: number, to: number): boolean {
  // How many busy times start before `to`; one of them overlaps if the latest of their ends is after `from`.
  let lo = 0;
  let hi = index.starts.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (index.starts[mid]! < to) lo = mid + 1;
    else hi = mid;
  }
  return lo === 0 || index.latestEnd[lo - 1]! <= from;
}

function wallAt(day: LocalDay, minutes: number): WallClock {
  return { year: day.year, month: day.month, day: day.day, hour: Math.floor(minutes / 60), minute: minutes % 60, second: 0 };
}

/**
 * A day's grid as instants, skipped wall clocks left out. Turning a wall clock into an instant is
 * slow (it reads the zone several times), so a day whose hours see no clock change (the elapsed
 * time from opening to closing is the wall clocks' difference) is done by arithmetic from its
 * opening instant; only a day with a change is read wall clock by wall clock.
 */
function dayGrid(day: LocalDay, rules: BookingRules, timeZone: string): { start: number; end: number }[] {
  const { open, close } = day.hours!;
  const step = rules.windowMinutes + rules.bufferMinutes;
  const grid: { start: number; end: number }[] = [];
  const opening = wallClockToInstant(wallAt(day, open), timeZone);
  const closing = wallClockToInstant(wallAt(day, close), timeZone);
  // (A zone changes its offset at most once in a day's hours, so equal differences mean no change.)
  const steadyFrom = opening && closing && closing.getTime() - opening.getTime() === (close - open) * MINUTE ? opening.getTime() : null;
  for (let minutes = open; minutes + rules.windowMinutes <= close; minutes += step) {
    if (steadyFrom !== null) {
      const start = steadyFrom + (minutes - open) * MINUTE;
      grid.push({ start, end: start + rules.windowMinutes * MINUTE });
      continue;
    }
    const start = wallClockToInstant(wallAt(day, minutes), timeZone);
    if (!start) continue;
    const end = wallClockToInstant(wallAt(day, minutes + rules.windowMinutes), timeZone);
    grid.push({ start: start.getTime(), end: end ? end.getTime() : start.getTime() + rules.windowMinutes * MINUTE });
  }
  return grid;
}

/** The open arrival windows from now to the end of the horizon, earliest first (ADR 071). */
export function computeWindows({ rules, now, timeZone, busy, until }: WindowsInput): BookingWindow[] {
  if (!rules.enabled) return [];
  const days = listDays(rules, now, timeZone);
  const earliest = now.getTime() + SAME_DAY_NOTICE_MINUTES * MINUTE;
  const limit = until ? until.getTime() : Infinity;
  // A day a little wider either side: a local day's instants are within 14 hours of its UTC date.
  const counts = visitsPerDay(busy, timeZone, now.getTime() - 2 * 86_400_000, now.getTime() + (rules.horizonDays + 2) * 86_400_000);
  const index = indexBusy(busy);
  const buffer = rules.bufferMinutes * MINUTE;
  const windows: BookingWindow[] = [];
  for (let i = firstBookableDay(days, rules.noticeDays); i < days.length; i++) {
    const day = days[i]!;
    if (!day.hours || (counts.get(day.date) ?? 0) >= rules.maxPerDay) continue;
    for (const { start, end } of dayGrid(day, rules, timeZone)) {
      if (start >= limit) return windows;
      if (start < earliest || !isFree(index, start - buffer, end + buffer)) continue;
      windows.push({ start: new Date(start), end: new Date(end), day: day.date });
    }
  }
  return windows;
}

/** The open window that starts at `start`, or null: what a booking re-checks before it holds the window. */
export function findOpenWindow(input: Omit<WindowsInput, "until"> & { start: Date }): BookingWindow | null {
  const at = input.start.getTime();
  if (Number.isNaN(at)) return null;
  const windows = computeWindows({ ...input, until: new Date(at + 1) });
  return windows.find((window) => window.start.getTime() === at) ?? null;
}

/** Windows grouped by their local date, in order (the booking page lists them a day at a time). */
export function windowsByDay(windows: readonly BookingWindow[]): { day: string; windows: BookingWindow[] }[] {
  const groups: { day: string; windows: BookingWindow[] }[] = [];
  for (const window of windows) {
    const last = groups.at(-1);
    if (last?.day === window.day) last.windows.push(window);
    else groups.push({ day: window.day, windows: [window] });
  }
  return groups;
}
