import { useRef } from "react";
import { Link, useFetcher } from "react-router";
import { resultFor, type AdminActionResult } from "#app/schemas/admin-action.ts";
import type { LeadStatus } from "#app/schemas/lead.ts";
import { jobDoneFrom, type LeadReviewView } from "#app/schemas/lead-review.ts";
import { ActionError } from "#app/components/admin/action-error.tsx";
import { ActionDone, useKeepFocus } from "#app/components/admin/in-place-form.tsx";

export const REVIEW_SETTINGS_PATH = "/admin/reviews/settings";

/** What happened to the review request, in a sentence or two. */
function ReviewState({ review, status }: { review: LeadReviewView; status: LeadStatus }) {
  switch (review.state) {
    case "none":
      return status === "done" ? (
        <p>
          <strong>Review request:</strong> none was made for this job.
        </p>
      ) : (
        <p className="admin-help">Once the job is marked done, the review request is planned on its own, as your settings say.</p>
      );
    case "scheduled":
      return (
        <>
          <p>
            <strong>Review request:</strong> will go {review.sendAt}.
          </p>
          <p className="admin-help">
            To {review.to}.{" "}
            {review.reminderAt ? `One reminder ${review.reminderAt}, unless they follow the review link first.` : "No reminder is set."}
          </p>
        </>
      );
    case "sent":
      return (
        <>
          <p>
            <strong>Review request:</strong> sent {review.sentAt}.
          </p>
          <ul className="admin-help admin-job-done__facts">
            <li>To {review.to}.</li>
            {review.clickedAt ? <li>They followed the review link on {review.clickedAt}.</li> : null}
            {review.openedAt && !review.clickedAt ? <li>Opened on {review.openedAt} (as far as their mail app tells).</li> : null}
            {review.reminderSentAt ? <li>Reminder sent {review.reminderSentAt}.</li> : null}
            {review.reminderAt ? <li>One reminder {review.reminderAt}, unless they follow the review link first.</li> : null}
          </ul>
        </>
      );
    case "failed":
      return (
        <p>
          <strong>Review request:</strong> not sent to {review.to}: {review.reason}. Its email, under “Emails”, can be sent again.
        </p>
      );
    case "skipped":
    case "cancelled":
      return (
        <p>
          <strong>Review request:</strong> {review.state}: {review.reason}.
        </p>
      );
  }
}

/**
 * The job's end (issue 29): "Job done" in one tap for a request that is under way or won, and
 * what became of its review request (planned, sent, skipped and why). A fetcher form like the
 * status's (ADR 031): the page changes in place; without JavaScript it is a plain post.
 */
export function LeadJobDone({
  action,
  status,
  review,
  actionData,
}: {
  action: string;
  status: LeadStatus;
  review: LeadReviewView;
  actionData: AdminActionResult | undefined;
}) {
  const fetcher = useFetcher<AdminActionResult>();
  const result = resultFor("job-done", fetcher.data, actionData);
  const settings = useRef<HTMLAnchorElement>(null);
  // The button goes once the job is done: focus moves to the settings link, the next thing here.
  const onSubmit = useKeepFocus(fetcher, { fallback: () => settings.current });
  const canMark = jobDoneFrom.includes(status);
  return (
    <section className="admin-section admin-job-done" aria-labelledby="lead-job-done">
      <h2 id="lead-job-done">Job done and review</h2>
      <ActionError result={result} id="job-done-error" />
      {canMark ? (
        <fetcher.Form method="post" action={action} className="admin-job-done__form" onSubmit={onSubmit}>
          <input type="hidden" name="intent" value="job-done" />
          <button type="submit" className="admin-button admin-job-done__button" id="lead-job-done-button">
            Job done
          </button>
        </fetcher.Form>
      ) : null}
      {canMark ? (
        <p className="admin-help">
          Marks the request “Job done”. The homeowner then gets your review request, like every customer, with your public review link.
        </p>
      ) : null}
      <ReviewState review={review} status={status} />
      <p>
        <Link to={REVIEW_SETTINGS_PATH} ref={settings}>
          Review request settings
        </Link>
      </p>
      <ActionDone result={result} />
    </section>
  );
}
