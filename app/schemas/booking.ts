/**
 * The contractor's rules for the visits homeowners book online (issue 28, ADR 071), shared by the
 * admin's form, the server and the window computation. Hours are wall clocks in SITE_TIMEZONE;
 * days are local dates ("2027-03-14"); weekdays are 0 (Sunday) to 6 (Saturday), as `Date` counts.
 */
import { z } from "zod";

/** One weekday's hours, "HH:MM" 24-hour wall clocks; a day without an entry takes no bookings. */
export interface BookingHours {
  weekday: number;
  open: string;
  close: string;
}

export interface BookingRules {
  /** Homeowners may book online at all. */
  enabled: boolean;
  hours: BookingHours[];
  /** The arrival window the homeowner picks ("between 8 and 10"). */
  windowMinutes: number;
  /** How long the visit itself takes once there: told to the homeowner, and in the invitation. */
  visitMinutes: number;
  /** Time kept free between the contractor's visits (travel): between two windows, and around busy times. */
  bufferMinutes: number;
  /**
   * The shortest notice, in open days: 0 lets a homeowner book later today (a window starting at
   * least `SAME_DAY_NOTICE_MINUTES` from now); 1 is "from the next business day"; 2 the one after.
   */
  noticeDays: number;
  /** How far ahead windows are offered, in calendar days from today. */
  horizonDays: number;
  /** The most visits on one day (booked or set by hand). */
  maxPerDay: number;
  /** Local dates with no visits (holidays, vacations). */
  daysOff: string[];
  /** A booking waits for the contractor's tap (the default); false confirms it at once. */
  requireConfirmation: boolean;
  /** Until how many hours before the window the homeowner may move or cancel online. */
  changeCutoffHours: number;
}

export const SAME_DAY_NOTICE_MINUTES = 120;

export const bookingLimits = {
  windowMinutes: { min: 30, max: 480 },
  visitMinutes: { min: 15, max: 480 },
  bufferMinutes: { min: 0, max: 240 },
  noticeDays: { min: 0, max: 14 },
  horizonDays: { min: 1, max: 90 },
  maxPerDay: { min: 1, max: 20 },
  daysOff: { max: 200 },
  changeCutoffHours: { min: 0, max: 168 },
} as const;

/** A fresh install: Monday to Friday 8 to 5, Saturday 8 to noon, two-hour windows, one-hour visits. */
export const defaultBookingRules: BookingRules = {
  enabled: true,
  hours: [...[1, 2, 3, 4, 5].map((weekday) => ({ weekday, open: "08:00", close: "17:00" })), { weekday: 6, open: "08:00", close: "12:00" }],
  windowMinutes: 120,
  visitMinutes: 60,
  bufferMinutes: 0,
  noticeDays: 1,
  horizonDays: 21,
  maxPerDay: 3,
  daysOff: [],
  requireConfirmation: true,
  changeCutoffHours: 24,
};

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
const LOCAL_DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/** "08:30" as minutes after midnight. */
export function minutesOfDay(hhmm: string): number {
  const [h, m] = hhmm.split(":").map(Number);
  return h! * 60 + m!;
}

const int = (range: { min: number; max: number }) => z.number().int().min(range.min).max(range.max);

/** The stored value as read back (and what the admin's form must come to): strict, so a bad store reads as the defaults. */
export const BookingRulesSchema = z
  .object({
    enabled: z.boolean(),
    hours: z
      .array(
        z
          .object({ weekday: z.number().int().min(0).max(6), open: z.string().regex(HHMM), close: z.string().regex(HHMM) })
          .refine((h) => minutesOfDay(h.close) > minutesOfDay(h.open), { message: "A day's hours must end after they start." }),
      )
      .max(7)
      .refine((hours) => new Set(hours.map((h) => h.weekday)).size === hours.length, { message: "Each weekday has one set of hours." }),
    windowMinutes: int(bookingLimits.windowMinutes),
    visitMinutes: int(bookingLimits.visitMinutes),
    bufferMinutes: int(bookingLimits.bufferMinutes),
    noticeDays: int(bookingLimits.noticeDays),
    horizonDays: int(bookingLimits.horizonDays),
    maxPerDay: int(bookingLimits.maxPerDay),
    daysOff: z.array(z.string().regex(LOCAL_DATE)).max(bookingLimits.daysOff.max),
    requireConfirmation: z.boolean(),
    changeCutoffHours: int(bookingLimits.changeCutoffHours),
  })
  .strict();

/** An open arrival window, as computed for a day (ADR 071). */
export interface BookingWindow {
  /** The window's first instant (UTC): also the key that holds it (`visits.slot_start`). */
  start: Date;
  /** Its end (UTC): the wall clock `windowMinutes` after the start's, or the elapsed time across a skipped hour. */
  end: Date;
  /** The local date it falls on ("2027-03-14"). */
  day: string;
}

/** A time the contractor is not free: a visit (booked or set by hand) or a busy time of their own calendar. */
export interface BusyTime {
  start: Date;
  end: Date;
  /** A visit counts toward the most visits a day; a calendar's busy time does not. */
  isVisit: boolean;
}
