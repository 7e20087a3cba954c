/**
 * The error pages (404, a refusal, a busy site, a crash) and the plain answers the server gives
 * before any page renders (ADR 064). The Spanish twin is ../es/errors.ts.
 */
export const errors = {
  "errors.eyebrow": "Error {status}",
  "errors.title.notFound": "Page not found",
  "errors.title.failed": "Something went wrong",
  "errors.notFound.heading": "We couldn't find that page",
  "errors.notFound.intro": "The link may be old, or the address may have a typo. These pages can help:",
  "errors.notFound.home": "Home page",
  "errors.notFound.services": "All our services",
  "errors.notFound.gallery": "Photos of our work",
  "errors.notFound.estimate": "Request a free estimate",
  "errors.callUs": "Or call us at <phone>{phone}</phone>.",
  "errors.refused.heading": "We couldn't do that",
  "errors.refused.next": "<home>Go to the home page</home> or call us at <phone>{phone}</phone>.",
  "errors.crash.heading": "Unexpected Application Error!",
  "errors.crash.body":
    "Something went wrong on our side. Please try again in a moment. If you were asking for an estimate, you can always call us at <phone>{phone}</phone>.",
  "errors.crash.bodyWithEmail":
    "Something went wrong on our side. Please try again in a moment. If you were asking for an estimate, you can always call us at <phone>{phone}</phone> or write to <email>{email}</email>.",
  "errors.home": "Go to the home page",
  "errors.busy": "The site is very busy right now and could not finish this. Please try again in a minute.",
  "errors.plain.crash": "Unexpected Application Error!",
  "errors.plain.badRequest": "Bad request.",
} as const;
