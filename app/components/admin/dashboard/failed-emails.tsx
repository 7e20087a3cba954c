import { EmailJobCard, type EmailJobView } from "#app/components/admin/email-job-card.tsx";

/**
 * The emails that could not be delivered after retrying, each with 'Resend'. While the mail server
 * fails (`mailFailing`, ADR 055) an empty list does not say all is well: the emails are waiting.
 */
export function FailedEmails({
  failedJobs,
  failedTotal,
  mailFailing = false,
}: {
  failedJobs: EmailJobView[];
  failedTotal: number;
  mailFailing?: boolean;
}) {
  return (
    <section className="admin-section" aria-labelledby="failed-emails">
      <h2 id="failed-emails">Emails that failed</h2>
      {failedJobs.length === 0 && mailFailing ? (
        <p>
          None has failed for good yet, but emails are not going out now: see “Needs you now” above. They are tried again by themselves.
        </p>
      ) : failedJobs.length === 0 ? (
        <p>No failed emails. Everything the site had to send went out or is still being tried.</p>
      ) : (
        <>
          <p>
            {failedTotal === 1 ? "One email" : `${failedTotal} emails`} could not be delivered after retrying.
            {failedTotal > failedJobs.length ? ` The ${failedJobs.length} most recent are shown.` : null} 'Resend' tries again now.
          </p>
          <ul className="admin-list">
            {failedJobs.map((job) => (
              <EmailJobCard
                key={job.id}
                job={job}
                facts={["to", "lastError", "attempts", "request"]}
                resendAction="/admin?index"
                namesRecipient
              />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
