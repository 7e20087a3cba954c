/**
 * The contractor's first answers (issue 29), as the dashboard reads them: the requests of a period
 * that got one, and the requests still waiting for one. `leads.first_answered_at` is written by
 * `markFirstAnswered` (leads.server.ts).
 */
import type { Kysely } from "kysely";
import type { DB } from "#app/server/db/schema.server.ts";
import { unansweredStatuses } from "#app/schemas/lead.ts";
import type { Lead } from "#app/server/repos/leads.server.ts";

/**
 * When each request received since `since` came and was first answered: spam left out, and so are
 * the requests migration 0025 found already answered (recorded as answered at their creation:
 * their real answer time is not known).
 */
export async function listFirstAnswerTimes({
  db,
  since,
}: {
  db: Kysely<DB>;
  since: Date;
}): Promise<{ created_at: string; first_answered_at: string }[]> {
  const rows = await db
    .selectFrom("leads")
    .select(["created_at", "first_answered_at"])
    .where("created_at", ">=", since.toISOString())
    .where("first_answered_at", "is not", null)
    .whereRef("first_answered_at", "<>", "created_at")
    .where("status", "<>", "spam")
    .execute();
  return rows.flatMap((row) => (row.first_answered_at ? [{ created_at: row.created_at, first_answered_at: row.first_answered_at }] : []));
}

export type UnansweredLead = Pick<Lead, "id" | "from_name" | "subject" | "created_at" | "status">;

/** The requests still waiting for a first answer (new or needing review, none recorded), oldest first: `limit` of them and how many in all. */
export async function listUnansweredLeads({
  db,
  limit,
}: {
  db: Kysely<DB>;
  limit: number;
}): Promise<{ total: number; leads: UnansweredLead[] }> {
  const waiting = db
    .selectFrom("leads")
    .where("status", "in", [...unansweredStatuses])
    .where("first_answered_at", "is", null);
  const [leads, count] = await Promise.all([
    waiting.select(["id", "from_name", "subject", "created_at", "status"]).orderBy("created_at").orderBy("id").limit(limit).execute(),
    waiting.select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirstOrThrow(),
  ]);
  return { total: Number(count.count), leads };
}
