/**
 * Attribution: where a web visit came from (not a site visit to the house, see ADR 033), for the
 * estimate form's hidden attribution fields: on the first page
 * of a visit (a tab's session), the page's path and query, the referrer when it is another site,
 * and utm_source / utm_medium / utm_campaign from that page's URL are kept in sessionStorage
 * under ATTRIBUTION_KEY. No cookie, nothing sent anywhere: the form's script reads it at send time
 * (app/browser/estimate-form.ts) and posts it with the request.
 *
 * Every page runs it as a tiny inline script (ATTRIBUTION_SCRIPT, in app/root.tsx): the function is
 * serialised with `toString()`, so it must use nothing from outside its own body. Its name is in
 * every page (and the tests look for it there), so it stays `recordVisit`.
 */
/** The sessionStorage key; browsers keep it through a deploy, so it keeps its old name. */
export const ATTRIBUTION_KEY = "estimate-visit";

export function recordVisit(key: string): void {
  try {
    const store = window.sessionStorage;
    if (store.getItem(key)) return;
    const query = new URLSearchParams(location.search);
    let referrer = "";
    try {
      if (document.referrer && new URL(document.referrer).origin !== location.origin) referrer = document.referrer;
    } catch {
      // An unreadable referrer is no referrer.
    }
    store.setItem(
      key,
      JSON.stringify({
        landing_page: location.pathname + location.search,
        referrer,
        utm_source: query.get("utm_source") ?? "",
        utm_medium: query.get("utm_medium") ?? "",
        utm_campaign: query.get("utm_campaign") ?? "",
      }),
    );
  } catch {
    // Storage refused (private mode, full): the request is sent without its origin.
  }
}

/** The inline script's text; well under 1 KB. */
export const ATTRIBUTION_SCRIPT = `(${recordVisit.toString()})(${JSON.stringify(ATTRIBUTION_KEY)});`;
