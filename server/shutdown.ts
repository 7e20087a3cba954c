/**
 * Stopping on SIGTERM or SIGINT (ADR 023): a moment of taking requests as usual, then no new
 * connections, in-flight requests finished, kept-alive connections left for the proxy to close,
 * and only then the services behind them.
 */
import type { Server, ServerResponse } from "node:http";
import { Server as NetServer } from "node:net";
import type { Config } from "#app/server/env.server.ts";
import type { Logger } from "#app/server/logger.server.ts";

export interface Shutdown {
  /** Whether a stop signal came: requests are answered with `Connection: close` from then on. */
  isShuttingDown(): boolean;
}

/**
 * Calls `closeBackend` once the HTTP server is drained, with how long an email or push alert
 * still being sent may go on; then exits 0. Install it before the server listens: a signal in
 * any later wait (the go-live checks at start-up) then drains like any other.
 */
export function stopOnSignals({
  server,
  config,
  logger,
  closeBackend,
}: {
  server: Server;
  config: Config;
  logger: Logger;
  closeBackend: (abortAfterMs: number) => Promise<void>;
}): Shutdown {
  const draining = drainOnDemand(server);
  let shuttingDown = false;
  async function shutdown(signal: string) {
    if (shuttingDown) return;
    shuttingDown = true;
    logger.info("shutting down", { signal });
    const timeoutMs = config.env.SHUTDOWN_TIMEOUT_SECONDS * 1000;
    // An email or push alert still being sent this close to the timeout is cut off (its job stays
    // due, for the next process), leaving a moment to record that and close down within the timeout.
    const cutOffSendsAt = Date.now() + timeoutMs - Math.min(1000, timeoutMs / 4);
    await draining.drain({ graceMs: config.env.SHUTDOWN_GRACE_SECONDS * 1000, timeoutMs, logger });
    await closeBackend(Math.max(0, cutOffSendsAt - Date.now()));
    logger.info("stopped");
    process.exit(0);
  }
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
  return { isShuttingDown: () => shuttingDown };
}

/**
 * Why no idle connection is closed here: a proxy may be sending a request on it at that very
 * moment. It then gets a reset for a request it has sent, and nginx (like most proxies) never
 * sends a POST again, since it may have been stored: the visitor gets 502. The drill saw that.
 * A connection is closed only right after an answer that said `Connection: close` (Node does
 * that), by the proxy itself (its idle timeout, 4 s in deploy/nginx/site.conf), or at the timeout.
 */
export function drainOnDemand(server: Server): {
  drain(options: { graceMs: number; timeoutMs: number; logger: Logger }): Promise<void>;
} {
  let draining = false;
  const open = new Set<ServerResponse>();
  // First among the listeners, so an answer written at once still sees the flag.
  server.prependListener("request", (_req, res: ServerResponse) => {
    if (draining) {
      res.shouldKeepAlive = false;
      return;
    }
    open.add(res);
    res.once("close", () => open.delete(res));
  });
  return {
    async drain({ graceMs, timeoutMs, logger }) {
      draining = true;
      // A request in flight now whose answer has not started says `Connection: close` too; one
      // already under way has said keep-alive and is left to the proxy like any idle connection.
      for (const res of open) if (!res.headersSent) res.shouldKeepAlive = false;
      const deadline = setTimeout(() => {
        logger.warn("shutdown timeout reached: closing open connections");
        server.closeAllConnections();
      }, timeoutMs);
      deadline.unref();
      // A moment of taking requests as usual (each answered with "Connection: close"), for a load
      // balancer that reads /healthz's 503 to stop sending here.
      if (graceMs > 0) await new Promise((resolve) => setTimeout(resolve, graceMs));
      // The listener's queue may hold connections the kernel accepted and a proxy already sent a
      // request on; closing the listener resets them. One turn of the loop accepts those first.
      await new Promise((resolve) => setImmediate(resolve));
      // Stop accepting and wait until every connection has ended. Not `server.close()`: since
      // Node 19 it also closes idle connections (see above).
      await new Promise<void>((resolve) => NetServer.prototype.close.call(server, () => resolve()));
      clearTimeout(deadline);
    },
  };
}
