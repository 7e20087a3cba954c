/**
 * The one job engine (docs/decisions/049-one-job-engine.md): a leased, kickable, drainable worker
 * for one kind of background work (the email outbox, push alerts, and the kinds to come).
 *
 * - Per job: claim it (atomic, with a lease; see repos/leased-jobs.server.ts), hand it to the
 *   kind's handler under the send limit, record the outcome (run-job.server.ts). Any number
 *   of workers, in one process or many, can share a database: a job is never claimed by two at once.
 * - As many jobs at once as `concurrency`, and the next one is claimed as soon as one finishes, so
 *   work that hangs holds its own job, not the queue behind it. Work still running at the send
 *   limit is cut off and recorded as a failed attempt while its lease still holds (the lease is
 *   longer, see lease.server.ts), so no other worker takes it over and does it a second time.
 * - Delivery is at least once: a worker that dies after the work was done but before it recorded
 *   that leaves the job to be done again once its lease runs out.
 * - The loop never throws: a database error is reported and the next tick tries again. After a
 *   batch it sleeps until the next job is due, at most `pollMs`, or until `kick()`.
 * - `stop({ abortAfterMs })` (a shutdown) claims nothing more and, when that time is up, cuts off
 *   the work still running: its jobs are recorded as not done and due at once, for the next
 *   process, so a hung server cannot stretch the shutdown past its timeout (ADR 047).
 */
import { createAlarm } from "#app/server/jobs/alarm.server.ts";
import { createCutOffs } from "#app/server/jobs/cut-off.server.ts";
import { createInFlight } from "#app/server/jobs/in-flight.server.ts";
import { newWorkerId } from "#app/server/jobs/lease.server.ts";
import { runJob } from "#app/server/jobs/run-job.server.ts";
import type { JobKind, JobWorker, LeasedJob } from "#app/server/jobs/types.server.ts";

export interface JobWorkerOptions<J extends LeasedJob, D> {
  kind: JobKind<J, D>;
  /** How long a claimed job is reserved for this worker: longer than `sendLimitMs` (`leaseMsFor`). */
  leaseMs: number;
  /** The longest one job's work may run before it is cut off. */
  sendLimitMs: number;
  /** Jobs in flight at once. */
  concurrency: number;
  /** Longest sleep between looks for due jobs when not kicked. */
  pollMs: number;
  /** The worker never asks the database more often than this while due jobs wait on another's lease. */
  minIdleMs: number;
  /** Names this worker in its jobs' `locked_by`. Default host:pid:random. */
  workerId?: string;
  /** The time jobs are due by: the site's clock (a test fixes it). Default the real time. */
  now?: () => Date;
}

export function createJobWorker<J extends LeasedJob, D>({
  kind,
  leaseMs,
  sendLimitMs,
  concurrency,
  pollMs,
  minIdleMs,
  workerId = newWorkerId(),
  now = () => new Date(),
}: JobWorkerOptions<J, D>): JobWorker {
  const { store, report } = kind;
  /** An object, not a plain `let`: the loops read it after awaits that other calls interleave. */
  const state = { running: false };
  let loopDone: Promise<void> = Promise.resolve();
  const alarm = createAlarm();
  const inFlight = createInFlight();
  const cutOffs = createCutOffs({ limitMs: sendLimitMs, words: kind.cutOffWords });

  const processJob = (job: J) => runJob({ kind, workerId, cutOffs }, job);

  /**
   * Claims due jobs until every slot is busy, none is left or the loop stops; each runs in the
   * background and wakes the loop when done, so its slot is filled again at once.
   */
  async function fillSlots(): Promise<number> {
    let count = 0;
    while (state.running && inFlight.size < concurrency) {
      const job = await store.claim({ workerId, leaseMs, now: now() });
      if (!job) break;
      count += 1;
      void inFlight.track(processJob(job)).finally(() => {
        if (state.running) alarm.kick();
      });
    }
    return count;
  }

  async function loop(): Promise<void> {
    while (state.running) {
      let sleepMs = pollMs;
      try {
        const attempted = await fillSlots();
        if (!state.running) break;
        // Every slot busy: a finished job wakes the loop. Otherwise sleep until the next job is due.
        if (inFlight.size < concurrency) {
          const next = await store.nextDueAt();
          if (next) sleepMs = Math.min(pollMs, Math.max(next.getTime() - now().getTime(), attempted > 0 ? 0 : minIdleMs));
        }
      } catch (error) {
        report({ type: "unreachable", error });
      }
      if (!state.running) break;
      await alarm.sleep(sleepMs);
    }
  }

  return {
    workerId,
    start() {
      if (state.running) return;
      state.running = true;
      alarm.reset();
      report({ type: "started" });
      loopDone = loop();
    },
    async stop({ abortAfterMs } = {}) {
      state.running = false;
      alarm.wake();
      const cutOff =
        abortAfterMs === undefined
          ? undefined
          : setTimeout(
              () => {
                if (cutOffs.size > 0) report({ type: "cutting-off", count: cutOffs.size });
                cutOffs.cutOffAll();
              },
              Math.max(0, abortAfterMs),
            );
      try {
        await loopDone;
        await inFlight.settled();
      } finally {
        clearTimeout(cutOff);
      }
    },
    kick() {
      if (state.running) alarm.kick();
    },
    async drain() {
      const at = now();
      let count = 0;
      for (;;) {
        const job = await store.claim({ workerId, leaseMs, now: at });
        if (!job) return count;
        count += 1;
        await inFlight.track(processJob(job));
      }
    },
  };
}
