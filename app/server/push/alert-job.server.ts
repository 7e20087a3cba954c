/**
 * What the push worker does with one `push_jobs` row (docs/decisions/034-web-push-alerts.md):
 * send the alert to its subscription, and say how it went in the operator's words. The job
 * engine (jobs/worker.server.ts) claims, cuts off, retries and records. A job is deleted when it
 * is done: sent, its subscription gone (the job goes with it), or out of attempts.
 */
import type { Database } from "#app/server/db/index.server.ts";
import type { Backoff } from "#app/server/jobs/backoff.server.ts";
import type { JobEvent, JobKind, JobResult } from "#app/server/jobs/types.server.ts";
import type { Logger } from "#app/server/logger.server.ts";
import { claimDuePushJob, deletePushJob, nextPushJobDueAt, retryPushJob, type PushJob } from "#app/server/repos/push-jobs.server.ts";
import { getPushSubscription } from "#app/server/repos/push-subscriptions.server.ts";
import type { PushPayload } from "#app/server/push/payload.server.ts";
import { describePushError, type PushSender } from "#app/server/push/send-push.server.ts";

/** How an alert's job ended, for the log. */
type AlertNote =
  | { kind: "sent" }
  /** Its subscription was deleted before it was sent. */
  | { kind: "no-subscription" }
  | { kind: "bad-payload" }
  /** The push service said the subscription is gone: deleted, and the job with it. */
  | { kind: "gone"; status: number };

export function alertJobKind({
  database: { db, dialect },
  sender,
  log,
  backoff,
  maxAttempts,
  sendLimitMs,
}: {
  database: Pick<Database, "db" | "dialect">;
  sender: PushSender;
  log: Logger;
  backoff: Backoff;
  maxAttempts: number;
  sendLimitMs: number;
}): JobKind<PushJob, AlertNote> {
  const remove = (job: PushJob, workerId: string) => deletePushJob({ db, id: job.id, workerId });
  return {
    store: {
      claim: ({ workerId, leaseMs, now }) => claimDuePushJob({ db, dialect, workerId, leaseMs, now }),
      nextDueAt: () => nextPushJobDueAt({ db }),
      complete: remove,
      retry: (job, { workerId, error, retryAt }) => retryPushJob({ db, id: job.id, workerId, error, retryAt }),
      giveUp: (job, { workerId }) => remove(job, workerId),
    },
    async run(job): Promise<JobResult<AlertNote>> {
      const subscription = await getPushSubscription({ db, id: job.subscription_id });
      if (!subscription) return { outcome: "done", detail: { kind: "no-subscription" } };
      let payload: PushPayload;
      try {
        payload = JSON.parse(job.payload) as PushPayload;
      } catch {
        return { outcome: "done", detail: { kind: "bad-payload" } };
      }
      const outcome = await sender.send(subscription, payload);
      if (outcome.kind === "sent") return { outcome: "done", detail: outcome };
      if (outcome.kind === "gone") return { outcome: "settled", detail: outcome };
      return { outcome: "failed", error: outcome.message, permanent: outcome.permanent };
    },
    report: (event) => reportAlertJob(log, event),
    cutOffWords: {
      timeout: `The push service did not answer within ${sendLimitMs / 1000} s`,
      shutdown: "Not sent: the server stopped first",
    },
    backoff,
    maxAttempts,
  };
}

function reportAlertJob(log: Logger, event: JobEvent<PushJob, AlertNote>): void {
  if (event.type === "unreachable") {
    return log.error("push worker cannot reach the database; trying again shortly", {
      error: describePushError(event.error),
    });
  }
  if (event.type === "started" || event.type === "cutting-off") return;
  const { job } = event;
  const fields = { jobId: job.id, leadId: job.lead_id, subscriptionId: job.subscription_id, attempt: job.attempts };
  switch (event.type) {
    case "unexpected":
    case "unrecorded":
      // The database failed: the lease runs out and the job is tried again.
      return log.error("push alert: cannot record the outcome; retried after its lease", {
        ...fields,
        error: describePushError(event.error),
      });
    case "done":
      if (event.detail.kind === "sent") return log.info("push alert sent", fields);
      if (event.detail.kind === "bad-payload") return log.error("push alert dropped: its payload is not JSON", fields);
      return;
    case "settled":
      if (event.detail.kind === "gone") return log.info("push subscription gone: removed", { ...fields, status: event.detail.status });
      return;
    case "retry":
      if (event.shutdown) return log.warn("push alert cut off by the shutdown; due again at once", fields);
      return log.warn("push alert not sent, will retry", {
        ...fields,
        error: event.error,
        retryAt: event.retryAt.toISOString(),
      });
    case "gave-up":
      return log.error("push alert not sent: dropped", { ...fields, error: event.error });
  }
}
