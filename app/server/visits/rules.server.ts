/**
 * The rules of a site visit (ADR 033): how long, how far ahead, when the reminder goes, and the
 * refusals and results every verb of `createVisits` answers with.
 */
import type { Visit } from "#app/server/repos/visits.server.ts";

export const VISIT_MIN_MINUTES = 30;
export const VISIT_MAX_MINUTES = 8 * 60;
export const VISIT_DEFAULT_MINUTES = 120;
/** The lengths the form offers; any whole quarter hour in range is taken from a hand-made post. */
export const VISIT_LENGTHS = [30, 60, 90, 120, 180, 240, 300, 360, 420, 480] as const;
/** How far ahead a visit can be put. */
export const VISIT_MAX_DAYS_AHEAD = 366;
export const VISIT_NOTE_MAX_LENGTH = 500;
/** The reminder goes out at this local hour the day before. */
export const REMINDER_HOUR = 9;
/** Past visits the feed and the list keep showing. */
export const RECENT_DAYS = 30;
export const DAY_MS = 86_400_000;

export interface Refused {
  outcome: "refused";
  error: string;
  status: 400 | 409;
  values?: Record<string, string>;
}

export type VisitDone = { outcome: "done"; message: string };

export const NO_VISIT = "This request has no upcoming visit to change. Schedule one first.";
export const CHANGED_MEANWHILE = "Someone changed this visit while you were looking at it. Check the new time below and try again.";
/** A visit the homeowner booked online is answered with Confirm or Decline, not moved or cancelled by hand (ADR 071). */
export const WAITS_FOR_CONFIRMATION = "This visit was booked online and waits for your confirmation: confirm or decline it first.";

/** When the visit's arrival window ends, in epoch milliseconds. */
export function visitEndsAt(visit: Pick<Visit, "starts_at" | "minutes">): number {
  return new Date(visit.starts_at).getTime() + visit.minutes * 60_000;
}

/**
 * Scheduled, or booked online and waiting for the contractor (it holds its window: no second visit
 * goes on top of it), and not over yet (a visit under way still counts).
 */
export function isUpcoming(visit: Visit, now: Date): boolean {
  return (visit.status === "scheduled" || visit.status === "pending") && visitEndsAt(visit) > now.getTime();
}
