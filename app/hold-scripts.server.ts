/**
 * The server half of hydration after load (hydrate-after-load.ts, ADR 006): a stream that
 * rewrites React Router's module preloads and module script in the HTML as it goes out, so the
 * browser leaves them alone until HYDRATE_AFTER_LOAD restores them. Node streams: server only.
 */
import { StringDecoder } from "node:string_decoder";
import { Transform } from "node:stream";
import { HELD_MODULE_TYPE, HELD_PRELOAD } from "#app/hydrate-after-load.ts";

const rewrites: ReadonlyArray<readonly [string, string]> = [
  ['<link rel="modulepreload"', `<link rel="${HELD_PRELOAD}"`],
  // React Router's inline module script, as React writes it (`async: true` becomes async="").
  ['type="module" async=""', `type="${HELD_MODULE_TYPE}"`],
];

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
