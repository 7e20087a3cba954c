/**
 * GET /healthz: for the load balancer and the process supervisor. 200 while the database
 * answers; 503 once shutdown has begun (so traffic drains away) or when the database does not.
 *
 * A busy database (another writer holds the lock, ADR 043) is said at once, without a query that
 * could wait: `"status": "busy"` with how long the longest writer here has waited. Still 200: a
 * lock is brief and shared by every instance, pages that only read are served meanwhile, and a
 * load balancer that took every instance out would turn a few seconds' wait into errors for all.
 *
 * It also says whether the disk is low or the data folder unwritable (ADR 044), without
 * changing the status: the instance still stores requests then, only their photos are refused.
 */
import type { RequestHandler } from "express";
import type { Backend } from "#app/server/context.server.ts";

interface HealthOptions extends Pick<Backend, "database" | "logger"> {
  isShuttingDown: () => boolean;
  disk?: Pick<Backend["disk"], "readiness">;
}

export function health({ database, logger, isShuttingDown, disk }: HealthOptions): RequestHandler {
  return async (_req, res) => {
    res.setHeader("Cache-Control", "no-store");
    if (isShuttingDown()) {
      res.status(503).json({ status: "shutting-down" });
      return;
    }
    try {
      const lock = database.lockState();
      if (lock.busy) {
        res.json({
          status: "busy",
          database: database.dialect,
          waitingMs: Math.round(lock.waitingMs),
          waiting: lock.waiting,
          ...(await diskReadiness(disk, logger)),
        });
        return;
      }
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
