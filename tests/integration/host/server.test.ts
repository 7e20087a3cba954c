/**
 * The HTTP host, tested against the real built server running as a child
 * process (`node server/main.ts`). Two servers serve the whole file:
 *
 * - `site`: http, page cache on, /__crash enabled, debug logs;
 * - `secure`: PUBLIC_URL https, page cache off, /__crash off; it is also the
 *   one shut down at the end to test graceful shutdown.
 *
 * Requires a build (`npm run build`).
 */
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { publicPaths, sitemapPaths } from "#app/sitemap.ts";
import { pathAlternates } from "#app/i18n/paths.ts";
import { HELD_MODULE_TYPE } from "#app/hydrate-after-load.ts";
import {
  clientDir,
  connect,
  get,
  request,
  runMainUntilExit,
  startServer,
  stopAllServers,
  type Exit,
  type HttpResult,
  type ServerProcess,
} from "#tests/support/server.ts";

const SITE_URL = "http://www.example-remodeling.test";
const SECURE_URL = "https://www.example-remodeling.test";

let site: ServerProcess;
let secure: ServerProcess;
let badPort: Exit & { stdout: string; stderr: string };
let badPublicUrl: Exit & { stdout: string; stderr: string };

beforeAll(async () => {
  // Everything that spawns a process starts at once: about one server start in total.
  [site, secure, badPort, badPublicUrl] = await Promise.all([
    startServer({ env: { PUBLIC_URL: SITE_URL, ENABLE_CRASH_ROUTE: "true", LOG_LEVEL: "debug" } }),
    startServer({
      env: { PUBLIC_URL: `${SECURE_URL}/`, PAGE_CACHE_SECONDS: "0", SHUTDOWN_TIMEOUT_SECONDS: "30" },
    }),
    runMainUntilExit({ PORT: "abc" }),
    runMainUntilExit({ PUBLIC_URL: "ftp://x" }),
  ]);
});

afterAll(async () => {
  await stopAllServers();
});

// ---------------------------------------------------------------------------
// helpers

/** A hashed file Vite wrote under build/client/assets. */
function builtAsset(ext: string): { urlPath: string; bytes: Buffer } {
  const name = readdirSync(path.join(clientDir, "assets")).find((f) => f.endsWith(ext) && /-[\w-]{8}\./.test(f));
  if (!name) throw new Error(`no ${ext} file in build/client/assets`);
  return { urlPath: `/assets/${name}`, bytes: readFileSync(path.join(clientDir, "assets", name)) };
}

function cspOf(res: HttpResult): Map<string, string[]> {
  const header = res.headers["content-security-policy"];
  expect(typeof header, "Content-Security-Policy header").toBe("string");
  const directives = new Map<string, string[]>();
  for (const part of String(header).split(";")) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) directives.set(name, values);
  }
  return directives;
}

function nonceOf(res: HttpResult): string {
  const sources = cspOf(res).get("script-src") ?? [];
  const nonces = sources.filter((s) => s.startsWith("'nonce-"));
  expect(nonces).toHaveLength(1);
  return nonces[0]!.slice("'nonce-".length, -1);
}

