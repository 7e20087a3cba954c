/**
 * The browser that typed the right code (ADR 069): a signed cookie naming the link, bound to its
 * current token, and when it was confirmed. HttpOnly, SameSite=Lax, scoped to the page's own path
 * (so it travels with that link only) and kept 14 days. It proves nothing once the link is
 * replaced: the token's hash is in what is signed.
 *
 * Value: `<link id>.<confirmed at, ms>.<HMAC-SHA256>`, keyed with a key of its own derived from
 * the site's secret.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { CONFIRMED_BROWSER_MS } from "#app/server/homeowner/rules.server.ts";
import type { HomeownerLink } from "#app/server/repos/homeowner-links.server.ts";

const SHAPE = /^([0-9a-f-]{36})\.(\d{1,15})\.([A-Za-z0-9_-]{43})$/;

export function confirmCookieName(isHttps: boolean): string {
  return isHttps ? "__Secure-homeowner" : "homeowner";
}

function signature(secret: string, link: Pick<HomeownerLink, "id" | "token_sha256">, at: string): Buffer {
  const key = createHmac("sha256", secret).update("homeowner-cookie-key:v1").digest();
  return createHmac("sha256", key).update(`${link.id}.${link.token_sha256}.${at}`).digest();
}

/** The Set-Cookie header of a browser confirmed now, for the page at `path`. */
export function confirmCookie({
  secret,
  link,
  now,
  path,
  isHttps,
}: {
  secret: string;
  link: Pick<HomeownerLink, "id" | "token_sha256">;
  now: Date;
  path: string;
  isHttps: boolean;
}): string {
  const at = String(now.getTime());
  const value = `${link.id}.${at}.${signature(secret, link, at).toString("base64url")}`;
  const parts = [
    `${confirmCookieName(isHttps)}=${value}`,
    `Path=${path}`,
    `Max-Age=${Math.floor(CONFIRMED_BROWSER_MS / 1000)}`,
    "HttpOnly",
    "SameSite=Lax",
  ];
  if (isHttps) parts.push("Secure");
  return parts.join("; ");
}

/** Whether the request carries a cookie this site signed for this link's current token within the last 14 days. */
export function isConfirmedBrowser({
  secret,
  link,
  cookieHeader,
  now,
  isHttps,
}: {
  secret: string;
  link: Pick<HomeownerLink, "id" | "token_sha256">;
  cookieHeader: string | null;
  now: Date;
  isHttps: boolean;
}): boolean {
  const name = confirmCookieName(isHttps);
  for (const part of (cookieHeader ?? "").split(";")) {
    const index = part.indexOf("=");
    if (index === -1 || part.slice(0, index).trim() !== name) continue;
    const match = SHAPE.exec(part.slice(index + 1).trim());
    if (!match || match[1] !== link.id) continue;
    const at = match[2]!;
    const given = Buffer.from(match[3]!, "base64url");
    const expected = signature(secret, link, at);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) continue;
    const age = now.getTime() - Number(at);
    if (age >= 0 && age < CONFIRMED_BROWSER_MS) return true;
  }
  return false;
}
