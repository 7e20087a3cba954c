/**
 * Housekeeping for accounts, run by the host: expired sessions and sign-in failures older than
 * the brute-force window are deleted once at start and then every hour. Neither is needed for
 * correctness (expired rows are ignored by every query); this only keeps the tables small.
 */
import type { Database } from "../db/index.server.ts";
import type { Logger } from "../logger.server.ts";
import { startHousekeeping, type Housekeeping } from "../housekeeping.server.ts";
import { deleteExpiredSessions, deleteSignInFailures } from "../repos/sessions.server.ts";

export function startAccountMaintenance({
  database,
  logger,
  signInWindowMs,
  intervalMs,
}: {
  database: Database;
  logger: Logger;
  signInWindowMs: number;
  intervalMs?: number;
}): Housekeeping {
  return startHousekeeping({
    name: "account",
    logger,
    intervalMs,
    task: async () => {
      const now = new Date();
      const sessions = await deleteExpiredSessions({ db: database.db, now });
      await deleteSignInFailures({ db: database.db, before: new Date(now.getTime() - signInWindowMs) });
      if (sessions > 0) logger.info("expired sessions removed", { sessions });
    },
  });
}
