/**
 * Stopping on SIGTERM or SIGINT (ADR 023): a moment of taking requests as usual, then no new
 * connections, in-flight requests finished, idle keep-alive connections closed, and only then
 * the services behind them.
 */
import type { Server } from "node:http";
import type { Config } from "#app/server/env.server.ts";
import type { Logger } from "#app/server/logger.server.ts";

export interface Shutdown {
  /** Whether a stop signal came: requests are answered with `Connection: close` from then on. */
  isShuttingDown(): boolean;
}

/**
 * Calls `closeBackend` once the HTTP server is drained, with how long an email or push alert
 * still being sent may go on; then exits 0.
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
  let shuttingDown = false;
  async function shutdown(signal: string) {
    if (shuttingDown) return;
    shuttingDown = true;
    logger.info("shutting down", { signal });
    const timeoutMs = config.env.SHUTDOWN_TIMEOUT_SECONDS * 1000;
    // An email or push alert still being sent this close to the timeout is cut off (its job stays
    // due, for the next process), leaving a moment to record that and close down within the timeout.
    const cutOffSendsAt = Date.now() + timeoutMs - Math.min(1000, timeoutMs / 4);
    await drain(server, config, logger);
    await closeBackend(Math.max(0, cutOffSendsAt - Date.now()));
    logger.info("stopped");
    process.exit(0);
  }
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
  return { isShuttingDown: () => shuttingDown };
}

async function drain(server: Server, config: Config, logger: Logger): Promise<void> {
  const deadline = setTimeout(() => {
    logger.warn("shutdown timeout reached: closing open connections");
    server.closeAllConnections();
  }, config.env.SHUTDOWN_TIMEOUT_SECONDS * 1000);
  deadline.unref();
  // First a moment of taking requests as usual, each answered with "Connection: close"
  // (request-context.ts). A proxy may be sending a request on an idle kept-alive connection
  // right now: closing that connection under it makes the proxy answer 502, since it never
  // sends a POST again. Meanwhile the proxy uses up its kept connections to this instance, each
  // closed after its answer, so few idle ones are left to close below.
  if (config.env.SHUTDOWN_GRACE_SECONDS > 0) {
    await new Promise((resolve) => setTimeout(resolve, config.env.SHUTDOWN_GRACE_SECONDS * 1000));
  }
  // Stop accepting, let in-flight requests finish, drop idle keep-alive sockets.
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  // A connection busy at SIGTERM goes idle once its response is sent; without
  // this sweep it would stay open until the deadline (keep-alive is 65 s).
  const sweep = setInterval(() => server.closeIdleConnections(), 100);
  sweep.unref();
  await closed;
  clearInterval(sweep);
  clearTimeout(deadline);
}
