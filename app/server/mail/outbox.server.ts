/**
 * The outbox worker: sends the queued `email_jobs` and records what happened.
 *
 * - Per job: claim it (atomic, with a lease; see repos/email-jobs.server.ts), send it, record
 *   `sent`, or record the failure with the next attempt time. Any number of outboxes, in one
 *   process or many, can share a database: a job is never claimed by two at once.
 * - As many jobs at once as the transport has connections, so a mail server that hangs on one
 *   connection holds that job, not the queue behind it. A send still running at the send limit is
 *   cut off and recorded as a failed attempt while its lease still holds (the lease is longer, see
 *   send-limits.server.ts), so no other worker takes it over and sends it a second time.
 * - A failed attempt is retried after `retryDelayMs(attempts)` (exponential backoff with jitter)
 *   unless the error is permanent or the retry would fall after the job's `give_up_at`; then the
 *   job is `failed` (and stays visible for the admin's "resend").
 * - Delivery is at least once: a worker that dies after the server accepted a message but before
 *   it recorded `sent` leaves the job to be sent again once its lease runs out. The Message-ID is
 *   derived from the job id, so the copies are recognizably the same message.
 * - The loop never throws: a database error is logged and the next tick tries again. After a
 *   batch it sleeps until the next job is due, at most `pollMs`, or until `kick()`.
 * - `stop({ abortAfterMs })` (a shutdown) claims nothing more and, when that time is up, cuts off
 *   the sends still running: their jobs are recorded as not sent and due at once, for the next
 *   process, so a hung mail server cannot stretch the shutdown past its timeout.
 */
import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import type { Database } from "../db/index.server.ts";
import type { Logger } from "../logger.server.ts";
import {
  claimDueEmailJob,
  markEmailJobAttemptFailed,
  markEmailJobSent,
  nextDueAt,
  type EmailJob,
} from "../repos/email-jobs.server.ts";
import type { OutgoingMail } from "./messages.server.ts";
import { leaseMsFor, mailSendLimits, SendCutOff, untilAborted } from "./send-limits.server.ts";
import { MailSendError, type MailTransport } from "./transports.server.ts";

export interface OutboxOptions {
  database: Pick<Database, "db" | "dialect">;
  transport: MailTransport;
  logger: Logger;
  /** First retry delay; doubles each attempt (MAIL_RETRY_BASE_SECONDS). */
  retryBaseMs: number;
  /** Longest retry delay (MAIL_RETRY_MAX_SECONDS). */
  retryMaxMs: number;
  /** Longest sleep between looks for due jobs when not kicked (MAIL_POLL_SECONDS). */
  pollMs: number;
  /** The longest a send may run before it is cut off. Default `mailSendLimits().sendMs` (60 s). */
  sendLimitMs?: number;
  /**
   * How long a claimed job is reserved for this worker. Default and minimum: the send limit plus
   * the margin (`leaseMsFor`), so a send never outlives its lease.
   */
  leaseMs?: number;
  /** Names this worker in `email_jobs.locked_by`. Default host:pid:random. */
  workerId?: string;
}

