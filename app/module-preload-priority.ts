/**
 * The page's own picture before its scripts. React Router's <Scripts> announces every module the
 * page hydrates with `<link rel="modulepreload">`, which Chrome fetches at high priority: on a
 * slow phone connection the 150 KB of React and React Router then share the line with the hero
 * photo and hold back the first paint. This rewrite marks them `fetchpriority="low"` as the HTML
 * streams out, so the photo and the text come first and the scripts right after; the pages work
 * without JavaScript in the meantime (the estimate form posts as a plain form). ADR 006.
 */
import { StringDecoder } from "node:string_decoder";
import { Transform } from "node:stream";

const TAG = '<link rel="modulepreload"';
const LOW = '<link rel="modulepreload" fetchpriority="low"';

/** Rewrites the tags in a stream of HTML, also when one is split between two chunks. */
export function lowPriorityModulePreloads(): Transform {
  let carry = "";
  // A character of several bytes may be cut between chunks too: the decoder keeps its start.
  const decoder = new StringDecoder("utf8");
  return new Transform({
    transform(chunk: Buffer | string, _encoding, callback) {
      const text = carry + (typeof chunk === "string" ? chunk : decoder.write(chunk));
      // Keep back a tail that could be the start of a tag cut in two; the rest goes out now.
      let keep = 0;
      for (let n = Math.min(TAG.length - 1, text.length); n > 0; n--) {
        if (TAG.startsWith(text.slice(text.length - n))) {
          keep = n;
          break;
        }
      }
      carry = text.slice(text.length - keep);
      callback(null, text.slice(0, text.length - keep).replaceAll(TAG, LOW));
    },
    flush(callback) {
      callback(null, carry + decoder.end());
    },
  });
}
