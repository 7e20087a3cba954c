/**
 * The mail object on the backend: what the admin pages do with the outbox (the dashboard's
 * test email and 'Resend', a request's 'Resend'). It binds the outbox and what it needs to the
 * verbs in test-email.server.ts and resend.server.ts; the outbox itself stays on the bag as
 * `outbox`, for the features that queue an email and kick it.
 */
import { resendEmailJob, resendLeadEmail, type ResendArgs, type ResendDeps, type ResendResult } from "#app/server/mail/resend.server.ts";
import { listFailedEmails } from "#app/server/mail/jobs.server.ts";
import type { MailStatus } from "#app/server/mail/mail-status.server.ts";
import type { MailTrouble } from "#app/server/mail/mail-health.server.ts";
import type { MailRecordsView } from "#app/server/mail/mail-records.server.ts";
import { getTestEmailResult, sendTestEmail, type TestEmailDeps, type TestEmailResult } from "#app/server/mail/test-email.server.ts";

export interface Mail {
  /** Queues the test email to the lead inbox, wakes the outbox and waits a moment for the outcome. */
  sendTestEmail(args: { requestedBy: string; adminId: string; waitMs?: number }): Promise<{ jobId: string; result: TestEmailResult }>;
  /** The outcome of a test email (its id as the dashboard's address carries it); null when unknown. */
  getTestEmailResult(args: { jobId: string | null }): Promise<TestEmailResult | null>;
  /** The dashboard's 'Resend': the job back in the outbox, due now. */
  resendEmailJob(args: ResendArgs): Promise<ResendResult>;
  /** A request's 'Resend', and the sentence that says which email goes out again. */
  resendLeadEmail(args: ResendArgs & { leadId: string }): ReturnType<typeof resendLeadEmail>;
  /** The dashboard's failed emails: the latest `limit` of them, with their request, and how many in all. */
  listFailedEmails(args: { limit: number }): ReturnType<typeof listFailedEmails>;
  /** The open outage of a failing mail server, or null while mail flows (ADR 055). */
  getMailTrouble(): Promise<MailTrouble | null>;
  /** The sender and the DNS records its domain must publish, with their state (ADR 054). */
  getMailRecords(args: { fresh: boolean }): Promise<MailRecordsView>;
}

export function createMail(deps: TestEmailDeps & ResendDeps & { status: MailStatus }): Mail {
  return {
    getMailTrouble: () => deps.status.trouble(),
    getMailRecords: ({ fresh }) => deps.status.records({ fresh }),
    sendTestEmail: (args) => sendTestEmail(deps, args),
    getTestEmailResult: (args) => getTestEmailResult(deps, args),
    resendEmailJob: (args) => resendEmailJob(deps, args),
    resendLeadEmail: (args) => resendLeadEmail(deps, args),
    listFailedEmails: ({ limit }) => listFailedEmails({ db: deps.database.db, clock: deps.clock, limit }),
  };
}
