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
import { createHmac, timingSafeEqual } from "node:crypto";
import * as client from "openid-client";
import { safeReturnTo } from "./return-to.server.ts";

/** Google's issuer identifier (the default of `GOOGLE_ISSUER`). */
export const GOOGLE_ISSUER = "https://accounts.google.com";

/** How long a started sign-in stays valid: the cookie's lifetime and the signed `createdAt` limit. */
export const OIDC_FLOW_MAX_AGE_SECONDS = 600;

/** Timeout of each request to the issuer (discovery, token, userinfo). */
const DEFAULT_TIMEOUT_SECONDS = 10;
const SCOPE = "openid email profile";
/** A cookie made by a server whose clock runs a little ahead is still accepted. */
const FUTURE_SKEW_MS = 60_000;
/** Keeps these signatures apart from anything else signed with the same secret. */
const MAC_CONTEXT = "oidc-flow-cookie.v1\0";

export interface OidcSettings {
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
  | { ok: true; claims: OidcClaims; returnTo: string }
  | { ok: false; reason: OidcFailure; message: string; detail?: string };

export interface OidcClient {
  /** Starts a sign-in. Rejects with `OidcError` ("issuer-error") when discovery fails. */
  begin(input: { returnTo?: unknown; loginHint?: string }): Promise<{ url: URL; cookieValue: string }>;
  /** Finishes a sign-in from the callback URL. Never throws. */
  complete(input: { callbackUrl: URL; cookieValue: string | null | undefined }): Promise<OidcResult>;
}

/** What a homeowner reads for each failure. */
export const OIDC_FAILURE_MESSAGES: Readonly<Record<OidcFailure, string>> = {
  cancelled: "Google sign-in was cancelled. You can try again or sign in with your email and password.",
  expired:
    "Your Google sign-in took too long or was started in another browser window. Please try again.",
  "state-mismatch":
    "We could not confirm that this Google sign-in was started in this browser, so we did not sign you in. Please try again.",
  "issuer-error":
    "We could not finish signing you in with Google. Please try again in a few minutes, or sign in with your email and password.",
  "invalid-token":
    "Google's answer could not be verified, so we did not sign you in. Please try again.",
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

/** `__Host-oidc` on https (Secure, Path=/, no Domain: bound to this exact host), else `oidc`. */
export function oidcCookieName(isHttps: boolean): string {
  return isHttps ? "__Host-oidc" : "oidc";
}

/** The Set-Cookie header value for the flow cookie; `("", { maxAgeSeconds: 0 })` clears it. */
export function oidcCookie(value: string, options: { isHttps: boolean; maxAgeSeconds: number }): string {
  if (!/^[A-Za-z0-9._-]*$/.test(value)) throw new TypeError("oidcCookie: unexpected characters in the value");
  const maxAge = Math.max(0, Math.floor(options.maxAgeSeconds));
  const parts = [`${oidcCookieName(options.isHttps)}=${value}`, `Max-Age=${maxAge}`, "Path=/", "HttpOnly", "SameSite=Lax"];
  if (maxAge === 0) parts.push("Expires=Thu, 01 Jan 1970 00:00:00 GMT");
  if (options.isHttps) parts.push("Secure");
  return parts.join("; ");
}

/** The flow cookie's value from a request's Cookie header, or null. */
export function readOidcCookie(cookieHeader: string | null | undefined, isHttps: boolean): string | null {
  if (!cookieHeader) return null;
  const name = oidcCookieName(isHttps);
  for (const pair of cookieHeader.split(";")) {
    const eq = pair.indexOf("=");
    if (eq === -1) continue;
    if (pair.slice(0, eq).trim() === name) {
      const value = pair.slice(eq + 1).trim();
      return value === "" ? null : value;
    }
  }
  return null;
}

interface FlowState {
  codeVerifier: string;
  state: string;
  nonce: string;
  returnTo: string;
  createdAt: number;
}

function mac(secret: string, payload: string): Buffer {
  return createHmac("sha256", secret).update(MAC_CONTEXT).update(payload).digest();
}

function sealFlow(flow: FlowState, secret: string): string {
  const payload = Buffer.from(JSON.stringify(flow), "utf8").toString("base64url");
  return `${payload}.${mac(secret, payload).toString("base64url")}`;
}

type Opened = { ok: true; flow: FlowState } | { ok: false; detail: string };

function openFlow(value: string | null | undefined, secret: string, now: number): Opened {
  if (!value) return { ok: false, detail: "no flow cookie" };
  const dot = value.lastIndexOf(".");
  if (dot <= 0) return { ok: false, detail: "malformed flow cookie" };
  const payload = value.slice(0, dot);
  const given = Buffer.from(value.slice(dot + 1), "base64url");
  const expected = mac(secret, payload);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { ok: false, detail: "flow cookie signature does not match" };
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
  } catch {
    return { ok: false, detail: "flow cookie is not JSON" };
  }
  if (!isFlowState(parsed)) return { ok: false, detail: "flow cookie has an unexpected shape" };
  const age = now - parsed.createdAt;
  if (age > OIDC_FLOW_MAX_AGE_SECONDS * 1000) return { ok: false, detail: `flow cookie is ${Math.round(age / 1000)} s old` };
  if (age < -FUTURE_SKEW_MS) return { ok: false, detail: "flow cookie was made in the future" };
  return { ok: true, flow: parsed };
}

function isFlowState(value: unknown): value is FlowState {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.codeVerifier === "string" &&
    typeof v.state === "string" &&
    typeof v.nonce === "string" &&
    typeof v.returnTo === "string" &&
    typeof v.createdAt === "number" &&
    Number.isFinite(v.createdAt)
  );
}

