/**
 * The contractor's own calendar as busy times (issue 28, ADR 071): its private iCalendar address
 * is read every few minutes, and the busy times found close the booking windows they touch. The
 * host builds this once (`createBusyFeed(deps)`); the admin page and the window computation reach
 * it as `backend.busyFeed`.
 *
 * A read replaces the whole set of stored busy times in one transaction, so several instances
 * reading at once stay correct; each skips its read when another read a moment ago. A read that
 * fails keeps the last good set but makes the state not fresh, and the caller then closes every
 * window: if the calendar cannot be read, windows close rather than risk a double booking.
 */
import type { BusyTime } from "#app/schemas/booking.ts";
import type { BackendBase } from "#app/server/backend-base.server.ts";
import { checkFeedAddress } from "#app/server/booking/busy-feed-address.server.ts";
import { busyFeedLimits, fetchCalendar, type FetchLimits } from "#app/server/booking/busy-feed-fetch.server.ts";
import { BusyFeedError, busyTimesFromCalendar, type BusySpan } from "#app/server/booking/busy-feed-parse.server.ts";
import {
  BUSY_FEED_SETTING,
  BUSY_FEED_STATE_SETTING,
  getFeedAddress,
  getFeedAddressForUpdate,
  getReadState,
  maskAddress,
  noReadYet,
  type StoredReadState,
} from "#app/server/booking/busy-feed-store.server.ts";
import { startHousekeeping as startTimer, type Housekeeping } from "#app/server/housekeeping.server.ts";
import type { OutboundPolicy } from "#app/server/net/outbound.server.ts";
import { deleteCalendarBusy, listCalendarBusy, replaceCalendarBusy } from "#app/server/repos/calendar-busy.server.ts";
import { deleteSetting, setSetting } from "#app/server/repos/settings.server.ts";

/** A good read older than this no longer counts: the windows close. */
export const BUSY_FEED_FRESH_MINUTES = 20;
/** How often each instance reads the calendar. */
export const BUSY_FEED_INTERVAL_MS = 5 * 60_000;
/** What a read looks at: from a day ago (an event under way) to past the longest booking horizon. */
export const BUSY_FEED_DAYS = { past: 1, ahead: 92 } as const;
/** More busy times than this in those days and the calendar is refused (not cut short). */
export const BUSY_FEED_MAX_TIMES = 5000;

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

export interface BusyFeedDeps extends Pick<BackendBase, "database" | "logger" | "clock"> {
  /** Where reads may go (ADR 046): public addresses only, unless the tests' BUSY_FEED_ALLOW_LOCAL. */
  outbound: OutboundPolicy;
  limits?: Partial<FetchLimits>;
}

export interface BusyFeedState {
  /** An address is saved. */
  configured: boolean;
  /** The last read was good and recent: its busy times can be trusted. */
  fresh: boolean;
  okAt: string | null;
  checkedAt: string | null;
  /** Why the last read failed (a sentence), or null. */
  error: string | null;
  /** When the reads started failing (the first failure since the last good read). */
  failingSince: string | null;
  /** Busy times stored by the last good read. */
  count: number;
  /** "https://calendar.google.com/…", never the whole address. */
  maskedAddress: string | null;
}

export type ReadResult = { ok: true; count: number } | { ok: false; error: string };

export type SaveAddressResult = { ok: true; message: string; read: ReadResult | null } | { ok: false; status: 400; message: string };

/** The state as the admin page and the window computation read it. */
function stateView(deps: BusyFeedDeps, address: string | null, stored: StoredReadState): BusyFeedState {
  const okAge = stored.okAt ? deps.clock.now().getTime() - Date.parse(stored.okAt) : Number.POSITIVE_INFINITY;
  const fresh = address !== null && stored.error === null && okAge <= BUSY_FEED_FRESH_MINUTES * MINUTE_MS;
  return { configured: address !== null, fresh, ...stored, maskedAddress: address === null ? null : maskAddress(address) };
}

/** Stores a read's outcome, unless the address changed (or was removed) while it was read. */
async function recordRead(deps: BusyFeedDeps, address: string, outcome: { busy: BusySpan[] } | { error: string }): Promise<boolean> {
  const at = deps.clock.now().toISOString();
  return deps.database.db.transaction().execute(async (trx) => {
    // Locked: a change of address waits for this outcome, or this one sees the change and is dropped.
    if ((await getFeedAddressForUpdate(trx, deps.database.dialect)) !== address) return false;
    if ("busy" in outcome) {
      await replaceCalendarBusy({ db: trx, busy: outcome.busy });
      const state: StoredReadState = { checkedAt: at, okAt: at, error: null, failingSince: null, count: outcome.busy.length };
      await setSetting({ db: trx, key: BUSY_FEED_STATE_SETTING, value: state });
    } else {
      const before = await getReadState(trx);
      const failingSince = before.error !== null && before.failingSince ? before.failingSince : at;
      await setSetting({ db: trx, key: BUSY_FEED_STATE_SETTING, value: { ...before, checkedAt: at, error: outcome.error, failingSince } });
    }
    return true;
  });
}

