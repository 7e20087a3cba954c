/**
 * The admin's reviews page (issue 29): the last 12 months' figures and the feedback, newest first,
 * each with whether it may be (or was) published as a testimonial.
 */
import type { ReviewsAdminView } from "#app/schemas/reviews-admin.ts";
import { listReviewActivitySince, listReviewFeedback } from "#app/server/repos/review-feedback.server.ts";
import type { ReviewFeedbackDeps } from "#app/server/reviews/feedback-deps.server.ts";
import { MONTHS_LOOKBACK_MS, reviewMonths } from "#app/server/reviews/month-figures.server.ts";

/** How many of the newest the page lists. */
export const FEEDBACK_LISTED = 200;

export async function reviewsAdminPage(deps: Pick<ReviewFeedbackDeps, "database" | "clock">): Promise<ReviewsAdminView> {
  const db = deps.database.db;
  const now = deps.clock.now();
  const [activity, list] = await Promise.all([
    listReviewActivitySince({ db, since: new Date(now.getTime() - MONTHS_LOOKBACK_MS) }),
    listReviewFeedback({ db, limit: FEEDBACK_LISTED }),
  ]);
  return {
    months: reviewMonths({ now, timeZone: deps.clock.timeZone, ...activity }),
    total: list.total,
    feedback: list.rows.map((row) => {
      const consent = row.consent === 1;
      const published = row.published_testimonial_id;
      return {
        id: row.id,
        rating: Number(row.rating),
        comment: row.comment,
        name: row.display_name,
        place: row.place,
        date: deps.clock.formatDate(row.updated_at),
        dateTime: row.updated_at,
        consent,
        spanish: row.locale === "es",
        leadId: row.lead_id,
        testimonialId: published,
        canPublish: consent && row.comment.trim() !== "" && row.display_name.trim() !== "" && published === null,
      };
    }),
  };
}
