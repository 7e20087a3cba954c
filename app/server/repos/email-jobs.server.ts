/**
 * The email outbox. The only code that writes SQL for `email_jobs`.
 *
 * Claiming (leased-jobs.server.ts) moves a due job to `sending` with a lease, atomically, so two
 * workers (in one process or many) can never both claim it. A claim whose lease ran out (its
 * process died mid-send) becomes due again.
 */
import { sql, type Kysely, type Selectable } from "kysely";
import type { DB, EmailJobsTable } from "#app/server/db/schema.server.ts";
import type { EmailJobKind } from "#app/schemas/email-job.ts";
import { claimDueJob, nextJobDueAt, type ClaimArgs, type HeldJob } from "#app/server/repos/leased-jobs.server.ts";
import type { Timed, WithDb } from "#app/server/repos/args.server.ts";

export type EmailJob = Selectable<EmailJobsTable>;

/** Claims the next due email with a lease: `pending` and due, or `sending` with its lease run out. */
export function claimDueEmailJob(args: ClaimArgs): Promise<EmailJob | null> {
  return claimDueJob({
    ...args,
    table: "email_jobs",
    due: (at) => sql`(status = 'pending' and next_attempt_at <= ${at}) or (status = 'sending' and locked_until < ${at})`,
    alsoSet: sql`status = 'sending', `,
  });
}

/**
 * Queues one email, due now: one that belongs to no estimate request (the dashboard's test email),
 * or, with `leadId`, one of a request's (a reply from its page; pass the transaction that stores
 * the reply as `db`).
 */
export async function createEmailJob({
  db,
  id,
  leadId = null,
  kind,
  recipient,
  payload,
  giveUpAfterMs,
  now = new Date(),
}: {
  db: Kysely<DB>;
  id: string;
  leadId?: string | null;
  kind: EmailJobKind;
  recipient: string;
  payload: unknown;
  giveUpAfterMs: number;
  now?: Date;
}): Promise<void> {
  await insertPendingEmailJob(db, {
    id,
    leadId,
    kind,
    recipient,
    payload,
    createdAt: now.toISOString(),
    dueAt: now.toISOString(),
    giveUpAt: new Date(now.getTime() + giveUpAfterMs).toISOString(),
  });
}

/** A new job's row: pending, never tried, held by no worker. The times are ISO strings. */
export interface PendingEmailJob {
  id: string;
  leadId: string | null;
  kind: EmailJobKind;
  recipient: string;
  payload: unknown;
  createdAt: string;
  dueAt: string;
  giveUpAt: string;
}

/** Inserts a job that waits its turn; `db` may be a transaction. */
export async function insertPendingEmailJob(db: Kysely<DB>, job: PendingEmailJob): Promise<void> {
  await db
    .insertInto("email_jobs")
    .values({
      id: job.id,
      lead_id: job.leadId,
      kind: job.kind,
      recipient: job.recipient,
      payload: JSON.stringify(job.payload),
      status: "pending",
      attempts: 0,
      created_at: job.createdAt,
      next_attempt_at: job.dueAt,
      give_up_at: job.giveUpAt,
      locked_by: null,
      locked_until: null,
      last_error: null,
      sent_at: null,
    })
    .execute();
}