function failure(reason: OidcFailure, detail: string): OidcResult {
  return { ok: false, reason, message: OIDC_FAILURE_MESSAGES[reason], detail };
}

function describeError(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const code = (err as { code?: unknown }).code;
  const cause = err.cause instanceof Error ? ` (${err.cause.message})` : "";
  return `${err.name}${typeof code === "string" ? ` ${code}` : ""}: ${err.message}${cause}`;
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

  async function begin(input: { returnTo?: unknown; loginHint?: string }): Promise<{ url: URL; cookieValue: string }> {
    let config: client.Configuration;
    try {
      config = await getConfig();
    } catch (err) {
      throw new OidcError("issuer-error", `discovery failed: ${describeError(err)}`, { cause: err });
    }
    const codeVerifier = client.randomPKCECodeVerifier();
    const codeChallenge = await client.calculatePKCECodeChallenge(codeVerifier);
    const state = client.randomState();
    const nonce = client.randomNonce();
    const parameters: Record<string, string> = {
      redirect_uri: redirectUri.href,
      scope: SCOPE,
      code_challenge: codeChallenge,
      code_challenge_method: "S256",
      state,
      nonce,
    };
    if (input.loginHint) parameters.login_hint = input.loginHint;
    const url = client.buildAuthorizationUrl(config, parameters);
    const cookieValue = sealFlow(
      { codeVerifier, state, nonce, returnTo: safeReturnTo(input.returnTo), createdAt: now() },
      secret,
    );
    return { url, cookieValue };
  }

  async function completeUnsafe(input: { callbackUrl: URL; cookieValue: string | null | undefined }): Promise<OidcResult> {
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

  async function complete(input: { callbackUrl: URL; cookieValue: string | null | undefined }): Promise<OidcResult> {
    try {
      return await completeUnsafe(input);
    } catch (err) {
      return failure("issuer-error", `unexpected: ${describeError(err)}`);
    }
  }

  return { begin, complete };
}

function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a, "utf8");
  const y = Buffer.from(b, "utf8");
  return x.length === y.length && timingSafeEqual(x, y);
}