/** The protective headers every response must carry, whatever produced it. */
function expectSecurityHeaders(res: HttpResult, options: { https: boolean }) {
  const csp = cspOf(res);
  const scriptSrc = csp.get("script-src") ?? [];
  expect(scriptSrc[0]).toBe("'self'");
  expect(scriptSrc).not.toContain("'unsafe-inline'");
  expect(scriptSrc).not.toContain("'unsafe-eval'");
  // A cached page without inline scripts (pages that ship no JavaScript) allows only 'self'.
  for (const source of scriptSrc.slice(1)) {
    expect(source).toMatch(/^'(nonce-[A-Za-z0-9+/]{22}==|sha256-[A-Za-z0-9+/]{43}=)'$/);
  }
  const styleSrc = csp.get("style-src") ?? [];
  expect(styleSrc[0]).toBe("'self'");
  expect(styleSrc).not.toContain("'unsafe-inline'");
  for (const source of styleSrc.slice(1)) {
    expect(source).toMatch(/^'(nonce-[A-Za-z0-9+/]{22}==|sha256-[A-Za-z0-9+/]{43}=)'$/);
  }
  expect(csp.get("object-src")).toEqual(["'none'"]);
  expect(csp.get("base-uri")).toEqual(["'none'"]);
  expect(csp.get("frame-ancestors")).toEqual(["'none'"]);
  expect(csp.get("default-src")).toEqual(["'self'"]);
  expect(res.headers["x-content-type-options"]).toBe("nosniff");
  expect(res.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(res.headers["permissions-policy"]).toContain("camera=()");
  expect(res.headers["x-frame-options"]).toBe("DENY");
  expect(res.headers["x-powered-by"]).toBeUndefined();
  expect(res.headers["x-request-id"]).toMatch(/^[\w-]+$/);
  if (options.https) {
    expect(res.headers["strict-transport-security"]).toBe("max-age=63072000; includeSubDomains");
    expect(csp.has("upgrade-insecure-requests")).toBe(true);
  } else {
    expect(res.headers["strict-transport-security"]).toBeUndefined();
    expect(csp.has("upgrade-insecure-requests")).toBe(false);
  }
}

interface InlineScript {
  attributes: string;
  body: string;
}

/** Inline <script> elements (no src) of a document. */
function inlineScripts(html: string): InlineScript[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
    .map((m) => ({ attributes: m[1] ?? "", body: m[2] ?? "" }))
    .filter((s) => !/\bsrc\s*=/.test(s.attributes));
}

/** Scripts a browser executes (and CSP governs), as opposed to data blocks like JSON-LD. */
function isExecutable(script: InlineScript): boolean {
  const type = /\btype="([^"]*)"/.exec(script.attributes)?.[1]?.toLowerCase();
  // "text/x-held-module": React Router's module script, run as a copy once the page has loaded
  // (app/hydrate-after-load.ts); the copy is allowed by the same hash.
  return type === undefined || type === "" || type === "module" || type === "text/javascript" || type === HELD_MODULE_TYPE;
}

const sha256Source = (body: string) => `'sha256-${createHash("sha256").update(body, "utf8").digest("base64")}'`;

/**
 * The plain lines meant for the operator's eyes: the setup link between its two rules (printed
 * while the site has no administrator; server/setup-link.ts) and the go-live warnings
 * (startup-config.test.ts).
 */
const SETUP_LINK_LINE = /^(Create the first admin account: \S+ \(valid for 1 hour\)|=+|Not ready to go live: .+)$/;

/** Every line of stdout parsed (but the setup link's), each checked for time, level and msg. */
function expectJsonLines(stdout: string) {
  const lines = stdout.split("\n").filter((line) => line.length > 0 && !SETUP_LINK_LINE.test(line));
  expect(lines.length).toBeGreaterThan(0);
  const entries = lines.map((line) => {
    let entry: Record<string, unknown>;
    try {
      entry = JSON.parse(line) as Record<string, unknown>;
    } catch {
      throw new Error(`stdout line is not JSON: ${line}`);
    }
    expect(typeof entry.time).toBe("string");
    expect(new Date(String(entry.time)).toISOString()).toBe(entry.time);
    expect(["debug", "info", "warn", "error"]).toContain(entry.level);
    expect(typeof entry.msg).toBe("string");
    return entry;
  });
  return entries;
}

// ---------------------------------------------------------------------------

