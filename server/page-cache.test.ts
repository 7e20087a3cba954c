import { createHash } from "node:crypto";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import {
  PageCache,
  createCachedPage,
  etagMatches,
  hashNoncedScripts,
  hashNoncedStyles,
  pickEncoding,
  type CachedPage,
} from "#server/page-cache.ts";

const NONCE = "bm9uY2UtZm9yLXRlc3Rz+/A=";
const sha256 = (body: string) => `'sha256-${createHash("sha256").update(body, "utf8").digest("base64")}'`;

const page = (html: string, options: { nonce?: string; ttlMs?: number; now?: number } = {}): CachedPage =>
  createCachedPage({
    html,
    nonce: options.nonce ?? NONCE,
    status: 200,
    headers: [["content-type", "text/html; charset=utf-8"]],
    ttlMs: options.ttlMs ?? 60_000,
    now: options.now,
  });

describe("hashNoncedScripts", () => {
  it("hashes the exact body of each inline script that carries the nonce", () => {
    const first = "window.__a = 1;";
    const second = '\n  import("/assets/entry.client.js");\n';
    const html =
      `<html><head><script nonce="${NONCE}">${first}</script></head>` +
      `<body><script nonce="${NONCE}" type="module" async="">${second}</script></body></html>`;
    expect(hashNoncedScripts(html, NONCE)).toEqual([sha256(first), sha256(second)]);
  });

  it("leaves out scripts without the nonce, with another nonce, or with a src", () => {
    const allowed = "console.log('allowed');";
    const html = [
      `<script nonce="${NONCE}">${allowed}</script>`,
      `<script>alert('injected, no nonce')</script>`,
      `<script nonce="c29tZS1vdGhlci1ub25jZQ==">alert('other nonce')</script>`,
      `<script nonce="x${NONCE}">alert('nonce as a suffix')</script>`,
      `<script nonce="${NONCE}" src="/assets/app.js">/* ignored */</script>`,
      `<script type="application/ld+json">{"@type":"Organization"}</script>`,
    ].join("\n");
    expect(hashNoncedScripts(html, NONCE)).toEqual([sha256(allowed)]);
  });

  it("keeps non-ASCII bodies byte-exact (UTF-8) and lists a repeated script once", () => {
    const body = "document.title = 'Baño — café';";
    const html = `<script nonce="${NONCE}">${body}</script><script nonce="${NONCE}">${body}</script>`;
    expect(hashNoncedScripts(html, NONCE)).toEqual([sha256(body)]);
  });

  it("returns nothing for a page without inline scripts", () => {
    expect(hashNoncedScripts("<p>no scripts</p>", NONCE)).toEqual([]);
  });
});

