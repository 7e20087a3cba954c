import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, test } from "vitest";
import { holdScriptsUntilLoad } from "#app/hold-scripts.server.ts";

async function rewrite(chunks: Array<string | Buffer>): Promise<string> {
  return text(Readable.from(chunks.map((chunk) => (typeof chunk === "string" ? Buffer.from(chunk) : chunk))).pipe(holdScriptsUntilLoad()));
}

describe("scripts held until the page has loaded", () => {
  const html =
    '<head><link rel="modulepreload" href="/assets/a.js"/><link rel="preload" as="image" href="/h.avif"/></head>' +
    '<body>Café<link rel="modulepreload" href="/assets/b.js"/><script type="application/ld+json">{}</script>' +
    '<script nonce="n1" type="module" async="">import "/assets/a.js";</script></body>';
  const held =
    '<head><link rel="x-held-modulepreload" href="/assets/a.js"/><link rel="preload" as="image" href="/h.avif"/></head>' +
    '<body>Café<link rel="x-held-modulepreload" href="/assets/b.js"/><script type="application/ld+json">{}</script>' +
    '<script nonce="n1" type="text/x-held-module">import "/assets/a.js";</script></body>';

  test("the module preloads and the module script are held back; other tags and text are untouched", async () => {
    expect(await rewrite([html])).toBe(held);
  });

  test("a tag or a character cut between two chunks, at any byte, comes out whole", async () => {
    const bytes = Buffer.from(html);
    for (let cut = 1; cut < bytes.length; cut++) {
      expect(await rewrite([bytes.subarray(0, cut), bytes.subarray(cut)]), `cut at byte ${cut}`).toBe(held);
    }
  });
});
