/**
 * Names of the shared rate-limit buckets (counted in the database by `repos/rate-limits.server.ts`,
 * see docs/decisions/020-shared-limits-and-device-cookies.md). A bucket is its kind and a keyed
 * hash of who is counted, so the table never holds an address or an email in the clear, and the
 * same client maps to the same bucket on every instance that shares the site's secret.
 */
import { createHmac } from "node:crypto";

type LimitKind =
  /** Estimate requests stored (accepted or flagged as spam) per client address. */
  | "lead-ip"
  /** Confirmation emails per homeowner address. */
  | "confirmation-email"
  /** Sign-in attempts on an account from clients without its device cookie. */
  | "sign-in-account"
  /** Sign-in attempts from one device cookie. */
  | "sign-in-device"
  /** Sign-in attempts per client address, whatever the account. */
  | "sign-in-ip"
  /** Sign-ups per client address. */
  | "sign-up-ip"
  /** "Forgot password" requests per client address. */
  | "password-reset-ip"
  /** "Forgot password" requests per email address typed, whether or not it has an account. */
  | "password-reset-email"
  /** Codes emailed for one homeowner's link (ADR 069). */
  | "homeowner-code-link"
  /** Homeowner's codes asked per client address, whatever the link. */
  | "homeowner-code-ip"
  /** Low-rating alerts to the owner per review request (issue 29): a rating flipped back and forth alerts a few times, not endlessly. */
  | "review-alert";

export function limitBucket(secret: string, kind: LimitKind, value: string): string {
  const hash = createHmac("sha256", secret).update(`rate-limit:${kind}:${value}`).digest("base64url").slice(0, 32);
  return `${kind}:${hash}`;
}
