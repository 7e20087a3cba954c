/**
 * Claiming a due job of a leased queue: `email_jobs`, `push_jobs`, and the kinds to come
 * (docs/decisions/049-one-job-engine.md). The only place the lease-claim SQL is written.
 *
 * Claiming is atomic: one UPDATE takes a due job with a lease (`locked_by`, `locked_until`,
 * `attempts + 1`), guarded by the same condition that selected it, so two workers (in one process
 * or many) can never both claim it. On PostgreSQL the candidate row is also locked with SKIP
 * LOCKED so workers do not queue behind each other; SQLite runs one write at a time. A claim whose
 * lease ran out (its process died mid-send) is due again: each table's `due` condition says so.
 */
import { sql, type Kysely, type RawBuilder } from "kysely";
import type { DB } from "#app/server/db/schema.server.ts";
import type { WithDb } from "#app/server/repos/args.server.ts";

/** The columns every leased queue has. */
interface LeasedRow {
  id: string;
  attempts: number;
  next_attempt_at: string;
  locked_by: string | null;
  locked_until: string | null;
}

/** The tables that are leased queues. */
type LeasedTable = { [T in keyof DB]: DB[T] extends LeasedRow ? T : never }[keyof DB];

/** What a worker claims with: itself, the lease, and the moment (default now; `drain()` fixes it). */
export interface ClaimArgs {
  db: Kysely<DB>;
  dialect: "sqlite" | "postgres";
  workerId: string;
  leaseMs: number;
  now?: Date;
}

/** A job this worker holds: the recording updates apply only while `locked_by` is still `workerId`. */
export interface HeldJob {
  db: Kysely<DB>;
  id: string;
  workerId: string;
}

export async function claimDueJob<T extends LeasedTable>({
  db,
  dialect,
  table,
  due,
  alsoSet,
  workerId,
  leaseMs,
  now = new Date(),
}: ClaimArgs & {
  table: T;
  /** The condition a row is due on at `now` (an ISO timestamp), expired leases included. */
  due: (now: string) => RawBuilder<unknown>;
  /** More columns the claim sets, each followed by a comma (`status = 'sending', `). */
  alsoSet?: RawBuilder<unknown>;
}): Promise<DB[T] | null> {
  const nowIso = now.toISOString();
  const lease = new Date(now.getTime() + leaseMs).toISOString();
  const skipLocked = dialect === "postgres" ? sql` for update skip locked` : sql``;
  const result = await sql<DB[T]>`
    update ${sql.table(table)}
       set ${alsoSet ?? sql``}locked_by = ${workerId}, locked_until = ${lease}, attempts = attempts + 1
     where id = (
             select id from ${sql.table(table)}
              where ${due(nowIso)}
              order by next_attempt_at
              limit 1${skipLocked}
           )
       and (${due(nowIso)})
    returning *`.execute(db);
  return result.rows[0] ?? null;
}

type NextJobDueAtArgs = WithDb<{ table: LeasedTable; where?: RawBuilder<unknown> }>;

/** The earliest moment a job of `table` is due (among the rows `where` selects), so a worker can sleep until then. */
export async function nextJobDueAt({ db, table, where }: NextJobDueAtArgs): Promise<Date | null> {
  const result = await sql<{ next: string | null }>`
    select min(next_attempt_at) as next from ${sql.table(table)}${where ? sql` where ${where}` : sql``}`.execute(db);
  const next = result.rows[0]?.next;
  return next ? new Date(String(next)) : null;
}
