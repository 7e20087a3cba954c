/**
 * The outbox: sends the queued `email_jobs` and records what happened (docs/decisions/
 * 015-email-outbox.md, 047-mail-that-hangs.md). The job engine (jobs/worker.server.ts) does the
 * claiming under a lease, the sends side by side, the cut-off, the retries and the shutdown; this
 * binds it to the email kind (email-job.server.ts) and the outbox's settings.
 *
 * - As many jobs at once as the transport has connections, so a mail server that hangs on one
 *   connection holds that job, not the queue behind it.
 * - A failed attempt is retried after `retryDelayMs(attempts)` (exponential backoff with jitter)
 *   unless the error is permanent or the retry would fall after the job's `give_up_at`; then the
 *   job is `failed` (and stays visible for the admin's "resend").
 * - Delivery is at least once: the Message-ID is derived from the job id, so the copies are
 *   recognizably the same message.
 */
import type { EmailJobKind } from "#app/schemas/email-job.ts";
import type { Database } from "#app/server/db/index.server.ts";
import { leaseMsFor, newWorkerId } from "#app/server/jobs/lease.server.ts";
import type { JobWorker } from "#app/server/jobs/types.server.ts";
import { createJobWorker } from "#app/server/jobs/worker.server.ts";
import type { Logger } from "#app/server/logger.server.ts";
import { emailJobKind, type FollowUpChecks, type WantedChecks } from "#app/server/mail/email-job.server.ts";
import type { MailHealth } from "#app/server/mail/mail-health.server.ts";
import type { MailTransport } from "#app/server/mail/mail-transport.server.ts";
import type { AttachmentSource } from "#app/server/mail/messages.server.ts";
import { mailSendLimits } from "#app/server/mail/send-limits.server.ts";

interface OutboxOptions {
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
  /** Told after every send, so a failing mail server shows at once (mail-health.server.ts, ADR 055). */
  health?: Pick<MailHealth, "failed" | "sent">;
  /** A quote's follow-ups are checked before they go (issue 27). */
  followUps?: FollowUpChecks;
  /** Emails that go only while still wanted, by kind (issue 29). */
  wanted?: WantedChecks;
  /** The kinds an address may stop (unsubscribe.server.ts); SUPPRESSIBLE_KINDS unless a test names others. */
  suppressible?: ReadonlyMap<EmailJobKind, string>;
  /** The time emails are due by: the site's clock (`clock.now`). Default the real time. */
  now?: () => Date;
}

/**
 * The outbox's worker: `kick()` after queueing an email, `drain()` in tests, `stop()` at shutdown;
 * `readAttachmentsWith` names who reads the files a message attaches by reference (the quotes
 * feature, built after the outbox).
 */
export type Outbox = JobWorker & { readAttachmentsWith(source: AttachmentSource): void };

/** The outbox never asks the database more often than this when it finds nothing to do. */
const MIN_IDLE_MS = 20;

export function createOutbox({
  database,
  transport,
  logger,
  retryBaseMs,
  retryMaxMs,
  pollMs,
  sendLimitMs = mailSendLimits().sendMs,
  leaseMs = leaseMsFor(sendLimitMs),
  workerId = newWorkerId(),
  health,
  followUps,
  wanted,
  suppressible,
  now,
}: OutboxOptions): Outbox {
  if (leaseMs < leaseMsFor(sendLimitMs)) {
    throw new Error(`The outbox's lease (${leaseMs} ms) must outlast its longest send (${sendLimitMs} ms) plus the margin`);
  }
  const log = logger.child({ component: "outbox", workerId });
  let attachments: AttachmentSource | null = null;
  const worker = createJobWorker({
    kind: emailJobKind({
      database,
      transport,
      log,
      backoff: { baseMs: retryBaseMs, maxMs: retryMaxMs },
      sendLimitMs,
      health,
      attachments: () => attachments,
      workerId,
      ...(followUps ? { followUps } : {}),
      ...(wanted ? { wanted } : {}),
      ...(suppressible ? { suppressible } : {}),
    }),
    workerId,
    leaseMs,
    sendLimitMs,
    concurrency: Math.max(1, Math.floor(transport.concurrency ?? 1)),
    pollMs,
    minIdleMs: MIN_IDLE_MS,
    ...(now ? { now } : {}),
  });
  return Object.assign(worker, {
    readAttachmentsWith(source: AttachmentSource) {
      attachments = source;
    },
  });
}
