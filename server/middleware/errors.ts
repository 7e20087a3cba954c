/**
 * Last resort, after everything else: something outside React Router failed (a photo could not
 * be read, the page handler threw). Log a 5xx, answer in plain text in the language of the
 * address (ADR 064: Spanish under /es/), or cut off a response already under way, and keep serving.
 */
import type { ErrorRequestHandler } from "express";
import type { Backend } from "#app/server/context.server.ts";
import { BUSY_RETRY_AFTER_SECONDS, isDatabaseBusy } from "#app/server/db/busy.server.ts";
import { localeOf } from "#app/i18n/locale.ts";
import { translate } from "#app/i18n/messages.ts";

export function errorHandler({ logger }: { logger: Backend["logger"] }): ErrorRequestHandler {
  // Four parameters: that is how Express tells an error handler from a middleware.
  return (error: unknown, req, res, _next) => {
    const locale = localeOf(req.path);
    // A lock held past the request's bound (ADR 043): the site is busy, not broken.
    if (isDatabaseBusy(error) && !res.headersSent) {
      logger.warn("request not served: the database is busy", {
        error,
        path: req.path,
        requestId: res.locals.requestId,
      });
      res.status(503).set("Retry-After", String(BUSY_RETRY_AFTER_SECONDS)).type("text/plain").send(translate(locale, "errors.busy"));
      return;
    }
    const status =
      typeof error === "object" && error !== null && "status" in error && typeof error.status === "number" ? error.status : 500;
    if (status >= 500) logger.error("unhandled error", { error, path: req.path, requestId: res.locals.requestId });
    if (res.headersSent) {
      res.destroy();
      return;
    }
    res
      .status(status >= 400 && status < 600 ? status : 500)
      .type("text/plain")
      .send(translate(locale, status >= 500 ? "errors.plain.crash" : "errors.plain.badRequest"));
  };
}
