/**
 * The estimate form carries a signed "shown at" time so the server can tell a
 * person (who needs a few seconds to type) from a bot (who posts at once).
 *
 * Pages render this placeholder as the hidden field's value; the host puts a
 * freshly signed token in its place on every HTML response, including pages
 * served from the page cache. A form rendered in the browser (after a
 * client-side navigation) fetches one from FORM_TOKEN_PATH.
 */
export const FORM_TOKEN_PLACEHOLDER = "__FORM_TOKEN__";
export const FORM_TOKEN_FIELD = "form_token";
export const FORM_TOKEN_PATH = "/form-token";
/** A field people never see or fill; bots that fill every input do. */
export const HONEYPOT_FIELD = "company_website";
