/**
 * The pipeline's raw figures for one period (issue 27; the dashboard): requests received (spam
 * left out), visits booked (cancelled ones left out), the first version of each quote sent in the
 * period, and the signatures made in it. The same SQL on SQLite and PostgreSQL: times are ISO
 * strings in UTC, compared as text. The money is summed by the caller from the stored JSON (a
 * version's document, a signature's totals), with the quote arithmetic the homeowner was shown.
 */
import type { Kysely } from "kysely";
import type { DB } from "#app/server/db/schema.server.ts";

export interface PipelineRows {
  requests: number;
  visits: number;
  /** JSON of each quote's first sent version (QuoteDocument). */
  firstVersions: string[];
  /** JSON of each signature's totals (QuoteTotals). */
  signedTotals: string[];
}

/** Everything from `since` (inclusive) to `until` (exclusive). */
export async function getPipelineRows({ db, since, until }: { db: Kysely<DB>; since: Date; until: Date }): Promise<PipelineRows> {
  const [from, to] = [since.toISOString(), until.toISOString()];
  const [requests, visits, firstVersions, signatures] = await Promise.all([
    db
      .selectFrom("leads")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where("created_at", ">=", from)
      .where("created_at", "<", to)
      .where("is_spam", "=", 0)
      .where("status", "!=", "spam")
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("visits")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where("created_at", ">=", from)
      .where("created_at", "<", to)
      .where("status", "!=", "cancelled")
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("quote_versions")
      .select("document")
      .where("version", "=", 1)
      .where("created_at", ">=", from)
      .where("created_at", "<", to)
      .execute(),
    db.selectFrom("quote_signatures").select("totals").where("signed_at", ">=", from).where("signed_at", "<", to).execute(),
  ]);
  return {
    requests: Number(requests.count),
    visits: Number(visits.count),
    firstVersions: firstVersions.map((row) => row.document),
    signedTotals: signatures.map((row) => row.totals),
  };
}
