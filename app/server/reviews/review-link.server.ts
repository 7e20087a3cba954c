/**
 * A review request's key (issue 29): the token in the review page's address, its public link (the
 * click) and its email image (the open). HMAC(secret, "review:nonce") like the other homeowner
 * links (quotes/link-token.server.ts); the row keeps the nonce and the token's SHA-256.
 */
import type { Kysely } from "kysely";
import type { Locale } from "#app/i18n/locale.ts";
import type { DB } from "#app/server/db/schema.server.ts";
import { reviewGoPath, reviewPath, reviewSeenPath } from "#app/server/quotes/paths.server.ts";
import { LINK_TOKEN, linkToken, newLinkToken, tokenSha256 } from "#app/server/quotes/link-token.server.ts";
import { getReviewRequestByToken, type ReviewRequest } from "#app/server/repos/review-requests.server.ts";

/** A fresh token for a new review request: store `nonce` and `sha256`, put `token` in the links. */
export function newReviewToken(secret: string): { nonce: string; token: string; sha256: string } {
  return newLinkToken(secret, "review");
}

/** The token of a stored review request. */
export function reviewToken(secret: string, request: Pick<ReviewRequest, "token_nonce">): string {
  return linkToken(secret, "review", request.token_nonce);
}

/** The review request a token opens, or null for anything else (malformed or unknown). */
export async function findReviewRequest(db: Kysely<DB>, token: string | undefined): Promise<ReviewRequest | null> {
  if (!token || !LINK_TOKEN.test(token)) return null;
  return getReviewRequestByToken({ db, tokenSha256: tokenSha256(token) });
}

const base = (publicUrl: string) => publicUrl.replace(/\/+$/, "");

/** The review page's full address in `locale` (the public link and "tell us how we did"). */
export function reviewPageUrl(publicUrl: string, locale: Locale, token: string): string {
  return `${base(publicUrl)}${reviewPath(locale, token)}`;
}

/** The public review link as the emails give it: counted, then sent on to the review site. */
export function reviewGoUrl(publicUrl: string, token: string): string {
  return `${base(publicUrl)}${reviewGoPath(token)}`;
}

/** The email's 1×1 image. */
export function reviewSeenUrl(publicUrl: string, token: string): string {
  return `${base(publicUrl)}${reviewSeenPath(token)}`;
}
