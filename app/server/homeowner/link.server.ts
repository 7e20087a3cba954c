/**
 * A homeowner's link (ADR 069): one per email address, made on first use, its token the HMAC of a
 * nonce (app/server/quotes/link-token.server.ts, purpose "homeowner"). An email that carries it
 * records `issued_at`, which starts the 14 days in which the link alone opens the page.
 */
import type { Kysely } from "kysely";
import type { Locale } from "#app/i18n/locale.ts";
import type { DB } from "#app/server/db/schema.server.ts";
import type { HomeownerDeps } from "#app/server/homeowner/deps.server.ts";
import { homeownerUrl } from "#app/server/homeowner/rules.server.ts";
import { LINK_TOKEN, linkToken, newLinkToken, tokenSha256 } from "#app/server/quotes/link-token.server.ts";
import {
  createHomeownerLinkIfAbsent,
  getHomeownerLinkByEmail,
  getHomeownerLinkByToken,
  updateHomeownerLinkIssued,
  updateHomeownerLinkToken,
  type HomeownerLink,
} from "#app/server/repos/homeowner-links.server.ts";

export function normalizeHomeownerEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The link of an address, made now if it has none; `db` may be a transaction. */
export async function ensureHomeownerLink({
  db,
  secret,
  email,
  now,
}: {
  db: Kysely<DB>;
  secret: string;
  email: string;
  now: Date;
}): Promise<{ link: HomeownerLink; token: string }> {
  const address = normalizeHomeownerEmail(email);
  const existing = await getHomeownerLinkByEmail({ db, email: address });
  if (existing) return { link: existing, token: linkToken(secret, "homeowner", existing.token_nonce) };
  const fresh = newLinkToken(secret, "homeowner");
  const link = await createHomeownerLinkIfAbsent({ db, email: address, tokenNonce: fresh.nonce, tokenSha256: fresh.sha256, now });
  return { link, token: linkToken(secret, "homeowner", link.token_nonce) };
}

interface LinkUrlArgs {
  db: Kysely<DB>;
  secret: string;
  publicUrl: string;
  email: string;
  locale: Locale;
  now: Date;
}

/**
 * The page's address for an email about to be sent, recording that it was sent now (the send
 * and the record share `db` when it is the email's own transaction).
 */
export async function issueHomeownerLink(args: LinkUrlArgs): Promise<string> {
  const { link, token } = await ensureHomeownerLink(args);
  await updateHomeownerLinkIssued({ db: args.db, id: link.id, now: args.now });
  return homeownerUrl(args.publicUrl, args.locale, token);
}

/** The page's address of an address's link, made on first use, without recording a send (a held email's new copy). */
export async function homeownerLinkUrl(args: LinkUrlArgs): Promise<string> {
  const { token } = await ensureHomeownerLink(args);
  return homeownerUrl(args.publicUrl, args.locale, token);
}

/** The admin's view of an address's link: its address in the homeowner's language, made on first use. */
export async function getHomeownerLinkUrl(
  deps: Pick<HomeownerDeps, "config" | "database" | "secret" | "clock">,
  { email, locale }: { email: string; locale: Locale },
): Promise<string> {
  const { token } = await ensureHomeownerLink({ db: deps.database.db, secret: deps.secret, email, now: deps.clock.now() });
  return homeownerUrl(deps.config.publicUrl, locale, token);
}

/** A new link for the address: the old one answers 404 at once, and its confirmed browsers must confirm again. */
export async function replaceHomeownerLink(
  deps: Pick<HomeownerDeps, "config" | "database" | "secret" | "clock" | "logger">,
  { email, locale, adminId }: { email: string; locale: Locale; adminId: string },
): Promise<string> {
  const { link } = await ensureHomeownerLink({ db: deps.database.db, secret: deps.secret, email, now: deps.clock.now() });
  const fresh = newLinkToken(deps.secret, "homeowner");
  await updateHomeownerLinkToken({ db: deps.database.db, id: link.id, tokenNonce: fresh.nonce, tokenSha256: fresh.sha256 });
  deps.logger.info("homeowner link replaced", { linkId: link.id, adminId });
  return homeownerUrl(deps.config.publicUrl, locale, fresh.token);
}

/** The link a token opens, or null for anything else (a malformed, wrong or replaced token). */
export async function findHomeownerLink(deps: Pick<HomeownerDeps, "database">, token: string | undefined): Promise<HomeownerLink | null> {
  if (!token || !LINK_TOKEN.test(token)) return null;
  return getHomeownerLinkByToken({ db: deps.database.db, tokenSha256: tokenSha256(token) });
}
