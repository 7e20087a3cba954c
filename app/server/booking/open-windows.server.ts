/**
 * The windows a homeowner may pick now (ADR 071): the contractor's rules, the visits already held
 * or set by hand, and the busy times of their own calendar, through `computeWindows`. When the
 * calendar is configured but could not be read lately, no window is offered: closing is safer
 * than a double booking. The same function answers the check made again inside the booking's
 * transaction (`db` is then that transaction).
 */
import type { Kysely } from "kysely";
import type { BookingRules, BookingWindow, BusyTime } from "#app/schemas/booking.ts";
import type { BookingDeps } from "#app/server/booking/deps.server.ts";
import { getBookingRules } from "#app/server/booking/rules.server.ts";
import { computeWindows } from "#app/server/booking/windows.server.ts";
import type { DB } from "#app/server/db/schema.server.ts";
import { listActiveVisitTimes } from "#app/server/repos/bookings.server.ts";
import { DAY_MS } from "#app/server/visits/rules.server.ts";

/** The contractor's calendar as read for one answer: reused by the check inside the transaction. */
export interface CalendarSnapshot {
  feed: { configured: boolean; fresh: boolean };
  busy: BusyTime[];
}

export type OpenWindows =
  | { state: "open"; rules: BookingRules; windows: BookingWindow[]; calendar: CalendarSnapshot }
  /** "off": online booking is turned off; "calendar": the contractor's calendar could not be read. */
  | { state: "closed"; rules: BookingRules; reason: "off" | "calendar" };

export async function openWindows(
  deps: Pick<BookingDeps, "database" | "clock" | "busyFeed">,
  {
    now,
    db = deps.database.db,
    exceptVisitId,
    calendar: known,
  }: {
    now: Date;
    db?: Kysely<DB>;
    exceptVisitId?: string;
    /**
     * The calendar as already read for this answer. The check inside a booking's transaction
     * passes it, so that transaction reads nothing through the pool: on PostgreSQL it may hold the
     * booking lock, and the pool's connections may all be bookings waiting for that lock.
     */
    calendar?: CalendarSnapshot;
  },
): Promise<OpenWindows> {
  const rules = await getBookingRules({ db });
  if (!rules.enabled) return { state: "closed", rules, reason: "off" };
  const feed = known?.feed ?? (await deps.busyFeed.state());
  if (feed.configured && !feed.fresh) return { state: "closed", rules, reason: "calendar" };
  // A day either side: a visit late the day before, or a busy time spanning midnight, still counts.
  const from = new Date(now.getTime() - DAY_MS);
  const to = new Date(now.getTime() + (rules.horizonDays + 2) * DAY_MS);
  const [visits, calendar] = await Promise.all([
    listActiveVisitTimes({ db, from, to }),
    known ? Promise.resolve(known.busy) : feed.configured ? deps.busyFeed.busyTimes({ from, to }) : Promise.resolve([] as BusyTime[]),
  ]);
  const busy: BusyTime[] = visits
    .filter((visit) => visit.id !== exceptVisitId)
    .map((visit) => {
      const start = new Date(visit.starts_at);
      return { start, end: new Date(start.getTime() + visit.minutes * 60_000), isVisit: true };
    });
  busy.push(...calendar);
  return {
    state: "open",
    rules,
    windows: computeWindows({ rules, now, timeZone: deps.clock.timeZone, busy }),
    calendar: { feed, busy: calendar },
  };
}

/** The open window starting at `start`, or null. */
export function windowAt(open: OpenWindows, start: Date): BookingWindow | null {
  if (open.state !== "open") return null;
  return open.windows.find((window) => window.start.getTime() === start.getTime()) ?? null;
}
