/**
 * Telling the owner at once of a low rating (issue 29): the `review-feedback` email to the business
 * inbox and a push to every admin device. Written out before the feedback's transaction (the
 * profile and the inbox are read through the pool) and returned as the write that transaction
 * makes, so the alert is queued with the feedback or not at all. The outbox and the push worker
 * are woken after the commit by the caller.
 */
import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { DB } from "#app/server/db/schema.server.ts";
import { siteSender } from "#app/server/mail/message-parts.server.ts";
import { reviewFeedbackMail } from "#app/server/mail/review-feedback-message.server.ts";
import { reviewFeedbackPushPayload } from "#app/server/push/payload.server.ts";
import { createEmailJob } from "#app/server/repos/email-jobs.server.ts";
import type { Lead } from "#app/server/repos/leads.server.ts";
import { queuePushJobs } from "#app/server/repos/push-jobs.server.ts";
import type { ReviewRequest } from "#app/server/repos/review-requests.server.ts";
import type { ReviewFeedbackDeps } from "#app/server/reviews/feedback-deps.server.ts";

const EMAIL_SHAPE = /^[^\s@<>]+@[^\s@<>]+$/;

export interface LowRatingAlert {
  /** Queues the email and the push for the stored feedback `feedbackId`, in the caller's transaction. */
  queue(db: Kysely<DB>, feedbackId: string): Promise<void>;
}

export async function lowRatingAlert(
  deps: Pick<ReviewFeedbackDeps, "config" | "site" | "clock">,
  {
    request,
    lead,
    rating,
    comment,
    firstName,
    spanish,
    now,
  }: { request: ReviewRequest; lead: Lead | null; rating: number; comment: string; firstName: string; spanish: boolean; now: Date },
): Promise<LowRatingAlert> {
  const [{ profile }, inbox] = await Promise.all([deps.site.content(), deps.site.leadInbox()]);
  const email = request.email.trim();
  const mail = inbox
    ? reviewFeedbackMail({
        to: inbox,
        from: siteSender(deps.config, profile.name),
        replyTo: EMAIL_SHAPE.test(email) ? email : null,
        siteUrl: deps.config.publicUrl,
        rating,
        comment,
        name: lead?.from_name || firstName || request.first_name,
        phone: lead?.phone ?? "",
        subject: lead?.subject ?? "",
        leadId: request.lead_id,
        at: deps.clock.formatLongTime(now.toISOString()),
        spanish,
      })
    : null;
  return {
    async queue(db, feedbackId) {
      if (mail && inbox) {
        await createEmailJob({
          db,
          id: randomUUID(),
          leadId: request.lead_id,
          kind: "review-feedback",
          recipient: inbox,
          payload: mail,
          giveUpAfterMs: deps.config.env.MAIL_GIVE_UP_HOURS * 3600 * 1000,
          now,
        });
      }
      await queuePushJobs({
        db,
        leadId: request.lead_id,
        payload: reviewFeedbackPushPayload({ rating, leadId: request.lead_id, feedbackId }),
        now,
      });
    },
  };
}
