/**
 * The admin's inbox over `leads`: a filter (status and free text) as SQL, its pages and export
 * batches, and the counts by status and by source (ADR 008, 024).
 */
import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from "kysely";
import type { DB } from "#app/server/db/schema.server.ts";
import { leadStatuses, parseLeadReference, type LeadStatus, type LeadStatusFilter } from "#app/schemas/lead.ts";
import type { Lead } from "#app/server/repos/leads.server.ts";
import type { WithDb } from "#app/server/repos/args.server.ts";

export interface LeadFilter {
  status: LeadStatusFilter;
  /**
   * Free text matched, case-insensitively, inside name, email, phone, subject, message, ZIP code
   * and street address; a reference ("#CB7EEF73", any case) finds the request it names (ADR 057).
   */
  q?: string;
}

/** Escapes LIKE's wildcards (and the escape character itself) so `%` and `_` match literally. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

const searchedColumns = ["from_name", "email", "phone", "subject", "message", "zip", "street_address"] as const;

/**
 * The phone column with its usual punctuation removed, so "7135550147" finds "(713) 555-0147".
 * Nested replace() runs the same on SQLite and PostgreSQL.
 */
const phoneDigitsSql = sql<string>`replace(replace(replace(replace(replace(replace(phone, ' ', ''), '(', ''), ')', ''), '-', ''), '.', ''), '+', '')`;

/**
 * The WHERE condition of a filter (`1 = 1` for none). Search lower-cases both sides in SQL:
 * PostgreSQL folds every letter, SQLite's lower() only ASCII (so "JOSÉ" finds "josé" there only
 * in the accent's own case). LIKE wildcards in the text are escaped.
 */
function leadFilterCondition(eb: ExpressionBuilder<DB, "leads">, filter: LeadFilter): Expression<SqlBool> {
  const conditions: Expression<SqlBool>[] = [];
  if (filter.status === "open") conditions.push(eb("status", "!=", "spam"));
  else if (filter.status !== "all") conditions.push(eb("status", "=", filter.status));
  const q = filter.q?.trim() ?? "";
  if (q !== "") {
    const pattern = `%${escapeLike(q)}%`;
    const matches: Expression<SqlBool>[] = searchedColumns.map(
      (column) => sql<SqlBool>`lower(${sql.ref(column)}) like lower(${pattern}) escape '\\'`,
    );
    const digits = q.replace(/\D/g, "");
    if (digits.length >= 3 && /^\+?[0-9\s().-]+$/.test(q)) {
      matches.push(sql<SqlBool>`${phoneDigitsSql} like ${`%${digits}%`}`);
    }
    // A reference is the start of the id (leadReference): ids are lower-case UUIDs on both databases.
    const reference = parseLeadReference(q);
    if (reference) matches.push(sql<SqlBool>`lower(id) like ${`${reference}%`}`);
    conditions.push(eb.or(matches));
  }
  return eb.and(conditions);
}

type ListLeadsArgs = WithDb<{ filter: LeadFilter; limit: number; offset?: number }>;

/** One page of leads matching `filter`, newest first, and how many match in all. */
export async function listLeads({ db, filter, limit, offset = 0 }: ListLeadsArgs): Promise<{ leads: Lead[]; total: number }> {
  const rows = db
    .selectFrom("leads")
    .selectAll()
    .where((eb) => leadFilterCondition(eb, filter));
  const count = db
    .selectFrom("leads")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where((eb) => leadFilterCondition(eb, filter));
  const [leads, total] = await Promise.all([
    rows.orderBy("created_at", "desc").orderBy("id", "desc").limit(limit).offset(offset).execute(),
    count.executeTakeFirstOrThrow(),
  ]);
  return { leads, total: Number(total.count) };
}

type ListLeadsForExportArgs = WithDb<{ filter: LeadFilter; after?: { created_at: string; id: string }; limit: number }>;

/**
 * Leads matching `filter`, newest first, in batches for an export: pass the last row of a batch
 * as `after` to get the next. Keyset paging keeps the batches consistent while new requests
 * arrive (they are newer than the cursor, so they never shift a batch).
 */
export async function listLeadsForExport({ db, filter, after, limit }: ListLeadsForExportArgs): Promise<Lead[]> {
  let query = db
    .selectFrom("leads")
    .selectAll()
    .where((eb) => leadFilterCondition(eb, filter));
  if (after) {
    query = query.where((eb) =>
      eb.or([eb("created_at", "<", after.created_at), eb.and([eb("created_at", "=", after.created_at), eb("id", "<", after.id)])]),
    );
  }
  return query.orderBy("created_at", "desc").orderBy("id", "desc").limit(limit).execute();
}

/** How many leads have each status (statuses without any are 0). */
export async function countLeadsByStatus({ db }: { db: Kysely<DB> }): Promise<Record<LeadStatus, number>> {
  const rows = await db
    .selectFrom("leads")
    .select((eb) => ["status", eb.fn.countAll<number>().as("count")])
    .groupBy("status")
    .execute();
  const counts = Object.fromEntries(leadStatuses.map((status) => [status, 0])) as Record<LeadStatus, number>;
  for (const row of rows) {
    if ((leadStatuses as readonly string[]).includes(row.status)) counts[row.status] = Number(row.count);
  }
  return counts;
}

/** A group of requests with the same attribution fields, and how many there are. */
interface LeadSourceGroup {
  utm_source: string | null;
  utm_medium: string | null;
  referrer: string | null;
  count: number;
}

/**
 * The requests received since `since` that are not spam, counted per (utm_source, utm_medium,
 * referrer), largest groups first, at most `limit` groups. Plain GROUP BY, the same on SQLite and
 * PostgreSQL; the caller turns each group into its label (schemas/lead-source.ts), which needs a
 * URL parser SQL does not share. A small business gets a few hundred requests a month, from a
 * handful of distinct sites: the limit only guards against a flood of forged referrers.
 */
export async function countLeadSources({ db, since, limit }: { db: Kysely<DB>; since: Date; limit: number }): Promise<LeadSourceGroup[]> {
  const rows = await db
    .selectFrom("leads")
    .select((eb) => ["utm_source", "utm_medium", "referrer", eb.fn.countAll<number>().as("count")])
    .where("created_at", ">=", since.toISOString())
    .where("status", "!=", "spam")
    .groupBy(["utm_source", "utm_medium", "referrer"])
    .orderBy("count", "desc")
    .limit(limit)
    .execute();
  return rows.map((row) => ({ ...row, count: Number(row.count) }));
}
