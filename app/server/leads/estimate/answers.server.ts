/**
 * What the estimate form's action answers besides the request itself: the sizes and types it
 * takes, the sentences of its refusals, and the headers a plain form post keeps.
 */

/** Form posts are small; anything larger is not our form. */
export const MAX_FORM_BYTES = 64 * 1024;

export const FORM_TYPE = "application/x-www-form-urlencoded" as const;

export const REFUSALS = {
  unsupported: "Please send the estimate form from the page: this kind of request is not accepted.",
  tooLarge: "This request is too large for the estimate form.",
  unreadable: "We could not read the form. Please try again.",
};

export const SUCCESS_MESSAGE = "Message sent successfully";

export const BUSY_MESSAGE = "We could not save your request just now: the site is very busy. Please send it again in a minute, or call us.";

/**
 * The routes' `headers`: React Router drops an action's headers (all but Set-Cookie) from the
 * document it renders after a plain form post unless the route passes them on. Keep the
 * Retry-After of the 429 and the 503; everything else stays as it would be without this export.
 */
export function estimateHeaders({ actionHeaders, parentHeaders }: { actionHeaders: Headers; parentHeaders: Headers }): Headers {
  const headers = new Headers(parentHeaders);
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
}

/** What was typed, each field cut short, to put back in the form. */
export function clip(values: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v.slice(0, 6000)]));
}
