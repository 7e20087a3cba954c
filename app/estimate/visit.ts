/**
 * Where a visit came from, for the estimate form's hidden attribution fields: on the first page
 * of a visit (a tab's session), the page's path and query, the referrer when it is another site,
 * and utm_source / utm_medium / utm_campaign from that page's URL are kept in sessionStorage
 * under VISIT_KEY. No cookie, nothing sent anywhere: the form's script reads it at send time
 * (app/estimate/enhance-form.ts) and posts it with the request.
 *
 * Every page runs it as a tiny inline script (VISIT_SCRIPT, in app/root.tsx): the function is
 * serialised with `toString()`, so it must use nothing from outside its own body.
 */
export const VISIT_KEY = "estimate-visit";

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
export const VISIT_SCRIPT = `(${recordVisit.toString()})(${JSON.stringify(VISIT_KEY)});`;
