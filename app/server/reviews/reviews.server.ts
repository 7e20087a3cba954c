/**
 * Review requests (issue 29): after a job is marked done, every customer gets the same request
 * with the same public review link, at the contractor's delay, with one reminder unless they
 * already clicked; at most one per address in six months, never to an address that asked not to
 * be mailed. The host builds this once (`createReviews(deps)`); routes reach it as
 * `backend.reviews`. The status change itself goes through the leads' desk (job-end.server.ts).
 */
import { publicReviewAddress } from "#app/schemas/review-address.ts";
import type { ReviewDeps } from "#app/server/reviews/deps.server.ts";
import { leadReviewView } from "#app/server/reviews/lead-review.server.ts";
import { followReviewLink, seeReviewEmail } from "#app/server/reviews/links.server.ts";
import { describeReviewSettings, getReviewSettings, saveReviewSettings } from "#app/server/reviews/settings.server.ts";

/** The second argument of a verb: what a caller passes once the dependencies are bound. */
type Args<F> = F extends (deps: never, args: infer A) => unknown ? A : never;

export function createReviews(deps: ReviewDeps) {
  return {
    getSettings: () => getReviewSettings(deps),
    saveSettings: (args: Args<typeof saveReviewSettings>) => saveReviewSettings(deps, args),
    describeSettings: describeReviewSettings,
    /** Where the public review link leads now (built from the profile), or null when it has none. */
    reviewAddress: async () => publicReviewAddress((await deps.site.content()).profile),
    /** A request's review request, for its admin page. */
    leadReview: (args: Args<typeof leadReviewView>) => leadReviewView(deps, args),
    /** The public review link: counts the click (`count`: a GET), answers where to send them, or null. */
    follow: (args: Args<typeof followReviewLink>) => followReviewLink(deps, args),
    /** The email's image: counts the opening (`count`: a GET); false for an unknown token. */
    seen: (args: Args<typeof seeReviewEmail>) => seeReviewEmail(deps, args),
  };
}

export type Reviews = ReturnType<typeof createReviews>;
