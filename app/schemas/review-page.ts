/**
 * What the review page shows (issue 29), as the server gives it to the page: every sentence that
 * depends on the business or a date already written in the URL's language.
 */
import type { ReviewRefusal } from "#app/schemas/review-feedback.ts";

export interface ReviewPageView {
  business: { name: string; phone: string; phoneHref: string };
  /**
   * The public review link (counted, then sent on to the review site) and its button's words. Null
   * only when the business has no public review address; it never depends on the homeowner's
   * feedback or rating (no "review gating").
   */
  publicReview: { url: string; label: string } | null;
  /** What the form shows: the feedback already sent, else empty with the request's first name. */
  form: { rating: number | null; comment: string; consent: boolean; firstName: string; place: string };
  /** "You sent your feedback on …", once there is feedback. */
  previous: string | null;
  /** The thank-you after a post (the redirect's `?sent=1`), while there is feedback. */
  sent: boolean;
}

/** A refused post: which rule, and what was typed (put back in the form). */
export interface ReviewRefusedPost {
  refusal: ReviewRefusal;
  values: { rating: string; comment: string; consent: boolean; firstName: string; place: string };
}
