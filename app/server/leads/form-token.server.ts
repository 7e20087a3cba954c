import { createHash, createHmac, timingSafeEqual } from "node:crypto";

/**
 * A form token is "<shown-at ms>.<HMAC>": the time the form was shown,
 * signed with the site's secret so a bot cannot make one up.
 */
export function mintFormToken(secret: string, now = Date.now()): string {
  const issuedAt = String(Math.floor(now));
  return `${issuedAt}.${sign(secret, issuedAt)}`;
}

/**
 * The form tokens one process mints never repeat: a token issued in the same millisecond as the
 * previous one takes the next millisecond, so two visitors never share a token and a second
 * request with the same token really is the same page sent again (or a replay).
 */
export function createTokenClock(clock: () => number = Date.now): () => number {
  let last = 0;
  return () => {
    last = Math.max(Math.floor(clock()), last + 1);
    return last;
  };
}

/**
 * A form shown longer ago than this is not trusted: the request is still stored and emailed, but
 * marked "needs review" (a token copied from a page cannot be replayed by a bot for ever unseen).
 */
const FORM_TOKEN_MAX_AGE_MS = 24 * 60 * 60 * 1000;

type FormTokenCheck =
  { ok: true; ageMs: number } | { ok: false; reason: "too-fast" | "expired"; ageMs: number } | { ok: false; reason: "missing" | "forged" };

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
  if (ageMs > FORM_TOKEN_MAX_AGE_MS) return { ok: false, reason: "expired", ageMs };
  if (ageMs < minAgeMs) return { ok: false, reason: "too-fast", ageMs };
  return { ok: true, ageMs };
}

/** What a lead stores of its token: enough to see the same token again, not the token. */
export function formTokenHash(token: string): string {
  return createHash("sha256").update(`form-token:${token}`).digest("base64url").slice(0, 22);
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
  const tokenClock = createTokenClock();
  return {
    mint: () => mintFormToken(secret, tokenClock()),
    check: (token, { minAgeMs }) => checkFormToken(secret, token, { minAgeMs }),
  };
}