describe("createCachedPage", () => {
  const body = "window.__reactRouterContext = {};";
  const html = `<!DOCTYPE html><html><head><link rel="modulepreload" href="/a.js" nonce="${NONCE}"/></head><body><p>Hello — world</p><script nonce="${NONCE}">${body}</script></body></html>`;

  it("drops the nonce from the stored bytes and keeps the script hashes", () => {
    const entry = page(html);
    const stored = entry.identity.toString("utf8");
    expect(stored).not.toContain(NONCE);
    expect(stored).not.toContain("nonce=");
    expect(stored).toBe(html.replaceAll(` nonce="${NONCE}"`, ""));
    expect(entry.scriptHashes).toEqual([sha256(body)]);
    expect(entry.status).toBe(200);
    expect(entry.headers).toEqual([["content-type", "text/html; charset=utf-8"]]);
  });

  it("stores gzip and brotli copies that decompress to the identity bytes", () => {
    const entry = page(html.repeat(20));
    expect(entry.gzip.length).toBeLessThan(entry.identity.length);
    expect(entry.br.length).toBeLessThan(entry.identity.length);
    expect(gunzipSync(entry.gzip).equals(entry.identity)).toBe(true);
    expect(brotliDecompressSync(entry.br).equals(entry.identity)).toBe(true);
  });

  it("has a quoted etag that depends on the body only", () => {
    const a = page(html);
    expect(a.etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    expect(page(html).etag).toBe(a.etag);
    // Another nonce leaves the same stored bytes, so the same etag.
    expect(page(html.replaceAll(NONCE, "b3RoZXI="), { nonce: "b3RoZXI=" }).etag).toBe(a.etag);
    expect(page(html.replace("Hello", "Howdy")).etag).not.toBe(a.etag);
  });

  it("expires ttlMs after now", () => {
    expect(page(html, { now: 1_000, ttlMs: 5_000 }).expiresAt).toBe(6_000);
  });
});

const entry = (label: string, now = 0, ttlMs = 10_000) => page(`<p>${label}</p>`, { now, ttlMs });

describe("PageCache", () => {
  it("evicts the least recently used entry beyond maxEntries", () => {
    const cache = new PageCache({ maxEntries: 3, ttlMs: 10_000 });
    cache.set("/a", entry("a"));
    cache.set("/b", entry("b"));
    cache.set("/c", entry("c"));
    // Reading /a makes /b the oldest.
    expect(cache.get("/a", 1)?.identity.toString()).toBe("<p>a</p>");
    cache.set("/d", entry("d"));
    expect(cache.size).toBe(3);
    expect(cache.get("/b", 1)).toBeUndefined();
    expect(cache.get("/c", 1)?.identity.toString()).toBe("<p>c</p>");
    expect(cache.get("/a", 1)).toBeDefined();
    expect(cache.get("/d", 1)).toBeDefined();
    // Order now (oldest first): c, a, d. Two more evict c, then a.
    cache.set("/e", entry("e"));
    expect(cache.get("/c", 1)).toBeUndefined();
    cache.set("/f", entry("f"));
    expect(cache.get("/a", 1)).toBeUndefined();
    expect(cache.get("/d", 1)).toBeDefined();
  });

  it("replacing a key does not grow the cache and refreshes its position", () => {
    const cache = new PageCache({ maxEntries: 2, ttlMs: 10_000 });
    cache.set("/a", entry("a1"));
    cache.set("/b", entry("b"));
    cache.set("/a", entry("a2"));
    expect(cache.size).toBe(2);
    cache.set("/c", entry("c"));
    expect(cache.get("/b", 1)).toBeUndefined();
    expect(cache.get("/a", 1)?.identity.toString()).toBe("<p>a2</p>");
  });

  it("drops an entry once its time is up", () => {
    const cache = new PageCache({ maxEntries: 10, ttlMs: 1_000, staleMs: 0 });
    cache.set("/a", entry("a", 5_000, 1_000));
    expect(cache.get("/a", 5_999)).toBeDefined();
    expect(cache.get("/a", 6_000)).toBeUndefined();
    expect(cache.size).toBe(0);
    // Gone for good, even if the clock were read earlier again.
    expect(cache.get("/a", 5_000)).toBeUndefined();
  });

  it("clear() forgets every page", () => {
    const cache = new PageCache({ maxEntries: 10, ttlMs: 1_000 });
    cache.set("/a", entry("a"));
    cache.set("/b", entry("b"));
    expect(cache.size).toBe(2);
    cache.clear();
    expect(cache.size).toBe(0);
    expect(cache.get("/a", 0)).toBeUndefined();
  });

  it("an expired page is rendered again by one caller while the others get the old copy, briefly", () => {
    const cache = new PageCache({ maxEntries: 10, ttlMs: 1_000, staleMs: 500 });
    cache.set("/a", entry("old", 5_000, 1_000));
    // The first caller after expiry renders; the others get the old copy meanwhile.
    expect(cache.get("/a", 6_000)).toBeUndefined();
    expect(cache.get("/a", 6_100)?.identity.toString()).toBe("<p>old</p>");
    expect(cache.get("/a", 6_499)?.identity.toString()).toBe("<p>old</p>");
    // The render never stored a page: past the stale window the old copy is gone.
    expect(cache.get("/a", 6_500)).toBeUndefined();
    expect(cache.size).toBe(0);

    cache.set("/b", entry("b1", 5_000, 1_000));
    // A HEAD does not take the refresh: the next GET does.
    expect(cache.get("/b", 6_000, false)).toBeUndefined();
    expect(cache.get("/b", 6_001)).toBeUndefined();
    expect(cache.get("/b", 6_002)?.identity.toString()).toBe("<p>b1</p>");
    cache.set("/b", entry("b2", 5_000, 6_010));
    expect(cache.get("/b", 6_020)?.identity.toString()).toBe("<p>b2</p>");

    // A page kept one second is served at most one second past its time.
    cache.set("/form", entry("form", 5_000, 300));
    expect(cache.get("/form", 5_300)).toBeUndefined();
    expect(cache.get("/form", 5_599)?.identity.toString()).toBe("<p>form</p>");
    expect(cache.get("/form", 5_600)).toBeUndefined();

    // After clear() nothing old is served, not even while a render runs.
    cache.set("/c", entry("c", 5_000, 1_000));
    expect(cache.get("/c", 6_000)).toBeUndefined();
    cache.clear();
    expect(cache.get("/c", 6_001)).toBeUndefined();
  });

  it("refuses a page rendered before a clear(): it may show what changed", () => {
    const cache = new PageCache({ maxEntries: 10, ttlMs: 1_000 });
    const before = cache.generation;
    cache.clear();
    expect(cache.set("/a", entry("stale"), before)).toBe(false);
    expect(cache.get("/a", 0)).toBeUndefined();
    expect(cache.set("/a", entry("fresh"), cache.generation)).toBe(true);
    expect(cache.get("/a", 0)?.identity.toString()).toBe("<p>fresh</p>");
  });

  it("is enabled only with a positive ttl and size", () => {
    expect(new PageCache({ maxEntries: 10, ttlMs: 1 }).enabled).toBe(true);
    expect(new PageCache({ maxEntries: 10, ttlMs: 0 }).enabled).toBe(false);
    expect(new PageCache({ maxEntries: 0, ttlMs: 1_000 }).enabled).toBe(false);
  });
});

describe("pickEncoding", () => {
  it.each([
    [undefined, "identity"],
    ["", "identity"],
    ["identity", "identity"],
    ["gzip", "gzip"],
    ["br", "br"],
    ["gzip, deflate, br, zstd", "br"],
    ["br;q=0, gzip", "gzip"],
    ["br;q=0, gzip;q=0", "identity"],
    ["BR;Q=0, GZIP", "gzip"],
    ["*", "br"],
    ["*;q=0", "identity"],
    ["gzip;q=0, *", "br"],
    ["br;q=0, *", "gzip"],
    ["deflate", "identity"],
    ["br;q=abc, gzip", "gzip"],
    ["br ;q=1", "br"],
    ["br ; q=0, gzip", "gzip"],
  ] as const)("%j → %s", (header, expected) => {
    expect(pickEncoding(header)).toBe(expected);
  });
});

describe("etagMatches", () => {
  const etag = '"abc-br"';
  it.each([
    ['"abc-br"', true],
    ['W/"abc-br"', true],
    ['"x", "abc-br"', true],
    ["*", true],
    ['"abc"', false],
    ['"abc-gzip"', false],
    ["", false],
  ])("If-None-Match %s → %s", (header, expected) => {
    expect(etagMatches(header, etag)).toBe(expected);
  });
  it("no header never matches", () => {
    expect(etagMatches(undefined, etag)).toBe(false);
  });
});

describe("createCachedPage with a slot", () => {
  const html = '<form><input name="t" value="__SLOT__"/></form><script nonce="n1">x()</script>';
  it("fills the slot once, caps the lifetime, and keeps the precompressed copies", () => {
    let calls = 0;
    const cached = createCachedPage({
      html,
      nonce: "n1",
      status: 200,
      headers: [],
      ttlMs: 300_000,
      now: 1000,
      slot: { placeholder: "__SLOT__", fill: () => `token-${++calls}`, ttlMs: 1000 },
    });
    expect(calls).toBe(1);
    expect(cached.identity.toString()).toContain('value="token-1"');
    expect(cached.identity.toString()).not.toContain("__SLOT__");
    expect(cached.expiresAt).toBe(2000);
    expect(gunzipSync(cached.gzip).toString()).toBe(cached.identity.toString());
    expect(cached.scriptHashes).toEqual([`'sha256-${createHash("sha256").update("x()").digest("base64")}'`]);
  });

  it("a page without the placeholder keeps the full lifetime and never calls fill", () => {
    const cached = createCachedPage({
      html: "<p>no form</p>",
      nonce: "n1",
      status: 200,
      headers: [],
      ttlMs: 300_000,
      now: 1000,
      slot: {
        placeholder: "__SLOT__",
        fill: () => {
          throw new Error("not expected");
        },
        ttlMs: 1000,
      },
    });
    expect(cached.expiresAt).toBe(301_000);
  });
});

describe("hashNoncedStyles", () => {
  it("hashes only inline styles carrying the nonce", () => {
    const html = '<style nonce="n1">a{color:red}</style><style>b{}</style><style nonce="other">c{}</style>';
    expect(hashNoncedStyles(html, "n1")).toEqual([`'sha256-${createHash("sha256").update("a{color:red}").digest("base64")}'`]);
  });
  it("a cached page records them", () => {
    const cached = createCachedPage({
      html: '<style nonce="n1">a{}</style>',
      nonce: "n1",
      status: 200,
      headers: [],
      ttlMs: 1000,
    });
    expect(cached.styleHashes).toEqual([`'sha256-${createHash("sha256").update("a{}").digest("base64")}'`]);
    expect(cached.identity.toString()).toBe("<style>a{}</style>");
  });
});
