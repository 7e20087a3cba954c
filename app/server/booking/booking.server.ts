/**
 * Bookings (issue 28, ADR 071): the homeowner picks the visit's arrival window on their request's
 * booking page; it is held at once, never twice, and confirmed by the contractor in one tap (or at
 * once, by their rules). The host builds this once (`createBooking(deps)`) and routes reach it as
 * `backend.booking`.
 */
import { bookVisit, cancelBooking, moveVisit } from "#app/server/booking/book.server.ts";
import { confirmBooking, decisionMessage, declineBooking, listPending } from "#app/server/booking/confirm.server.ts";
import type { BookingDeps } from "#app/server/booking/deps.server.ts";
import { bookingUrl, ensureBookingToken } from "#app/server/booking/link.server.ts";
import { openWindows } from "#app/server/booking/open-windows.server.ts";
import { openBookingPage } from "#app/server/booking/page.server.ts";
import type { Locale } from "#app/i18n/locale.ts";
import { bookingPath } from "#app/server/quotes/paths.server.ts";

/** The second argument of a verb: what a caller passes once the dependencies are bound. */
type Args<F> = F extends (deps: BookingDeps, args: infer A) => unknown ? A : never;

export function createBooking(deps: BookingDeps) {
  return {
    /** The booking page of a token: not found, or its view. */
    openPage: (args: Args<typeof openBookingPage>) => openBookingPage(deps, args),
    book: (args: Args<typeof bookVisit>) => bookVisit(deps, args),
    move: (args: Args<typeof moveVisit>) => moveVisit(deps, args),
    cancel: (args: Args<typeof cancelBooking>) => cancelBooking(deps, args),
    /** The windows open now (the bench, and a check by the tests). */
    openWindows: (args: { now?: Date } = {}) => openWindows(deps, { now: args.now ?? deps.clock.now() }),
    /** The dashboard's bookings waiting for the contractor. */
    listPending: () => listPending(deps),
    confirm: (args: Args<typeof confirmBooking>) => confirmBooking(deps, args),
    decline: (args: Args<typeof declineBooking>) => declineBooking(deps, args),
    /** A request's booking page path in `locale` (/book/<token>), made on first use: the estimate form's answer. */
    bookingPath: async ({ leadId, locale }: { leadId: string; locale: Locale }) =>
      bookingPath(locale, await ensureBookingToken({ db: deps.database.db, secret: deps.secret, leadId, now: deps.clock.now() })),
    /** What a confirm or decline answered, for the page its redirect lands on. */
    decisionMessage: (args: Args<typeof decisionMessage>) => decisionMessage(deps, args),
    /** A request's booking page address in `locale`, made on first use (the homeowner's page, the admin). */
    bookingUrl: async ({ leadId, locale }: { leadId: string; locale: Locale }) =>
      bookingUrl(
        deps.config.publicUrl,
        locale,
        await ensureBookingToken({ db: deps.database.db, secret: deps.secret, leadId, now: deps.clock.now() }),
      ),
  };
}

export type Booking = ReturnType<typeof createBooking>;
