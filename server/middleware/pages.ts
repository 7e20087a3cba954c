/**
 * Everything the middlewares before did not answer is a page, rendered by React Router.
 * Public pages (a GET without query or session cookie) are kept in the page cache and served
 * from memory, precompressed, their inline scripts allowed by hash instead of a nonce; every
 * other document gets the estimate form's token filled in on the way out.
 */
import type { Request, RequestHandler, Response } from "express";
import type { Backend } from "#app/server/context.server.ts";
import { PAGE_CACHE_HEADER } from "#app/page-cache.ts";
import { FORM_TOKEN_PLACEHOLDER } from "#app/form-token.ts";
import type { PageHandler } from "#server/app.ts";
import { toFetchRequest, sendFetchResponse } from "#server/fetch-adapter.ts";
import { compressCachedPage, etagMatches, pickEncoding, type CachedPage, type PageCache } from "#server/page-cache.ts";
import { SESSION_COOKIE, bodyFor, etagFor, type CachedPageHeaders } from "#server/middleware/cached-pages.ts";

/**
 * Pages with the estimate form are re-rendered at most this often, so the
 * signed "shown at" time in a cached copy is at most one second old: the
 * minimum-time spam check loses at most a second, and the page is still
 * served from memory, precompressed, at full speed.
 */
const FORM_PAGE_TTL_MS = 1000;

interface PagesOptions {
  backend: Backend;
  /** Renders pages; resolved per request so development can hot-reload it. */
  getPageHandler: () => Promise<PageHandler>;
  pageCache: PageCache;
  /** The header lists of cached pages, shared with the fast path (cached-pages.ts). */
  cachedHeaders: CachedPageHeaders;
}

export function pages({ backend, getPageHandler, pageCache, cachedHeaders }: PagesOptions): RequestHandler {
  const { config } = backend;
  return async (req, res, next) => {
    try {
      const nonce = res.locals.nonce as string;
      const cacheKey = req.originalUrl;
      // Only query-less URLs: otherwise `?anything` would render anew and push
      // real pages out of the cache. Hits never get here: the fast path answered them.
      const isCacheable =
        pageCache.enabled &&
        req.method === "GET" &&
        !req.originalUrl.includes("?") &&
        !SESSION_COOKIE.test(req.get("cookie") ?? "") &&
        !req.path.endsWith(".data");
      // Read before rendering: a change announced while this page renders must not be cached.
      const generation = pageCache.generation;
      const handler = await getPageHandler();
      const response = await handler(toFetchRequest(req, res, (res.locals.siteOrigin as string | undefined) ?? config.publicUrl), {
        nonce,
        requestId: res.locals.requestId as string,
        clientIp: req.ip ?? "",
      });
      // A page that says no-store (the gallery while its photos cannot be read) is never kept.
      const cacheable =
        response.headers.get(PAGE_CACHE_HEADER) === "public" && !/\bno-store\b/i.test(response.headers.get("cache-control") ?? "");
      response.headers.delete(PAGE_CACHE_HEADER);
      if (isCacheable && cacheable && response.status === 200) {
        const html = await response.text();
        const entry = await compressCachedPage({
          html,
          nonce,
          status: response.status,
          headers: [...response.headers].filter(([name]) => name !== "set-cookie"),
          ttlMs: pageCache.ttlMs,
          slot: {
            placeholder: FORM_TOKEN_PLACEHOLDER,
            fill: () => backend.formTokens.mint(),
            ttlMs: FORM_PAGE_TTL_MS,
          },
        });
        pageCache.set(cacheKey, entry, generation);
        sendCachedPage(req, res, entry, cachedHeaders);
        return;
      }
      if (response.body && (response.headers.get("content-type") ?? "").startsWith("text/html")) {
        // Documents are small: read them whole to fill in the form token.
        const html = (await response.text()).replaceAll(FORM_TOKEN_PLACEHOLDER, backend.formTokens.mint());
        res.status(response.status);
        for (const [name, value] of response.headers) {
          if (name !== "set-cookie" && name !== "content-length") res.setHeader(name, value);
        }
        const cookies = response.headers.getSetCookie();
        if (cookies.length > 0) res.setHeader("Set-Cookie", cookies);
        res.end(html);
        return;
      }
      await sendFetchResponse(res, response);
    } catch (error) {
      next(error);
    }
  };
}

/** A page just cached, with the headers the fast path will send for it (but MISS). */
function sendCachedPage(req: Request, res: Response, page: CachedPage, cachedHeaders: CachedPageHeaders) {
  const encoding = pickEncoding(req.get("accept-encoding"));
  const etag = etagFor(page, encoding);
  const notModified = etagMatches(req.get("if-none-match"), etag);
  res.status(notModified ? 304 : page.status);
  for (const [name, value] of cachedHeaders.headersFor(page, encoding, notModified, "MISS")) res.setHeader(name, value);
  if (notModified) res.end();
  else res.end(bodyFor(page, encoding));
}
