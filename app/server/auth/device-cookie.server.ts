/**
 * Device cookies (OWASP, "Slow Down Online Guessing Attacks with Device Cookies"): a browser
 * that signed in to an account with its password gets a signed cookie naming that account and a
 * random nonce. Later failed sign-ins from that browser count against the cookie's own budget,
 * not the account's budget for unknown clients, so an attacker who uses up the account's budget
 * locks out only unknown clients: the owner's browser still signs in.
 *
 * The cookie proves nothing by itself (it is not a session and signs nobody in); it only decides
 * which budget an attempt is counted in. Its value: `<login, base64url>.<nonce>.<HMAC-SHA256>`,
 * keyed with a key derived from the site's secret (SESSION_SECRET or the stored one).
 * HttpOnly, SameSite=Lax, a year long; on https `__Host-device` and Secure.
 * See docs/decisions/020-shared-limits-and-device-cookies.md.
 */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { normalizeEmail } from "#app/server/repos/users.server.ts";

const DEVICE_COOKIE_TTL_MS = 365 * 24 * 3600 * 1000;
const NONCE_BYTES = 16;
const TOKEN_SHAPE = /^([A-Za-z0-9_-]{1,500})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;

export function deviceCookieName(isHttps: boolean): string {
  return isHttps ? "__Host-device" : "device";
}

function signature(secret: string, body: string): Buffer {
  // A key of its own, so a device cookie's MAC can never stand in for another signed value's.
  const key = createHmac("sha256", secret).update("device-cookie-key:v1").digest();
  return createHmac("sha256", key).update(body).digest();
}

/** A new device token for `login` (an account's email), with a fresh nonce. */
export function createDeviceToken({ secret, login }: { secret: string; login: string }): string {
  const body = `${Buffer.from(normalizeEmail(login), "utf8").toString("base64url")}.${randomBytes(NONCE_BYTES).toString("base64url")}`;
  return `${body}.${signature(secret, body).toString("base64url")}`;
}

/**
 * The nonce of a device token that this site signed for `login`; null for anything else (a
 * forged or altered token, one for another account, or no token).
 */
export function verifyDeviceToken({
  secret,
  token,
  login,
}: {
  secret: string;
  token: string | null | undefined;
  login: string;
}): { nonce: string } | null {
  const match = token ? TOKEN_SHAPE.exec(token) : null;
  if (!match) return null;
  const [, encodedLogin, nonce, mac] = match as unknown as [string, string, string, string];
  const expected = signature(secret, `${encodedLogin}.${nonce}`);
  const given = Buffer.from(mac, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  if (Buffer.from(encodedLogin, "base64url").toString("utf8") !== normalizeEmail(login)) return null;
  return { nonce };
}

export function serializeDeviceCookie({ token, isHttps }: { token: string; isHttps: boolean }): string {
  const parts = [`${deviceCookieName(isHttps)}=${token}`, "Path=/", `Max-Age=${DEVICE_COOKIE_TTL_MS / 1000}`, "HttpOnly", "SameSite=Lax"];
  if (isHttps) parts.push("Secure");
  return parts.join("; ");
}

/** The device token the request carries, if it has the right shape (its signature is checked by `verifyDeviceToken`). */
export function readDeviceCookie(request: Request, isHttps: boolean): string | null {
  const name = deviceCookieName(isHttps);
  for (const part of (request.headers.get("cookie") ?? "").split(";")) {
    const index = part.indexOf("=");
    if (index === -1 || part.slice(0, index).trim() !== name) continue;
    const value = part.slice(index + 1).trim();
    return TOKEN_SHAPE.test(value) ? value : null;
  }
  return null;
}
