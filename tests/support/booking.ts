/**
 * The booking suites' shared parts (issue 28, ADR 071): the real backend, built in this process
 * the way the server builds it (`buildBackend`), on a fresh database of a target (SQLite, or
 * PostgreSQL in its own schema), with the bookings and the visits bound to a clock that does not
 * move, so the windows on offer are the same from one step of a test to the next. Requests are
 * stored through the app's repository and each gets its own booking link, as the estimate form's
 * answer makes it.
 */
import { createBooking, type Booking } from "#app/server/booking/booking.server.ts";
import { createBusyFeed, type BusyFeed } from "#app/server/booking/busy-feed.server.ts";
import { saveBookingRules } from "#app/server/booking/rules.server.ts";
import type { Backend } from "#app/server/context.server.ts";
import type { Database } from "#app/server/db/index.server.ts";
import { parseEnv } from "#app/server/env.server.ts";
import { createLogger } from "#app/server/logger.server.ts";
import { createLeadWithJobs, type Lead, type NewLead } from "#app/server/repos/leads.server.ts";
import { createSiteClock, type SiteClock } from "#app/server/time.server.ts";
import { createVisits, type Visits } from "#app/server/visits/visits.server.ts";
import { defaultBookingRules, type BookingRules } from "#app/schemas/booking.ts";
import type { BookingPageView } from "#app/schemas/booking-page.ts";
import type { Locale } from "#app/i18n/locale.ts";
import { buildBackend } from "#server/build-backend.ts";
import { schemaUrl, type DatabaseTarget } from "#tests/support/databases.ts";

export const PUBLIC_URL = "https://remodel.test";
export const BUSINESS_INBOX = "owner@remodel.test";

export interface BookingSite {
  /** The real backend, its `booking`, `visits` and `busyFeed` bound to `clock`. */
  backend: Backend & { booking: Booking; visits: Visits; busyFeed: BusyFeed };
  database: Database;
  clock: SiteClock;
  /** Moves the fixed clock (a calendar's read growing old). */
  setNow(now: Date): void;
  /** A new request with its booking link: the token, and the page's address in the request's language. */
  newRequest(fields?: Partial<NewLead>): Promise<BookingRequest>;
  /** Saves the contractor's rules: the defaults with `changes`. */
  rules(changes?: Partial<BookingRules>): Promise<void>;
  stop(): Promise<void>;
}

export interface BookingRequest {
  lead: Lead;
  token: string;
  url: string;
}

let counter = 0;

/**
 * Builds the backend on a fresh database of `target` (already set up). `now` fixes the clock
 * (the default: the moment it is built, so the outbox, which reads the real time, sends at once
 * what the bookings queue); `env` is added to the server's configuration (SMTP_URL, for one).
 */
export async function startBookingSite(
  target: DatabaseTarget,
  { now = new Date(), env = {} }: { now?: Date; env?: Record<string, string> } = {},
): Promise<BookingSite> {
  const fresh = await target.fresh();
  const config = parseEnv({
    DATA_DIR: fresh.dataDir,
    ...(fresh.databaseUrl ? { DATABASE_URL: schemaUrl(fresh.databaseUrl, fresh.schema) } : {}),
    PUBLIC_URL,
    LEADS_TO: BUSINESS_INBOX,
    MAIL_FROM: "Booking Test <booking@remodel.test>",
    MAIL_POLL_SECONDS: "0.2",
    ...env,
  });
  const built = await buildBackend(config, createLogger({ level: "silent" }));
  let current = now;
  const clock = createSiteClock(built.backend.clock.timeZone, () => current);
  const deps = { ...built.backend, clock };
  // The contractor's calendar on the same clock; a test's calendar server is on the loopback.
  const busyFeed = createBusyFeed({ ...deps, outbound: { allowPrivate: true } });
  const backend = { ...built.backend, clock, busyFeed, booking: createBooking({ ...deps, busyFeed }), visits: createVisits(deps) };
  const { database } = backend;
  return {
    backend,
    database,
    clock,
    setNow(next) {
      current = next;
    },
    async newRequest(fields = {}) {
      counter += 1;
      const { lead } = await createLeadWithJobs({
        db: database.db,
        lead: {
          fromName: `Homeowner ${counter}`,
          email: `homeowner${counter}@home.test`,
          phone: "(713) 555-0100",
          subject: `Kitchen remodel #${counter}`,
          message: "",
          source: "/contact",
          isSpam: false,
          spamReason: null,
          ipHash: null,
          userAgent: "booking-test",
          ...fields,
        },
        buildJobs: () => [],
        giveUpAfterMs: 24 * 3600_000,
        now: current,
      });
      const locale: Locale = lead.locale === "es" ? "es" : "en";
      const url = await backend.booking.bookingUrl({ leadId: lead.id, locale });
      return { lead, token: url.slice(url.lastIndexOf("/") + 1), url };
    },
    rules: (changes = {}) => saveBookingRules({ db: database.db, rules: { ...defaultBookingRules, ...changes } }),
    async stop() {
      const { outbox, push, blobStore } = built.backend;
      built.stoppers.tempFiles.stop();
      await built.stoppers.publicPagesWatch.stop();
      await Promise.all([outbox.stop({ abortAfterMs: 1000 }), push.stop({ abortAfterMs: 1000 })]);
      await built.transport.close({ force: true });
      await blobStore.close();
      await database.close();
    },
  };
}

/** The visits holding a window (`slot_start`), or all of a request's. */
export function visitsWhere(database: Database, where: { slotStart?: string; leadId?: string }) {
  let query = database.db.selectFrom("visits").selectAll();
  if (where.slotStart) query = query.where("slot_start", "=", where.slotStart);
  if (where.leadId) query = query.where("lead_id", "=", where.leadId);
  return query.orderBy("created_at").execute();
}

/** The starts of the windows a page view offers, in order. */
export function offeredStarts(view: BookingPageView): string[] {
  return view.picker.state === "open" ? view.picker.days.flatMap((day) => day.windows.map((window) => window.start)) : [];
}
