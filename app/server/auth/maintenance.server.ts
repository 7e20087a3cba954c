/**
 * Housekeeping run by the host: expired sessions, and rate-limit hits past their window (sign-in,
 * sign-up, leads, confirmations; see repos/rate-limits.server.ts), are deleted once at start and
 * then every hour, and so are password-reset links a day past their expiry and their sent emails. Neither is needed for correctness (expired rows are ignored by every query);
 * this only keeps the tables small. Every instance sweeps; the deletes are idempotent.
 */
import type { Database } from "#app/server/db/index.server.ts";
import type { Logger } from "#app/server/logger.server.ts";
import { startHousekeeping, type Housekeeping } from "#app/server/housekeeping.server.ts";
import { deleteExpiredSessions } from "#app/server/repos/sessions.server.ts";
import { deleteExpiredRateLimitHits } from "#app/server/repos/rate-limits.server.ts";
import { deleteOldPasswordResetTokens } from "#app/server/repos/password-resets.server.ts";
import { deleteSettledEmailJobs } from "#app/server/repos/email-jobs.server.ts";

export function startAccountMaintenance({
  database,
  logger,
  intervalMs,
}: {
  database: Database;
  logger: Logger;
  intervalMs?: number;
}): Housekeeping {
  return startHousekeeping({
    name: "account",
    logger,
    intervalMs,
    task: async () => {
      const now = new Date();
      const sessions = await deleteExpiredSessions({ db: database.db, now });
      const hits = await deleteExpiredRateLimitHits({ db: database.db, now });
      await deleteOldPasswordResetTokens({ db: database.db, now });
      // The reset emails themselves hold the link in the outbox's payload: gone a day later too.
      const day = 24 * 3600 * 1000;
      await deleteSettledEmailJobs({ db: database.db, kind: "password-reset", before: new Date(now.getTime() - day) });
      if (sessions > 0) logger.info("expired sessions removed", { sessions });
      if (hits > 0) logger.debug("expired rate-limit counts removed", { hits });
    },
  });
}
