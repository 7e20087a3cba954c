/**
 * The admin's online booking page (/admin/visits/booking, ADR 071): the booking rules' form and
 * the contractor's own calendar (its address, a read now, how the last reads went), and the
 * dashboard's alert while that calendar cannot be read. The host builds this once
 * (`createBookingAdmin(deps)`); routes reach it as `backend.bookingAdmin`.
 */
import type { BookingRules } from "#app/schemas/booking.ts";
import { bookingFormFieldNames, bookingFormValues, parseBookingForm, type BookingFormValues } from "#app/schemas/booking-form.ts";
import type { BackendBase } from "#app/server/backend-base.server.ts";
import { timesWord, type BusyFeed, type BusyFeedState } from "#app/server/booking/busy-feed.server.ts";
import { getBookingRules, saveBookingRules } from "#app/server/booking/rules.server.ts";
import type { SiteClock } from "#app/server/time.server.ts";

export interface BookingAdminDeps extends Pick<BackendBase, "database" | "clock"> {
  busyFeed: BusyFeed;
}

/** The calendar's part of the page. */
export interface FeedView {
  configured: boolean;
  fresh: boolean;
  /** "https://calendar.google.com/…": the stored address is never sent to the browser. */
  maskedAddress: string | null;
  /** How the reads go, in a sentence; null while no address is saved. */
  status: string | null;
}

export type BookingAdminResult =
  | { ok: true; message: string }
  | { ok: false; status: 400; message: string; fieldErrors?: Record<string, string>; values?: BookingFormValues };

/** "just now", "1 minute ago", "3 minutes ago", "2 hours ago". */
function ago(iso: string, now: Date): string {
  const minutes = Math.max(0, Math.floor((now.getTime() - Date.parse(iso)) / 60_000));
  if (minutes < 1) return "just now";
  if (minutes < 120) return minutes === 1 ? "1 minute ago" : `${minutes} minutes ago`;
  return `${Math.floor(minutes / 60)} hours ago`;
}

/** When the calendar stopped being usable: the first failed read, else the last good one. */
function failingSince(state: BusyFeedState): string | null {
  return state.error !== null ? (state.failingSince ?? state.checkedAt) : state.okAt;
}

function feedStatus(state: BusyFeedState, clock: SiteClock): string | null {
  if (!state.configured) return null;
  if (state.fresh && state.okAt) return `Last read ${ago(state.okAt, clock.now())}: ${timesWord(state.count)}.`;
  const closed = "Online booking is closed until it can be read.";
  const since = failingSince(state);
  if (state.error !== null) return `Could not be read since ${since ? clock.formatTime(since) : "it was saved"}: ${state.error}. ${closed}`;
  if (state.okAt) return `Last read ${clock.formatTime(state.okAt)}, too long ago to be trusted. ${closed}`;
  return `Not read yet. ${closed}`;
}

export function createBookingAdmin(deps: BookingAdminDeps) {
  const { database, clock, busyFeed } = deps;
  const db = database.db;

  async function feedView(): Promise<FeedView> {
    const state = await busyFeed.state();
    return { configured: state.configured, fresh: state.fresh, maskedAddress: state.maskedAddress, status: feedStatus(state, clock) };
  }

  return {
    /** The rules as the form shows them, and the calendar's part. */
    async getRulesPage(): Promise<{ rules: BookingRules; values: BookingFormValues; feed: FeedView }> {
      const [rules, feed] = await Promise.all([getBookingRules({ db }), feedView()]);
      return { rules, values: bookingFormValues(rules), feed };
    },

    /** The posted form, checked field by field, saved whole. */
    async saveRules(form: Partial<BookingFormValues>): Promise<BookingAdminResult> {
      const parsed = parseBookingForm(form);
      if (!parsed.ok) {
        const values = Object.fromEntries(bookingFormFieldNames.map((name) => [name, form[name] ?? ""]));
        const fieldErrors = Object.fromEntries(parsed.errors.map((error) => [error.field, error.message]));
        return { ok: false, status: 400, message: parsed.errors.map((error) => error.message).join(" "), fieldErrors, values };
      }
      await saveBookingRules({ db, rules: parsed.rules });
      return { ok: true, message: "The booking rules were saved." };
    },

    /** Saves (and reads at once) or, with "", turns off the calendar. */
    async saveFeedAddress(address: string): Promise<BookingAdminResult> {
      const saved = await busyFeed.saveAddress(address);
      return saved.ok
        ? { ok: true, message: saved.message }
        : { ok: false, status: 400, message: saved.message, fieldErrors: { feed_address: saved.message } };
    },

    /** "Read it now". */
    async refreshFeed(): Promise<BookingAdminResult> {
      if (!(await busyFeed.state()).configured) {
        return { ok: false, status: 400, message: "No calendar address is saved yet: paste one and save it first." };
      }
      const read = await busyFeed.refresh();
      return read.ok
        ? { ok: true, message: `Your calendar was read: ${timesWord(read.count)}.` }
        : { ok: true, message: `Your calendar could not be read: ${read.error}. Online booking is closed until it can be read.` };
    },

    /** The dashboard's alert: while a saved calendar cannot be trusted, homeowners cannot book online. */
    async getFeedAlert(): Promise<{ message: string; error: string | null } | null> {
      const state = await busyFeed.state();
      if (!state.configured || state.fresh) return null;
      const since = failingSince(state);
      const message = since
        ? `Your calendar could not be read since ${clock.formatTime(since)}; homeowners cannot book online until it can.`
        : "Your calendar has not been read yet; homeowners cannot book online until it can.";
      return { message, error: state.error };
    },
  };
}

export type BookingAdmin = ReturnType<typeof createBookingAdmin>;
