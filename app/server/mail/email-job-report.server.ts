/**
 * The outbox's log lines: what became of each email, in the words the operator (and the tests)
 * read. The job engine says what happened; this says it about an email.
 */
import type { JobEvent } from "#app/server/jobs/types.server.ts";
import type { Logger } from "#app/server/logger.server.ts";
import type { EmailJob } from "#app/server/repos/email-jobs.server.ts";
import type { MailTransport } from "#app/server/mail/mail-transport.server.ts";

export function reportEmailJob(log: Logger, transport: MailTransport["name"], event: JobEvent<EmailJob, string>): void {
  switch (event.type) {
    case "started":
      return log.debug("outbox started", { transport });
    case "unreachable":
      return log.error("outbox cannot reach the database; trying again shortly", { error: describeError(event.error) });
    case "cutting-off":
      return log.warn("shutting down: cutting off the emails still being sent", { count: event.count });
    case "unexpected":
      return log.error("email job failed unexpectedly", { jobId: event.job.id, error: describeError(event.error) });
    case "settled":
      // An email that goes only while still wanted (a quote's follow-up, an unanswered request's
      // reminder), no longer wanted: removed unsent, and why.
      return log.info(
        event.job.kind === "quote-follow-up"
          ? "quote follow-up not sent: no longer needed"
          : `${event.job.kind} not sent: no longer wanted`,
        {
          jobId: event.job.id,
          kind: event.job.kind,
          leadId: event.job.lead_id,
          reason: event.detail,
        },
      );
  }
  const { job } = event;
  const fields = { jobId: job.id, kind: job.kind, attempt: job.attempts, leadId: job.lead_id };
  switch (event.type) {
    case "unrecorded":
      return log.error("cannot record the email's outcome; the job is retried after its lease", {
        ...fields,
        error: describeError(event.error),
      });
    case "done":
      if (!event.recorded) {
        return log.warn("email sent, but the job's claim had expired and was taken over: it may be sent again", {
          ...fields,
          to: job.recipient,
        });
      }
      return log.info(event.detail === "skipped" ? "email skipped by the transport (not configured for this kind)" : "email sent", {
        ...fields,
        to: job.recipient,
        transport,
        messageId: event.detail,
      });
  }
  if (!event.recorded) {
    return log.warn("email not sent, and the job's claim had expired and was taken over", {
      ...fields,
      error: event.error,
    });
  }
  if (event.type === "retry") {
    return log.warn("email not sent, will retry", {
      ...fields,
      to: job.recipient,
      error: event.error,
      retryAt: event.retryAt.toISOString(),
    });
  }
  log.error(event.permanent ? "email not sent, permanent error: job failed" : "email not sent, giving up: job failed", {
    ...fields,
    to: job.recipient,
    error: event.error,
    giveUpAt: job.give_up_at,
  });
}

export function describeError(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  return String(error);
}