export interface Outbox {
  readonly workerId: string;
  /** Starts the background loop. Calling it again does nothing. */
  start(): void;
  /**
   * Stops the loop; resolves once the sends in flight (and their bookkeeping) are finished. With
   * `abortAfterMs`, the sends still running then are cut off and their jobs left due at once.
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

/**
 * Delay before the next attempt after `attempt` failed attempts: exponential backoff capped at
 * `maxMs`, with jitter over the upper half, `d/2 + random() * d/2` where
 * `d = min(maxMs, baseMs * 2^(attempt-1))`. With base 10 s and max 15 min: 5–10 s after the
 * first failure, never more than 15 min.
 */
export function retryDelayMs(
  attempt: number,
  { baseMs, maxMs }: { baseMs: number; maxMs: number },
  random: () => number = Math.random,
): number {
  const n = Number.isNaN(attempt) ? 1 : Math.max(1, Math.floor(attempt));
  // Capping the exponent keeps 2^x finite, so a zero base never turns into Infinity * 0 = NaN.
  const exponential = baseMs * 2 ** Math.min(n - 1, 1000);
  const d = Math.max(0, Math.min(maxMs, exponential));
  const r = Math.min(1, Math.max(0, random()));
  return d / 2 + (r * d) / 2;
}

/** The outbox never asks the database more often than this when it finds nothing to do. */
const MIN_IDLE_MS = 20;
/** Attempts to record an outcome before leaving it to the lease (the message was already sent). */
const RECORD_ATTEMPTS = 3;

export function createOutbox({
  database,
  transport,
  logger,
  retryBaseMs,
  retryMaxMs,
  pollMs,
  sendLimitMs = mailSendLimits().sendMs,
  leaseMs = leaseMsFor(sendLimitMs),
  workerId = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`,
}: OutboxOptions): Outbox {
  if (leaseMs < leaseMsFor(sendLimitMs)) {
    throw new Error(`The outbox's lease (${leaseMs} ms) must outlast its longest send (${sendLimitMs} ms) plus the margin`);
  }
  const { db, dialect } = database;
  const log = logger.child({ component: "outbox", workerId });
  const concurrency = Math.max(1, Math.floor(transport.concurrency ?? 1));

  /** An object, not a plain `let`: the loops read it after awaits that other calls interleave. */
  const state = { running: false };
  let loopDone: Promise<void> = Promise.resolve();
  /** Set by kick(): skip the next sleep. */
  let kicked = false;
  let wake: (() => void) | undefined;
  /** Every processJob in progress, loop and drain alike, so stop() can wait for them. */
  const inFlight = new Set<Promise<void>>();
  /** One per send in progress, to cut it off. */
  const sends = new Set<AbortController>();
  /** Set when a shutdown cuts the sends off; a send that starts after that is cut off at once. */
  let shutdownCutOff: SendCutOff | undefined;

  /** Claims one job due at `now` (default: the current time). */
  function claim(now?: Date): Promise<EmailJob | null> {
    return claimDueEmailJob({ db, dialect, workerId, leaseMs, now });
  }

  function track(promise: Promise<void>): Promise<void> {
    inFlight.add(promise);
    void promise.finally(() => inFlight.delete(promise));
    return promise;
  }

  async function processJob(job: EmailJob): Promise<void> {
    const fields = { jobId: job.id, kind: job.kind, attempt: job.attempts, leadId: job.lead_id };
    let mail: OutgoingMail;
    try {
      mail = parsePayload(job.payload);
    } catch (error) {
      await record(job, fields, new MailSendError(`Invalid payload: ${describe(error)}`, { permanent: true }));
      return;
    }
    let sentId: string;
    const send = new AbortController();
    sends.add(send);
    const limit = setTimeout(() => {
      send.abort(
        new SendCutOff(
          "timeout",
          `The mail server did not finish the send within ${sendLimitMs / 1000} s: it was cut off and will be tried again`,
        ),
      );
    }, sendLimitMs);
    if (shutdownCutOff) send.abort(shutdownCutOff);
    try {
      const message = {
        ...mail,
        headers: { ...mail.headers, "X-Job-Id": job.id },
        messageId: mail.messageId ?? messageIdFor(job.id, mail.from),
      };
      // Raced here as well as handed to the transport: one that ignores the signal is left behind.
      const result = await untilAborted(transport.send(message, { signal: send.signal }), send.signal);
      sentId = result.id;
    } catch (error) {
      await record(job, fields, error);
      return;
    } finally {
      clearTimeout(limit);
      sends.delete(send);
    }
    const recorded = await withRetries(() => markEmailJobSent({ db, id: job.id, workerId }), fields);
    if (recorded === undefined) return;
    if (recorded) {
      const msg = sentId === "skipped" ? "email skipped by the transport (not configured for this kind)" : "email sent";
      log.info(msg, { ...fields, to: job.recipient, transport: transport.name, messageId: sentId });
    } else {
      log.warn("email sent, but the job's claim had expired and was taken over: it may be sent again", {
        ...fields,
        to: job.recipient,
      });
    }
  }

  /** Records a failed attempt: retry later, or failed for good. */
  async function record(job: EmailJob, fields: Record<string, unknown>, error: unknown): Promise<void> {
    const permanent = error instanceof MailSendError && error.permanent;
    const message = describe(error);
    let retryAt: Date | null = null;
    if (error instanceof SendCutOff && error.reason === "shutdown") {
      // Not the mail server's fault: due at once, for the next process, whatever the backoff says.
      retryAt = new Date();
    } else if (!permanent) {
      retryAt = new Date(Date.now() + retryDelayMs(job.attempts, { baseMs: retryBaseMs, maxMs: retryMaxMs }));
      if (retryAt.getTime() > Date.parse(job.give_up_at)) retryAt = null;
    }
    const recorded = await withRetries(
      () => markEmailJobAttemptFailed({ db, id: job.id, workerId, error: message, retryAt }),
      fields,
    );
    if (recorded === undefined) return;
    if (!recorded) {
      log.warn("email not sent, and the job's claim had expired and was taken over", { ...fields, error: message });
      return;
    }
    if (retryAt) {
      log.warn("email not sent, will retry", { ...fields, to: job.recipient, error: message, retryAt: retryAt.toISOString() });
    } else {
      log.error(permanent ? "email not sent, permanent error: job failed" : "email not sent, giving up: job failed", {
        ...fields,
        to: job.recipient,
        error: message,
        giveUpAt: job.give_up_at,
      });
    }
  }

  /**
   * Runs a bookkeeping update a few times: after a send, a lost update means a duplicate later.
   * Resolves undefined when the database kept failing (the lease then decides).
   */
  async function withRetries(
    update: () => Promise<boolean>,
    fields: Record<string, unknown>,
  ): Promise<boolean | undefined> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await update();
      } catch (error) {
        if (attempt >= RECORD_ATTEMPTS) {
          log.error("cannot record the email's outcome; the job is retried after its lease", {
            ...fields,
            error: describe(error),
          });
          return undefined;
        }
        await delay(100 * 4 ** (attempt - 1));
      }
    }
  }

  /**
   * Claims due jobs until every slot is busy, none is left or the loop stops; each is sent in the
   * background and wakes the loop when done, so its slot is filled again at once.
   */
  async function fillSlots(): Promise<number> {
    let count = 0;
    while (state.running && inFlight.size < concurrency) {
      const job = await claim();
      if (!job) break;
      count += 1;
      track(processJob(job))
        .catch((error: unknown) => log.error("email job failed unexpectedly", { jobId: job.id, error: describe(error) }))
        .finally(nudge);
    }
    return count;
  }

  /** Wakes the loop (a slot freed up), or makes its next sleep return at once. */
  function nudge(): void {
    if (!state.running) return;
    kicked = true;
    wake?.();
  }

  async function loop(): Promise<void> {
    while (state.running) {
      let sleepMs = pollMs;
      try {
        const attempted = await fillSlots();
        if (!state.running) break;
        // Every slot busy: a finished send wakes the loop. Otherwise sleep until the next job is due.
        if (inFlight.size < concurrency) {
          const next = await nextDueAt({ db });
          if (next) sleepMs = Math.min(pollMs, Math.max(next.getTime() - Date.now(), attempted > 0 ? 0 : MIN_IDLE_MS));
        }
      } catch (error) {
        log.error("outbox cannot reach the database; trying again shortly", { error: describe(error) });
      }
      if (!state.running) break;
      await sleep(sleepMs);
    }
  }

  /** Sleeps `ms`, cut short by kick() or stop(). */
  function sleep(ms: number): Promise<void> {
    if (kicked) {
      kicked = false;
      return Promise.resolve();
    }
    return new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      timer.unref();
      function done() {
        clearTimeout(timer);
        wake = undefined;
        kicked = false;
        resolve();
      }
      wake = done;
    });
  }

  return {
    workerId,
    start() {
      if (state.running) return;
      state.running = true;
      kicked = false;
      log.debug("outbox started", { transport: transport.name });
      loopDone = loop();
    },
    async stop({ abortAfterMs } = {}) {
      state.running = false;
      wake?.();
      const cutOff =
        abortAfterMs === undefined
          ? undefined
          : setTimeout(() => {
              shutdownCutOff = new SendCutOff(
                "shutdown",
                "Not sent: the server stopped before the mail server answered; the email is sent again at the next start",
              );
              if (sends.size > 0) log.warn("shutting down: cutting off the emails still being sent", { count: sends.size });
              for (const send of sends) send.abort(shutdownCutOff);
            }, Math.max(0, abortAfterMs));
      try {
        await loopDone;
        await Promise.allSettled(inFlight);
      } finally {
        clearTimeout(cutOff);
      }
    },
    kick() {
      if (!state.running) return;
      kicked = true;
      wake?.();
    },
    async drain() {
      const now = new Date();
      let count = 0;
      for (;;) {
        const job = await claim(now);
        if (!job) return count;
        count += 1;
        await track(processJob(job));
      }
    },
  };
}

function parsePayload(payload: string): OutgoingMail {
  const value: unknown = JSON.parse(payload);
  if (typeof value !== "object" || value === null) throw new Error("not an object");
  const mail = value as Record<string, unknown>;
  for (const key of ["to", "from", "subject", "text", "html"] as const) {
    if (typeof mail[key] !== "string") throw new Error(`"${key}" is not a string`);
  }
  const template = mail.template as { kind?: unknown; params?: unknown } | undefined;
  if (typeof template?.kind !== "string" || typeof template.params !== "object" || template.params === null) {
    throw new Error('"template" is missing');
  }
  return value as OutgoingMail;
}

/** `<job-id@domain-of-from>`: the same for every attempt of a job. */
function messageIdFor(jobId: string, from: string): string {
  const domain = /@([A-Za-z0-9.-]+)>?\s*$/.exec(from)?.[1] ?? "localhost";
  return `<${jobId}@${domain}>`;
}

function describe(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  return String(error);
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}
