/**
 * Wall clocks in a named time zone (SITE_TIMEZONE) from the runtime's own time zone database
 * (`Intl`), with no dependency: a date and time the admin typed turned into the UTC instant it
 * means (across daylight saving time), an instant read back as a wall clock, and the VTIMEZONE
 * block an iCalendar invitation carries so a calendar app places TZID times right.
 */

import { offsetMinutesAt, wallClockAt, wallAsUtcMs, type WallClock } from "#app/server/time.server.ts";

export { offsetMinutesAt, wallClockAt, type WallClock };

/**
 * The instant a wall clock in `timeZone` names, or null when that wall clock never happens there
 * (the hour skipped when clocks move forward). A wall clock that happens twice (the hour repeated
 * when clocks move back) is the first of the two.
 */
export function wallClockToInstant(wall: WallClock, timeZone: string): Date | null {
  const asUtc = wallAsUtcMs(wall);
  // Try the offsets in force a day either side: one of them is the one at the answer.
  const offsets = new Set([
    offsetMinutesAt(new Date(asUtc - 86_400_000), timeZone),
    offsetMinutesAt(new Date(asUtc), timeZone),
    offsetMinutesAt(new Date(asUtc + 86_400_000), timeZone),
  ]);
  const matches = [...offsets]
    .map((offset) => new Date(asUtc - offset * 60_000))
    .filter((candidate) => wallAsUtcMs(wallClockAt(candidate, timeZone)) === asUtc)
    .toSorted((a, b) => a.getTime() - b.getTime());
  return matches[0] ?? null;
}

/** "-0600" for -360 minutes, as iCalendar writes offsets. */
function icalOffset(minutes: number): string {
  const sign = minutes < 0 ? "-" : "+";
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, "0")}${String(abs % 60).padStart(2, "0")}`;
}

const two = (n: number) => String(n).padStart(2, "0");

function icalLocal(wall: WallClock): string {
  return `${String(wall.year).padStart(4, "0")}${two(wall.month)}${two(wall.day)}T${two(wall.hour)}${two(wall.minute)}${two(wall.second)}`;
}

function zoneAbbreviation(instant: Date, timeZone: string): string {
  const name = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "short" })
    .formatToParts(instant)
    .find((part) => part.type === "timeZoneName")?.value;
  return name ?? timeZone;
}

interface ZoneTransition {
  /** The first instant of the new offset. */
  at: Date;
  from: number;
  to: number;
}

/** Every change of the zone's offset in [start, end), found to the minute. */
export function zoneTransitions(timeZone: string, start: Date, end: Date): ZoneTransition[] {
  const transitions: ZoneTransition[] = [];
  const step = 6 * 3600_000;
  let before = start.getTime();
  let offset = offsetMinutesAt(start, timeZone);
  for (let t = before + step; t <= end.getTime() + step; t += step) {
    const probe = Math.min(t, end.getTime());
    const next = offsetMinutesAt(new Date(probe), timeZone);
    if (next !== offset) {
      // Bisect to the minute: offsets change on whole minutes.
      let lo = before;
      let hi = probe;
      while (hi - lo > 60_000) {
        const mid = Math.floor((lo + hi) / 2 / 60_000) * 60_000;
        if (offsetMinutesAt(new Date(mid), timeZone) === offset) lo = mid;
        else hi = mid;
      }
      if (hi < end.getTime()) transitions.push({ at: new Date(hi), from: offset, to: next });
      offset = next;
    }
    before = probe;
    if (probe === end.getTime()) break;
  }
  return transitions;
}

/**
 * The VTIMEZONE block for `timeZone` covering the years `fromYear` to `toYear`: one STANDARD or
 * DAYLIGHT part per change of offset in those years (explicit dates, not rules, so a change of
 * the rules in the time zone database is carried over as it is), or a single STANDARD part for a
 * zone that keeps one offset. DTSTART is the local time just before the change, in the old offset,
 * as RFC 5545 asks.
 */
export function vtimezone(timeZone: string, fromYear: number, toYear: number): string {
  const start = new Date(Date.UTC(fromYear, 0, 1));
  const end = new Date(Date.UTC(toYear + 1, 0, 1));
  const transitions = zoneTransitions(timeZone, start, end);
  const lines = ["BEGIN:VTIMEZONE", `TZID:${timeZone}`];
  if (transitions.length === 0) {
    const offset = icalOffset(offsetMinutesAt(start, timeZone));
    lines.push(
      "BEGIN:STANDARD",
      `DTSTART:${icalLocal({ year: 1970, month: 1, day: 1, hour: 0, minute: 0, second: 0 })}`,
      `TZOFFSETFROM:${offset}`,
      `TZOFFSETTO:${offset}`,
      `TZNAME:${zoneAbbreviation(start, timeZone)}`,
      "END:STANDARD",
    );
  } else {
    // What holds before the first change, so times early in the first year are covered too.
    const first = transitions[0]!;
    const initialIsDaylight = first.from > first.to;
    const initial = icalOffset(first.from);
    lines.push(
      `BEGIN:${initialIsDaylight ? "DAYLIGHT" : "STANDARD"}`,
      `DTSTART:${icalLocal(wallClockAt(start, "UTC"))}`,
      `TZOFFSETFROM:${initial}`,
      `TZOFFSETTO:${initial}`,
      `TZNAME:${zoneAbbreviation(start, timeZone)}`,
      `END:${initialIsDaylight ? "DAYLIGHT" : "STANDARD"}`,
    );
    for (const change of transitions) {
      const kind = change.to > change.from ? "DAYLIGHT" : "STANDARD";
      const localBefore = new Date(change.at.getTime() + change.from * 60_000);
      lines.push(
        `BEGIN:${kind}`,
        `DTSTART:${icalLocal(wallClockAt(localBefore, "UTC"))}`,
        `TZOFFSETFROM:${icalOffset(change.from)}`,
        `TZOFFSETTO:${icalOffset(change.to)}`,
        `TZNAME:${zoneAbbreviation(change.at, timeZone)}`,
        `END:${kind}`,
      );
    }
  }
  lines.push("END:VTIMEZONE");
  return lines.join("\r\n");
}
