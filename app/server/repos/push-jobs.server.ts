/**
 * The Web Push queue. The only code that writes SQL for `push_jobs`.
 *
 * A job is one alert for one subscription. Claiming works as for email_jobs (leased-jobs.server.ts):
 * one UPDATE takes a due job with a lease, so two workers (in one process or many) never both hold
 * it; a lease that ran out (the process died mid-send) makes it due again. A job is deleted when
 * it is done: sent, its subscription gone, or out of attempts.
 */
import { randomUUID } from "node:crypto";
import { sql, type Kysely, type Selectable } from "kysely";
import type { DB, PushJobsTable } from "#app/server/db/schema.server.ts";
import { claimDueJob, nextJobDueAt, type ClaimArgs, type HeldJob } from "#app/server/repos/leased-jobs.server.ts";
import { listAdminPushSubscriptionIds } from "#app/server/repos/push-subscriptions.server.ts";
import type { Timed } from "#app/server/repos/args.server.ts";

export type PushJob = Selectable<PushJobsTable>;

/**
 * Queues `payload` for every admin's subscription, due now. Meant to run in the new lead's
 * transaction, so a stored lead always has its alerts queued. Returns how many were queued.
 */
export async function queuePushJobs({
  db,
  leadId,
  payload,
  dueAt,
  now = new Date(),
}: {
  db: Kysely<DB>;
  leadId: string | null;
  payload: unknown;
  /** When they may first be sent; now by default (later: held for photos still coming, ADR 045). */
  dueAt?: Date;
  now?: Date;
}): Promise<number> {
  const subscriptionIds = await listAdminPushSubscriptionIds({ db });
  const json = JSON.stringify(payload);
  for (const subscriptionId of subscriptionIds) {
    await db
      .insertInto("push_jobs")
      .values({
        id: randomUUID(),
        lead_id: leadId,
        subscription_id: subscriptionId,
        payload: json,
        attempts: 0,
        created_at: now.toISOString(),
        next_attempt_at: (dueAt ?? now).toISOString(),
        locked_by: null,
        locked_until: null,
        last_error: null,
      })
      .execute();
  }
  return subscriptionIds.length;
}

type ReleaseLeadPushJobsArgs = Timed<{ leadId: string; payload: unknown }>;

/**
 * Makes a lead's alerts that no sender has tried yet due now, with `payload` (ADR 045: held while
 * its photos were converted). Meant to run in the transaction that adds the photos.
 */
export async function releaseLeadPushJobs({ db, leadId, payload, now = new Date() }: ReleaseLeadPushJobsArgs): Promise<number> {
  const result = await db
    .updateTable("push_jobs")
    .set({ payload: JSON.stringify(payload), next_attempt_at: now.toISOString() })
    .where("lead_id", "=", leadId)
    .where("attempts", "=", 0)
    .where("locked_by", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Claims the next due alert with a lease: due, and not leased or its lease run out. */
export function claimDuePushJob(args: ClaimArgs): Promise<PushJob | null> {
  return claimDueJob({
    ...args,
    table: "push_jobs",
    due: (at) => sql`next_attempt_at <= ${at} and (locked_until is null or locked_until < ${at})`,
  });
}

/** Removes a finished job (sent, or given up). False when the claim was lost to another worker. */
export async function deletePushJob({ db, id, workerId }: HeldJob): Promise<boolean> {
  const result = await db.deleteFrom("push_jobs").where("id", "=", id).where("locked_by", "=", workerId).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Releases a job after a failed attempt, due again at `retryAt`. */
export async function retryPushJob({ db, id, workerId, error, retryAt }: HeldJob & { error: string; retryAt: Date }): Promise<boolean> {
  const result = await db
    .updateTable("push_jobs")
    .set({
      next_attempt_at: retryAt.toISOString(),
      last_error: error.slice(0, 500),
      locked_by: null,
      locked_until: null,
    })
    .where("id", "=", id)
    .where("locked_by", "=", workerId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** When the next job is due (null: none queued). */
export function nextPushJobDueAt({ db }: { db: Kysely<DB> }): Promise<Date | null> {
  return nextJobDueAt({ db, table: "push_jobs" });
}
