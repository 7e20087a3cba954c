/**
 * The review page of a finished job (issue 29), /review/<token> and /es/resena/<token>: the public
 * review link at the top and, beside it, the private "tell us how we did". What the page shows is
 * made by `reviewPageView`, a plain function of the profile, the request and its feedback, so a
 * test can make every variant of it: the public link depends on the business's review address
 * only, never on the feedback or its rating.
 */
import { languageTags, type Locale } from "#app/i18n/locale.ts";
import { translate } from "#app/i18n/messages.ts";
import type { SiteProfile } from "#app/content/profile.ts";
import { PLACE_ID, publicReviewAddress } from "#app/schemas/review-address.ts";
import type { ReviewPageView } from "#app/schemas/review-page.ts";
import { reviewGoPath } from "#app/server/quotes/paths.server.ts";
import { getFeedbackOfRequest, type ReviewFeedback } from "#app/server/repos/review-feedback.server.ts";
import type { ReviewRequest } from "#app/server/repos/review-requests.server.ts";
import type { ReviewFeedbackDeps } from "#app/server/reviews/feedback-deps.server.ts";
import { findReviewRequest } from "#app/server/reviews/review-link.server.ts";

export type ReviewPageOpened = { state: "not-found" } | { state: "open"; view: ReviewPageView };

export async function openReviewPage(
  deps: Pick<ReviewFeedbackDeps, "database" | "site" | "clock">,
  { token, locale, sent }: { token: string | undefined; locale: Locale; sent: boolean },
): Promise<ReviewPageOpened> {
  const db = deps.database.db;
  const request = await findReviewRequest(db, token);
  if (!request || !token) return { state: "not-found" };
  const [{ profile }, feedback] = await Promise.all([deps.site.content(), getFeedbackOfRequest({ db, reviewRequestId: request.id })]);
  return { state: "open", view: reviewPageView({ profile, request, feedback, token, locale, timeZone: deps.clock.timeZone, sent }) };
}

export function reviewPageView({
  profile,
  request,
  feedback,
  token,
  locale,
  timeZone,
  sent,
}: {
  profile: Pick<SiteProfile, "name" | "phone" | "phoneHref" | "reviewPlaceId" | "reviewWriteLink" | "reviewLink">;
  request: Pick<ReviewRequest, "first_name">;
  feedback: Pick<ReviewFeedback, "rating" | "comment" | "consent" | "display_name" | "place" | "updated_at"> | null;
  token: string;
  locale: Locale;
  timeZone: string;
  sent: boolean;
}): ReviewPageView {
  const onGoogle = PLACE_ID.test(profile.reviewPlaceId.trim());
  const publicReview =
    publicReviewAddress(profile) === null
      ? null
      : { url: reviewGoPath(token), label: translate(locale, onGoogle ? "review.public.google" : "review.public.other") };
  const day = new Intl.DateTimeFormat(languageTags[locale], { dateStyle: "long", timeZone });
  return {
    business: { name: profile.name, phone: profile.phone, phoneHref: profile.phoneHref },
    publicReview,
    form: feedback
      ? {
          rating: feedback.rating,
          comment: feedback.comment,
          consent: feedback.consent === 1,
          firstName: feedback.display_name || request.first_name,
          place: feedback.place,
        }
      : { rating: null, comment: "", consent: false, firstName: request.first_name, place: "" },
    previous: feedback ? translate(locale, "review.previous", { date: day.format(new Date(feedback.updated_at)) }) : null,
    sent: sent && feedback !== null,
  };
}
