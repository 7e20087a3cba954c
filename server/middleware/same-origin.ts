/**
 * Every state-changing request must come from this site's own pages. Browsers send Origin on
 * every POST (and Sec-Fetch-Site); a request with neither is not from a browser, so it cannot
 * carry a visitor's cookies against their will. A foreign one gets a 403 and a warning line.
 */
import type { RequestHandler } from "express";
import type { AppServices } from "../../app/server/context.server.ts";

export interface SameOriginOptions {
  logger: AppServices["logger"];
  /** PUBLIC_URL's origin, accepted besides the address the request came in on. */
  publicUrl: string;
}

export function sameOrigin({ logger, publicUrl }: SameOriginOptions): RequestHandler {
  return (req, res, next) => {
    if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();
    const origin = req.get("origin");
    const fetchSite = req.get("sec-fetch-site");
    const ownOrigin = `${req.protocol}://${req.get("host") ?? ""}`;
    const isForeign =
      origin !== undefined
        ? origin !== ownOrigin && origin !== publicUrl
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
  };
}
