import { useEffect, useRef } from "react";
import { useFetcher, useRevalidator } from "react-router";
import { resultFor, type AdminActionResult } from "#app/schemas/admin-action.ts";
import { ActionError } from "#app/components/admin/action-error.tsx";
import { EmailJobCard, type EmailJobView } from "#app/components/admin/email-job-card.tsx";
import { ActionDone, useKeepFocus } from "#app/components/admin/in-place-form.tsx";

/** How often the page looks again while an email is on its way, and for how long at most. */
const LOOK_AGAIN_MS = 3_000;
const LOOK_AGAIN_FOR_MS = 120_000;

/**
 * While one of the emails is being sent or is due within the minute, the page reloads its data
 * every few seconds (only while the tab is visible, and for two minutes at most), so "Sending now"
 * turns into "Sent", and 'Resend' comes back, without a reload by hand. Typed text and focus
 * stay: a revalidation re-renders the page in place.
 */
function useLookAgainWhile(active: boolean) {
  const { revalidate, state } = useRevalidator();
  const since = useRef<number | null>(null);
  useEffect(() => {
    since.current = active ? Date.now() : null;
  }, [active]);
  // One look at a time: each look ends in "idle" again, which schedules the next while needed.
  useEffect(() => {
    if (!active || state !== "idle") return;
    const timer = setTimeout(() => {
      if (since.current === null || Date.now() - since.current > LOOK_AGAIN_FOR_MS) return;
      if (document.visibilityState === "visible") void revalidate();
    }, LOOK_AGAIN_MS);
    return () => clearTimeout(timer);
  }, [active, state, revalidate]);
}

/** Not sent yet, and an attempt already failed: the mail server is refusing or unreachable (ADR 055). */
const isRetrying = (job: EmailJobView) => job.status !== "sent" && job.status !== "failed" && job.lastError !== null;

/** "the 2 emails (1 sent, 1 failed)": what the collapsed list holds. */
function emailsSummary(jobs: readonly EmailJobView[]): string {
  const sent = jobs.filter((job) => job.status === "sent").length;
  const failed = jobs.filter((job) => job.status === "failed").length;
  const retrying = jobs.filter(isRetrying).length;
  const scheduled = jobs.filter((job) => job.scheduled).length;
  const waiting = jobs.length - sent - failed - retrying - scheduled;
  const parts = [
    sent ? `${sent} sent` : "",
    waiting ? `${waiting} on the way` : "",
    scheduled ? `${scheduled} scheduled` : "",
    retrying ? `${retrying} not sent yet, to be tried again` : "",
    failed ? `${failed} failed` : "",
  ].filter(Boolean);
  return `${jobs.length === 1 ? "the email" : `the ${jobs.length} emails`} (${parts.join(", ")})`;
}

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
  useLookAgainWhile(jobs.some((job) => job.changingSoon));
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
        // Collapsed while all is well (ADR 057): a failed email, or one whose last try failed, opens
        // it, as does a resend's answer.
        <details
          className="admin-more"
          open={jobs.some((job) => job.status === "failed" || isRetrying(job)) || result !== undefined || undefined}
        >
          <summary>Show {emailsSummary(jobs)}</summary>
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
        </details>
      )}
    </section>
  );
}
