import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * A form token is "<shown-at ms>.<HMAC>": the time the form was shown,
 * signed with the site's secret so a bot cannot make one up.
 */
export function mintFormToken(secret: string, now = Date.now()): string {
  const issuedAt = String(Math.floor(now));
  return `${issuedAt}.${sign(secret, issuedAt)}`;
}

/**
 * A form shown longer ago than this is refused (with a sentence asking to send it again), so a
 * token copied from a page cannot be replayed by a bot for ever.
 */
export const FORM_TOKEN_MAX_AGE_MS = 24 * 60 * 60 * 1000;

export type FormTokenCheck =
  | { ok: true; ageMs: number }
  | { ok: false; reason: "missing" | "forged" | "too-fast" | "expired" };

export function checkFormToken(
  secret: string,
  token: unknown,
  { minAgeMs, now = Date.now() }: { minAgeMs: number; now?: number },
): FormTokenCheck {
  if (typeof token !== "string" || token.length === 0) return { ok: false, reason: "missing" };
  const match = /^(\d{1,16})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return { ok: false, reason: "forged" };
  const [, issuedAt = "", signature = ""] = match;
  const expected = Buffer.from(sign(secret, issuedAt));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { ok: false, reason: "forged" };
  const ageMs = now - Number(issuedAt);
  // A token from the future was not issued by this clock: treat it like a forgery.
  if (ageMs < -60_000) return { ok: false, reason: "forged" };
  if (ageMs > FORM_TOKEN_MAX_AGE_MS) return { ok: false, reason: "expired" };
  if (ageMs < minAgeMs) return { ok: false, reason: "too-fast" };
  return { ok: true, ageMs };
}

function sign(secret: string, issuedAt: string): string {
  return createHmac("sha256", secret).update(`form-token:${issuedAt}`).digest("base64url");
}

/** The estimate form's tokens, signed with the site's secret: what the host and the form's action use. */
export interface FormTokens {
  /** A token saying "the form was shown now". */
  mint(): string;
  check(token: unknown, options: { minAgeMs: number }): FormTokenCheck;
}

export function createFormTokens(secret: string): FormTokens {
  return {
    mint: () => mintFormToken(secret),
    check: (token, { minAgeMs }) => checkFormToken(secret, token, { minAgeMs }),
  };
}
