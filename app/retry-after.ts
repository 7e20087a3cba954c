import type { HeadersArgs } from "react-router";

/**
 * A form route's response headers: React Router drops an action's headers (all but Set-Cookie)
 * from the document a plain form post gets back unless the route passes them on, so a 429's
 * Retry-After is passed on here.
 */
export function passRetryAfter({ actionHeaders, parentHeaders }: Pick<HeadersArgs, "actionHeaders" | "parentHeaders">): Headers {
  const result = new Headers(parentHeaders);
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) result.set("Retry-After", retryAfter);
  return result;
}

/** While a public page's data cannot be read: the visitor is asked to come back shortly. */
const RETRY_AFTER_SECONDS = 60;

/** The 503 of a public page whose data cannot be read: never cached, come back in a minute. */
export function unavailableInit(): { status: 503; headers: Record<string, string> } {
  return { status: 503, headers: { "Cache-Control": "no-store", "Retry-After": String(RETRY_AFTER_SECONDS) } };
}
