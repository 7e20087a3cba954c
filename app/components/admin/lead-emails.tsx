import { useRef } from "react";
import { useFetcher } from "react-router";
import { resultFor, type AdminActionResult } from "~/schemas/admin-action";
import { ActionError } from "./action-error";
import { EmailJobCard, type EmailJobView } from "./email-job-card";
import { ActionDone, useKeepFocus } from "./in-place-form";

/** The fetcher every 'Resend' button of the page shares: one answer, shown above the list. */
const RESEND_FETCHER = "lead-resend";

/**
 * The emails a request caused, each with its delivery and 'Resend' (intent `resend`), posted in
 * place (ADR 031). While an email is being sent its button is not shown: when that happens right
 * after a resend, focus goes to this section's heading instead of being lost.
 */
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
  actionData: AdminActionResult | undefined;
}) {
  const fetcher = useFetcher<AdminActionResult>({ key: RESEND_FETCHER });
  const result = resultFor("resend", fetcher.data, actionData);
  const heading = useRef<HTMLHeadingElement>(null);
  const onSubmit = useKeepFocus(fetcher, { fallback: () => heading.current });
  return (
    <section className="admin-section" aria-labelledby="lead-emails">
      <h2 id="lead-emails" ref={heading} tabIndex={-1}>
        Emails
      </h2>
      <ActionError result={result} />
      <ActionDone result={result} />
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
              resendInPlace={{ fetcherKey: RESEND_FETCHER, onSubmit }}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
