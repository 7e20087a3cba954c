import type { AdminActionError } from "~/schemas/admin-action";
import { ActionError } from "./action-error";
import { EmailJobCard, type EmailJobView } from "./email-job-card";

/** The emails a request caused, each with its delivery and 'Resend' (intent `resend`). */
export function LeadEmails({
  action,
  jobs,
  isSpam,
  actionData,
}: {
  action: string;
  jobs: readonly EmailJobView[];
  /** Spam is never emailed, which explains an empty list. */
  isSpam: boolean;
  actionData: AdminActionError | undefined;
}) {
  return (
    <section className="admin-section" aria-labelledby="lead-emails">
      <h2 id="lead-emails">Emails</h2>
      <ActionError result={actionData} intent="resend" />
      {jobs.length === 0 ? (
        <p className="admin-muted">No emails for this request{isSpam ? " (spam is never emailed)" : ""}.</p>
      ) : (
        <ul className="admin-list">
          {jobs.map((job) => (
            <EmailJobCard
              key={job.id}
              job={job}
              facts={["to", "delivery", "attempts", "sent", "lastError"]}
              resendAction={action}
              wrapsRecipient
            />
          ))}
        </ul>
      )}
    </section>
  );
}
