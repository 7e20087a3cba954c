/**
 * Pages that need no JavaScript ship none. A route says so with
 * `export const handle = { hydrate: false }`; the page (the deepest matched
 * route) decides. Such a page is plain HTML and CSS: links are ordinary
 * page loads (served from the page cache), the mobile menu is a native
 * disclosure. Public pages with interactive parts carry a small inline script
 * instead (the gallery's lightbox, ADR 013; the estimate form, ADR 026); the
 * admin area hydrates as usual.
 *
 * Once the app has hydrated on one page, navigating to a `hydrate: false`
 * page still happens in the browser: the decision only concerns the first
 * document.
 */
interface HydrateHandle {
  hydrate?: boolean;
}

export function shouldHydrate(matches: readonly { handle?: unknown }[]): boolean {
  const leaf = matches.at(-1)?.handle;
  return !(typeof leaf === "object" && leaf !== null && (leaf as HydrateHandle).hydrate === false);
}
