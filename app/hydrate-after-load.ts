/**
 * Hydration after the page has loaded. React Router's <Scripts> announces every module a page
 * hydrates with `<link rel="modulepreload">` and starts them with an async module script, so on
 * a slow phone connection the 160 KB of React and React Router are fetched and run while the page
 * is still painting: they share the line with the hero photo, and hydrating holds back the first
 * paint. Every page works without JavaScript (the estimate form posts as a plain form), so the
 * scripts can wait for the `load` event: the HTML stream holds the preloads and the module script
 * back (an unknown `rel` and `type`, which browsers ignore), and HYDRATE_AFTER_LOAD, an inline
 * script after them, restores both once the page and its eager images are in. ADR 006.
 */
import { StringDecoder } from "node:string_decoder";
import { Transform } from "node:stream";

const HELD_PRELOAD = "x-held-modulepreload";
/** The type the module script waits under: browsers run no script of a type they do not know. */
export const HELD_MODULE_TYPE = "text/x-held-module";
const HELD_MODULE = HELD_MODULE_TYPE;

const rewrites: ReadonlyArray<readonly [string, string]> = [
  ['<link rel="modulepreload"', `<link rel="${HELD_PRELOAD}"`],
  // React Router's inline module script, as React writes it (`async: true` becomes async="").
  ['type="module" async=""', `type="${HELD_MODULE}"`],
];

/**
 * Runs in the browser: the held preloads, then the held module script, once the page has loaded.
 * (Its text never has the word nonce followed by an equals sign: a cached page must not contain
 * that, see server/page-cache.ts.)
 */
export const HYDRATE_AFTER_LOAD = `addEventListener("load",function(){document.querySelectorAll('link[rel="${HELD_PRELOAD}"]').forEach(function(h){var l=document.createElement("link");l.rel="modulepreload";l.href=h.href;document.head.appendChild(l)});document.querySelectorAll('script[type="${HELD_MODULE}"]').forEach(function(h){h.replaceWith(Object.assign(document.createElement("script"),{type:"module",nonce:h.nonce,textContent:h.textContent}))})},{once:true});`;

/** Rewrites the tags in a stream of HTML, also when one is split between two chunks. */
export function holdScriptsUntilLoad(): Transform {
  let carry = "";
  // A character of several bytes may be cut between chunks too: the decoder keeps its start.
  const decoder = new StringDecoder("utf8");
  const longest = Math.max(...rewrites.map(([from]) => from.length));
  return new Transform({
    transform(chunk: Buffer | string, _encoding, callback) {
      const text = carry + (typeof chunk === "string" ? chunk : decoder.write(chunk));
      // Keep back a tail that could be the start of a pattern cut in two; the rest goes out now.
      let keep = 0;
      for (let n = Math.min(longest - 1, text.length); n > 0 && keep === 0; n--) {
        const tail = text.slice(text.length - n);
        if (rewrites.some(([from]) => from.startsWith(tail))) keep = n;
      }
      carry = text.slice(text.length - keep);
      callback(null, rewrite(text.slice(0, text.length - keep)));
    },
    flush(callback) {
      callback(null, rewrite(carry + decoder.end()));
    },
  });
}

function rewrite(html: string): string {
  let out = html;
  for (const [from, to] of rewrites) out = out.replaceAll(from, to);
  return out;
}
