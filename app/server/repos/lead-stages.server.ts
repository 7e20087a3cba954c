/**
 * A request's stage moved by what happens to its quotes (issue 27): sending one marks it "Quote
 * sent", a signature marks it "Won". Only forward: the update applies only from the stages
 * listed, so a request already won or lost is never moved back.
 */
import type { Kysely, Transaction } from "kysely";
import type { DB } from "#app/server/db/schema.server.ts";
import type { LeadStatus } from "#app/schemas/lead.ts";

/** Moves the request to `to` when it is in one of `from`; says whether it moved. `db` may be a transaction. */
export async function updateLeadStatusFrom({
  db,
  leadId,
  to,
  from,
}: {
  db: Kysely<DB> | Transaction<DB>;
  leadId: string;
  to: LeadStatus;
  from: readonly LeadStatus[];
}): Promise<boolean> {
  const result = await db
    .updateTable("leads")
    .set({ status: to })
    .where("id", "=", leadId)
    .where("status", "in", [...from])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Marks the job done (issue 29): status "done" and `job_done_at`, only when it is not done yet, so
 * a second tap (or two at once) changes nothing. Says whether it moved. `db` may be a transaction.
 */
export async function markLeadJobDone({ db, leadId, now }: { db: Kysely<DB>; leadId: string; now: Date }): Promise<boolean> {
  const result = await db
    .updateTable("leads")
    .set({ status: "done", job_done_at: now.toISOString() })
    .where("id", "=", leadId)
    .where("status", "!=", "done")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Moves a request out of "Job done" to `to`, its `job_done_at` cleared; false when it was not done. */
export async function reopenLeadJob({ db, leadId, to }: { db: Kysely<DB>; leadId: string; to: LeadStatus }): Promise<boolean> {
  const result = await db
    .updateTable("leads")
    .set({ status: to, job_done_at: null })
    .where("id", "=", leadId)
    .where("status", "=", "done")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
