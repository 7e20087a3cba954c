/**
 * The flow cookie of a Google sign-in: {codeVerifier, state, nonce, returnTo, createdAt}, signed
 * with HMAC-SHA256 (not encrypted; it is HttpOnly and lives 10 minutes). Nothing is stored on
 * the server.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

/** How long a started sign-in stays valid: the cookie's lifetime and the signed `createdAt` limit. */
export const OIDC_FLOW_MAX_AGE_SECONDS = 600;

/** A cookie made by a server whose clock runs a little ahead is still accepted. */
const FUTURE_SKEW_MS = 60_000;
/** Keeps these signatures apart from anything else signed with the same secret. */
const MAC_CONTEXT = "oidc-flow-cookie.v1\0";

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

export interface FlowState {
  codeVerifier: string;
  state: string;
  nonce: string;
  returnTo: string;
  createdAt: number;
}

function mac(secret: string, payload: string): Buffer {
  return createHmac("sha256", secret).update(MAC_CONTEXT).update(payload).digest();
}

export function sealFlow(flow: FlowState, secret: string): string {
  const payload = Buffer.from(JSON.stringify(flow), "utf8").toString("base64url");
  return `${payload}.${mac(secret, payload).toString("base64url")}`;
}

type Opened = { ok: true; flow: FlowState } | { ok: false; detail: string };

export function openFlow(value: string | null | undefined, secret: string, now: number): Opened {
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

export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a, "utf8");
  const y = Buffer.from(b, "utf8");
  return x.length === y.length && timingSafeEqual(x, y);
}
