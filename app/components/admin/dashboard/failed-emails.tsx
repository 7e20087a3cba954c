import { EmailJobCard, type EmailJobView } from "#app/components/admin/email-job-card.tsx";

/** The emails that could not be delivered after retrying, each with 'Resend'. */
export function FailedEmails({ failedJobs, failedTotal }: { failedJobs: EmailJobView[]; failedTotal: number }) {
  return (
    <section className="admin-section" aria-labelledby="failed-emails">
      <h2 id="failed-emails">Emails that failed</h2>
      {failedJobs.length === 0 ? (
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
