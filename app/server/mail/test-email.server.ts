/**
 * The dashboard's "Send a test email": one email to the lead inbox, queued in the outbox like a
 * real notification (so it proves the same path a lead's email takes), then a short wait for
 * its outcome. The admin reads what happened in words: delivered, the mail server's refusal
 * explained, or still queued and being retried.
 */
import { randomUUID } from "node:crypto";
import { mailTransportName } from "#app/server/env.server.ts";
import type { BackendBase } from "#app/server/backend-base.server.ts";
import { isUuid } from "#app/server/ids.server.ts";
import { createEmailJob, getEmailJob, type EmailJob } from "#app/server/repos/email-jobs.server.ts";
import { siteSender, testEmailMail } from "#app/server/mail/messages.server.ts";

/** How long the button waits for the outcome before answering "queued". */
const TEST_EMAIL_WAIT_MS = 5_000;

type TestEmailOutcome = "delivered" | "written-to-file" | "failed" | "retrying" | "queued";

export interface TestEmailResult {
  outcome: TestEmailOutcome;
  /** One or two sentences for the admin. */
  message: string;
}

/** What the test email needs (the mail object on the backend binds it: mail.server.ts). */
export type TestEmailDeps = Pick<BackendBase, "config" | "database" | "logger" | "outbox" | "site" | "clock">;

/** Queues the test email, wakes the outbox and waits up to `waitMs` for the outcome. Returns the job id. */
export async function sendTestEmail(
  { config, database, logger, outbox, site, clock }: TestEmailDeps,
  {
    requestedBy,
    adminId,
    waitMs = TEST_EMAIL_WAIT_MS,
  }: {
    /** The admin's name, written in the email. */
    requestedBy: string;
    adminId: string;
    waitMs?: number;
  },
): Promise<{ jobId: string; result: TestEmailResult }> {
  const [to, { profile }] = await Promise.all([site.leadInbox(), site.content()]);
  const from = siteSender(config, profile.name);
  const jobId = randomUUID();
  await createEmailJob({
    db: database.db,
    id: jobId,
    kind: "test-email",
    recipient: to.toLowerCase(),
    payload: testEmailMail({ to, from, siteUrl: config.publicUrl, clock, profile, requestedBy }),
    // Retried like every email, for MAIL_GIVE_UP_HOURS: it may be what shows that mail works again.
    giveUpAfterMs: config.env.MAIL_GIVE_UP_HOURS * 3600 * 1000,
  });
  logger.info("test email queued by an admin", { jobId, to, adminId });
  outbox.kick();

  const deadline = Date.now() + waitMs;
  let job = await getEmailJob({ db: database.db, id: jobId });
  while (job && !isSettled(job) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    job = await getEmailJob({ db: database.db, id: jobId });
  }
  return { jobId, result: describeTestEmail(job, mailTransportName(config.env)) };
}

/** Sent, failed for good, or tried once and waiting for its retry: there is something to say. */
function isSettled(job: EmailJob): boolean {
  return job.status === "sent" || job.status === "failed" || (job.status === "pending" && job.attempts > 0);
}

/** The outcome of a test email job (by its id, as the dashboard's address carries it); null when unknown. */
export async function getTestEmailResult(
  { config, database }: Pick<TestEmailDeps, "config" | "database">,
  { jobId }: { jobId: string | null },
): Promise<TestEmailResult | null> {
  if (!isUuid(jobId)) return null;
  const job = await getEmailJob({ db: database.db, id: jobId });
  if (!job || job.kind !== "test-email") return null;
  return describeTestEmail(job, mailTransportName(config.env));
}

export function describeTestEmail(job: EmailJob | null, transport: "smtp" | "file" | "emailjs"): TestEmailResult {
  if (!job) return { outcome: "failed", message: "The test email was deleted before it could be sent." };
  const to = job.recipient;
  if (job.status === "sent") {
    if (transport === "file") {
      return {
        outcome: "written-to-file",
        message: `The test email to ${to} was written to a file under DATA_DIR/mail, not sent: email delivery is not set up yet (set SMTP_URL).`,
      };
    }
    return {
      outcome: "delivered",
      message: `The test email was delivered to ${to}. Check that inbox, and its spam folder.`,
    };
  }
  const why = job.last_error ? explainMailError(job.last_error) : null;
  if (job.status === "failed") {
    return {
      outcome: "failed",
      message: `The test email to ${to} could not be sent. ${why ?? "No reason was recorded."}`,
    };
  }
  if (job.attempts > 0 && why) {
    return {
      outcome: "retrying",
      message: `The test email to ${to} could not be sent yet. ${why} It stays in the outbox and will be tried again.`,
    };
  }
  return {
    outcome: "queued",
    message: `The test email to ${to} is queued and will be sent in a moment. Reload this page to see how it went.`,
  };
}

/**
 * A sentence for the owner from the transport's error (see transports.server.ts), with the mail
 * server's own words kept at the end for whoever fixes it.
 */
export function explainMailError(error: string): string {
  const said = `(The mail system said: ${error.trim()})`;
  const cases: [RegExp, string][] = [
    [/EmailJS answered 40[13]/, "EmailJS refused the keys: check EMAILJS_PUBLIC_KEY and EMAILJS_PRIVATE_KEY."],
    [/ECONNREFUSED/, "the mail server refused the connection: check the host and port in SMTP_URL, and that the server is running."],
    [/ENOTFOUND|EDNS|getaddrinfo/i, "the mail server's name was not found: check the host in SMTP_URL."],
    [/EAUTH|\b535\b|authenticat/i, "the mail server did not accept the user name or password in SMTP_URL."],
    [
      /ETIMEDOUT|timed out|timeout/i,
      "the mail server did not answer in time: check SMTP_URL and that the server is reachable from this machine.",
    ],
    [
      /\b5\d\d\b[\s\S]*?(recipient|mailbox|user unknown|rcpt)|(recipient|mailbox|rcpt)[\s\S]*?\b5\d\d\b/i,
      "the mail server refused the recipient address: check the lead inbox's spelling.",
    ],
    [/\b4\d\d\b/, "the mail server asked to try again later."],
    [/ECONNRESET|ESOCKET|closed/i, "the connection to the mail server was cut off."],
  ];
  const match = cases.find(([pattern]) => pattern.test(error));
  const sentence = match ? match[1] : "the email was not accepted.";
  return `${sentence[0]!.toUpperCase()}${sentence.slice(1)} ${said}`;
}
