/**
 * GET /healthz: for the load balancer and the process supervisor. 200 while the database
 * answers; 503 once shutdown has begun (so traffic drains away) or when the database does not.
 */
import type { RequestHandler } from "express";
import type { AppServices } from "../../app/server/context.server.ts";

export interface HealthOptions extends Pick<AppServices, "database" | "logger"> {
  isShuttingDown: () => boolean;
}

export function health({ database, logger, isShuttingDown }: HealthOptions): RequestHandler {
  return async (_req, res) => {
    res.setHeader("Cache-Control", "no-store");
    if (isShuttingDown()) {
      res.status(503).json({ status: "shutting-down" });
      return;
    }
    try {
      await database.ping();
      res.json({ status: "ok", database: database.dialect });
    } catch (error) {
      logger.error("health check failed", { error });
      res.status(503).json({ status: "unavailable", database: "unreachable" });
    }
  };
}
