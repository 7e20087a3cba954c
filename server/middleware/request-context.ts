/**
 * First on every request: a request id (the caller's X-Request-Id, or a new one) and a CSP nonce
 * for the page's inline scripts, both kept in res.locals for what follows; the security headers
 * and Content-Security-Policy every response carries, whatever answers it; and one structured
 * log line when the response is finished (an error line for a 5xx).
 */
import { randomUUID } from "node:crypto";
import type { RequestHandler } from "express";
import type { Backend } from "#app/server/context.server.ts";
import { baseSecurityHeaders, contentSecurityPolicy, createNonce, type CspOptions } from "#server/security-headers.ts";

/** A page's Content-Security-Policy, given the sources allowing its inline scripts and styles (a nonce, or a cached page's hashes). */
export type PagePolicy = (scriptSources: string[], styleSources: string[]) => string;

export function pagePolicyFor(settings: Pick<CspOptions, "isHttps" | "isDevelopment" | "mediaOrigin">): PagePolicy {
  return (scriptSources, styleSources) => contentSecurityPolicy({ scriptSources, styleSources, ...settings });
}

interface RequestContextOptions {
  logger: Backend["logger"];
  isHttps: boolean;
  pagePolicy: PagePolicy;
  isShuttingDown: () => boolean;
}

export function requestContext({ logger, isHttps, pagePolicy, isShuttingDown }: RequestContextOptions): RequestHandler {
  const securityHeaders = baseSecurityHeaders(isHttps);
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    const requestId = (req.get("x-request-id") ?? "").slice(0, 64) || randomUUID();
    const nonce = createNonce();
    res.locals.requestId = requestId;
    res.locals.nonce = nonce;
    res.setHeader("X-Request-Id", requestId);
    // While shutting down, tell keep-alive clients not to reuse this connection.
    if (isShuttingDown()) res.setHeader("Connection", "close");
    for (const [name, value] of Object.entries(securityHeaders)) res.setHeader(name, value);
    res.setHeader("Content-Security-Policy", pagePolicy([`'nonce-${nonce}'`], [`'nonce-${nonce}'`]));
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
  };
}
