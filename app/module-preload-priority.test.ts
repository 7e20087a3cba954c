import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, test } from "vitest";
import { lowPriorityModulePreloads } from "./module-preload-priority.ts";

async function rewrite(chunks: Array<string | Buffer>): Promise<string> {
  return text(Readable.from(chunks.map((chunk) => (typeof chunk === "string" ? Buffer.from(chunk) : chunk))).pipe(lowPriorityModulePreloads()));
}

describe("module preloads after the page's own picture", () => {
  const html = '<head><link rel="modulepreload" href="/assets/a.js"/><link rel="preload" as="image" href="/h.avif"/></head><body>é<link rel="modulepreload" href="/assets/b.js"/></body>';

  test("every modulepreload is marked low priority; other tags and text are untouched", async () => {
    expect(await rewrite([html])).toBe(html.replaceAll('<link rel="modulepreload"', '<link rel="modulepreload" fetchpriority="low"'));
  });

  test("a tag or a character cut between two chunks, at any byte, comes out whole", async () => {
    const expected = await rewrite([html]);
    const bytes = Buffer.from(html);
    for (let cut = 1; cut < bytes.length; cut++) {
      expect(await rewrite([bytes.subarray(0, cut), bytes.subarray(cut)]), `cut at byte ${cut}`).toBe(expected);
    }
  });
});
