/**
 * "Sign in with Google": the OpenID Connect authorization code flow with PKCE (S256), `state`
 * and `nonce`, through `openid-client` v6. Any OpenID issuer works (tests use a local one).
 *
 * The flow, as a route uses it:
 *   1. `begin({ returnTo })` gives the issuer's URL to redirect to and a cookie value. Set the
 *      cookie with `oidcCookie(cookieValue, { isHttps, maxAgeSeconds: OIDC_FLOW_MAX_AGE_SECONDS })`
 *      and answer 303 to `url`.
 *   2. The issuer sends the browser back to the redirect URI with `code` and `state` (a top-level
 *      GET from another site: that is why the cookie is SameSite=Lax, not Strict).
 *   3. `complete({ callbackUrl, cookieValue: readOidcCookie(cookieHeader, isHttps) })` checks
 *      the cookie, the state, exchanges the code and validates the ID token (signature, iss, aud,
 *      exp, nonce). Always clear the cookie afterwards (`oidcCookie("", { ..., maxAgeSeconds: 0 })`).
 *
 * The cookie holds {codeVerifier, state, nonce, returnTo, createdAt}, signed with HMAC-SHA256
 * (not encrypted; it is HttpOnly and lives 10 minutes). Nothing is stored on the server.
 *
 * `complete()` never throws: every failure is a `{ ok: false, reason, message }` whose
 * `message` can be shown to a homeowner as it is, and whose `detail` is for the logs only.
 * `begin()` rejects with an `OidcError` (reason "issuer-error") when the issuer cannot be reached.
 */
import * as client from "openid-client";
import { begin } from "#app/server/auth/oidc-begin.server.ts";
import { completeUnsafe } from "#app/server/auth/oidc-complete.server.ts";
import { describeError, failure, type OidcResult } from "#app/server/auth/oidc-failures.server.ts";

export {
  OIDC_FAILURE_MESSAGES,
  OidcError,
  type OidcClaims,
  type OidcFailure,
  type OidcResult,
} from "#app/server/auth/oidc-failures.server.ts";
export { OIDC_FLOW_MAX_AGE_SECONDS, oidcCookie, oidcCookieName, readOidcCookie } from "#app/server/auth/oidc-flow-cookie.server.ts";

/** Google's issuer identifier (the default of `GOOGLE_ISSUER`). */
export const GOOGLE_ISSUER = "https://accounts.google.com";

/** Timeout of each request to the issuer (discovery, token, userinfo). */
const DEFAULT_TIMEOUT_SECONDS = 10;

interface OidcSettings {
  /** Issuer identifier, e.g. https://accounts.google.com (must equal the discovered `issuer`). */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Absolute URL of the callback route, exactly as registered with the issuer. */
  redirectUri: string;
}

export interface OidcClientOptions extends OidcSettings {
  /** Signs the flow cookie (HMAC-SHA256); at least 32 characters, e.g. SESSION_SECRET. */
  secret: string;
  /** Per-request timeout towards the issuer, in seconds (default 10). */
  timeoutSeconds?: number;
  /** Current time in milliseconds; tests move it forward. */
  now?: () => number;
}

export interface OidcClient {
  /** Starts a sign-in. Rejects with `OidcError` ("issuer-error") when discovery fails. */
  begin(input: { returnTo?: unknown; loginHint?: string }): Promise<{ url: URL; cookieValue: string }>;
  /** Finishes a sign-in from the callback URL. Never throws. */
  complete(input: { callbackUrl: URL; cookieValue: string | null | undefined }): Promise<OidcResult>;
}

export function createOidcClient(options: OidcClientOptions): OidcClient {
  const { clientId, clientSecret, secret } = options;
  const issuerUrl = new URL(options.issuer);
  const redirectUri = new URL(options.redirectUri);
  if (issuerUrl.protocol !== "https:" && issuerUrl.protocol !== "http:") {
    throw new TypeError("createOidcClient: issuer must be an http(s) URL");
  }
  if (redirectUri.protocol !== "https:" && redirectUri.protocol !== "http:") {
    throw new TypeError("createOidcClient: redirectUri must be an http(s) URL");
  }
  if (typeof secret !== "string" || secret.length < 32) {
    throw new TypeError("createOidcClient: secret must be at least 32 characters");
  }
  const timeout = options.timeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS;
  const now = options.now ?? Date.now;
  const insecure = issuerUrl.protocol === "http:";

  let configPromise: Promise<client.Configuration> | null = null;

  /** Discovery runs once; a failed attempt is forgotten so the next call tries again. */
  function getConfig(): Promise<client.Configuration> {
    if (configPromise) return configPromise;
    const attempt = client.discovery(issuerUrl, clientId, clientSecret, undefined, {
      timeout,
      execute: insecure ? [client.allowInsecureRequests] : [],
    });
    configPromise = attempt;
    attempt.catch(() => {
      if (configPromise === attempt) configPromise = null;
    });
    return attempt;
  }

  const deps = { getConfig, redirectUri, secret, now };
  return {
    begin: (input) => begin(deps, input),
    async complete(input): Promise<OidcResult> {
      try {
        return await completeUnsafe(deps, input);
      } catch (err) {
        return failure("issuer-error", `unexpected: ${describeError(err)}`);
      }
    },
  };
}
