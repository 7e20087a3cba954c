/**
 * Finishing a Google sign-in from the callback: the flow cookie, the state, the code exchange and
 * the ID token's checks (signature, iss, aud, exp, nonce), then the claims we keep.
 */
import * as client from "openid-client";
import type { OidcFlowDeps } from "#app/server/auth/oidc-begin.server.ts";
import { describeError, failure, type OidcFailure, type OidcResult } from "#app/server/auth/oidc-failures.server.ts";
import { openFlow, safeEqual } from "#app/server/auth/oidc-flow-cookie.server.ts";
import { safeReturnTo } from "#app/server/auth/return-to.server.ts";

export async function completeUnsafe(
  { getConfig, redirectUri, secret, now }: OidcFlowDeps,
  input: { callbackUrl: URL; cookieValue: string | null | undefined },
): Promise<OidcResult> {
  const params = input.callbackUrl.searchParams;

  // An error answer signs no one in, so it needs no cookie: someone who cancels after ten
  // minutes on Google's page should hear "cancelled", not "took too long".
  const error = params.get("error");
  if (error !== null) {
    const detail = `issuer answered error=${error}${params.has("error_description") ? ` (${params.get("error_description")})` : ""}`;
    return failure(error === "access_denied" ? "cancelled" : "issuer-error", detail);
  }

  const opened = openFlow(input.cookieValue, secret, now());
  if (!opened.ok) return failure("expired", opened.detail);
  const { flow } = opened;

  const state = params.get("state");
  if (state === null || !safeEqual(state, flow.state)) {
    return failure("state-mismatch", state === null ? "callback has no state" : "callback state differs from the cookie's");
  }
  if (!params.get("code")) return failure("issuer-error", "callback has no code");

  let config: client.Configuration;
  try {
    config = await getConfig();
  } catch (err) {
    return failure("issuer-error", `discovery failed: ${describeError(err)}`);
  }

  // The token request's redirect_uri must be the registered one, whatever host or proxy the
  // callback request came through: take the configured URI with the callback's parameters.
  const currentUrl = new URL(redirectUri.href);
  currentUrl.search = input.callbackUrl.search;

  let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
  try {
    tokens = await client.authorizationCodeGrant(config, currentUrl, {
      pkceCodeVerifier: flow.codeVerifier,
      expectedState: flow.state,
      expectedNonce: flow.nonce,
      idTokenExpected: true,
    });
  } catch (err) {
    return failure(classifyGrantError(err), `code exchange failed: ${describeError(err)}`);
  }

  const idClaims = tokens.claims();
  if (!idClaims) return failure("invalid-token", "token response has no ID token");

  let email = stringClaim(idClaims.email);
  let emailVerified = booleanClaim(idClaims.email_verified);
  let name = stringClaim(idClaims.name);

  if (email === null) {
    try {
      const info = await client.fetchUserInfo(config, tokens.access_token, idClaims.sub);
      email = stringClaim(info.email);
      emailVerified = booleanClaim(info.email_verified);
      name ??= stringClaim(info.name);
    } catch (err) {
      return failure("issuer-error", `userinfo failed: ${describeError(err)}`);
    }
  }
  if (email === null) return failure("no-email", `no email claim for sub ${idClaims.sub}`);

  return {
    ok: true,
    claims: { sub: idClaims.sub, email, emailVerified, name },
    returnTo: safeReturnTo(flow.returnTo),
  };
}

/** ID token validation failures, as opposed to the issuer being unreachable or answering an error. */
const TOKEN_VALIDATION_CODES = new Set<string>([
  "OAUTH_JWT_CLAIM_COMPARISON_FAILED",
  "OAUTH_JWT_TIMESTAMP_CHECK_FAILED",
  "OAUTH_KEY_SELECTION_FAILED",
  "OAUTH_INVALID_RESPONSE",
]);

function classifyGrantError(err: unknown): OidcFailure {
  if (err instanceof client.ClientError && err.code !== undefined && TOKEN_VALIDATION_CODES.has(err.code)) {
    return "invalid-token";
  }
  // Network failures (TypeError "fetch failed"), timeouts, OAuth error bodies (invalid_grant when
  // a callback is replayed), non-JSON answers: all the issuer's side, as far as a homeowner knows.
  return "issuer-error";
}

function stringClaim(value: unknown): string | null {
  return typeof value === "string" && value.trim() !== "" ? value.trim() : null;
}

function booleanClaim(value: unknown): boolean {
  // Some issuers have sent "true" as a string.
  return value === true || value === "true";
}
