/**
 * What the outbox does with one `email_jobs` row (docs/decisions/015-email-outbox.md): read the
 * stored message, send it with a Message-ID derived from the job id (so the copies at-least-once
 * delivery may make are recognizably the same message), and say whether it went. The job engine
 * (jobs/worker.server.ts) claims, cuts off, retries and records; the words are in
 * email-job-report.server.ts.
 */
import type { Database } from "#app/server/db/index.server.ts";
import type { Backoff } from "#app/server/jobs/backoff.server.ts";
import { SendCutOff } from "#app/server/jobs/cut-off.server.ts";
import type { JobKind, JobResult } from "#app/server/jobs/types.server.ts";
import type { Logger } from "#app/server/logger.server.ts";
import {
  claimDueEmailJob,
  deleteHeldEmailJob,
  markEmailJobAttemptFailed,
  markEmailJobSent,
  nextDueAt,
  type EmailJob,
} from "#app/server/repos/email-jobs.server.ts";
import { describeError, reportEmailJob } from "#app/server/mail/email-job-report.server.ts";
import type { MailHealth } from "#app/server/mail/mail-health.server.ts";
import { MailSendError, type MailTransport } from "#app/server/mail/mail-transport.server.ts";
import type { AttachmentSource, OutgoingMail, SendableMail } from "#app/server/mail/messages.server.ts";
import type { QuoteFollowUpMark } from "#app/server/mail/quote-messages.server.ts";
import { reasonNotToMail } from "#app/server/mail/unsubscribe.server.ts";
import type { EmailJobKind } from "#app/schemas/email-job.ts";

/**
 * A quote's follow-ups go only while still wanted (issue 27): asked when their time comes, told
 * once one went. Bound by the host to the quotes (quotes/follow-ups.server.ts).
 */
export interface FollowUpChecks {
  /** Null to send it; otherwise why it is no longer wanted (the quote was answered, signed, replaced…). */
  reasonNotToSend(mark: QuoteFollowUpMark): Promise<string | null>;
  sent(job: EmailJob, mark: QuoteFollowUpMark): Promise<void>;
}

/**
 * Emails that go only while still wanted (issue 29: the contractor's reminder of an unanswered
 * request, the review request and its reminder), by kind: asked when their time comes (null to
 * send; otherwise why not, and the job is removed unsent), told once one went. Bound by the host.
 */
export interface WantedCheck {
  reasonNotToSend(job: EmailJob): Promise<string | null>;
  sent?(job: EmailJob): Promise<void>;
}
export type WantedChecks = Partial<Record<EmailJobKind, WantedCheck>>;

/** The email job kind: its store, its handler, its words. The detail of a sent email is its message id. */
export function emailJobKind({
  database: { db, dialect },
  transport,
  log,
  backoff,
  sendLimitMs,
  health,
  attachments,
  workerId: claimant,
  followUps,
  wanted,
  suppressible,
}: {
  database: Pick<Database, "db" | "dialect">;
  transport: MailTransport;
  /** Reads the files a message attaches by reference (a signed quote's PDF); asked at each attempt. */
  attachments?: () => AttachmentSource | null;
  log: Logger;
  backoff: Backoff;
  sendLimitMs: number;
  /** Told after every send, so a failing mail server shows at once (ADR 055). */
  health?: Pick<MailHealth, "failed" | "sent">;
  /** The worker that claims the jobs: a follow-up no longer wanted is removed while it holds it. */
  workerId?: string;
  followUps?: FollowUpChecks;
  wanted?: WantedChecks;
  /** The kinds an address may stop, with their scopes; SUPPRESSIBLE_KINDS unless a test names others. */
  suppressible?: ReadonlyMap<EmailJobKind, string>;
}): JobKind<EmailJob, string> {
  const tell = async (what: string, note: () => Promise<void>) => {
    try {
      await note();
    } catch (error) {
      // The email's own outcome matters more: it is still recorded.
      log.error(`cannot record that ${what}`, { error: describeError(error) });
    }
  };
  return {
    store: {
      claim: ({ workerId, leaseMs, now }) => claimDueEmailJob({ db, dialect, workerId, leaseMs, now }),
      nextDueAt: () => nextDueAt({ db }),
      complete: (job, workerId) => markEmailJobSent({ db, id: job.id, workerId }),
      retry: (job, { workerId, error, retryAt }) => markEmailJobAttemptFailed({ db, id: job.id, workerId, error, retryAt }),
      // Failed for good, and it stays visible for the admin's "resend".
      giveUp: (job, { workerId, error }) => markEmailJobAttemptFailed({ db, id: job.id, workerId, error, retryAt: null }),
    },
    async run(job, { signal }) {
      const mark = followUpMarkOf(job.payload);
      if (mark && followUps && claimant) {
        const reason = await followUps.reasonNotToSend(mark);
        if (reason) {
          await deleteHeldEmailJob({ db, id: job.id, workerId: claimant });
          return { outcome: "settled", detail: reason };
        }
      }
      const check = wanted?.[job.kind];
      if (check && claimant) {
        const reason = await check.reasonNotToSend(job);
        if (reason) {
          await deleteHeldEmailJob({ db, id: job.id, workerId: claimant });
          return { outcome: "settled", detail: reason };
        }
      }
      // An address that asked not to get this kind: failed for good, with why, in the admin's list.
      const refused = await reasonNotToMail({
        db,
        kind: job.kind,
        recipient: job.recipient,
        ...(suppressible ? { kinds: suppressible } : {}),
      });
      if (refused) return { outcome: "failed", error: refused, permanent: true };
      const result = await sendEmailJob(job, transport, signal, attachments?.() ?? null);
      // A transport that skips the kind (EmailJS has no template for it) sent nothing: no follow-up is recorded.
      if (mark && followUps && result.outcome === "done" && result.detail !== "skipped") {
        await tell("a quote's follow-up went", () => followUps.sent(job, mark));
      }
      if (check?.sent && result.outcome === "done" && result.detail !== "skipped") {
        const sent = check.sent.bind(check);
        await tell(`a ${job.kind} email went`, () => sent(job));
      }
      if (health && result.outcome === "done") await tell("mail flows again", () => health.sent());
      if (health && result.outcome === "failed" && !result.permanent && !isShutdown(signal)) {
        await tell("mail is failing", () => health.failed(result.error));
      }
      return result;
    },
    report: (event) => reportEmailJob(log, transport.name, event),
    cutOffWords: {
      timeout: `The mail server did not finish the send within ${sendLimitMs / 1000} s: it was cut off and will be tried again`,
      shutdown: "Not sent: the server stopped before the mail server answered; the email is sent again at the next start",
    },
    backoff,
    // Past its give-up time a failing email is failed rather than retried.
    giveUpAt: (job) => new Date(job.give_up_at),
  };
}

