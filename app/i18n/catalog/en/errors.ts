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
  "errors.plain.method": "This address does not take {method} requests; it answers {allow}.",
  "errors.query.title": "Address not understood",
  "errors.query.sentence":
    "{named, select, yes {The “{name}” part of this address} other {This address}} {kind, select, percent {has a “%” that is not followed by two hexadecimal digits (like %20)} encoding {has characters that are not valid text (they are not UTF-8)} other {has a control character in it (such as NUL or a line break), which no search or page uses}}, so the request was not accepted. Please check the link, or go back and try again.",
  "errors.origin.title": "Form not accepted",
  "errors.origin.sentence":
    "This form was sent from {nullOrigin, select, yes {a page without an address (the browser sent Origin: null)} other {{origin}}}, but {declared, select, yes {this site is set up as {expected} (PUBLIC_URL)} other {this site was reached at {expected} (PUBLIC_URL is not set)}}, so it was not accepted. Please open {expected} and send the form from there. If you run this site and people reach it at another address, set PUBLIC_URL to that address.",
  "errors.origin.crossSite": "This request came from another website, so it was not accepted. Please use the forms on this site.",
} as const;