describe("security headers on every kind of response", () => {
  it("fresh and cached HTML pages", async () => {
    const first = await get(`${site.url}/about`);
    expect(first.status).toBe(200);
    expect(first.headers["x-page-cache"]).toBe("MISS");
    expectSecurityHeaders(first, { https: false });

    const second = await get(`${site.url}/about`);
    expect(second.status).toBe(200);
    expect(second.headers["x-page-cache"]).toBe("HIT");
    expectSecurityHeaders(second, { https: false });
    expect(second.text).toBe(first.text);
  });

  it("the home page is served from the page cache on the second request", async () => {
    await get(`${site.url}/`);
    const res = await get(`${site.url}/`);
    expect(res.status).toBe(200);
    expect(res.headers["x-page-cache"]).toBe("HIT");
    expect(res.headers["cache-control"]).toBe("no-cache");
    expectSecurityHeaders(res, { https: false });
  });

  it("the 404 page", async () => {
    const res = await get(`${site.url}/no-such-page`);
    expect(res.status).toBe(404);
    expect(res.headers["x-page-cache"]).toBeUndefined();
    expectSecurityHeaders(res, { https: false });
  });

  it("the 500 page (/__crash with ENABLE_CRASH_ROUTE=true)", async () => {
    const res = await get(`${site.url}/__crash`);
    expect(res.status).toBe(500);
    expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(res.text).toMatch(/Error (<!-- -->)?500/);
    expect(res.text).toContain('<meta name="robots" content="noindex"/>');
    // The error itself stays in the logs, not on the page.
    expect(res.text).not.toContain("Deliberate crash");
    expect(res.text).not.toMatch(/at \S+ \(file:\/\//);
    expectSecurityHeaders(res, { https: false });
    // ...and the server keeps serving.
    expect((await get(`${site.url}/healthz`)).status).toBe(200);
  });

  it("/__crash is a plain 404 page when ENABLE_CRASH_ROUTE is not set", async () => {
    const res = await get(`${secure.url}/__crash`);
    expect(res.status).toBe(404);
    expect(res.text).toMatch(/Error (<!-- -->)?404/);
    expect(res.text).not.toMatch(/Error (<!-- -->)?500/);
    expectSecurityHeaders(res, { https: true });
  });

  it.each(["/healthz", "/robots.txt", "/sitemap.xml", "/images/logo.svg", "/images/hero.svg"])("%s", async (urlPath) => {
    const res = await get(`${site.url}${urlPath}`);
    expect(res.status).toBe(200);
    expectSecurityHeaders(res, { https: false });
  });

  it("a hashed asset, and a missing one", async () => {
    const asset = builtAsset(".js");
    const res = await get(`${site.url}${asset.urlPath}`);
    expect(res.status).toBe(200);
    expectSecurityHeaders(res, { https: false });
    const missing = await get(`${site.url}/assets/nope.js`);
    expect(missing.status).toBe(404);
    expectSecurityHeaders(missing, { https: false });
  });

  it("redirects, 304s and refused requests", async () => {
    const redirect = await get(`${site.url}/loginOnlyPg`);
    expect(redirect.status).toBe(301);
    expectSecurityHeaders(redirect, { https: false });

    const page = await get(`${site.url}/services`);
    const notModified = await get(`${site.url}/services`, { "if-none-match": String(page.headers.etag) });
    expect(notModified.status).toBe(304);
    expectSecurityHeaders(notModified, { https: false });

    const conn = await connect(site.port);
    try {
      await conn.write("POST /contact HTTP/1.1\r\nHost: localhost\r\nContent-Length: 2000000\r\n\r\n");
      await conn.waitFor("too large");
      const tooLarge = conn.firstResponse();
      expect(tooLarge.status).toBe(413);
      expectSecurityHeaders(tooLarge, { https: false });
    } finally {
      conn.destroy();
    }

    const noLength = await request(`${site.url}/contact`, {
      method: "POST",
      headers: { "transfer-encoding": "chunked" },
      body: "a=1",
    });
    expect(noLength.status).toBe(411);
    expectSecurityHeaders(noLength, { https: false });
  });

  it("HSTS and upgrade-insecure-requests on every kind of response when PUBLIC_URL is https", async () => {
    const asset = builtAsset(".js");
    const paths = ["/", "/no-such-page", "/healthz", "/robots.txt", "/sitemap.xml", asset.urlPath, "/images/hero.svg", "/Signup"];
    const statuses: number[] = [];
    for (const urlPath of paths) {
      const res = await get(`${secure.url}${urlPath}`);
      statuses.push(res.status);
      expectSecurityHeaders(res, { https: true });
    }
    expect(statuses).toEqual([200, 404, 200, 200, 200, 200, 200, 301]);
  });
});

describe("nonces and script hashes", () => {
  it("every uncached response gets its own nonce, and every executable inline script carries it", async () => {
    const [a, b] = [await get(`${secure.url}/`), await get(`${secure.url}/`)];
    expect(a.status).toBe(200);
    expect(a.headers["x-page-cache"]).toBeUndefined();
    const [nonceA, nonceB] = [nonceOf(a), nonceOf(b)];
    expect(nonceA).not.toBe(nonceB);

    for (const [res, nonce] of [
      [a, nonceA],
      [b, nonceB],
    ] as const) {
      const scripts = inlineScripts(res.text).filter(isExecutable);
      // The page loads no framework (ADR 026): the visit's note and the offer of Spanish to a
      // Spanish browser (ADR 064). The estimate form's script is a same-origin file (ADR 065) that
      // also starts the quick-contact bar's watch of the form (ADR 027), and carries the nonce too.
      expect(scripts.map((script) => /recordVisit|offerSpanish|hideCallBarNearForm/.exec(script.body)?.[0])).toEqual([
        "recordVisit",
        "offerSpanish",
      ]);
      for (const script of scripts) expect(script.attributes).toContain(`nonce="${nonce}"`);
      expect(/<script type="module" src="\/scripts\/estimate-form\.js\?v=\w+" nonce="([^"]+)"/.exec(res.text)?.[1]).toBe(nonce);
      // No other nonce appears anywhere in the document.
      for (const m of res.text.matchAll(/nonce="([^"]*)"/g)) expect(m[1]).toBe(nonce);
    }
  });

  it("the 404 page (never cached, no framework) carries the response's nonce on its stylesheet and its one script, the visit's note", async () => {
    const res = await get(`${site.url}/still-no-such-page`);
    const nonce = nonceOf(res);
    const scripts = inlineScripts(res.text).filter(isExecutable);
    expect(scripts).toHaveLength(1);
    expect(scripts[0]!.body).toContain("recordVisit");
    expect(scripts[0]!.attributes).toContain(`nonce="${nonce}"`);
    expect(res.text).toContain(`<style nonce="${nonce}"`);
  });

  it.each(["/contact", "/"])("a cached page (%s) lists the sha256 of each executable inline script and has no nonce", async (urlPath) => {
    await get(`${site.url}${urlPath}`);
    const res = await get(`${site.url}${urlPath}`);
    expect(res.headers["x-page-cache"]).toBe("HIT");
    const scriptSrc = cspOf(res).get("script-src") ?? [];
    expect(scriptSrc.some((s) => s.startsWith("'nonce-"))).toBe(false);
    expect(res.text).not.toContain("nonce=");

    const scripts = inlineScripts(res.text).filter(isExecutable);
    // The visit's note, and on /contact the quick-contact bar's watch of the form (ADR 027), whose
    // form may be in the first screen; on the English home page the offer of Spanish (ADR 064)
    // instead, its bar watched by the form's script file (ADR 065), which 'self' allows.
    expect(scripts).toHaveLength(2);
    for (const script of scripts) expect(scriptSrc).toContain(sha256Source(script.body));
    // Nothing else is allowed: 'self' plus exactly these hashes.
    expect(new Set(scriptSrc.slice(1))).toEqual(new Set(scripts.map((s) => sha256Source(s.body))));
  });

  it.each(["/contact", "/bathroom"])("a cached page (%s) allows its inlined stylesheet by hash, and only that", async (urlPath) => {
    await get(`${site.url}${urlPath}`);
    const res = await get(`${site.url}${urlPath}`);
    expect(res.headers["x-page-cache"]).toBe("HIT");
    const styles = [...res.text.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1]!);
    expect(styles).toHaveLength(1);
    expect(styles[0]).toContain(".site-header");
    expect(cspOf(res).get("style-src")).toEqual(["'self'", sha256Source(styles[0]!)]);
    // The stylesheet is in the page: no request for it before the first paint.
    expect(res.text).not.toMatch(/<link[^>]+rel="stylesheet"/);
  });

  it("a fresh page allows its inlined stylesheet by the response's nonce", async () => {
    const res = await get(`${site.url}/no-such-page-${Date.now()}`);
    const nonce = nonceOf(res);
    expect(cspOf(res).get("style-src")).toEqual(["'self'", `'nonce-${nonce}'`]);
    expect(res.text).toMatch(new RegExp(`<style nonce="${nonce.replace(/[+/=]/g, "\\$&")}"`));
  });

  it("the home page's JSON-LD is a data block, not a script the CSP must allow", async () => {
    const res = await get(`${site.url}/`);
    const jsonLd = inlineScripts(res.text).filter((s) => s.attributes.includes('type="application/ld+json"'));
    expect(jsonLd).toHaveLength(1);
    expect(JSON.parse(jsonLd[0]!.body)).toMatchObject({ "@context": "https://schema.org", url: `${SITE_URL}/` });
  });

  it("the header's logo is drawn in the page: no request for it, which could be cached for days only", async () => {
    const html = (await get(`${site.url}/`)).text;
    expect(html).toMatch(/<a[^>]*class="brand"[^>]*><svg class="brand__logo"/);
    expect(html).not.toContain('src="/images/logo.svg"');
  });
});