async function sendEmailJob(
  job: EmailJob,
  transport: MailTransport,
  signal: AbortSignal,
  attachments: AttachmentSource | null,
): Promise<JobResult<string>> {
  let mail: OutgoingMail;
  try {
    mail = parsePayload(job.payload);
  } catch (error) {
    return { outcome: "failed", error: `Invalid payload: ${describeError(error)}`, permanent: true };
  }
  let files: SendableMail["files"];
  if (mail.attachments?.length) {
    if (!attachments) return { outcome: "failed", error: "The attached file cannot be read yet: the server is starting", permanent: false };
    try {
      files = await Promise.all(
        mail.attachments.map(async (a) => ({ filename: a.filename, contentType: a.contentType, content: await attachments(a.ref) })),
      );
    } catch (error) {
      return { outcome: "failed", error: `The attached file could not be made: ${describeError(error)}`, permanent: false };
    }
  }
  const message: SendableMail = {
    ...mail,
    ...(files ? { files } : {}),
    headers: { ...mail.headers, "X-Job-Id": job.id },
    messageId: mail.messageId ?? messageIdFor(job.id, mail.from),
  };
  try {
    const result = await transport.send(message, { signal });
    return { outcome: "done", detail: result.id };
  } catch (error) {
    return {
      outcome: "failed",
      error: describeError(error),
      permanent: error instanceof MailSendError && error.permanent,
    };
  }
}

/** Cut off by a shutdown: not the mail server's fault. */
function isShutdown(signal: AbortSignal): boolean {
  return signal.aborted && signal.reason instanceof SendCutOff && signal.reason.reason === "shutdown";
}

/** The quote and version a follow-up's payload follows up, or null for every other email. */
function followUpMarkOf(payload: string): QuoteFollowUpMark | null {
  try {
    const mark = (JSON.parse(payload) as { quoteFollowUp?: Partial<QuoteFollowUpMark> }).quoteFollowUp;
    return typeof mark?.quoteId === "string" && typeof mark.version === "number" ? { quoteId: mark.quoteId, version: mark.version } : null;
  } catch {
    return null;
  }
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
  // The follow-up's mark is for the outbox, not for the transport.
  const { quoteFollowUp: _mark, ...outgoing } = mail;
  return outgoing as unknown as OutgoingMail;
}

/** `<job-id@domain-of-from>`: the same for every attempt of a job. */
function messageIdFor(jobId: string, from: string): string {
  const domain = /@([A-Za-z0-9.-]+)>?\s*$/.exec(from)?.[1] ?? "localhost";
  return `<${jobId}@${domain}>`;
}