/** Records a successful send. False when the claim was lost (lease expired and retaken). */
export async function markEmailJobSent({ db, id, workerId, now = new Date() }: HeldJob & { now?: Date }): Promise<boolean> {
  const result = await db
    .updateTable("email_jobs")
    .set({ status: "sent", sent_at: now.toISOString(), locked_by: null, locked_until: null, last_error: null })
    .where("id", "=", id)
    .where("locked_by", "=", workerId)
    .where("status", "=", "sending")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Records a failed attempt: due again at `retryAt`, or `failed` for good when
 * `retryAt` is null (past the job's give-up time, or an error retrying cannot fix).
 */
export async function markEmailJobAttemptFailed({
  db,
  id,
  workerId,
  error,
  retryAt,
}: HeldJob & { error: string; retryAt: Date | null }): Promise<boolean> {
  const result = await db
    .updateTable("email_jobs")
    .set({
      status: retryAt ? "pending" : "failed",
      next_attempt_at: retryAt ? retryAt.toISOString() : sql`next_attempt_at`,
      last_error: error.slice(0, 2000),
      locked_by: null,
      locked_until: null,
    })
    .where("id", "=", id)
    .where("locked_by", "=", workerId)
    .where("status", "=", "sending")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

type RequeueEmailJobArgs = Timed<{ id: string; giveUpAfterMs: number }>;

/** Puts a job back in the queue now (the admin's 'resend'). */
export async function requeueEmailJob({ db, id, giveUpAfterMs, now = new Date() }: RequeueEmailJobArgs): Promise<boolean> {
  const result = await db
    .updateTable("email_jobs")
    .set({
      status: "pending",
      next_attempt_at: now.toISOString(),
      give_up_at: new Date(now.getTime() + giveUpAfterMs).toISOString(),
      locked_by: null,
      locked_until: null,
    })
    .where("id", "=", id)
    .where("status", "!=", "sending")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function getEmailJob({ db, id }: { db: Kysely<DB>; id: string }): Promise<EmailJob | null> {
  return (await db.selectFrom("email_jobs").selectAll().where("id", "=", id).executeTakeFirst()) ?? null;
}

export async function listEmailJobs({ db, leadId, status }: WithDb<{ leadId?: string; status?: EmailJob["status"] }>): Promise<EmailJob[]> {
  let query = db.selectFrom("email_jobs").selectAll().orderBy("created_at").orderBy("kind");
  if (leadId !== undefined) query = query.where("lead_id", "=", leadId);
  if (status !== undefined) query = query.where("status", "=", status);
  return query.execute();
}

/** The earliest moment a pending job is due, so the worker can sleep until then. */
export function nextDueAt({ db }: { db: Kysely<DB> }): Promise<Date | null> {
  return nextJobDueAt({ db, table: "email_jobs", where: sql`status = 'pending'` });
}

// --- The admin's views -----------------------------------------------------------------------

/** An email job with the name and subject of the estimate request it belongs to (if any). */
interface EmailJobWithLead extends EmailJob {
  lead_from_name: string | null;
  lead_subject: string | null;
}

type ListEmailJobsWithLeadsArgs = WithDb<{ status: EmailJob["status"]; limit: number }>;

/** Jobs in one status, most recent first, with their request's name and subject. */
export async function listEmailJobsWithLeads({ db, status, limit }: ListEmailJobsWithLeadsArgs): Promise<EmailJobWithLead[]> {
  return db
    .selectFrom("email_jobs")
    .leftJoin("leads", "leads.id", "email_jobs.lead_id")
    .selectAll("email_jobs")
    .select(["leads.from_name as lead_from_name", "leads.subject as lead_subject"])
    .where("email_jobs.status", "=", status)
    .orderBy("email_jobs.next_attempt_at", "desc")
    .orderBy("email_jobs.id")
    .limit(limit)
    .execute();
}

export async function countEmailJobs({ db, status }: { db: Kysely<DB>; status: EmailJob["status"] }): Promise<number> {
  const row = await db
    .selectFrom("email_jobs")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("status", "=", status)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * The emails waiting to go out at `now`: being sent, or pending and either due or already tried
 * (waiting for their retry), so a visit reminder due next week is not counted. The oldest one's
 * creation time with them.
 */
export async function countWaitingEmailJobs({ db, now = new Date() }: Timed): Promise<{ count: number; oldest: string | null }> {
  const row = await db
    .selectFrom("email_jobs")
    .select((eb) => [eb.fn.countAll<number>().as("count"), eb.fn.min("created_at").as("oldest")])
    .where((eb) =>
      eb.or([
        eb("status", "=", "sending"),
        eb.and([eb("status", "=", "pending"), eb.or([eb("attempts", ">", 0), eb("next_attempt_at", "<=", now.toISOString())])]),
      ]),
    )
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), oldest: row.oldest ?? null };
}

/**
 * Deletes the settled (sent or failed) emails of one kind made before `before`; returns how many
 * went. Password-reset emails carry a live link: they are not kept once it is long dead.
 */
export async function deleteSettledEmailJobs({ db, kind, before }: WithDb<{ kind: EmailJob["kind"]; before: Date }>): Promise<number> {
  const result = await db
    .deleteFrom("email_jobs")
    .where("kind", "=", kind)
    .where("status", "in", ["sent", "failed"])
    .where("created_at", "<", before.toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** A job of a request to queue at a chosen time (a visit's emails; the reminder is due the day before). */
export interface ScheduledEmailJob {
  id: string;
  leadId: string;
  kind: EmailJobKind;
  recipient: string;
  payload: unknown;
  dueAt: Date;
  /** After this a failing job is failed, not retried; must be after `dueAt`. */
  giveUpAt: Date;
}

type CreateScheduledEmailJobsArgs = Timed<{ jobs: readonly ScheduledEmailJob[] }>;

/** Queues jobs of a request, each due at its `dueAt`. `db` may be a transaction. */
export async function createScheduledEmailJobs({ db, jobs, now = new Date() }: CreateScheduledEmailJobsArgs): Promise<void> {
  for (const job of jobs) {
    await insertPendingEmailJob(db, {
      ...job,
      createdAt: now.toISOString(),
      dueAt: job.dueAt.toISOString(),
      giveUpAt: new Date(Math.max(job.giveUpAt.getTime(), job.dueAt.getTime() + 60_000)).toISOString(),
    });
  }
}

/**
 * Deletes a job that has not started (a visit's reminder when the visit moves or is cancelled).
 * A job being sent or already settled stays, as the record of what went out. Says whether it went.
 */
export async function deletePendingEmailJob({ db, id }: { db: Kysely<DB>; id: string }): Promise<boolean> {
  const result = await db.deleteFrom("email_jobs").where("id", "=", id).where("status", "=", "pending").executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** Removes a job this worker holds and will not send (a quote's follow-up no longer wanted). */
export async function deleteHeldEmailJob({ db, id, workerId }: HeldJob): Promise<boolean> {
  const result = await db
    .deleteFrom("email_jobs")
    .where("id", "=", id)
    .where("locked_by", "=", workerId)
    .where("status", "=", "sending")
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** A request's emails of one kind that have not started yet (a quote's follow-ups, to replace them). */
export async function listPendingEmailJobs({
  db,
  leadId,
  kind,
}: {
  db: Kysely<DB>;
  leadId: string;
  kind: EmailJobKind;
}): Promise<EmailJob[]> {
  return db
    .selectFrom("email_jobs")
    .selectAll()
    .where("lead_id", "=", leadId)
    .where("kind", "=", kind)
    .where("status", "=", "pending")
    .orderBy("next_attempt_at")
    .execute();
}
