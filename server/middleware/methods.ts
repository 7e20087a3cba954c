/**
 * The methods each address takes, decided before anything else reads the request: GET and HEAD
 * everywhere, POST where a form posts (the route's action), nothing else. Any other method (PUT,
 * DELETE, PATCH, TRACE, ...) gets 405 with an Allow header and a sentence; OPTIONS gets 204 with
 * the same Allow (no CORS headers: other sites may not call ours). The sentence is in the
 * address's language (ADR 064: Spanish under /es/). Without this, React Router runs
 * a route's action for any method that is not GET, and Express answers TRACE with a 500.
 * See docs/decisions/019-behind-a-proxy.md.
 */
import type { RequestHandler } from "express";
import type { PageHandler } from "#server/app.ts";
import { localeOf } from "#app/i18n/locale.ts";
import { translate } from "#app/i18n/messages.ts";

const READ_ONLY = ["GET", "HEAD"];

/** Paths the host answers itself, before React Router: read-only. */
function isHostPath(path: string): boolean {
  return path === "/healthz" || path === "/favicon.ico" || path.startsWith("/media/");
}

export function methods({ getPageHandler }: { getPageHandler: () => Promise<PageHandler> }): RequestHandler {
  return async (req, res, next) => {
    try {
      if (req.method === "GET" || req.method === "HEAD") return next();
      const search = req.originalUrl.includes("?") ? req.originalUrl.slice(req.originalUrl.indexOf("?")) : "";
      const allow = isHostPath(req.path) ? READ_ONLY : (await getPageHandler()).allowedMethods(req.path, search);
      if (allow.includes(req.method)) return next();
      res.setHeader("Allow", allow.join(", "));
      if (req.method === "OPTIONS") {
        res.status(204).end();
        return;
      }
      res
        .status(405)
        .type("text/plain")
        .send(translate(localeOf(req.path), "errors.plain.method", { method: req.method, allow: allow.join(", ") }));
    } catch (error) {
      next(error);
    }
  };
}
