/**
 * Bookings (ADR 071): the only code that writes SQL for `booking_links`, and for the visits a
 * homeowner books, moves or cancels online. A booked visit holds its window by `slot_start`, which
 * the database keeps unique: two homeowners racing for one window cannot both write it, on SQLite
 * and PostgreSQL alike. The window is also checked again inside the transaction (`recheck`), so a
 * time that closed meanwhile (a visit set by hand, the most a day) is refused too.
 *
 * That re-check is only sound when no other booking writes between it and the commit. SQLite's
 * write transactions are serialized (`begin immediate`); on PostgreSQL, READ COMMITTED lets two
 * transactions both re-check, both see room for one more visit that day and both insert (two
 * different windows: the unique index does not see it). So there the transaction first takes one
 * advisory lock, held until commit, that every re-checked booking write takes: the re-check made
 * after it sees every booking committed before.
 */
import { sql, type Kysely, type Selectable } from "kysely";
import type { BookingLinksTable, DB } from "#app/server/db/schema.server.ts";
import type { LeadStatus } from "#app/schemas/lead.ts";
import type { Timed, WithDb } from "#app/server/repos/args.server.ts";
import { markFirstAnswered } from "#app/server/repos/leads.server.ts";
import { createScheduledEmailJobs, deletePendingEmailJob, type ScheduledEmailJob } from "#app/server/repos/email-jobs.server.ts";
import { isUniqueViolation } from "#app/server/repos/users.server.ts";
import type { Visit, VisitWithLead } from "#app/server/repos/visits.server.ts";

export type BookingLink = Selectable<BookingLinksTable>;

export async function getBookingLinkOfLead({ db, leadId }: WithDb<{ leadId: string }>): Promise<BookingLink | null> {
  return (await db.selectFrom("booking_links").selectAll().where("lead_id", "=", leadId).executeTakeFirst()) ?? null;
}

export async function getBookingLinkByToken({ db, tokenSha256 }: WithDb<{ tokenSha256: string }>): Promise<BookingLink | null> {
  return (await db.selectFrom("booking_links").selectAll().where("token_sha256", "=", tokenSha256).executeTakeFirst()) ?? null;
}

/** Stores a request's link unless it has one (two first uses at once keep the first), and returns the one stored. */
export async function createBookingLinkIfAbsent({
  db,
  leadId,
  tokenNonce,
  tokenSha256,
  now = new Date(),
}: Timed<{ leadId: string; tokenNonce: string; tokenSha256: string }>): Promise<BookingLink> {
  await db
    .insertInto("booking_links")
    .values({ lead_id: leadId, token_nonce: tokenNonce, token_sha256: tokenSha256, created_at: now.toISOString() })
    .onConflict((oc) => oc.column("lead_id").doNothing())
    .execute();
  const link = await getBookingLinkOfLead({ db, leadId });
  if (!link) throw new Error("booking link vanished after its insert");
  return link;
}

/** A new token for a request's link: the old one answers 404 at once. */
export async function replaceBookingLinkToken({
  db,
  leadId,
  tokenNonce,
  tokenSha256,
}: WithDb<{ leadId: string; tokenNonce: string; tokenSha256: string }>) {
  await db.updateTable("booking_links").set({ token_nonce: tokenNonce, token_sha256: tokenSha256 }).where("lead_id", "=", leadId).execute();
}

export async function getVisit({ db, id }: WithDb<{ id: string }>): Promise<Visit | null> {
  return (await db.selectFrom("visits").selectAll().where("id", "=", id).executeTakeFirst()) ?? null;
}

/** Pending and scheduled visits starting in [from, to): the contractor's time already taken. */
export async function listActiveVisitTimes({
  db,
  from,
  to,
}: WithDb<{ from: Date; to: Date }>): Promise<Pick<Visit, "id" | "starts_at" | "minutes">[]> {
  return db
    .selectFrom("visits")
    .select(["id", "starts_at", "minutes"])
    .where("status", "in", ["pending", "scheduled"])
    .where("starts_at", ">=", from.toISOString())
    .where("starts_at", "<", to.toISOString())
    .orderBy("starts_at")
    .execute();
}

/** Bookings waiting for the contractor, the soonest first, with their request. */
export async function listPendingBookings({ db, from, limit }: WithDb<{ from: Date; limit: number }>): Promise<VisitWithLead[]> {
  return db
    .selectFrom("visits")
    .innerJoin("leads", "leads.id", "visits.lead_id")
    .selectAll("visits")
    .select(["leads.from_name", "leads.phone", "leads.subject", "leads.street_address", "leads.zip"])
    .where("visits.status", "=", "pending")
    .where("visits.starts_at", ">=", from.toISOString())
    .orderBy("visits.starts_at")
    .orderBy("visits.id")
    .limit(limit)
    .execute();
}

export type BookingWrite = "done" | "taken" | "changed";

/** The advisory lock every re-checked booking write holds on PostgreSQL (see the top of this file). */
const BOOKING_LOCK = "booking.windows";

/**
 * Writes a booked visit, new (`current` absent) or changed, with its emails, the request's new
 * status and whatever `also` queues (the contractor's email and push), in one transaction:
 * - "taken" when `recheck` says the window is no longer open, or another booking holds it (the
 *   unique index): nothing is written; on PostgreSQL the re-check runs under the bookings' lock;
 * - "changed" when `current` changed meanwhile (another tab, the contractor): nothing is written.
 */
export async function writeBooking({
  db,
  dialect,
  visit,
  current,
  jobs,
  dropJobId,
  leadStatus,
  recheck,
  also,
  answers = false,
  now = new Date(),
}: Timed<{
  dialect: "sqlite" | "postgres";
  visit: Visit;
  current?: Visit;
  jobs: readonly ScheduledEmailJob[];
  dropJobId?: string | null;
  leadStatus?: LeadStatus;
  /** A booking confirmed (by the contractor, or at once by their rules) or declined: the request's first answer, if it had none (issue 29). */
  answers?: boolean;
  recheck?: (trx: Kysely<DB>) => Promise<boolean>;
  also?: (trx: Kysely<DB>) => Promise<void>;
}>): Promise<BookingWrite> {
  try {
    return await db.transaction().execute(async (trx) => {
      if (recheck) {
        if (dialect === "postgres") await sql`select pg_advisory_xact_lock(hashtextextended(${BOOKING_LOCK}, 0))`.execute(trx);
        if (!(await recheck(trx))) return "taken";
      }
      if (current) {
        const { id, lead_id: _lead, uid: _uid, created_at: _created, ...changes } = visit;
        const result = await trx
          .updateTable("visits")
          .set(changes)
          .where("id", "=", id)
          .where("sequence", "=", current.sequence)
          .where("status", "=", current.status)
          .where("starts_at", "=", current.starts_at)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) !== 1) return "changed";
      } else {
        await trx.insertInto("visits").values(visit).execute();
      }
      if (dropJobId) await deletePendingEmailJob({ db: trx, id: dropJobId });
      await createScheduledEmailJobs({ db: trx, jobs, now });
      if (leadStatus) await trx.updateTable("leads").set({ status: leadStatus }).where("id", "=", visit.lead_id).execute();
      if (answers) await markFirstAnswered({ db: trx, leadId: visit.lead_id, now });
      if (also) await also(trx);
      return "done";
    });
  } catch (error) {
    // Another homeowner's booking of this window committed first.
    if (isUniqueViolation(error)) return "taken";
    throw error;
  }
}
