/**
 * Hydration after the page has loaded. React Router's <Scripts> announces every module a page
 * hydrates with `<link rel="modulepreload">` and starts them with an async module script, so on
 * a slow phone connection the 160 KB of React and React Router are fetched and run while the page
 * is still painting: they share the line with the hero photo, and hydrating holds back the first
 * paint. Every page works without JavaScript (the estimate form posts as a plain form), so the
 * scripts can wait for the `load` event: the HTML stream holds the preloads and the module script
 * back (an unknown `rel` and `type`, which browsers ignore), and HYDRATE_AFTER_LOAD, an inline
 * script after them, restores both once the page and its eager images are in. ADR 006.
 *
 * This module is in the browser bundle (root.tsx inlines HYDRATE_AFTER_LOAD), so it holds only
 * words and the inline script; the stream that rewrites the HTML is hold-scripts.server.ts.
 */
export const HELD_PRELOAD = "x-held-modulepreload";
/** The type the module script waits under: browsers run no script of a type they do not know. */
export const HELD_MODULE_TYPE = "text/x-held-module";

/**
 * Runs in the browser: the held preloads, then the held module script, once the page has loaded.
 * (Its text never has the word nonce followed by an equals sign: a cached page must not contain
 * that, see server/page-cache.ts.)
 */
export const HYDRATE_AFTER_LOAD = `addEventListener("load",function(){document.querySelectorAll('link[rel="${HELD_PRELOAD}"]').forEach(function(h){var l=document.createElement("link");l.rel="modulepreload";l.href=h.href;document.head.appendChild(l)});document.querySelectorAll('script[type="${HELD_MODULE_TYPE}"]').forEach(function(h){h.replaceWith(Object.assign(document.createElement("script"),{type:"module",nonce:h.nonce,textContent:h.textContent}))})},{once:true});`;
