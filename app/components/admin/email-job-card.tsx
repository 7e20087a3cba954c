import { Link } from "react-router";
import { emailKindLabels, emailStatusLabels, type EmailJobKind, type EmailJobStatus } from "#app/schemas/email-job.ts";
import { Fact } from "#app/components/admin/fact.tsx";
import { ResendEmailForm, type ResendInPlace } from "#app/components/admin/resend-email-form.tsx";

/** One email of the outbox as the admin pages show it (made by `server/mail/jobs.server.ts`). */
export interface EmailJobView {
  id: string;
  kind: EmailJobKind;
  recipient: string;
  status: EmailJobStatus;
  attempts: number;
  /** Shown as "Last error" unless null. */
  lastError: string | null;
  /** When it went out, in words and as an ISO time; null until then. */
  sent: string | null;
  sentIso: string | null;
  /** Being sent, or due within the minute: the request's page looks again until it is done. */
  changingSoon?: boolean;
  /** Queued for later and never tried (a follow-up, a reminder): when it goes, in words and as an ISO time. */
  scheduled?: { at: string; iso: string } | null;
  /** The request it belongs to, null once that was deleted (for the "request" fact). */
  request?: { id: string; label: string } | null;
}

/** What a card can say about its email. */
type EmailJobFact = "to" | "delivery" | "attempts" | "sent" | "lastError" | "request";

/**
 * One email as a card: its kind, the `facts` a page chose (in that order), and 'Resend' (not
 * while it is being sent).
 */
export function EmailJobCard({
  job,
  facts,
  resendAction,
  namesRecipient = false,
  wrapsRecipient = false,
  resendInPlace,
}: {
  job: EmailJobView;
  facts: readonly EmailJobFact[];
  /** Where 'Resend' posts. */
  resendAction: string;
  /** 'Resend' says whom the email is to (a page listing emails of several requests). */
  namesRecipient?: boolean;
  /** A long address may wrap anywhere. */
  wrapsRecipient?: boolean;
  /** 'Resend' posts through a fetcher (the request's page). */
  resendInPlace?: ResendInPlace;
}) {
  return (
    <li className="admin-card">
      <p className="admin-card__title">{emailKindLabels[job.kind]}</p>
      <dl className="admin-facts">{facts.map((fact) => emailFact(job, fact, wrapsRecipient))}</dl>
      {job.status === "sending" ? null : (
        <ResendEmailForm
          action={resendAction}
          jobId={job.id}
          kind={job.kind}
          recipient={namesRecipient ? job.recipient : undefined}
          inPlace={resendInPlace}
        />
      )}
    </li>
  );
}

function emailFact(job: EmailJobView, fact: EmailJobFact, wrapsRecipient: boolean) {
  switch (fact) {
    case "to":
      return (
        <Fact key={fact} term="To" className={wrapsRecipient ? "admin-break" : undefined}>
          {job.recipient}
        </Fact>
      );
    case "delivery":
      return (
        <Fact key={fact} term="Delivery">
          <span className={`job-status job-status--${job.status}`}>{emailStatusLabels[job.status]}</span>
          {job.scheduled ? (
            <>
              {" "}
              on <time dateTime={job.scheduled.iso}>{job.scheduled.at}</time>
            </>
          ) : null}
        </Fact>
      );
    case "attempts":
      return (
        <Fact key={fact} term="Attempts">
          {job.attempts}
        </Fact>
      );
    case "sent":
      return (
        <Fact key={fact} term="Sent">
          {job.sent && job.sentIso ? <time dateTime={job.sentIso}>{job.sent}</time> : "Not yet"}
        </Fact>
      );
    case "lastError":
      return job.lastError === null ? null : (
        <Fact key={fact} term="Last error" className="admin-error-text">
          {job.lastError}
        </Fact>
      );
    case "request":
      // The dashboard's test email belongs to no request.
      return job.kind === "test-email" ? null : (
        <Fact key={fact} term="Request">
          {job.request ? <Link to={`/admin/leads/${job.request.id}`}>{job.request.label}</Link> : "(deleted)"}
        </Fact>
      );
  }
}
