/**
 * Judging an estimate post by its form token and honeypot: spam only when it is certainly not a
 * person; a doubt only asks for a look ("needs review", still emailed). A person's request is
 * never silenced or refused.
 */
import { FORM_TOKEN_FIELD, HONEYPOT_FIELD } from "#app/form-token.ts";
import { formText } from "#app/server/forms.server.ts";
import { formTokenHash as hashToken, type FormTokens } from "#app/server/leads/form-token.server.ts";

interface SpamJudgement {
  /** Why the post is a bot's (the honeypot filled, no token or a forged one): stored, never emailed. */
  spamReason: string | null;
  /**
   * Why a post that may well be a person's is doubted (sent too fast, or the page older than a
   * day): stored as "needs review" and emailed all the same, the reason first.
   */
  reviewReason: string | null;
  /** The hash of a genuine token, so the same token sent again is seen; null without one. */
  formTokenHash: string | null;
}

/**
 * Judges the post: spam only when it is certainly not a person (the honeypot, no token or a
 * forged one). A genuine token that is too young (phone autofill sends in a second) or too old
 * (a page left open) only asks for a look: a person's request is never silenced or refused.
 */
export function judgeSpam(form: FormData, formTokens: FormTokens, minAgeMs: number): SpamJudgement {
  const token = formText(form, FORM_TOKEN_FIELD);
  const check = formTokens.check(token, { minAgeMs });
  const genuine = check.ok || check.reason === "too-fast" || check.reason === "expired";
  const formTokenHash = token && genuine ? hashToken(token) : null;
  const honeypot = formText(form, HONEYPOT_FIELD);
  if (honeypot && honeypot.trim() !== "") return { spamReason: "honeypot field filled", reviewReason: null, formTokenHash };
  if (check.ok) return { spamReason: null, reviewReason: null, formTokenHash };
  if (check.reason === "too-fast") return { spamReason: null, reviewReason: tooFastReason(check.ageMs), formTokenHash };
  if (check.reason === "expired") return { spamReason: null, reviewReason: expiredReason(check.ageMs), formTokenHash };
  const spamReason = check.reason === "missing" ? "form token missing" : "form token invalid";
  return { spamReason, reviewReason: null, formTokenHash: null };
}

function tooFastReason(ageMs: number): string {
  const seconds = Math.floor(Math.max(0, ageMs) / 1000);
  const when = seconds < 1 ? "less than a second" : `${seconds} second${seconds === 1 ? "" : "s"}`;
  return `Sent ${when} after the page opened — phone autofill often does this; check it's a real person.`;
}

function expiredReason(ageMs: number): string {
  const hours = Math.floor(ageMs / 3_600_000);
  const when = hours >= 48 ? `${Math.floor(hours / 24)} days` : `${hours} hours`;
  return `Sent ${when} after the page opened (a page left open, or a copied form) — check it's a real person.`;
}
