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
