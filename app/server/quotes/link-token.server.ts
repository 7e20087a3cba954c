/**
 * The keys in a homeowner's links (DESIGN §6, "a link that is the key"): a token is
 * HMAC(secret, purpose:nonce), 256 bits, so the database alone cannot give a link; the database
 * keeps the nonce and the token's SHA-256 (what a request's token is looked up by). A new nonce
 * replaces the link, and the old one then answers 404.
 */
import { createHash, createHmac, randomBytes } from "node:crypto";

export type LinkPurpose = "quote" | "homeowner" | "booking" | "unsubscribe" | "review";

/** A link token's shape: base64url of a SHA-256 HMAC (43 characters). Anything else is not looked up. */
export const LINK_TOKEN = /^[A-Za-z0-9_-]{43}$/;

export function linkToken(secret: string, purpose: LinkPurpose, nonce: string): string {
  return createHmac("sha256", secret).update(`${purpose}:${nonce}`).digest("base64url");
}

export function tokenSha256(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** A fresh nonce (128 random bits) with its token and the token's hash. */
export function newLinkToken(secret: string, purpose: LinkPurpose): { nonce: string; token: string; sha256: string } {
  const nonce = randomBytes(16).toString("base64url");
  const token = linkToken(secret, purpose, nonce);
  return { nonce, token, sha256: tokenSha256(token) };
}
