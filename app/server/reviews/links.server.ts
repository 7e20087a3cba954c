/**
 * The review emails' two counted addresses (issue 29): the public review link (`/review/<token>/go`,
 * the click counted, then on to the review site) and the 1×1 image (`/review/<token>/seen.gif`, the
 * opening counted: an estimate, since many mail apps block or preload images). Both count only the
 * first time, and only on GET (a HEAD, as some link checkers send, counts nothing).
 */
import { toLocale } from "#app/i18n/locale.ts";
import { publicReviewAddress } from "#app/schemas/review-address.ts";
import { markReviewClicked, markReviewOpened } from "#app/server/repos/review-requests.server.ts";
import type { ReviewDeps } from "#app/server/reviews/deps.server.ts";
import { findReviewRequest, reviewPageUrl } from "#app/server/reviews/review-link.server.ts";

/**
 * Where the public review link leads, the click counted: the review address the profile gives NOW
 * (a Place ID changed since the email went is followed), or the review page when it has none.
 * Null for a token this site did not make.
 */
export async function followReviewLink(
  deps: Pick<ReviewDeps, "config" | "database" | "site" | "clock">,
  { token, count }: { token: string | undefined; count: boolean },
): Promise<string | null> {
  const request = await findReviewRequest(deps.database.db, token);
  if (!request || !token) return null;
  if (count) await markReviewClicked({ db: deps.database.db, id: request.id, now: deps.clock.now() });
  const { profile } = await deps.site.content();
  return publicReviewAddress(profile) ?? reviewPageUrl(deps.config.publicUrl, toLocale(request.locale), token);
}

/** Counts the email's opening; false for a token this site did not make. */
export async function seeReviewEmail(
  deps: Pick<ReviewDeps, "database" | "clock">,
  { token, count }: { token: string | undefined; count: boolean },
): Promise<boolean> {
  const request = await findReviewRequest(deps.database.db, token);
  if (!request) return false;
  if (count) await markReviewOpened({ db: deps.database.db, id: request.id, now: deps.clock.now() });
  return true;
}