describe("health, robots and sitemap", () => {
  it("/healthz answers 200 JSON with the database dialect, never cached", async () => {
    const res = await get(`${site.url}/healthz`);
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(JSON.parse(res.text)).toMatchObject({
      status: "ok",
      database: "sqlite",
      disk: { freeBytes: expect.any(Number), reserveBytes: 256 * 1024 * 1024, low: expect.any(Boolean) },
      dataDir: "writable",
      unwritable: [],
    });
  });

  it("/robots.txt names the sitemap on PUBLIC_URL (trailing slash stripped)", async () => {
    const res = await get(`${site.url}/robots.txt`);
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toBe("text/plain; charset=utf-8");
    const lines = res.text.split("\n");
    expect(lines).toContain("User-agent: *");
    expect(lines).toContain(`Sitemap: ${SITE_URL}/sitemap.xml`);
    expect(lines).toContain("Disallow: /login");
    expect(lines).toContain("Disallow: /reset-password/");

    const secureRobots = await get(`${secure.url}/robots.txt`);
    expect(secureRobots.text.split("\n")).toContain(`Sitemap: ${SECURE_URL}/sitemap.xml`);
  });

  it("/sitemap.xml lists every public page once, absolute on PUBLIC_URL, and no sign-in page", async () => {
    const res = await get(`${site.url}/sitemap.xml`);
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toBe("application/xml; charset=utf-8");
    const locs = [...res.text.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);
    // Each page, then its Spanish twin when it has one (ADR 064).
    const withTwins = sitemapPaths.flatMap((p) => [p, ...(pathAlternates(p) ? [pathAlternates(p)!.es] : [])]);
    expect(locs).toEqual(withTwins.map((p) => new URL(p, `${SITE_URL}/`).href));
    expect(locs).toContain(`${SITE_URL}/es/terminos`);
    expect(new Set(locs).size).toBe(locs.length);
    expect(locs.length).toBeGreaterThanOrEqual(15);
    expect(res.text).not.toContain("/login");
    expect(res.text).not.toContain("/signup");
    expect(res.text).not.toContain("password");
  });

  it("every page in the sitemap answers 200 with HTML", async () => {
    const results = await Promise.all(publicPaths.map(async (p) => [p, (await get(`${site.url}${p}`)).status]));
    expect(Object.fromEntries(results)).toEqual(Object.fromEntries(publicPaths.map((p) => [p, 200])));
  });
});