/** One read of the saved address: fetched, worked out, stored (or the failure recorded). */
async function readCalendar(deps: BusyFeedDeps, limits: FetchLimits): Promise<ReadResult> {
  const { logger, clock } = deps;
  const address = await getFeedAddress(deps.database.db);
  if (address === null) return { ok: false, error: "no calendar address is saved" };
  const masked = maskAddress(address);
  const now = clock.now().getTime();
  const range = {
    from: new Date(now - BUSY_FEED_DAYS.past * DAY_MS),
    to: new Date(now + BUSY_FEED_DAYS.ahead * DAY_MS),
    timeZone: clock.timeZone,
    max: BUSY_FEED_MAX_TIMES,
  };
  let busy: BusySpan[];
  try {
    busy = busyTimesFromCalendar(await fetchCalendar(address, deps.outbound, limits), range);
  } catch (caught) {
    const error = caught instanceof BusyFeedError ? caught.message : "it could not be read (an unexpected error; see the server's log)";
    if (!(caught instanceof BusyFeedError)) logger.error("busy feed read crashed", { address: masked, error: caught });
    await recordRead(deps, address, { error });
    logger.warn("busy feed could not be read", { address: masked, error });
    return { ok: false, error };
  }
  await recordRead(deps, address, { busy });
  logger.info("busy feed read", { address: masked, count: busy.length });
  return { ok: true, count: busy.length };
}

/** "" turns the calendar off; an address is checked, kept, and read at once. */
async function saveFeedAddress(deps: BusyFeedDeps, readAgain: () => Promise<ReadResult>, input: string): Promise<SaveAddressResult> {
  const { db } = deps.database;
  if (input.trim() === "") {
    await db.transaction().execute(async (trx) => {
      await deleteSetting({ db: trx, key: BUSY_FEED_SETTING });
      await deleteSetting({ db: trx, key: BUSY_FEED_STATE_SETTING });
      await deleteCalendarBusy({ db: trx });
    });
    return { ok: true, message: "Your calendar is no longer read: only your visits close booking windows now.", read: null };
  }
  const checked = checkFeedAddress(input, deps.outbound);
  if (!checked.ok) return { ok: false, status: 400, message: checked.message };
  if ((await getFeedAddress(db)) !== checked.address) {
    // A new calendar: nothing of the old one counts, and windows stay closed until it is read.
    await db.transaction().execute(async (trx) => {
      await setSetting({ db: trx, key: BUSY_FEED_SETTING, value: { url: checked.address } });
      await setSetting({ db: trx, key: BUSY_FEED_STATE_SETTING, value: noReadYet });
      await deleteCalendarBusy({ db: trx });
    });
  }
  const read = await readAgain();
  const message = read.ok
    ? `Your calendar’s address was saved and read: ${timesWord(read.count)}.`
    : `Your calendar’s address was saved, but it could not be read: ${read.error}. Online booking is closed until it can be read.`;
  return { ok: true, message, read };
}

export function createBusyFeed(deps: BusyFeedDeps) {
  const { database, logger, clock } = deps;
  const db = database.db;
  const limits = { ...busyFeedLimits, ...deps.limits };
  let reading: Promise<ReadResult> | null = null;

  /** Reads the calendar now and stores what it says; one read at a time in this process. */
  function refresh(): Promise<ReadResult> {
    reading ??= readCalendar(deps, limits).finally(() => {
      reading = null;
    });
    return reading;
  }

  /** A read that starts after any under way (which may be of an address just replaced). */
  async function readAgain(): Promise<ReadResult> {
    for (let underWay = reading; underWay; underWay = reading) await underWay.catch(() => undefined);
    return refresh();
  }

  /**
   * A read, when an address is saved and no instance read it in the last few minutes: the timer's
   * task. Null when there was nothing to do.
   */
  async function readIfDue(): Promise<ReadResult | null> {
    const [address, stored] = await Promise.all([getFeedAddress(db), getReadState(db)]);
    if (address === null) return null;
    const sinceCheck = stored.checkedAt ? clock.now().getTime() - Date.parse(stored.checkedAt) : Number.POSITIVE_INFINITY;
    if (sinceCheck < BUSY_FEED_INTERVAL_MS - MINUTE_MS) return null;
    return refresh();
  }

  return {
    refresh,
    async state(): Promise<BusyFeedState> {
      const [address, stored] = await Promise.all([getFeedAddress(db), getReadState(db)]);
      return stateView(deps, address, stored);
    },
    saveAddress: (input: string) => saveFeedAddress(deps, readAgain, input),
    /** The stored busy times overlapping [from, to): the caller first checks `state()` (configured and not fresh: close every window). */
    async busyTimes({ from, to }: { from: Date; to: Date }): Promise<BusyTime[]> {
      return (await listCalendarBusy({ db, from, to })).map(({ start, end }) => ({ start, end, isVisit: false }));
    },
    readIfDue,
    /** Reads every few minutes while an address is saved (`readIfDue`), on every instance. */
    startHousekeeping(): Housekeeping {
      return startTimer({ name: "busy feed", logger, intervalMs: BUSY_FEED_INTERVAL_MS, task: async () => void (await readIfDue()) });
    },
  };
}

export type BusyFeed = ReturnType<typeof createBusyFeed>;

/** "12 busy times", "1 busy time", "no busy times". */
export function timesWord(count: number): string {
  return count === 0 ? "no busy times" : count === 1 ? "1 busy time" : `${count} busy times`;
}
