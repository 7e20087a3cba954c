/**
 * "Publish as testimonial" on the reviews page (issue 29): a homeowner's comment becomes a public
 * testimonial only when they ticked "you may quote me with my first name and neighborhood", and
 * only when the owner publishes it. The testimonial records where it came from (source "feedback"
 * and the feedback's id): their words as written (a Spanish comment is its Spanish quote too), the
 * first name and neighborhood they gave, the day they sent it, about the business as a whole.
 * Publishing again while it is on the site does nothing new.
 */
import { randomUUID } from "node:crypto";
import { testimonialLimits } from "#app/schemas/site-rules.ts";
import { isUuid } from "#app/server/ids.server.ts";
import { getReviewFeedback, setFeedbackTestimonial } from "#app/server/repos/review-feedback.server.ts";
import { addFeedbackTestimonial, countTestimonials, getTestimonial } from "#app/server/repos/testimonials.server.ts";
import type { ReviewFeedbackDeps } from "#app/server/reviews/feedback-deps.server.ts";

export type PublishResult =
  { ok: true; message: string; testimonialId: string; isNew: boolean } | { ok: false; status: 400 | 403 | 404 | 409; error: string };

const refused = (status: 400 | 403 | 404 | 409, error: string): PublishResult => ({ ok: false, status, error });

export async function publishFeedback(
  deps: Pick<ReviewFeedbackDeps, "database" | "clock" | "publicPages" | "logger">,
  { feedbackId, adminId }: { feedbackId: string | undefined; adminId: string },
): Promise<PublishResult> {
  const { db, dialect } = deps.database;
  if (!isUuid(feedbackId)) return refused(404, "That feedback is no longer there.");
  const now = deps.clock.now();
  const result = await db.transaction().execute(async (trx): Promise<PublishResult> => {
    const feedback = await getReviewFeedback({ db: trx, id: feedbackId, dialect, lock: true });
    if (!feedback) return refused(404, "That feedback is no longer there.");
    if (feedback.consent !== 1) {
      return refused(403, "This homeowner did not agree to be quoted, so their feedback stays private: it cannot become a testimonial.");
    }
    const quote = feedback.comment.trim();
    if (quote === "") return refused(400, "This feedback has a rating but no comment: there are no words to quote.");
    if (feedback.display_name.trim() === "") return refused(400, "This feedback has no first name to show with the quote.");
    if (quote.length > testimonialLimits.quote.max) {
      return refused(
        409,
        `This comment is longer than the ${testimonialLimits.quote.max} characters a testimonial holds. Shortening someone's words changes them: ask the homeowner, then add it on the Testimonials page.`,
      );
    }
    const current = feedback.testimonial_id ? await getTestimonial({ db: trx, id: feedback.testimonial_id }) : null;
    if (current) return { ok: true, message: "It is already on the site as a testimonial.", testimonialId: current.id, isNew: false };
    if ((await countTestimonials({ db: trx })) >= testimonialLimits.count.max) {
      return refused(409, `The site keeps at most ${testimonialLimits.count.max} testimonials: please delete an old one first.`);
    }
    const added = await addFeedbackTestimonial({
      db: trx,
      id: randomUUID(),
      feedbackId: feedback.id,
      values: {
        quote,
        quoteEs: feedback.locale === "es" ? quote : "",
        name: feedback.display_name.trim(),
        place: feedback.place.trim(),
        service: null,
        givenOn: deps.clock.localDate(new Date(feedback.updated_at)),
        link: null,
        projectId: null,
      },
      now,
    });
    await setFeedbackTestimonial({ db: trx, id: feedback.id, testimonialId: added.id });
    return {
      ok: true,
      message: `Published the words of ${added.name} as a testimonial. The site shows it now.`,
      testimonialId: added.id,
      isNew: true,
    };
  });
  if (result.ok && result.isNew) {
    await deps.publicPages.invalidate();
    deps.logger.info("feedback published as a testimonial", { feedbackId, testimonialId: result.testimonialId, adminId });
  }
  return result;
}
