/**
 * The visit form's posted date, time, length and note, checked (ADR 033). Times the admin types
 * are wall clocks in SITE_TIMEZONE; they are stored in UTC.
 */
import { cleanMultiLineText } from "#app/schemas/text.ts";
import { clockLabel, visitDayLabel } from "#app/server/visits/labels.server.ts";
import {
  DAY_MS,
  VISIT_DEFAULT_MINUTES,
  VISIT_MAX_DAYS_AHEAD,
  VISIT_MAX_MINUTES,
  VISIT_MIN_MINUTES,
  VISIT_NOTE_MAX_LENGTH,
  type Refused,
} from "#app/server/visits/rules.server.ts";
import { wallClockToInstant } from "#app/server/visits/zoned-time.server.ts";

export interface VisitInput {
  date?: string;
  time?: string;
  minutes?: string;
  note?: string;
}

type CheckedVisit = { outcome: "ok"; startsAt: Date; minutes: number; note: string | null };

/**
 * The posted date, time, length and note, checked: the wall clock in `timeZone` turned into UTC.
 * A refusal says what to fix and keeps what was typed.
 */
export function checkVisitInput(input: VisitInput, timeZone: string, now: Date): CheckedVisit | Refused {
  const values = {
    date: (input.date ?? "").trim().slice(0, 40),
    time: (input.time ?? "").trim().slice(0, 40),
    minutes: (input.minutes ?? "").trim().slice(0, 10),
    note: (input.note ?? "").slice(0, VISIT_NOTE_MAX_LENGTH * 2),
  };
  const refuse = (error: string): Refused => ({ outcome: "refused", error, status: 400, values });
  const date = /^(\d{4})-(\d{2})-(\d{2})$/.exec(values.date);
  if (!date) return refuse("Choose the day of the visit (for example 2026-12-01).");
  const [year, month, day] = [Number(date[1]), Number(date[2]), Number(date[3])];
  const check = new Date(Date.UTC(year, month - 1, day));
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) {
    return refuse(`${values.date} is not a date on the calendar. Choose the day again.`);
  }
  const time = /^(\d{1,2}):(\d{2})$/.exec(values.time);
  if (!time || Number(time[1]) > 23 || Number(time[2]) > 59) {
    return refuse("Choose the start of the arrival window as hours and minutes (for example 09:00).");
  }
  const minutes = values.minutes === "" ? VISIT_DEFAULT_MINUTES : Number(values.minutes);
  if (!Number.isInteger(minutes) || minutes < VISIT_MIN_MINUTES || minutes > VISIT_MAX_MINUTES || minutes % 15 !== 0) {
    return refuse(`The arrival window can be from ${VISIT_MIN_MINUTES} minutes to ${VISIT_MAX_MINUTES / 60} hours, in quarter hours.`);
  }
  const wall = { year, month, day, hour: Number(time[1]), minute: Number(time[2]), second: 0 };
  const startsAt = wallClockToInstant(wall, timeZone);
  if (!startsAt) {
    return refuse(`${values.time} does not exist on ${values.date}: the clocks move forward that night. Choose a later time.`);
  }
  if (startsAt.getTime() <= now.getTime()) {
    const at = clockLabel(startsAt, timeZone);
    return refuse(`${visitDayLabel(startsAt, timeZone)} at ${at.time} ${at.period} has already passed. Choose a time in the future.`);
  }
  if (startsAt.getTime() > now.getTime() + VISIT_MAX_DAYS_AHEAD * DAY_MS) {
    return refuse("A visit can be put at most a year ahead. Choose an earlier day.");
  }
  const note = cleanMultiLineText(values.note).trim();
  if (note.length > VISIT_NOTE_MAX_LENGTH) {
    return refuse(`The note can be at most ${VISIT_NOTE_MAX_LENGTH} characters; this one has ${note.length}.`);
  }
  return { outcome: "ok", startsAt, minutes, note: note === "" ? null : note };
}
