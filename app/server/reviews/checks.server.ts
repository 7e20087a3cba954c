/**
 * What the outbox asks before a review email goes (issue 29), when its time comes, and is told
 * once it went. The request goes only while its row is "scheduled", its job is still marked done,
 * the address has not asked to stop these emails since, and no other review request went to it
 * within six months. The reminder goes only
 * after the request went, while the job is still done, and only if the public review link was not
 * followed yet. Nothing here reads a rating or a comment the homeowner left: who gets the public
 * link is never decided by how happy they are (no review gating).
 *
 * A request no longer wanted is cancelled with its reason, so the request's page says why.
 */
import type { Kysely } from "kysely";
import type { DB } from "#app/server/db/schema.server.ts";
import type { WantedChecks } from "#app/server/mail/email-job.server.ts";
import { REVIEWS_SCOPE, isSuppressed } from "#app/server/mail/unsubscribe.server.ts";
import type { EmailJob } from "#app/server/repos/email-jobs.server.ts";
import { getLead } from "#app/server/repos/leads.server.ts";
import {
  cancelReviewRequest,
  getReviewRequestOfLead,
  latestReviewRequestSentTo,
  markReviewReminderSent,
  markReviewRequestSent,
  type ReviewRequest,
} from "#app/server/repos/review-requests.server.ts";
import type { SiteClock } from "#app/server/time.server.ts";
import { reviewGapStart } from "#app/server/reviews/timing.server.ts";

type CheckDeps = { db: Kysely<DB>; clock: Pick<SiteClock, "now" | "formatDate"> };

/** The review request an email belongs to (by its request: one per job), or why there is none. */
async function requestOf({ db }: CheckDeps, job: EmailJob): Promise<ReviewRequest | string> {
  if (!job.lead_id) return "the request it belongs to was deleted";
  const request = await getReviewRequestOfLead({ db, leadId: job.lead_id });
  if (!request) return "the request has no review request";
  if (request.status !== "scheduled") return `the review request was ${request.status}`;
  return request;
}

/** Whether the job is still marked done, or why not. */
async function jobStillDone({ db }: CheckDeps, leadId: string): Promise<string | null> {
  const lead = await getLead({ db, id: leadId });
  if (!lead) return "the request it belongs to was deleted";
  return lead.status === "done" ? null : "the request was no longer marked Job done when it was due";
}

export async function reviewRequestReason(deps: CheckDeps, job: EmailJob): Promise<string | null> {
  const request = await requestOf(deps, job);
  if (typeof request === "string") return request;
  let reason = await jobStillDone(deps, request.lead_id ?? "");
  if (!reason && (await isSuppressed({ db: deps.db, email: request.email, scope: REVIEWS_SCOPE }))) {
    reason = `${request.email} asked not to get these emails`;
  }
  if (!reason) {
    const other = await latestReviewRequestSentTo({
      db: deps.db,
      email: request.email,
      since: reviewGapStart(deps.clock.now()),
      exceptId: request.id,
    });
    if (other?.sent_at) {
      reason = `${request.email} got a review request on ${deps.clock.formatDate(other.sent_at)}, and an address gets at most one every six months`;
    }
  }
  if (reason) await cancelReviewRequest({ db: deps.db, id: request.id, reason });
  return reason;
}

export async function reviewReminderReason(deps: CheckDeps, job: EmailJob): Promise<string | null> {
  const request = await requestOf(deps, job);
  if (typeof request === "string") return request;
  if (!request.sent_at) return "the review request itself did not go";
  if (request.clicked_at) return "they already followed the review link";
  return jobStillDone(deps, request.lead_id ?? "");
}

/** The checks the host hands the outbox, bound to the database and the site's clock. */
export function reviewEmailChecks(deps: CheckDeps): WantedChecks {
  const mark = async (job: EmailJob, record: typeof markReviewRequestSent) => {
    const request = await requestOf(deps, job);
    if (typeof request !== "string") await record({ db: deps.db, id: request.id, now: deps.clock.now() });
  };
  return {
    "review-request": {
      reasonNotToSend: (job) => reviewRequestReason(deps, job),
      sent: (job) => mark(job, markReviewRequestSent),
    },
    "review-reminder": {
      reasonNotToSend: (job) => reviewReminderReason(deps, job),
      sent: (job) => mark(job, markReviewReminderSent),
    },
  };
}
