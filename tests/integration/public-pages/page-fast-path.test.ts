/**
 * The fast path (server/middleware/cached-pages.ts) against a real server: a cached page is
 * answered with the same status, bytes and headers as the Express path that cached it (only the
 * date, the request id and X-Page-Cache differ), in every encoding; HEAD gets the headers without
 * a body; a matching If-None-Match gets a 304; and what the cache skips (a session cookie, a
 * query string, a POST) still reaches React Router.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { get, request, startServer, type HttpResult, type ServerProcess } from "#tests/support/server.ts";

const PER_REQUEST = new Set(["date", "x-request-id", "x-page-cache", "connection", "keep-alive"]);

function comparableHeaders(res: HttpResult): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(res.headers)
      .filter(([name]) => !PER_REQUEST.has(name))
      .toSorted(),
  );
}

describe("cached pages answered before the framework", () => {
  let server: ServerProcess;

  beforeAll(async () => {
    // A long page cache, so no entry expires during the test.
    server = await startServer({ env: { PAGE_CACHE_SECONDS: "600" } });
  }, 60_000);

  afterAll(async () => {
    await server?.stop();
  });

  test.each([
    ["/about", "br"],
    ["/services", "gzip"],
    ["/kitchen", ""],
  ])("%s (%s): the hit has the miss's status, bytes and headers", async (path, encoding) => {
    const headers: Record<string, string> = encoding ? { "accept-encoding": encoding } : {};
    const miss = await get(`${server.url}${path}`, headers);
    expect(miss.headers["x-page-cache"]).toBe("MISS");
    const hit = await get(`${server.url}${path}`, headers);
    expect(hit.headers["x-page-cache"]).toBe("HIT");
    expect(hit.status).toBe(miss.status);
    expect(hit.body.equals(miss.body)).toBe(true);
    expect(comparableHeaders(hit)).toEqual(comparableHeaders(miss));
    expect(hit.headers["content-encoding"]).toBe(encoding || undefined);
    expect(hit.headers["content-security-policy"]).toMatch(/script-src 'self'( 'sha256-[^']+')*;/);
    expect(hit.headers["content-security-policy"]).not.toContain("nonce-");
    expect(hit.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    expect(hit.headers["x-request-id"]).not.toBe(miss.headers["x-request-id"]);
  });

  test("HEAD gets the GET's headers and no body; a request id sent is echoed", async () => {
    const full = await get(`${server.url}/about`, { "accept-encoding": "br" });
    const head = await request(`${server.url}/about`, {
      method: "HEAD",
      headers: { "accept-encoding": "br", "x-request-id": "probe-123" },
    });
    expect(head.status).toBe(200);
    expect(head.headers["x-page-cache"]).toBe("HIT");
    expect(head.body.length).toBe(0);
    expect(comparableHeaders(head)).toEqual(comparableHeaders(full));
    expect(head.headers["x-request-id"]).toBe("probe-123");
  });

  test("a matching If-None-Match gets a 304 without a body; another tag the page", async () => {
    const page = await get(`${server.url}/about`, { "accept-encoding": "gzip" });
    const etag = String(page.headers.etag);
    const notModified = await get(`${server.url}/about`, { "accept-encoding": "gzip", "if-none-match": `W/${etag}` });
    expect(notModified.status).toBe(304);
    expect(notModified.body.length).toBe(0);
    expect(notModified.headers.etag).toBe(etag);
    expect(notModified.headers["content-encoding"]).toBeUndefined();
    expect(notModified.headers["content-security-policy"]).toBe(page.headers["content-security-policy"]);
    // The br representation has its own tag: the gzip one does not match it.
    const other = await get(`${server.url}/about`, { "accept-encoding": "br", "if-none-match": etag });
    expect(other.status).toBe(200);
  });

  test("a session cookie, a query string or a POST is not answered from the cache", async () => {
    await get(`${server.url}/about`);
    const withSession = await get(`${server.url}/about`, { cookie: "theme=dark; session=abc" });
    expect(withSession.status).toBe(200);
    expect(withSession.headers["x-page-cache"]).toBeUndefined();
    expect(withSession.headers["content-security-policy"]).toContain("'nonce-");
    const withQuery = await get(`${server.url}/about?utm=x`);
    expect(withQuery.headers["x-page-cache"]).toBeUndefined();
    const post = await request(`${server.url}/about`, {
      method: "POST",
      headers: { origin: server.url, "content-type": "application/x-www-form-urlencoded" },
      body: "a=b",
    });
    expect(post.headers["x-page-cache"]).toBeUndefined();
    // An unrelated cookie is no reason to skip the cache.
    expect((await get(`${server.url}/about`, { cookie: "theme=dark" })).headers["x-page-cache"]).toBe("HIT");
  });
});
