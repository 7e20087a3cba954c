/**
 * Review requests and their feedback made with the app's own code (issue 29), for the suites and
 * browser tests of the review page and the reviews page: the request as the "Job done" step stores
 * it (its token made with the site's secret), its email's sent, opened and clicked stamps, and a
 * homeowner's feedback stored as the page's form stores it.
 */
import { randomUUID } from "node:crypto";
import type { Locale } from "#app/i18n/locale.ts";
import type { Database } from "#app/server/db/index.server.ts";
import { reviewPath } from "#app/server/quotes/paths.server.ts";
import { saveReviewFeedback, type FeedbackValues, type ReviewFeedback } from "#app/server/repos/review-feedback.server.ts";
import {
  createReviewRequest,
  markReviewClicked,
  markReviewOpened,
  markReviewRequestSent,
} from "#app/server/repos/review-requests.server.ts";
import { newReviewToken } from "#app/server/reviews/review-link.server.ts";
import { loadSiteSecret } from "#app/server/secrets.server.ts";

export interface SeededReviewRequest {
  id: string;
  token: string;
  /** The review page in the request's language. */
  path: string;
}

export async function seedReviewRequest(
  database: Database,
  {
    leadId,
    email,
    firstName,
    locale = "en",
    createdAt = new Date(),
    sentAt = null,
    openedAt = null,
    clickedAt = null,
  }: {
    leadId: string;
    email: string;
    firstName: string;
    locale?: Locale;
    createdAt?: Date;
    sentAt?: Date | null;
    openedAt?: Date | null;
    clickedAt?: Date | null;
  },
): Promise<SeededReviewRequest> {
  const db = database.db;
  const secret = await loadSiteSecret({ db, configured: undefined });
  const token = newReviewToken(secret);
  const id = randomUUID();
  await createReviewRequest({
    db,
    request: {
      id,
      leadId,
      email,
      firstName,
      locale,
      tokenNonce: token.nonce,
      tokenSha256: token.sha256,
      status: "scheduled",
      skipReason: null,
      sendAt: sentAt ?? createdAt,
    },
    now: createdAt,
  });
  if (sentAt) await markReviewRequestSent({ db, id, now: sentAt });
  if (openedAt) await markReviewOpened({ db, id, now: openedAt });
  if (clickedAt) await markReviewClicked({ db, id, now: clickedAt });
  return { id, token: token.token, path: reviewPath(locale, token.token) };
}

/** A homeowner's feedback on `reviewRequestId`, stored at `now` as the review page stores it. */
export function seedReviewFeedback(
  database: Database,
  { reviewRequestId, values, now = new Date() }: { reviewRequestId: string; values: FeedbackValues; now?: Date },
): Promise<ReviewFeedback> {
  return saveReviewFeedback({ db: database.db, id: randomUUID(), reviewRequestId, existing: null, values, testimonialId: null, now });
}
