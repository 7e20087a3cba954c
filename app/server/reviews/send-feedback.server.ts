/**
 * The homeowner's private feedback posted from the review page (issue 29). One row per review
 * request: sent again, it replaces the first. In one transaction: the feedback, and when the
 * rating is 3 or less and was not already (a first feedback, or a 4 or 5 changed into a low one),
 * the owner's alert (email and push). Changing a 2 into a 1 does not alert twice. A testimonial
 * published from it comes down when the homeowner withdraws their consent or changes the words,
 * name or neighborhood it quotes: the site never quotes what they no longer stand by.
 */
import { randomUUID } from "node:crypto";
import type { Locale } from "#app/i18n/locale.ts";
import { ReviewFeedbackSchema, isLowRating, toReviewRefusal, readReviewFeedback } from "#app/schemas/review-feedback.ts";
import type { ReviewRefusedPost } from "#app/schemas/review-page.ts";
import { limitBucket } from "#app/server/limits.server.ts";
import { getLead } from "#app/server/repos/leads.server.ts";
import { takeRateLimitHits } from "#app/server/repos/rate-limits.server.ts";
import {
  getFeedbackOfRequest,
  saveReviewFeedback,
  type FeedbackValues,
  type ReviewFeedback,
} from "#app/server/repos/review-feedback.server.ts";
import { deleteFeedbackTestimonial } from "#app/server/repos/testimonials.server.ts";
import { lowRatingAlert } from "#app/server/reviews/feedback-alert.server.ts";
import type { ReviewFeedbackDeps } from "#app/server/reviews/feedback-deps.server.ts";
import { findReviewRequest } from "#app/server/reviews/review-link.server.ts";

export type SendFeedbackResult = { outcome: "not-found" } | ({ outcome: "refused" } & ReviewRefusedPost) | { outcome: "sent" };

/** Alerts of one review request a day at most: a rating flipped back and forth tells the owner a few times, not endlessly. */
const ALERTS_PER_DAY = 3;
const DAY_MS = 24 * 3600 * 1000;

/** What a published testimonial quotes changed, or the consent to quote it went. */
function quoteNoLongerAgreed(before: ReviewFeedback, after: FeedbackValues): boolean {
  return !after.consent || after.comment !== before.comment || after.displayName !== before.display_name || after.place !== before.place;
}

export async function sendReviewFeedback(
  deps: ReviewFeedbackDeps,
  { token, locale, form }: { token: string | undefined; locale: Locale; form: { get(name: string): unknown } },
): Promise<SendFeedbackResult> {
  const { db, dialect } = deps.database;
  const request = await findReviewRequest(db, token);
  if (!request) return { outcome: "not-found" };
  const raw = readReviewFeedback(form);
  const parsed = ReviewFeedbackSchema.safeParse(raw);
  if (!parsed.success) {
    return {
      outcome: "refused",
      refusal: toReviewRefusal(parsed.error.issues[0]?.message),
      values: {
        rating: raw.rating ?? "",
        comment: raw.comment ?? "",
        consent: raw.consent === "yes",
        firstName: raw.firstName ?? "",
        place: raw.place ?? "",
      },
    };
  }
  const values: FeedbackValues = {
    rating: parsed.data.rating,
    comment: parsed.data.comment,
    consent: parsed.data.consent,
    displayName: parsed.data.firstName,
    place: parsed.data.place,
    locale,
  };
  const now = deps.clock.now();
  // Read through the pool before the transaction, as the booking notices are (booking/notify.server.ts).
  const lead = request.lead_id ? await getLead({ db, id: request.lead_id }) : null;
  const alert = isLowRating(values.rating)
    ? await lowRatingAlert(deps, {
        request,
        lead,
        rating: values.rating,
        comment: values.comment,
        firstName: values.displayName,
        spanish: locale === "es",
        now,
      })
    : null;
  const done = await db.transaction().execute(async (trx) => {
    const existing = await getFeedbackOfRequest({ db: trx, reviewRequestId: request.id, dialect, lock: true });
    let testimonialId = existing?.testimonial_id ?? null;
    let tookDown = false;
    if (existing && testimonialId && quoteNoLongerAgreed(existing, values)) {
      tookDown = await deleteFeedbackTestimonial({ db: trx, id: testimonialId, feedbackId: existing.id });
      testimonialId = null;
    }
    const saved = await saveReviewFeedback({
      db: trx,
      id: randomUUID(),
      reviewRequestId: request.id,
      existing,
      values,
      testimonialId,
      now,
    });
    let alerted = false;
    if (alert && (existing === null || !isLowRating(existing.rating))) {
      const rules = [{ bucket: limitBucket(deps.secret, "review-alert", request.id), limit: ALERTS_PER_DAY, windowMs: DAY_MS }];
      if ((await takeRateLimitHits({ db: trx, dialect, rules, now })).allowed) {
        await alert.queue(trx, saved.id);
        alerted = true;
      }
    }
    return { saved, alerted, tookDown, replaced: existing !== null };
  });
  if (done.tookDown) await deps.publicPages.invalidate();
  if (done.alerted) {
    deps.outbox.kick();
    deps.push.kick();
  }
  deps.logger.info("review feedback received", {
    reviewRequestId: request.id,
    feedbackId: done.saved.id,
    rating: values.rating,
    consent: values.consent,
    replaced: done.replaced,
    alerted: done.alerted,
    testimonialTakenDown: done.tookDown,
  });
  return { outcome: "sent" };
}
