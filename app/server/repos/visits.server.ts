/**
 * Site visits: the only code that writes SQL for `visits`. A visit and the emails it causes (and
 * the request's status) are written in one transaction, so an invitation is never queued for a
 * visit that was not stored, nor a visit stored without its reminder.
 */
import type { Kysely, Selectable } from "kysely";
import type { DB, VisitsTable } from "#app/server/db/schema.server.ts";
import type { LeadStatus } from "#app/schemas/lead.ts";
import { createScheduledEmailJobs, deletePendingEmailJob, type ScheduledEmailJob } from "#app/server/repos/email-jobs.server.ts";
import type { WithDb } from "#app/server/repos/args.server.ts";
import { markFirstAnswered } from "#app/server/repos/leads.server.ts";

export type Visit = Selectable<VisitsTable>;

/** A visit with what the contractor's list and calendar show of its request. */
export interface VisitWithLead extends Visit {
  from_name: string;
  phone: string;
  subject: string;
  street_address: string | null;
  zip: string | null;
}

/** The request's latest visit (scheduled or cancelled), or null when it has none. */
export async function getLatestVisitOfLead({ db, leadId }: { db: Kysely<DB>; leadId: string }): Promise<Visit | null> {
  return (
    (await db
      .selectFrom("visits")
      .selectAll()
      .where("lead_id", "=", leadId)
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(1)
      .executeTakeFirst()) ?? null
  );
}

type ListVisitsArgs = WithDb<{ status: Visit["status"]; from: Date; to?: Date; limit: number }>;

/** Visits in `status` starting at or after `from` (and before `to`, when given), earliest first, with their request. */
export async function listVisits({ db, status, from, to, limit }: ListVisitsArgs): Promise<VisitWithLead[]> {
  let query = db
    .selectFrom("visits")
    .innerJoin("leads", "leads.id", "visits.lead_id")
    .selectAll("visits")
    .select(["leads.from_name", "leads.phone", "leads.subject", "leads.street_address", "leads.zip"])
    .where("visits.status", "=", status)
    .where("visits.starts_at", ">=", from.toISOString());
  if (to) query = query.where("visits.starts_at", "<", to.toISOString());
  return query.orderBy("visits.starts_at").orderBy("visits.id").limit(limit).execute();
}

/** For each request given, the start of its latest scheduled visit (requests without one are absent). */
export async function listScheduledVisitStarts({ db, leadIds }: WithDb<{ leadIds: readonly string[] }>): Promise<Map<string, string>> {
  const starts = new Map<string, string>();
  if (leadIds.length === 0) return starts;
  const rows = await db
    .selectFrom("visits")
    .select(["lead_id", "starts_at"])
    .where("status", "=", "scheduled")
    .where("lead_id", "in", [...leadIds])
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  for (const row of rows) starts.set(row.lead_id, row.starts_at);
  return starts;
}

/**
 * Stores a new visit or the changed one, with its emails, in one transaction: the old pending
 * reminder (`dropJobId`) goes, `jobs` are queued, and the request moves to `leadStatus` when given.
 * An update only applies while the row still has `expectedSequence` (two admins changing one visit
 * at once: the second is told, not silently overwritten). False when nothing was written.
 */
export async function saveVisit({
  db,
  visit,
  mode,
  expectedSequence,
  jobs,
  dropJobId,
  leadStatus,
  answers = false,
  now = new Date(),
}: {
  db: Kysely<DB>;
  visit: Visit;
  mode: "insert" | "update";
  expectedSequence?: number;
  jobs: readonly ScheduledEmailJob[];
  dropJobId?: string | null;
  leadStatus?: LeadStatus;
  /** The contractor set the visit's time: the request's first answer, if it had none (issue 29). */
  answers?: boolean;
  now?: Date;
}): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    if (mode === "insert") {
      await trx.insertInto("visits").values(visit).execute();
    } else {
      const { id, lead_id: _lead, uid: _uid, created_at: _created, ...changes } = visit;
      const result = await trx
        .updateTable("visits")
        .set(changes)
        .where("id", "=", id)
        .where("sequence", "=", expectedSequence ?? visit.sequence - 1)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) return false;
    }
    if (dropJobId) await deletePendingEmailJob({ db: trx, id: dropJobId });
    await createScheduledEmailJobs({ db: trx, jobs, now });
    if (leadStatus) await trx.updateTable("leads").set({ status: leadStatus }).where("id", "=", visit.lead_id).execute();
    if (answers) await markFirstAnswered({ db: trx, leadId: visit.lead_id, now });
    return true;
  });
}
