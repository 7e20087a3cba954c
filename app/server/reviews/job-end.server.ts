/**
 * A job's end (issue 29, item 1): a request moved to "Job done" (the one-tap button or the status
 * list, the same path) gets, in ONE transaction with the status and `job_done_at`, its review
 * request: a `review_requests` row and its emails (the request at its time, the reminder after),
 * or a row "skipped" with the reason in the admin's words. Moved back from "Job done" before the
 * request went, the row is cancelled and its emails removed. Marked done again, nothing new.
 *
 * Whether a request is made never depends on the homeowner's mood: only the settings, their own
 * wish not to get these emails, the six-month rule and a review address to send them to.
 */
import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { leadStatusLabels, type LeadStatus } from "#app/schemas/lead.ts";
import { publicReviewAddress } from "#app/schemas/review-address.ts";
import type { DB } from "#app/server/db/schema.server.ts";
import { mailTransportName } from "#app/server/env.server.ts";
import { toLocale } from "#app/i18n/locale.ts";
import { oneLine } from "#app/server/mail/messages.server.ts";
import { REVIEWS_SCOPE, isSuppressed } from "#app/server/mail/unsubscribe.server.ts";
import { createScheduledEmailJobs, deletePendingEmailJob, listEmailJobs } from "#app/server/repos/email-jobs.server.ts";
import { markLeadJobDone, reopenLeadJob } from "#app/server/repos/lead-stages.server.ts";
import { markFirstAnswered, type Lead } from "#app/server/repos/leads.server.ts";
import {
  cancelReviewRequest,
  createReviewRequest,
  getReviewRequestOfLead,
  latestReviewRequestTo,
  reviseReviewRequest,
  type ReviewRequest,
} from "#app/server/repos/review-requests.server.ts";
import type { ReviewDeps } from "#app/server/reviews/deps.server.ts";
import { reviewEmailJobs, type JobEndFacts } from "#app/server/reviews/review-jobs.server.ts";
import { newReviewToken, reviewToken } from "#app/server/reviews/review-link.server.ts";
import { getReviewSettings } from "#app/server/reviews/settings.server.ts";
import { formatReviewTime, reviewGapStart, reviewSendAt } from "#app/server/reviews/timing.server.ts";

/** What a status change around "Job done" did: whether the status moved, and a sentence about the review request. */
export interface JobEndOutcome {
  moved: boolean;
  /** "Review request: will go …", "Review request skipped: …", "" when there is nothing to say. */
  note: string;
}

/** The cancellation's reason, as the request's page shows it. */
export const REOPENED_REASON = "the status was moved back from Job done before it went";

/** Whether a move from `from` to `to` passes through "Job done" (and so concerns the review request). */
export function touchesJobEnd(from: LeadStatus, to: LeadStatus): boolean {
  return from !== to && (from === "done" || to === "done");
}

/**
 * Moves `lead` to `to` when the move enters or leaves "Job done", with its review request, in one
 * transaction. `moved` is false when the request was already there (a second tap) or is gone.
 */
export async function moveAroundJobEnd(deps: ReviewDeps, { lead, to, adminId }: { lead: Lead; to: LeadStatus; adminId: string }) {
  const now = deps.clock.now();
  const { db } = deps.database;
  if (to !== "done") {
    const outcome = await db.transaction().execute(async (trx) => {
      if (!(await reopenLeadJob({ db: trx, leadId: lead.id, to }))) return { moved: false, note: "" };
      return { moved: true, note: await cancelUnsent(trx, lead.id) };
    });
    if (outcome.moved) deps.logger.info("job reopened", { leadId: lead.id, to, adminId, review: outcome.note });
    return outcome;
  }
  // Read before the transaction: nothing inside it reads through the pool.
  const facts: JobEndFacts = {
    settings: await getReviewSettings(deps),
    profile: (await deps.site.content()).profile,
    replyTo: await deps.site.leadInbox(),
  };
  const outcome = await db.transaction().execute(async (trx) => {
    if (!(await markLeadJobDone({ db: trx, leadId: lead.id, now }))) return { moved: false, scheduled: false, note: "" };
    // A job done is an answer too, when it is the first (a request taken straight to done).
    await markFirstAnswered({ db: trx, leadId: lead.id, now });
    return { moved: true, ...(await planReviewRequest(deps, trx, { lead, facts, now })) };
  });
  if (outcome.scheduled) deps.outbox.kick();
  if (outcome.moved) deps.logger.info("job done", { leadId: lead.id, from: lead.status, adminId, review: outcome.note });
  return { moved: outcome.moved, note: outcome.note };
}

