/**
 * A request's booking link (ADR 071): its own key, so the answer to the estimate form and the
 * confirmation email open this request's booking page and nothing else of the homeowner's. Made
 * with the request (or on first use for an older one); the token is HMAC(secret, "booking:nonce").
 */
import type { Kysely } from "kysely";
import type { Locale } from "#app/i18n/locale.ts";
import type { DB } from "#app/server/db/schema.server.ts";
import { bookingPath } from "#app/server/quotes/paths.server.ts";
import { LINK_TOKEN, linkToken, newLinkToken, tokenSha256 } from "#app/server/quotes/link-token.server.ts";
import {
  createBookingLinkIfAbsent,
  getBookingLinkByToken,
  getBookingLinkOfLead,
  replaceBookingLinkToken,
  type BookingLink,
} from "#app/server/repos/bookings.server.ts";

/** The booking page's token of a request, made now if it has none; `db` may be the request's own transaction. */
export async function ensureBookingToken({
  db,
  secret,
  leadId,
  now,
}: {
  db: Kysely<DB>;
  secret: string;
  leadId: string;
  now: Date;
}): Promise<string> {
  const existing = await getBookingLinkOfLead({ db, leadId });
  if (existing) return linkToken(secret, "booking", existing.token_nonce);
  const fresh = newLinkToken(secret, "booking");
  const link = await createBookingLinkIfAbsent({ db, leadId, tokenNonce: fresh.nonce, tokenSha256: fresh.sha256, now });
  return linkToken(secret, "booking", link.token_nonce);
}

/** The booking page's full address in `locale`. */
export function bookingUrl(publicUrl: string, locale: Locale, token: string): string {
  return `${publicUrl.replace(/\/+$/, "")}${bookingPath(locale, token)}`;
}

/** The link a token opens, or null for anything else (malformed, wrong or replaced). */
export async function findBookingLink(db: Kysely<DB>, token: string | undefined): Promise<BookingLink | null> {
  if (!token || !LINK_TOKEN.test(token)) return null;
  return getBookingLinkByToken({ db, tokenSha256: tokenSha256(token) });
}

/** A new token for the request's link (the admin's "replace"): the old address answers 404 at once. */
export async function replaceBookingToken({
  db,
  secret,
  leadId,
  now,
}: {
  db: Kysely<DB>;
  secret: string;
  leadId: string;
  now: Date;
}): Promise<string> {
  await ensureBookingToken({ db, secret, leadId, now });
  const fresh = newLinkToken(secret, "booking");
  await replaceBookingLinkToken({ db, leadId, tokenNonce: fresh.nonce, tokenSha256: fresh.sha256 });
  return fresh.token;
}
