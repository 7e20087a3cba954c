/**
 * The unsubscribe link of one address and scope (issue 29, "Respect"; RFC 8058): the token
 * carries the address, so no table is needed to read it back, and an HMAC with the site's secret
 * (quotes/link-token.server.ts, purpose "unsubscribe"), so nobody can make one for another
 * address. `base64url(email) "." scope "." HMAC(secret, "unsubscribe:" email ":" scope)`.
 */
import { timingSafeEqual } from "node:crypto";
import type { Locale } from "#app/i18n/locale.ts";
import { linkToken } from "#app/server/quotes/link-token.server.ts";

/** A scope's shape: a short lower-case word ("reviews", "all"). */
const SCOPE = /^[a-z][a-z-]{0,31}$/;
const TOKEN = /^([A-Za-z0-9_-]{1,400})\.([a-z][a-z-]{0,31})\.([A-Za-z0-9_-]{43})$/;

export function unsubscribeToken(secret: string, email: string, scope: string): string {
  if (!SCOPE.test(scope)) throw new Error(`not an unsubscribe scope: ${scope}`);
  const address = email.trim().toLowerCase();
  return `${Buffer.from(address).toString("base64url")}.${scope}.${linkToken(secret, "unsubscribe", `${address}:${scope}`)}`;
}

/** The address and scope a token was made for, or null for anything this site did not make. */
export function readUnsubscribeToken(secret: string, token: string): { email: string; scope: string } | null {
  const match = TOKEN.exec(token);
  if (!match) return null;
  const [, encoded, scope] = match as unknown as [string, string, string, string];
  const email = Buffer.from(encoded, "base64url").toString("utf8");
  if (!email.includes("@") || email !== email.trim().toLowerCase()) return null;
  const given = Buffer.from(token);
  const expected = Buffer.from(unsubscribeToken(secret, email, scope));
  return given.length === expected.length && timingSafeEqual(given, expected) ? { email, scope } : null;
}

/** The page's address in the homeowner's language: /unsubscribe/<token> or /es/baja/<token>. */
export function unsubscribeUrl({
  publicUrl,
  secret,
  email,
  scope,
  locale = "en",
}: {
  publicUrl: string;
  secret: string;
  email: string;
  scope: string;
  locale?: Locale;
}): string {
  const token = unsubscribeToken(secret, email, scope);
  return `${publicUrl}${locale === "es" ? "/es/baja" : "/unsubscribe"}/${token}`;
}

/**
 * The headers that put the mail client's own "Unsubscribe" button on an email (RFC 2369, RFC
 * 8058): its POST to the same address unsubscribes at once, with no cookie and no form token.
 */
export function listUnsubscribeHeaders(args: Parameters<typeof unsubscribeUrl>[0]): Record<string, string> {
  return {
    "List-Unsubscribe": `<${unsubscribeUrl(args)}>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  };
}
