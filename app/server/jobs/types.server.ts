/**
 * The words of the job engine (docs/decisions/049-one-job-engine.md): a kind of job says where
 * its jobs are kept (a store: repository calls), what to do with one job (its handler), and how
 * to say what happened (its log lines); the worker does the rest for every kind alike.
 */
import type { Backoff } from "#app/server/jobs/backoff.server.ts";
import type { CutOffWords } from "#app/server/jobs/cut-off.server.ts";

/** What every leased job row carries: its id, and how many times it was claimed (this claim included). */
export interface LeasedJob {
  id: string;
  attempts: number;
}

/**
 * Where a kind's jobs are kept. Each call is a repository call (SQL stays in app/server/repos);
 * the recording calls apply only while this worker still holds the job's lease, and answer
 * false when the claim was lost (the lease ran out and another worker took the job).
 */
export interface JobStore<J extends LeasedJob> {
  /** Claims one job due at `now` with a lease (see repos/leased-jobs.server.ts), or null. */
  claim(args: { workerId: string; leaseMs: number; now?: Date }): Promise<J | null>;
  /** The earliest moment a job is due, so the worker can sleep until then. */
  nextDueAt(): Promise<Date | null>;
  /** The job is done. */
  complete(job: J, workerId: string): Promise<boolean>;
  /** A failed attempt: due again at `retryAt`. */
  retry(job: J, args: { workerId: string; error: string; retryAt: Date }): Promise<boolean>;
  /** A failed attempt that is the last: the job is given up. */
  giveUp(job: J, args: { workerId: string; error: string }): Promise<boolean>;
}

/** What the handler says about one job. `D` is the kind's own detail, handed back to its report. */
export type JobResult<D> =
  /** Finished with: recorded done. */
  | { outcome: "done"; detail: D }
  /** Not done: tried again after the backoff, or given up when the error is permanent or time is up. */
  | { outcome: "failed"; error: string; permanent: boolean }
  /** The handler already settled the job (it went with a row it belonged to): nothing to record. */
  | { outcome: "settled"; detail: D };

/** What happened, for the kind to say in its own words. `recorded` is false when the claim was lost. */
export type JobEvent<J, D> =
  | { type: "started" }
  | { type: "done"; job: J; detail: D; recorded: boolean }
  | { type: "settled"; job: J; detail: D }
  /** `shutdown`: cut off by a shutdown, due again at once for the next process. */
  | { type: "retry"; job: J; error: string; retryAt: Date; shutdown: boolean; recorded: boolean }
  | { type: "gave-up"; job: J; error: string; permanent: boolean; recorded: boolean }
  /** The database kept failing while recording the outcome: the lease decides. */
  | { type: "unrecorded"; job: J; error: unknown }
  /** The handler threw: the job is left to its lease. */
  | { type: "unexpected"; job: J; error: unknown }
  /** The loop could not claim or look for due jobs; it tries again shortly. */
  | { type: "unreachable"; error: unknown }
  /** A shutdown cuts off the work still running. */
  | { type: "cutting-off"; count: number };

/** One kind of background work: everything the worker needs to know about it. */
export interface JobKind<J extends LeasedJob, D> {
  store: JobStore<J>;
  /**
   * What to do with one job. It runs under the send limit: `signal` aborts when it is cut off
   * (hand it to whatever may hang). A rejection is "unexpected": the job is left to its lease.
   */
  run(job: J, options: { signal: AbortSignal }): Promise<JobResult<D>>;
  /** Says what happened, in the kind's words. */
  report(event: JobEvent<J, D>): void;
  /** The error recorded for a job cut off at the send limit, or by a shutdown. */
  cutOffWords: CutOffWords;
  /** The delay before the next attempt after a failure (`retryDelayMs`). */
  backoff: Backoff;
  /** Given up after this many attempts. */
  maxAttempts?: number;
  /** Given up when the next attempt would fall after this moment. */
  giveUpAt?(job: J): Date;
}

/** A leased, kickable, drainable worker for one kind of job. */
export interface JobWorker {
  readonly workerId: string;
  /** Starts the background loop. Calling it again does nothing. */
  start(): void;
  /**
   * Stops the loop; resolves once the jobs in flight (and their bookkeeping) are finished. With
   * `abortAfterMs`, the work still running then is cut off and its jobs left due at once.
   */
  stop(options?: { abortAfterMs?: number }): Promise<void>;
  /** Look for due jobs now (e.g. right after a lead is stored). */
  kick(): void;
  /**
   * Processes every job due at the moment of the call, once each, and resolves with how many
   * were attempted. Jobs that fail and become due again later are left for the loop. Rejects on
   * a database error (unlike the loop, which logs it).
   */
  drain(): Promise<number>;
}
