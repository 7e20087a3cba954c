/** How a Google sign-in can fail, and what a homeowner reads for each (ADR 007, ADR 009). */

export type OidcFailure =
  /** The homeowner pressed Cancel at Google (error=access_denied). */
  | "cancelled"
  /** The flow cookie is missing, older than 10 minutes, or not signed by us. */
  | "expired"
  /** The callback's `state` is not the one this browser's cookie started. */
  | "state-mismatch"
  /** Discovery, token or userinfo request failed, timed out, or the issuer answered with an error. */
  | "issuer-error"
  /** The ID token failed validation (signature, iss, aud, exp, nonce). */
  | "invalid-token"
  /** Neither the ID token nor userinfo has an email address. */
  | "no-email";

export interface OidcClaims {
  sub: string;
  email: string;
  emailVerified: boolean;
  name: string | null;
}

export type OidcResult =
  { ok: true; claims: OidcClaims; returnTo: string } | { ok: false; reason: OidcFailure; message: string; detail?: string };

/** What a homeowner reads for each failure. */
export const OIDC_FAILURE_MESSAGES: Readonly<Record<OidcFailure, string>> = {
  cancelled: "Google sign-in was cancelled. You can try again or sign in with your email and password.",
  expired: "Your Google sign-in took too long or was started in another browser window. Please try again.",
  "state-mismatch":
    "We could not confirm that this Google sign-in was started in this browser, so we did not sign you in. Please try again.",
  "issuer-error":
    "We could not finish signing you in with Google. Please try again in a few minutes, or sign in with your email and password.",
  "invalid-token": "Google's answer could not be verified, so we did not sign you in. Please try again.",
  "no-email":
    "Your Google account did not share an email address with us, so we cannot sign you in with it. Please sign in with your email and password instead.",
};

/** Thrown by `begin()` only; `complete()` returns failures instead. */
export class OidcError extends Error {
  readonly reason: OidcFailure;
  /** For the logs, not for homeowners. */
  readonly detail: string;
  constructor(reason: OidcFailure, detail: string, options?: { cause?: unknown }) {
    super(OIDC_FAILURE_MESSAGES[reason], options);
    this.name = "OidcError";
    this.reason = reason;
    this.detail = detail;
  }
}

export function failure(reason: OidcFailure, detail: string): OidcResult {
  return { ok: false, reason, message: OIDC_FAILURE_MESSAGES[reason], detail };
}

export function describeError(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const code = (err as { code?: unknown }).code;
  const cause = err.cause instanceof Error ? ` (${err.cause.message})` : "";
  return `${err.name}${typeof code === "string" ? ` ${code}` : ""}: ${err.message}${cause}`;
}
