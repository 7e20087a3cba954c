/**
 * The fast path: a cached public page is answered straight from the Node request, before Express
 * and React Router run. Its bytes and every header (security headers, the page's CSP with its
 * script hashes, ETag, Vary, length) are computed once per page and encoding and kept with it,
 * so a hit costs a map lookup and one write. Only what differs per request is added: the
 * request id. The same header list is what the Express path (`pages.ts`) sends for a page it
 * has just cached, so both paths answer alike (tests/integration/public-pages/page-fast-path.test.ts).
 *
 * Skipped, exactly as the cache itself is: anything but GET and HEAD, a query string, a session
 * cookie, a page not in the cache (or past its time), and every request while shutting down
 * (the Express path then adds `Connection: close`).
 */
import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Logger } from "#app/server/logger.server.ts";
import { etagMatches, pickEncoding, type CachedPage, type PageCache } from "#server/page-cache.ts";
import type { PagePolicy } from "#server/middleware/request-context.ts";

export const SESSION_COOKIE = /(?:^|;\s*)(?:__Host-)?session=/;

type Encoding = "br" | "gzip" | "identity";
type HeaderList = [string, string][];

interface Prepared {
  /** For a 200 (GET and HEAD) and a 304, in the order the Express path sets them. */
  full: HeaderList;
  notModified: HeaderList;
  /** `full` flattened for writeHead, without the per-request id. */
  flat: string[];
  flatNotModified: string[];
  etag: string;
  body: Buffer;
}

export interface CachedPageHeaders {
  /** The headers of a cached page for this encoding, on a 200 or a 304. */
  headersFor(page: CachedPage, encoding: Encoding, notModified: boolean, cacheStatus: "HIT" | "MISS"): HeaderList;
  prepared(page: CachedPage, encoding: Encoding): Prepared;
}

/**
 * Builds and remembers the header lists of cached pages. `baseHeaders` are the security headers
 * every response carries (request-context.ts sets the same ones).
 */
export function cachedPageHeaders(options: { pagePolicy: PagePolicy; baseHeaders: Record<string, string> }): CachedPageHeaders {
  const { pagePolicy, baseHeaders } = options;
  const memo = new WeakMap<CachedPage, Partial<Record<Encoding, Prepared>>>();

  function build(page: CachedPage, encoding: Encoding, notModified: boolean, cacheStatus: "HIT" | "MISS"): HeaderList {
    // Set in the Express path's order; a later header replaces an earlier one of the same name.
    const headers = new Map<string, [string, string]>();
    const set = (name: string, value: string) => headers.set(name.toLowerCase(), [name, value]);
    for (const [name, value] of Object.entries(baseHeaders)) set(name, value);
    for (const [name, value] of page.headers) set(name, value);
    set("Content-Security-Policy", pagePolicy(page.scriptHashes, page.styleHashes));
    set("Cache-Control", "no-cache");
    set("X-Page-Cache", cacheStatus);
    // Each encoding is a different representation, so each has its own tag.
    set("ETag", etagFor(page, encoding));
    set("Vary", "Accept-Encoding");
    if (!notModified) {
      if (encoding !== "identity") set("Content-Encoding", encoding);
      set("Content-Length", String(bodyFor(page, encoding).length));
    }
    return [...headers.values()];
  }

  return {
    headersFor: build,
    prepared(page, encoding) {
      let byEncoding = memo.get(page);
      if (!byEncoding) memo.set(page, (byEncoding = {}));
      let prepared = byEncoding[encoding];
      if (!prepared) {
        const full = build(page, encoding, false, "HIT");
        const notModified = build(page, encoding, true, "HIT");
        prepared = {
          full,
          notModified,
          flat: full.flat(),
          flatNotModified: notModified.flat(),
          etag: etagFor(page, encoding),
          body: bodyFor(page, encoding),
        };
        byEncoding[encoding] = prepared;
      }
      return prepared;
    },
  };
}

export function etagFor(page: CachedPage, encoding: Encoding): string {
  return encoding === "identity" ? page.etag : page.etag.replace(/"$/, `-${encoding}"`);
}

export function bodyFor(page: CachedPage, encoding: Encoding): Buffer {
  return encoding === "br" ? page.br : encoding === "gzip" ? page.gzip : page.identity;
}

interface FastPathOptions {
  pageCache: PageCache;
  headers: CachedPageHeaders;
  isShuttingDown: () => boolean;
  logger: Pick<Logger, "debug">;
}

/** Answers a cached page and returns true, or returns false for the Express app to handle it. */
export function cachedPageFastPath({ pageCache, headers, isShuttingDown, logger }: FastPathOptions) {
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    const { method, url } = req;
    if (method !== "GET" && method !== "HEAD") return false;
    if (!url || url.includes("?") || !pageCache.enabled) return false;
    const cookie = req.headers.cookie;
    if (cookie !== undefined && SESSION_COOKIE.test(cookie)) return false;
    if (isShuttingDown()) return false;
    // A HEAD never stores a page, so it must not be the request that renders an expired one.
    const page = pageCache.get(url, Date.now(), method === "GET");
    if (!page) return false;

    const started = process.hrtime.bigint();
    const prepared = headers.prepared(page, pickEncoding(req.headers["accept-encoding"]));
    const given = req.headers["x-request-id"];
    const requestId = (typeof given === "string" ? given.slice(0, 64) : "") || randomUUID();
    if (etagMatches(req.headers["if-none-match"], prepared.etag)) {
      res.writeHead(304, [...prepared.flatNotModified, "X-Request-Id", requestId]);
      res.end();
    } else {
      res.writeHead(page.status, [...prepared.flat, "X-Request-Id", requestId]);
      if (method === "HEAD") res.end();
      else res.end(prepared.body);
    }
    logger.debug("request", {
      requestId,
      method,
      path: url,
      status: res.statusCode,
      ms: Math.round(Number(process.hrtime.bigint() - started) / 1e5) / 10,
      pageCache: "HIT",
    });
    return true;
  };
}
