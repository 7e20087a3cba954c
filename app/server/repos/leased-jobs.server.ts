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
import type { DB } from "../db/schema.server.ts";

/** The columns every leased queue has. */
interface LeasedRow {
  id: string;
  attempts: number;
  next_attempt_at: string;
  locked_by: string | null;
  locked_until: string | null;
}

/** The tables that are leased queues. */
export type LeasedTable = { [T in keyof DB]: DB[T] extends LeasedRow ? T : never }[keyof DB];

export async function claimDueJob<T extends LeasedTable>({
  db,
  dialect,
  table,
  due,
  alsoSet,
  workerId,
  leaseMs,
  now = new Date(),
}: {
  db: Kysely<DB>;
  dialect: "sqlite" | "postgres";
  table: T;
  /** The condition a row is due on at `now` (an ISO timestamp), expired leases included. */
  due: (now: string) => RawBuilder<unknown>;
  /** More columns the claim sets, each followed by a comma (`status = 'sending', `). */
  alsoSet?: RawBuilder<unknown>;
  workerId: string;
  leaseMs: number;
  now?: Date;
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