describe("static files", () => {
  it("hashed assets are cached for a year, immutable, and served byte for byte", async () => {
    // (The stylesheet is inlined in every page, so the build's assets are scripts.)
    for (const ext of [".js"]) {
      const asset = builtAsset(ext);
      const res = await get(`${site.url}${asset.urlPath}`);
      expect(res.status).toBe(200);
      const cacheControl = String(res.headers["cache-control"]);
      expect(cacheControl).toContain("immutable");
      expect(cacheControl).toContain("max-age=31536000");
      expect(res.body.equals(asset.bytes)).toBe(true);
    }
  });

  it("a missing asset is a short plain-text 404, not the HTML page", async () => {
    const res = await get(`${site.url}/assets/nope.js`);
    expect(res.status).toBe(404);
    expect(res.headers["content-type"]).toBe("text/plain; charset=utf-8");
    expect(res.text).toBe("Not found");
    expect(String(res.headers["cache-control"] ?? "")).not.toContain("immutable");
  });

  it("public files are cached for a week, not immutable", async () => {
    const res = await get(`${site.url}/images/hero.svg`);
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toBe("image/svg+xml");
    expect(res.headers["cache-control"]).toBe("public, max-age=604800");
  });

  it("every image, icon and stylesheet the home page references exists", async () => {
    const html = (await get(`${site.url}/`)).text;
    const refs = new Set([...html.matchAll(/\s(?:src|href)="(\/(?:images|assets)\/[^"]+)"/g)].map((m) => m[1]!));
    expect(refs.size).toBeGreaterThan(3);
    const results = await Promise.all([...refs].map(async (ref) => [ref, (await get(`${site.url}${ref}`)).status]));
    expect(Object.fromEntries(results)).toEqual(Object.fromEntries([...refs].map((ref) => [ref, 200])));
  });

  it("path traversal does not leave build/client", async () => {
    for (const urlPath of ["/assets/..%2f..%2f..%2fpackage.json", "/..%2f..%2fpackage.json", "/assets/../../package.json"]) {
      const res = await get(`${site.url}${urlPath}`);
      expect(res.status, urlPath).toBeGreaterThanOrEqual(400);
      expect(res.status, urlPath).toBeLessThan(500);
      expect(res.text).not.toContain('"houston-remodeling-site"');
    }
  });
});

describe("compression and conditional requests", () => {
  it("a cached page is sent as br or gzip as asked, decompressing to the same document", async () => {
    await get(`${site.url}/gallery`);
    const identity = await get(`${site.url}/gallery`);
    expect(identity.headers["x-page-cache"]).toBe("HIT");
    expect(identity.headers["content-encoding"]).toBeUndefined();
    expect(identity.text).toMatch(/^<!DOCTYPE html>/);

    const br = await get(`${site.url}/gallery`, { "accept-encoding": "br" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toContain("Accept-Encoding");
    expect(Number(br.headers["content-length"])).toBe(br.body.length);
    expect(br.body.length).toBeLessThan(identity.body.length);
    expect(brotliDecompressSync(br.body).equals(identity.body)).toBe(true);

    const gzip = await get(`${site.url}/gallery`, { "accept-encoding": "gzip, deflate" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.body).equals(identity.body)).toBe(true);

    const refused = await get(`${site.url}/gallery`, { "accept-encoding": "br;q=0, gzip" });
    expect(refused.headers["content-encoding"]).toBe("gzip");
  });

  it("an uncached page is compressed on the fly", async () => {
    const br = await get(`${secure.url}/services`, { "accept-encoding": "br" });
    expect(br.status).toBe(200);
    expect(br.headers["content-encoding"]).toBe("br");
    const html = brotliDecompressSync(br.body).toString("utf8");
    expect(html).toMatch(/^<!DOCTYPE html>/);
    expect(html).toContain("</html>");

    const gzip = await get(`${site.url}/no-such-page`, { "accept-encoding": "gzip" });
    expect(gzip.status).toBe(404);
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.body).toString("utf8")).toContain("Error 404");
  });

  it("If-None-Match with a cached page's ETag gets 304 with no body", async () => {
    await get(`${site.url}/house`);
    const page = await get(`${site.url}/house`, { "accept-encoding": "br" });
    const etag = String(page.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    const notModified = await get(`${site.url}/house`, { "if-none-match": etag, "accept-encoding": "br" });
    expect(notModified.status).toBe(304);
    expect(notModified.body.length).toBe(0);
    expect(notModified.headers.etag).toBe(etag);

    const stale = await get(`${site.url}/house`, { "if-none-match": '"something-else"' });
    expect(stale.status).toBe(200);
    expect(stale.body.length).toBeGreaterThan(0);
  });

  it("a signed-in visitor (session cookie) bypasses the page cache", async () => {
    await get(`${site.url}/room`);
    const res = await get(`${site.url}/room`, { cookie: "__Host-session=abc" });
    expect(res.status).toBe(200);
    expect(res.headers["x-page-cache"]).toBeUndefined();
    nonceOf(res);
  });
});

describe("old links and unknown paths", () => {
  it.each([
    ["/loginOnlyPg", "/login"],
    ["/Signup", "/signup"],
    ["/adminOnlyprofile", "/admin/gallery"],
    ["/Signup?ref=mail", "/signup?ref=mail"],
  ])("%s → 301 %s", async (from, to) => {
    const res = await get(`${site.url}${from}`);
    expect(res.status).toBe(301);
    expect(res.headers.location).toBe(to);
  });

  it("the new paths are pages, not redirects (matching is case-sensitive)", async () => {
    expect((await get(`${site.url}/signup`)).status).toBe(200);
    expect((await get(`${site.url}/login`)).status).toBe(200);
  });

  it("an unknown path is a 404 HTML page, kept out of search results", async () => {
    const res = await get(`${site.url}/this/does/not/exist`);
    expect(res.status).toBe(404);
    expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(res.text).toMatch(/^<!DOCTYPE html>/);
    expect(res.text).toMatch(/Error (<!-- -->)?404/);
    expect(res.text).toContain('<meta name="robots" content="noindex"/>');
  });
});

describe("bad input keeps the server serving", () => {
  it("Content-Length beyond the limit → 413 with a readable message, before the body is sent", async () => {
    const conn = await connect(site.port);
    try {
      await conn.write(
        "POST /contact HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-www-form-urlencoded\r\n" +
          "Content-Length: 99999999\r\n\r\n",
      );
      await conn.waitFor("KB.");
      expect(conn.statuses()).toEqual([413]);
      const res = conn.firstResponse();
      expect(res.headers["content-type"]).toBe("text/plain; charset=utf-8");
      expect(res.text).toBe("This request is too large. The limit is 1024 KB.");
    } finally {
      conn.destroy();
    }
  });

  it("a chunked POST without Content-Length → 411", async () => {
    const res = await request(`${site.url}/contact`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", "transfer-encoding": "chunked" },
      body: "name=Ann&message=hello",
    });
    expect(res.status).toBe(411);
    expect(res.headers["content-type"]).toBe("text/plain; charset=utf-8");
    expect(res.text).toBe("Please send a Content-Length with this request.");
  });

  it.each(["/%E0%A4%A", "/%", "/services/%ZZ", "/%E0%A4%A?x=%"])("malformed URL %s → 4xx, not 500", async (urlPath) => {
    const res = await get(`${site.url}${urlPath}`);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  });

  it("is still healthy afterwards", async () => {
    const res = await get(`${site.url}/healthz`);
    expect(res.status).toBe(200);
    expect(JSON.parse(res.text)).toMatchObject({ status: "ok", database: "sqlite" });
    expect(site.hasExited()).toBe(false);
  });
});

describe("environment validation", () => {
  it("PORT=abc stops the process with exit 1, naming PORT", () => {
    expect(badPort, badPort.stderr).toMatchObject({ code: 1, signal: null });
    expect(badPort.stderr).toContain("Invalid configuration:");
    expect(badPort.stderr).toMatch(/^\s+PORT: /m);
    expect(badPort.stdout).not.toContain("listening");
  });

  it("PUBLIC_URL=ftp://x stops the process with exit 1, naming PUBLIC_URL", () => {
    expect(badPublicUrl, badPublicUrl.stderr).toMatchObject({ code: 1, signal: null });
    expect(badPublicUrl.stderr).toContain("PUBLIC_URL: must start with http:// or https://");
    expect(badPublicUrl.stdout).not.toContain("listening");
  });
});

describe("structured logs", () => {
  it("every stdout line is a JSON object with time, level and msg", async () => {
    const entries = expectJsonLines(site.stdout());
    const listening = entries.find((e) => e.msg === "listening");
    expect(listening).toMatchObject({ level: "info", publicUrl: SITE_URL, database: "sqlite", mode: "production" });
  });

  it("one request line per request, carrying the X-Request-Id sent", async () => {
    const requestId = `it-${Date.now()}`;
    const res = await get(`${site.url}/about?from=log-test`, { "x-request-id": requestId });
    expect(res.headers["x-request-id"]).toBe(requestId);
    await site.waitForStdout(requestId);
    const entries = expectJsonLines(site.stdout()).filter((e) => e.requestId === requestId);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ level: "debug", msg: "request", method: "GET", path: "/about", status: 200 });
    expect(typeof entries[0]!.ms).toBe("number");
  });

  it("a 500 is logged as an error with its request id", async () => {
    const requestId = `crash-${Date.now()}`;
    await get(`${site.url}/__crash`, { "x-request-id": requestId });
    const deadline = Date.now() + 5_000;
    const lines = () =>
      site
        .stderr()
        .split("\n")
        .filter((l) => l.includes(`"requestId":"${requestId}"`))
        .map((l) => JSON.parse(l) as Record<string, unknown>);
    while (!lines().some((l) => l.msg === "request") && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    // The failure itself, with its stack, then the request line with the 500.
    expect(lines().find((l) => l.msg === "request failed")).toMatchObject({ level: "error", path: "/__crash" });
    expect(lines().find((l) => l.msg === "request")).toMatchObject({ level: "error", status: 500, path: "/__crash" });
  });
});

