/**
 * GET /healthz: for the load balancer and the process supervisor. 200 while the database
 * answers; 503 once shutdown has begun (so traffic drains away) or when the database does not.
 * It also says whether the disk is low or the data folder unwritable (ADR 044), without
 * changing the status: the instance still stores requests then, only their photos are refused.
 */
import type { RequestHandler } from "express";
import type { AppServices } from "../../app/server/context.server.ts";

export interface HealthOptions extends Pick<AppServices, "database" | "logger"> {
  isShuttingDown: () => boolean;
  disk?: Pick<AppServices["disk"], "readiness">;
}

export function health({ database, logger, isShuttingDown, disk }: HealthOptions): RequestHandler {
  return async (_req, res) => {
    res.setHeader("Cache-Control", "no-store");
    if (isShuttingDown()) {
      res.status(503).json({ status: "shutting-down" });
      return;
    }
    try {
      await database.ping();
      res.json({ status: "ok", database: database.dialect, ...(await diskReadiness(disk, logger)) });
    } catch (error) {
      logger.error("health check failed", { error });
      res.status(503).json({ status: "unavailable", database: "unreachable" });
    }
  };
}

/** The disk's fields, or none when they cannot be read (a health check never fails on them). */
async function diskReadiness(disk: HealthOptions["disk"], logger: HealthOptions["logger"]) {
  try {
    return (await disk?.readiness()) ?? {};
  } catch (error) {
    logger.warn("disk readiness could not be read", { error });
    return {};
  }
}
