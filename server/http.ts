import express, { type NextFunction, type Request, type Response } from "express";
import compression from "compression";
import { randomUUID } from "node:crypto";
import path from "node:path";
import type { AppServices } from "../app/server/context.server.ts";
import { PAGE_CACHE_HEADER } from "../app/page-cache.ts";
import { toFetchRequest, sendFetchResponse } from "./fetch-adapter.ts";
import { createCachedPage, etagMatches, pickEncoding, type CachedPage, type PageCache } from "./page-cache.ts";
import { FORM_TOKEN_PLACEHOLDER } from "../app/form-token.ts";
import { baseSecurityHeaders, contentSecurityPolicy, createNonce } from "./security-headers.ts";
import type { PageHandler } from "./app.ts";
import { serveMedia } from "./media.ts";
import { tooLargeMessage } from "../app/server/gallery/upload.server.ts";

/** The one route that takes large bodies: a photo's bytes (app/routes/admin/gallery-upload.ts). */
export const UPLOAD_PATH = "/admin/gallery/upload";

export interface HttpAppOptions {
  services: AppServices;
  /** Renders pages; resolved per request so development can hot-reload it. */
  getPageHandler: () => Promise<PageHandler>;
  /** build/client in production; absent in development (Vite serves assets). */
  clientDir?: string;
  /** Vite's middleware in development. */
  devMiddleware?: express.RequestHandler;
  isShuttingDown: () => boolean;
  /** Rendered public pages, kept in memory (built by the host before the services that drop them). */
  pageCache: PageCache;
  /** Largest request body accepted outside upload routes, in bytes. */
  maxBodyBytes?: number;
}


/**
 * Pages with the estimate form are re-rendered at most this often, so the
 * signed "shown at" time in a cached copy is at most one second old: the
 * minimum-time spam check loses at most a second, and the page is still
 * served from memory, precompressed, at full speed.
 */
const FORM_PAGE_TTL_MS = 1000;

const SESSION_COOKIE = /(?:^|;\s*)(?:__Host-)?session=/;


