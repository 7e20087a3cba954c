/**
 * The offer of Spanish on the English home page (ADR 064): the URL alone decides a page's
 * language and the page is cached, the same bytes for everyone, so the server never redirects.
 * In the browser, a visitor whose first language is Spanish is shown the notice the page already
 * carries, hidden (app/components/spanish-offer.tsx). This runs in <head>, before the body is
 * parsed: it only marks <html>, and the stylesheet shows the notice from the first paint, so
 * nothing moves. Closing it is remembered in localStorage. Serialised with `toString()`, so it
 * uses nothing from outside its own body.
 */
function offerSpanish(storageKey: string): void {
  try {
    const first = (navigator.languages && navigator.languages[0]) || navigator.language || "";
    if (!/^es(-|$)/i.test(first) || localStorage.getItem(storageKey) === "dismissed") return;
  } catch {
    // Storage blocked: better no offer than one that cannot be closed for good.
    return;
  }
  const root = document.documentElement;
  root.setAttribute("data-spanish-offer", "");
  document.addEventListener("click", (event) => {
    const target = event.target instanceof Element ? event.target.closest("[data-spanish-offer-dismiss]") : null;
    if (!target) return;
    root.removeAttribute("data-spanish-offer");
    try {
      localStorage.setItem(storageKey, "dismissed");
    } catch {
      // Closed for this visit only.
    }
    document.getElementById("main")?.focus({ preventScroll: true });
  });
}

/** Where the closed offer is remembered. */
export const SPANISH_OFFER_KEY = "spanish-offer";

export const SPANISH_OFFER_SCRIPT = `(${offerSpanish.toString()})(${JSON.stringify(SPANISH_OFFER_KEY)});`;