// Last: this stops `secure`.
describe("graceful shutdown on SIGTERM", () => {
  it("refuses new connections, finishes requests in flight, answers on kept-alive ones until they close, and exits 0", async () => {
    // An idle keep-alive connection.
    const idle = await connect(secure.port);
    await idle.write("GET /healthz HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n");
    await idle.waitFor('"status":"ok"');

    // A POST whose body is still on its way (Content-Length 10, no bytes yet).
    const posting = await connect(secure.port);
    await posting.write(
      "POST /contact HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 10\r\n\r\n",
    );
    // A request whose headers have not all arrived yet: not answered before SIGTERM.
    const reading = await connect(secure.port);
    await reading.write("GET /about HTTP/1.1\r\nHost: localhost\r\n");
    await new Promise((r) => setTimeout(r, 100));
    expect(reading.received).toBe("");

    const signalledAt = Date.now();
    process.kill(secure.pid, "SIGTERM");
    await secure.waitForStdout('"msg":"shutting down"');

    // New connections are refused. The idle one stays open: a proxy may be sending a POST on it
    // right now, and closing it under that request would make the proxy answer 502.
    // (The listener closes within a turn of the server's event loop after the log line.)
    for (;;) {
      const early = await connect(secure.port).catch((error: NodeJS.ErrnoException) => error);
      if (!(early instanceof Error)) {
        early.destroy();
        continue;
      }
      expect(early).toMatchObject({ code: "ECONNREFUSED" });
      break;
    }
    expect(idle.closed).toBe(false);
    idle.received = "";
    await idle.write("GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n");
    await idle.waitFor("\r\n\r\n");
    expect(idle.statuses()).toEqual([503]);
    expect(idle.firstResponse().headers.connection).toBe("close");
    await idle.closedPromise;

    // Requests in flight keep the process alive...
    await new Promise((r) => setTimeout(r, 300));
    expect(secure.hasExited()).toBe(false);

    // ...and are answered once they complete.
    await posting.write("name=Ann12");
    await reading.write("\r\n");
    await reading.waitFor("</html>");
    expect(reading.statuses()).toEqual([200]);
    // Told not to reuse the connection.
    expect(reading.firstResponse().headers.connection).toBe("close");
    await posting.waitFor("\r\n\r\n");
    expect(posting.statuses()).toHaveLength(1);
    expect(posting.statuses()[0]).toBeLessThan(500);

    // Then the process exits promptly: not after SHUTDOWN_TIMEOUT_SECONDS (30 s here).
    const exit = await Promise.race([secure.exited, new Promise<"timeout">((r) => setTimeout(() => r("timeout"), 5_000))]);
    expect(exit).toEqual({ code: 0, signal: null });
    expect(Date.now() - signalledAt).toBeLessThan(5_000);
    await Promise.all([posting.closedPromise, reading.closedPromise]);

    const messages = secure
      .stdout()
      .split("\n")
      .filter((line) => line.length > 0 && !SETUP_LINK_LINE.test(line))
      .map((line) => JSON.parse(line) as { msg: string; level: string; signal?: string });
    expect(messages.map((m) => m.msg).slice(-2)).toEqual(["shutting down", "stopped"]);
    expect(messages.at(-2)?.signal).toBe("SIGTERM");
    expect(secure.stderr()).not.toContain("shutdown timeout reached");
  });
});
