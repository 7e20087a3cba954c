import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import express from "express";
import compression from "compression";
import { baseSecurityHeaders } from "#server/security-headers.ts";
import { cachedPageFastPath, cachedPageHeaders, type CachedPageHeaders } from "#server/middleware/cached-pages.ts";
import type { Backend } from "#app/server/context.server.ts";
import type { PageCache } from "#server/page-cache.ts";
import type { PageHandler } from "#server/app.ts";
import { requestContext, pagePolicyFor } from "#server/middleware/request-context.ts";
import { health } from "#server/middleware/health.ts";
import { methods } from "#server/middleware/methods.ts";
import { queryText } from "#server/middleware/query-text.ts";
import { favicon } from "#server/middleware/favicon.ts";
import { media } from "#server/middleware/media.ts";
import { staticAssets } from "#server/middleware/static-assets.ts";
import { bodyLimits, MAX_BODY_BYTES } from "#server/middleware/body-limits.ts";
import { unreadBodies } from "#server/unread-bodies.ts";
import { maxEstimateBodyBytes, requestTooLargeMessage } from "#app/server/leads/job-photos.server.ts";
import { MAX_FORM_BYTES } from "#app/server/leads/estimate-action.server.ts";
import { sameOrigin } from "#server/middleware/same-origin.ts";
import { pages } from "#server/middleware/pages.ts";
import { errorHandler } from "#server/middleware/errors.ts";

export { UPLOAD_PATH } from "#server/middleware/body-limits.ts";

interface HttpAppOptions {
  backend: Backend;
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
 * What the HTTP server runs for every request: first what keeps its connection usable whatever
 * answers (server/unread-bodies.ts), then cached public pages straight from memory (the fast
 * path, before Express and React Router: server/middleware/cached-pages.ts), everything else
 * through the Express app.
 */
export function createRequestListener(options: HttpAppOptions): RequestListener {
  const { backend, isShuttingDown, pageCache } = options;
  const cachedHeaders = cachedPageHeadersFor(options);
  const app = createHttpApp(options, cachedHeaders);
  const fastPath = cachedPageFastPath({ pageCache, headers: cachedHeaders, isShuttingDown, logger: backend.logger });
  // The body limit: every body a form may send is drained; a larger one was refused unread.
  const keepUsable = unreadBodies({ drainBytes: options.maxBodyBytes ?? MAX_BODY_BYTES });
  return (req: IncomingMessage, res: ServerResponse) => {
    if (!keepUsable(req, res)) return;
    if (!fastPath(req, res)) app(req, res);
  };
}

function pagePolicyOf({ backend, devMiddleware }: HttpAppOptions) {
  const { config } = backend;
  return pagePolicyFor({
    isHttps: config.isHttps,
    isDevelopment: !config.isProduction && Boolean(devMiddleware),
    mediaOrigin: config.env.PUBLIC_MEDIA_URL ? new URL(config.env.PUBLIC_MEDIA_URL).origin : null,
  });
}

function cachedPageHeadersFor(options: HttpAppOptions): CachedPageHeaders {
  return cachedPageHeaders({
    pagePolicy: pagePolicyOf(options),
    baseHeaders: baseSecurityHeaders(options.backend.config.isHttps),
  });
}

/**
 * The site's Express app: the middlewares in server/middleware/, in the order they must run.
 * It stores public pages in the cache but does not answer from it: `createRequestListener` does.
 */
function createHttpApp(options: HttpAppOptions, cachedHeaders = cachedPageHeadersFor(options)): express.Express {
  const { backend, getPageHandler, clientDir, devMiddleware, isShuttingDown, pageCache } = options;
  const { config, logger } = backend;
  const pagePolicy = pagePolicyOf(options);

  const app = express();
  app.disable("x-powered-by");
  // req.ip is the socket's address unless the operator says proxies sit in front.
  app.set("trust proxy", config.env.TRUST_PROXY);
  app.set("etag", false);

  app.use(requestContext({ logger, isHttps: config.isHttps, pagePolicy, isShuttingDown }));
  // Before every route, so none of them (nor the database behind them) sees a NUL or broken text.
  app.use(queryText({ logger }));
  app.use(methods({ getPageHandler }));
  app.get("/healthz", health({ database: backend.database, logger, isShuttingDown, disk: backend.disk }));
  app.get("/favicon.ico", favicon());
  // Stored photos: already compressed, so before the compression middleware.
  app.get("/media/{*key}", media(backend));
  app.use(compression({ threshold: 1024 }));
  if (devMiddleware) app.use(devMiddleware);
  if (clientDir) app.use(staticAssets(clientDir));
  const photoBytes = Math.floor(config.env.UPLOAD_MAX_MB * 1024 * 1024);
  app.use(
    bodyLimits({
      logger,
      maxBodyBytes: options.maxBodyBytes,
      upload: backend.gallery.uploadPolicy,
      estimate: {
        maxBytes: maxEstimateBodyBytes(photoBytes, MAX_FORM_BYTES),
        tooLargeMessage: requestTooLargeMessage(photoBytes),
      },
    }),
  );
  app.use(sameOrigin({ logger, publicUrl: config.publicUrl, isPublicUrlDeclared: Boolean(config.env.PUBLIC_URL) }));
  app.use(pages({ backend, getPageHandler, pageCache, cachedHeaders }));
  app.use(errorHandler({ logger }));
  return app;
}
