/**
 * After the job (issue 29): the homeowner's review page with its private feedback, the owner's
 * alert of a low rating, and the admin's reviews page (the month figures, the feedback, publishing
 * a consenting comment as a testimonial). The host builds this once (`createReviewFeedback(deps)`)
 * and routes reach it as `backend.reviewFeedback`.
 */
import type { ReviewFeedbackDeps } from "#app/server/reviews/feedback-deps.server.ts";
import { openReviewPage } from "#app/server/reviews/review-page.server.ts";
import { sendReviewFeedback } from "#app/server/reviews/send-feedback.server.ts";
import { publishFeedback } from "#app/server/reviews/publish-feedback.server.ts";
import { reviewsAdminPage } from "#app/server/reviews/admin-page.server.ts";

/** The second argument of a verb: what a caller passes once the dependencies are bound. */
type Args<F> = F extends (deps: never, args: infer A) => unknown ? A : never;

export function createReviewFeedback(deps: ReviewFeedbackDeps) {
  return {
    /** The review page of a token: not found, or its view. */
    openPage: (args: Args<typeof openReviewPage>) => openReviewPage(deps, args),
    /** The page's form: stored (and the owner alerted of a low rating), refused with why, or not found. */
    send: (args: Args<typeof sendReviewFeedback>) => sendReviewFeedback(deps, args),
    /** The admin's reviews page. */
    adminPage: () => reviewsAdminPage(deps),
    /** "Publish as testimonial": only with the homeowner's consent. */
    publish: (args: Args<typeof publishFeedback>) => publishFeedback(deps, args),
  };
}

export type ReviewFeedbackService = ReturnType<typeof createReviewFeedback>;
