/**
 * Records what became of one job: done, due again after the backoff, or given up, and has its
 * kind say so. Only while this worker still holds the lease (the store's calls check it); after
 * the work was done, a lost update means the job is done again later, so each update is tried a
 * few times before it is left to the lease (docs/decisions/015-email-outbox.md).
 */
import { retryDelayMs } from "#app/server/jobs/backoff.server.ts";
import { SendCutOff } from "#app/server/jobs/cut-off.server.ts";
import type { JobKind, JobResult, LeasedJob } from "#app/server/jobs/types.server.ts";

/** Attempts to record an outcome before leaving it to the lease (the work was already done). */
const RECORD_ATTEMPTS = 3;

export async function recordOutcome<J extends LeasedJob, D>(
  { kind, workerId }: { kind: JobKind<J, D>; workerId: string },
  job: J,
  result: JobResult<D> | SendCutOff,
): Promise<void> {
  const { store, report } = kind;
  const recordWith = (update: () => Promise<boolean>) => withRetries(update, (error) => report({ type: "unrecorded", job, error }));
  if (result instanceof SendCutOff && result.reason === "shutdown") {
    // Not the job's fault: due at once, for the next process, whatever the backoff says.
    const retryAt = new Date();
    const recorded = await recordWith(() => store.retry(job, { workerId, error: result.message, retryAt }));
    if (recorded !== undefined) report({ type: "retry", job, error: result.message, retryAt, shutdown: true, recorded });
    return;
  }
  const outcome: JobResult<D> = result instanceof SendCutOff ? { outcome: "failed", error: result.message, permanent: false } : result;
  if (outcome.outcome === "settled") {
    report({ type: "settled", job, detail: outcome.detail });
    return;
  }
  if (outcome.outcome === "done") {
    const recorded = await recordWith(() => store.complete(job, workerId));
    if (recorded !== undefined) report({ type: "done", job, detail: outcome.detail, recorded });
    return;
  }
  const { error, permanent } = outcome;
  const retryAt = permanent ? null : nextAttemptAt(kind, job);
  if (retryAt) {
    const recorded = await recordWith(() => store.retry(job, { workerId, error, retryAt }));
    if (recorded !== undefined) report({ type: "retry", job, error, retryAt, shutdown: false, recorded });
  } else {
    const recorded = await recordWith(() => store.giveUp(job, { workerId, error }));
    if (recorded !== undefined) report({ type: "gave-up", job, error, permanent, recorded });
  }
}

/** When a failed job is tried again, or null when it is given up: out of attempts, or out of time. */
function nextAttemptAt<J extends LeasedJob, D>(kind: JobKind<J, D>, job: J): Date | null {
  if (kind.maxAttempts !== undefined && job.attempts >= kind.maxAttempts) return null;
  const retryAt = new Date(Date.now() + retryDelayMs(job.attempts, kind.backoff));
  const giveUpAt = kind.giveUpAt?.(job);
  return giveUpAt && retryAt.getTime() > giveUpAt.getTime() ? null : retryAt;
}

/**
 * Runs a bookkeeping update a few times: after the work, a lost update means doing it twice
 * later. Resolves undefined when the database kept failing (the lease then decides).
 */
async function withRetries(update: () => Promise<boolean>, onGiveUp: (error: unknown) => void): Promise<boolean | undefined> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await update();
    } catch (error) {
      if (attempt >= RECORD_ATTEMPTS) {
        onGiveUp(error);
        return undefined;
      }
      await delay(100 * 4 ** (attempt - 1));
    }
  }
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}