export function createHttpApp(options: HttpAppOptions): express.Express {
  const { services, clientDir } = options;
  const { config, logger } = services;
  const isDevelopment = !config.isProduction && Boolean(options.devMiddleware);
  const maxBodyBytes = options.maxBodyBytes ?? 1024 * 1024;
  const { pageCache } = options;
  const securityHeaders = baseSecurityHeaders(config.isHttps);
  const uploadMaxBytes = Math.floor(config.env.UPLOAD_MAX_MB * 1024 * 1024);
  const mediaOrigin = config.env.PUBLIC_MEDIA_URL ? new URL(config.env.PUBLIC_MEDIA_URL).origin : null;

  const app = express();
  app.disable("x-powered-by");
  // req.ip is the socket's address unless the operator says proxies sit in front.
  app.set("trust proxy", config.env.TRUST_PROXY);
  app.set("etag", false);

  // Request id, security headers and one structured log line per request.
  app.use((req: Request, res: Response, next: NextFunction) => {
    const started = process.hrtime.bigint();
    const requestId = (req.get("x-request-id") ?? "").slice(0, 64) || randomUUID();
    const nonce = createNonce();
    res.locals.requestId = requestId;
    res.locals.nonce = nonce;
    res.setHeader("X-Request-Id", requestId);
    // While shutting down, tell keep-alive clients not to reuse this connection.
    if (options.isShuttingDown()) res.setHeader("Connection", "close");
    for (const [name, value] of Object.entries(securityHeaders)) res.setHeader(name, value);
    res.setHeader(
      "Content-Security-Policy",
      contentSecurityPolicy({
        scriptSources: [`'nonce-${nonce}'`],
        styleSources: [`'nonce-${nonce}'`],
        isHttps: config.isHttps,
        isDevelopment,
        mediaOrigin,
      }),
    );
    res.on("finish", () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      const fields = {
        requestId,
        method: req.method,
        path: req.path,
        status: res.statusCode,
        ms: Math.round(ms * 10) / 10,
      };
      if (res.statusCode >= 500) logger.error("request", fields);
      else logger.debug("request", fields);
    });
    next();
  });

  app.get("/healthz", async (_req, res) => {
    res.setHeader("Cache-Control", "no-store");
    if (options.isShuttingDown()) {
      res.status(503).json({ status: "shutting-down" });
      return;
    }
    try {
      await services.database.ping();
      res.json({ status: "ok", database: services.database.dialect });
    } catch (error) {
      logger.error("health check failed", { error });
      res.status(503).json({ status: "unavailable", database: "unreachable" });
    }
  });

  // Browsers ask for /favicon.ico on their own; the icon is an SVG.
  app.get("/favicon.ico", (_req, res) => {
    res.setHeader("Cache-Control", "public, max-age=604800");
    res.redirect(301, "/images/favicon.svg");
  });

  // Stored photos: already compressed, so before the compression middleware.
  app.get("/media/{*key}", (req, res, next) => {
    // A photo opened on its own (a gallery link without JavaScript) is shown by the browser's
    // image viewer, which styles itself inline; a photo can run nothing, so nothing else is allowed.
    res.setHeader("Content-Security-Policy", "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'");
    serveMedia(req, res, services).catch(next);
  });

  app.use(compression({ threshold: 1024 }));

  if (options.devMiddleware) app.use(options.devMiddleware);

  if (clientDir) {
    // Vite puts a content hash in every file name under /assets: cache forever.
    app.use(
      "/assets",
      express.static(path.join(clientDir, "assets"), {
        immutable: true,
        maxAge: "1y",
        index: false,
        redirect: false,
      }),
      (_req, res) => {
        res.status(404).type("text/plain").send("Not found");
      },
    );
    app.use(
      express.static(clientDir, {
        maxAge: "7d",
        index: false,
        redirect: false,
        dotfiles: "ignore",
      }),
    );
  }

  // Refuse bodies we would not read anyway before they reach a route. Each refusal is one
  // warning line, like the cross-origin refusal below.
  const refuse = (req: Request, res: Response, status: number, reason: string) => {
    logger.warn("request refused", {
      reason,
      status,
      contentLength: req.get("content-length") ?? null,
      path: req.path,
      requestId: res.locals.requestId,
    });
    return res.status(status);
  };
  app.use((req, res, next) => {
    if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();
    const length = req.get("content-length");
    if (length === undefined) {
      if (req.get("transfer-encoding")) {
        refuse(req, res, 411, "no-content-length").type("text/plain").send("Please send a Content-Length with this request.");
        return;
      }
      return next();
    }
    if (!/^\d+$/.test(length)) {
      refuse(req, res, 400, "bad-content-length").type("text/plain").send("The Content-Length header is not a number.");
      return;
    }
    if (req.path === UPLOAD_PATH) {
      if (Number(length) > uploadMaxBytes) {
        // Connection: close, so the browser stops sending the rest of the file.
        res.setHeader("Connection", "close");
        refuse(req, res, 413, "too-large").json({ error: tooLargeMessage(uploadMaxBytes) });
        return;
      }
      return next();
    }
    if (Number(length) > maxBodyBytes) {
      refuse(req, res, 413, "too-large")
        .type("text/plain")
        .send(`This request is too large. The limit is ${Math.floor(maxBodyBytes / 1024)} KB.`);
      return;
    }
    next();
  });

  // Every state-changing request must come from this site's own pages. Browsers send Origin on
  // every POST (and Sec-Fetch-Site); a request with neither is not from a browser, so it cannot
  // carry a visitor's cookies against their will.
  app.use((req, res, next) => {
    if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();
    const origin = req.get("origin");
    const fetchSite = req.get("sec-fetch-site");
    const ownOrigin = `${req.protocol}://${req.get("host") ?? ""}`;
    const isForeign =
      origin !== undefined
        ? origin !== ownOrigin && origin !== config.publicUrl
        : fetchSite !== undefined && fetchSite !== "same-origin" && fetchSite !== "none";
    if (!isForeign) return next();
    logger.warn("request refused", {
      reason: "cross-origin",
      origin: origin ?? null,
      fetchSite: fetchSite ?? null,
      path: req.path,
      requestId: res.locals.requestId,
    });
    res
      .status(403)
      .type("text/plain")
      .send("This request came from another website, so it was refused. Please use the forms on this site.");
  });

  app.use(async (req, res, next) => {
    try {
      const nonce = res.locals.nonce as string;
      const cacheKey = req.originalUrl;
      // Only query-less URLs: otherwise `?anything` would render anew and push
      // real pages out of the cache.
      const isCacheable =
        pageCache.enabled &&
        req.method === "GET" &&
        !req.originalUrl.includes("?") &&
        !SESSION_COOKIE.test(req.get("cookie") ?? "") &&
        !req.path.endsWith(".data");
      if (isCacheable) {
        const hit = pageCache.get(cacheKey);
        if (hit) {
          sendCachedPage(req, res, hit, "HIT");
          return;
        }
      }
      const handler = await options.getPageHandler();
      const response = await handler(toFetchRequest(req, res, config.publicUrl), {
        nonce,
        requestId: res.locals.requestId as string,
        clientIp: req.ip ?? "",
      });
      // A page that says no-store (the gallery while its photos cannot be read) is never kept.
      const cacheable =
        response.headers.get(PAGE_CACHE_HEADER) === "public" &&
        !/\bno-store\b/i.test(response.headers.get("cache-control") ?? "");
      response.headers.delete(PAGE_CACHE_HEADER);
      if (isCacheable && cacheable && response.status === 200) {
        const html = await response.text();
        const entry = createCachedPage({
          html,
          nonce,
          status: response.status,
          headers: [...response.headers].filter(([name]) => name !== "set-cookie"),
          ttlMs: pageCache.ttlMs,
          slot: {
            placeholder: FORM_TOKEN_PLACEHOLDER,
            fill: () => services.formTokens.mint(),
            ttlMs: FORM_PAGE_TTL_MS,
          },
        });
        pageCache.set(cacheKey, entry);
        sendCachedPage(req, res, entry, "MISS");
        return;
      }
      if (response.body && (response.headers.get("content-type") ?? "").startsWith("text/html")) {
        // Documents are small: read them whole to fill in the form token.
        const html = (await response.text()).replaceAll(FORM_TOKEN_PLACEHOLDER, services.formTokens.mint());
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
  });

  function sendCachedPage(req: Request, res: Response, page: CachedPage, status: "HIT" | "MISS") {
    res.status(page.status);
    for (const [name, value] of page.headers) res.setHeader(name, value);
    res.setHeader(
      "Content-Security-Policy",
      contentSecurityPolicy({
        scriptSources: page.scriptHashes,
        styleSources: page.styleHashes,
        isHttps: config.isHttps,
        isDevelopment,
        mediaOrigin,
      }),
    );
    res.setHeader("Cache-Control", "no-cache");
    res.setHeader("X-Page-Cache", status);
    const encoding = pickEncoding(req.get("accept-encoding"));
    // Each encoding is a different representation, so each has its own tag.
    const etag = encoding === "identity" ? page.etag : page.etag.replace(/"$/, `-${encoding}"`);
    res.setHeader("ETag", etag);
    res.setHeader("Vary", "Accept-Encoding");
    if (etagMatches(req.get("if-none-match"), etag)) {
      res.status(304).end();
      return;
    }
    const body = encoding === "br" ? page.br : encoding === "gzip" ? page.gzip : page.identity;
    if (encoding !== "identity") res.setHeader("Content-Encoding", encoding);
    res.setHeader("Content-Length", String(body.length));
    res.end(body);
  }

  // Last resort: something outside React Router failed. Keep serving.
  app.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
    const status =
      typeof error === "object" && error !== null && "status" in error && typeof error.status === "number"
        ? error.status
        : 500;
    if (status >= 500) logger.error("unhandled error", { error, path: req.path, requestId: res.locals.requestId });
    if (res.headersSent) {
      res.destroy();
      return;
    }
    res
      .status(status >= 400 && status < 600 ? status : 500)
      .type("text/plain")
      .send(status >= 500 ? "Unexpected Application Error!" : "Bad request.");
  });

  return app;
}
