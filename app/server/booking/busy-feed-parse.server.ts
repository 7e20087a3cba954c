/**
 * The busy times in the contractor's own calendar, an iCalendar file (ADR 071), read with
 * node-ical, which expands repeating events with their exceptions (EXDATE) and moved
 * occurrences (RECURRENCE-ID). What counts as busy:
 * - every event, unless it is cancelled or marked free (TRANSP:TRANSPARENT);
 * - an all-day event (VALUE=DATE) is the whole of its days in the site's time zone, whatever the
 *   time zone of the server, since a day off in Houston is a Houston day;
 * - an event with a "floating" time (no zone, no Z) is read in the calendar's own zone
 *   (X-WR-TIMEZONE) when it names one, else in the site's.
 * A failure comes out as a BusyFeedError whose message is a sentence for the contractor.
 */
import { expandRecurringEvent, sync, type CalendarResponse, type EventInstance, type VEvent } from "node-ical";
import { isKnownTimeZone } from "#app/server/time.server.ts";
import { wallClockToInstant } from "#app/server/visits/zoned-time.server.ts";

export interface BusySpan {
  start: Date;
  end: Date;
}

/** Why the calendar could not be used, in words the admin page shows as they are. */
export class BusyFeedError extends Error {
  override name = "BusyFeedError";
}

export interface BusyRange {
  /** Busy times ending after this instant are kept. */
  from: Date;
  /** Busy times starting before this instant are kept. */
  to: Date;
  /** SITE_TIMEZONE: where all-day events' days begin and end. */
  timeZone: string;
  /** More busy times than this in the range refuse the whole calendar (a set cut short would open windows that are not free). */
  max: number;
}

const DAY_MS = 86_400_000;

/** Every busy time of the calendar that overlaps [from, to), earliest first. */
export function busyTimesFromCalendar(text: string, range: BusyRange): BusySpan[] {
  if (!/^\s*BEGIN:VCALENDAR/i.test(text)) {
    throw new BusyFeedError("the address did not answer with a calendar (an iCalendar .ics file)");
  }
  let calendar: CalendarResponse;
  try {
    calendar = sync.parseICS(text);
  } catch (error) {
    throw new BusyFeedError(`the calendar file could not be read (${messageOf(error)})`);
  }
  const floatingZone = calendarZone(calendar) ?? range.timeZone;
  const busy: BusySpan[] = [];
  for (const component of Object.values(calendar)) {
    if (component?.type !== "VEVENT" || isFree(component)) continue;
    for (const instance of occurrences(component, range)) {
      if (isFree(instance.event)) continue;
      const span = spanOf(instance, range.timeZone, floatingZone);
      if (span.end <= span.start || span.end <= range.from || span.start >= range.to) continue;
      busy.push(span);
      if (busy.length > range.max) {
        throw new BusyFeedError(
          `the calendar has more than ${range.max} busy times in the days bookings look at; it was not used (a part of it could open times you are not free)`,
        );
      }
    }
  }
  return busy.toSorted((a, b) => a.start.getTime() - b.start.getTime() || a.end.getTime() - b.end.getTime());
}

/** Cancelled, or shown as free: not a reason to close a window. */
function isFree(event: Partial<VEvent>): boolean {
  return String(event.status ?? "").toUpperCase() === "CANCELLED" || String(event.transparency ?? "").toUpperCase() === "TRANSPARENT";
}

function occurrences(event: VEvent, range: BusyRange): EventInstance[] {
  if (!(event.start instanceof Date) || Number.isNaN(event.start.getTime())) return [];
  try {
    // A day either side: an all-day event's days are placed in the site's zone only afterwards.
    return expandRecurringEvent(event, {
      from: new Date(range.from.getTime() - DAY_MS),
      to: new Date(range.to.getTime() + DAY_MS),
      expandOngoing: true,
    });
  } catch (error) {
    // node-ical's own safety limits (an event repeating every minute, say) end up here.
    throw new BusyFeedError(`a repeating event in the calendar could not be worked out (${messageOf(error)})`);
  }
}

function spanOf(instance: EventInstance, timeZone: string, floatingZone: string): BusySpan {
  if (instance.isFullDay) return wholeDays(instance, timeZone);
  if (instance.start.tz === undefined) {
    return { start: floatingIn(instance.start, floatingZone), end: floatingIn(instance.end, floatingZone) };
  }
  return { start: new Date(instance.start.getTime()), end: new Date(instance.end.getTime()) };
}

/**
 * An all-day instance's days, from the first's midnight to the midnight after the last, in the
 * site's zone. node-ical hands them over as midnights of the server's own zone, so their local
 * date parts are the calendar's dates.
 */
function wholeDays(instance: EventInstance, timeZone: string): BusySpan {
  const { start, end } = instance;
  const first = Date.UTC(start.getFullYear(), start.getMonth(), start.getDate());
  const afterLast = Date.UTC(end.getFullYear(), end.getMonth(), end.getDate());
  const days = Math.max(1, Math.round((afterLast - first) / DAY_MS));
  return { start: startOfDay(new Date(first), timeZone), end: startOfDay(new Date(first + days * DAY_MS), timeZone) };
}

/** The first instant of a local date (its parts read as UTC) in `timeZone`, even where midnight is skipped. */
function startOfDay(date: Date, timeZone: string): Date {
  const day = { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate(), minute: 0, second: 0 };
  for (let hour = 0; hour < 4; hour++) {
    const instant = wallClockToInstant({ ...day, hour }, timeZone);
    if (instant) return instant;
  }
  return new Date(Date.UTC(day.year, day.month - 1, day.day));
}

/** A floating time (node-ical reads it in the server's zone): the same wall clock in `timeZone`. */
function floatingIn(date: Date, timeZone: string): Date {
  const wall = {
    year: date.getFullYear(),
    month: date.getMonth() + 1,
    day: date.getDate(),
    hour: date.getHours(),
    minute: date.getMinutes(),
    second: date.getSeconds(),
  };
  return wallClockToInstant(wall, timeZone) ?? new Date(date.getTime());
}

/** The calendar's own zone (X-WR-TIMEZONE), when it is one this runtime knows. */
function calendarZone(calendar: CalendarResponse): string | null {
  const named = calendar.vcalendar?.["WR-TIMEZONE"];
  return typeof named === "string" && named !== "" && isKnownTimeZone(named) ? named : null;
}

function messageOf(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 200);
}
