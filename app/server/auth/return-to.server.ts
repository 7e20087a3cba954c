/**
 * Where to send someone after signing in, signing up or Google's answer: the one check every
 * `redirectTo` / `returnTo` value passes before it becomes a Location header
 * (docs/decisions/048-plain-text-in-addresses.md).
 *
 * Only a plain path on this site survives, and it comes back as it will be sent: ASCII only,
 * because a Location header cannot carry other characters (Fetch's Headers refuses anything
 * past U+00FF with a TypeError, a 500 after the password was accepted, and Node sends U+0080
 * to U+00FF as raw bytes that browsers read differently).
 */

export const DEFAULT_RETURN_TO = "/profile";
/** A longer value is not a page someone was on; the login link leaves it out (session.server.ts). */
export const MAX_RETURN_TO_LENGTH = 500;

/** A base that is never fetched: only used to resolve the path and see that it stays on it. */
const BASE = "http://return-to.invalid";
/** Unicode's control characters (C0, DEL, C1), raw or once decoded: never part of a page's address. */
const CONTROL = /\p{Cc}/u;

/**
 * The value as an ASCII same-site path when it is one, else "/profile": it must start with one
 * "/" (not "//" nor "/\", which browsers read as another host), hold no backslash, no control
 * character and no lone surrogate, raw or percent-encoded, and no "%" that does not decode to
 * UTF-8. Other non-ASCII characters are percent-encoded (UTF-8), as a browser would send them.
 */
export function safeReturnTo(value: unknown): string {
  const fallback = DEFAULT_RETURN_TO;
  if (typeof value !== "string") return fallback;
  if (value.length === 0 || value.length >= MAX_RETURN_TO_LENGTH) return fallback;
  if (value[0] !== "/" || value[1] === "/") return fallback;
  if (value.includes("\\") || CONTROL.test(value) || !value.isWellFormed()) return fallback;
  let decoded: string;
  try {
    decoded = decodeURIComponent(value);
  } catch {
    // "%ZZ", or bytes that are not UTF-8 ("%C0%80", an overlong NUL): the page would refuse them.
    return fallback;
  }
  if (CONTROL.test(decoded)) return fallback;
  // The URL parser percent-encodes what is not ASCII and resolves dot segments; a path that
  // leaves the base's origin after that was never a plain path.
  const url = new URL(value, BASE);
  if (url.origin !== BASE) return fallback;
  const path = url.pathname + url.search + url.hash;
  if (path.length >= MAX_RETURN_TO_LENGTH || path.startsWith("//")) return fallback;
  return path;
}
