/** A request's review request as its admin page shows it (issue 29): planned, sent, skipped or cancelled, and why. */
import type { LeadReviewView } from "#app/schemas/lead-review.ts";
import { listEmailJobs, listPendingEmailJobs } from "#app/server/repos/email-jobs.server.ts";
import { getReviewRequestOfLead } from "#app/server/repos/review-requests.server.ts";
import type { ReviewDeps } from "#app/server/reviews/deps.server.ts";
import { formatReviewTime } from "#app/server/reviews/timing.server.ts";

export async function leadReviewView(
  deps: Pick<ReviewDeps, "database" | "clock">,
  { leadId }: { leadId: string },
): Promise<LeadReviewView> {
  const { db } = deps.database;
  const request = await getReviewRequestOfLead({ db, leadId });
  if (!request) return { state: "none" };
  if (request.status !== "scheduled") return { state: request.status, reason: request.skip_reason ?? request.status };
  const { clock } = deps;
  const failed = (await listEmailJobs({ db, leadId, status: "failed" })).find((job) => job.kind === "review-request");
  if (failed && !request.sent_at) return { state: "failed", to: request.email, reason: failed.last_error ?? "the mail server refused it" };
  const [reminder] = await listPendingEmailJobs({ db, leadId, kind: "review-reminder" });
  const reminderAt = reminder ? formatReviewTime(reminder.next_attempt_at, clock.timeZone) : null;
  if (!request.sent_at)
    return { state: "scheduled", to: request.email, sendAt: formatReviewTime(request.send_at, clock.timeZone), reminderAt };
  const when = (iso: string | null) => (iso ? clock.formatTime(iso) : null);
  return {
    state: "sent",
    to: request.email,
    sentAt: clock.formatTime(request.sent_at),
    reminderAt,
    reminderSentAt: when(request.reminder_sent_at),
    openedAt: when(request.opened_at),
    clickedAt: when(request.clicked_at),
  };
}