/** Why no review request goes for this job, in the admin's words, or null to send one. */
async function reasonToSkip(
  deps: Pick<ReviewDeps, "clock" | "config">,
  trx: Kysely<DB>,
  { email, facts, now, exceptId }: { email: string; facts: JobEndFacts; now: Date; exceptId?: string },
): Promise<string | null> {
  if (!facts.settings.enabled) return "review requests are turned off in the review settings";
  // EmailJS has no template for it and cannot carry the one-click unsubscribe header.
  if (mailTransportName(deps.config.env) === "emailjs")
    return "this site sends its mail through EmailJS, which cannot send review requests";
  if (await isSuppressed({ db: trx, email, scope: REVIEWS_SCOPE })) return `${email} asked not to get these emails`;
  const recent = await latestReviewRequestTo({ db: trx, email, since: reviewGapStart(now), ...(exceptId ? { exceptId } : {}) });
  if (recent) {
    const day = deps.clock.formatDate(recent.sent_at ?? recent.send_at);
    return `${email} ${recent.sent_at ? "got a review request on" : "has a review request planned for"} ${day}, and an address gets at most one every six months`;
  }
  if (!publicReviewAddress(facts.profile)) {
    return "your site profile has no review link: add your Google Place ID or your review page's address under Your site";
  }
  return null;
}

/** The review request of a job just marked done: made (or decided again), with its emails when it goes. */
async function planReviewRequest(
  deps: ReviewDeps,
  trx: Kysely<DB>,
  { lead, facts, now }: { lead: Lead; facts: JobEndFacts; now: Date },
): Promise<{ scheduled: boolean; note: string }> {
  const existing = await getReviewRequestOfLead({ db: trx, leadId: lead.id });
  // Already made for this job (it went, or waits): a second "Job done" changes nothing.
  if (existing?.status === "scheduled") return { scheduled: false, note: describeRequest(deps, existing) };
  const email = lead.email.trim().toLowerCase();
  const reason = await reasonToSkip(deps, trx, { email, facts, now, ...(existing ? { exceptId: existing.id } : {}) });
  const sendAt = reviewSendAt(now, facts.settings.delayDays, deps.clock.timeZone);
  const status = reason ? ("skipped" as const) : ("scheduled" as const);
  let token: string;
  let request: ReviewRequest;
  if (existing) {
    await reviseReviewRequest({ db: trx, id: existing.id, status, skipReason: reason, sendAt });
    token = reviewToken(deps.secret, existing);
    request = { ...existing, status, skip_reason: reason, send_at: sendAt.toISOString() };
  } else {
    const fresh = newReviewToken(deps.secret);
    token = fresh.token;
    request = await createReviewRequest({
      db: trx,
      now,
      request: {
        id: randomUUID(),
        leadId: lead.id,
        email,
        firstName: oneLine(lead.from_name).split(" ")[0] ?? "",
        locale: toLocale(lead.locale),
        tokenNonce: fresh.nonce,
        tokenSha256: fresh.sha256,
        status,
        skipReason: reason,
        sendAt,
      },
    });
  }
  if (!reason) {
    await createScheduledEmailJobs({ db: trx, jobs: reviewEmailJobs(deps, { request, token, lead, facts, sendAt }), now });
  }
  return { scheduled: !reason, note: describeRequest(deps, request) };
}

/** Cancels the review request of a job moved back from "Job done", unless it went (or is going) already. */
async function cancelUnsent(trx: Kysely<DB>, leadId: string): Promise<string> {
  const request = await getReviewRequestOfLead({ db: trx, leadId });
  if (!request || request.status !== "scheduled") return "";
  const jobs = (await listEmailJobs({ db: trx, leadId })).filter((job) => job.kind === "review-request" || job.kind === "review-reminder");
  const going = jobs.some((job) => job.kind === "review-request" && job.status !== "pending");
  if (request.sent_at || going) return "The review request had already gone; its reminder waits until the job is marked done again.";
  await cancelReviewRequest({ db: trx, id: request.id, reason: REOPENED_REASON });
  for (const job of jobs) await deletePendingEmailJob({ db: trx, id: job.id });
  return "The review request that had not gone yet is cancelled.";
}

/** The review request in one sentence, for the message after a change. */
function describeRequest(deps: Pick<ReviewDeps, "clock">, request: ReviewRequest): string {
  if (request.status === "skipped") return `No review request: ${request.skip_reason ?? "skipped"}.`;
  if (request.status === "cancelled") return `The review request was cancelled: ${request.skip_reason ?? "cancelled"}.`;
  if (request.sent_at) return `The review request went on ${deps.clock.formatDate(request.sent_at)}.`;
  return `Review request: will go ${formatReviewTime(request.send_at, deps.clock.timeZone)}.`;
}

/** The sentence after a status change, with what happened to the review request. */
export function jobEndMessage(from: LeadStatus, to: LeadStatus, outcome: JobEndOutcome): string {
  const status = outcome.moved
    ? `Status changed from ${leadStatusLabels[from]} to ${leadStatusLabels[to]}.`
    : `The status stays ${leadStatusLabels[to === "done" ? "done" : from]}.`;
  return outcome.note ? `${status} ${outcome.note}` : status;
}
