/** Backups as the dashboard sees them; the host builds `createBackups` once (ADR 022). */
import type { Config } from "#app/server/env.server.ts";
import type { Database } from "#app/server/db/index.server.ts";
import type { SiteClock } from "#app/server/time.server.ts";
import { getBackupStatus, type BackupStatus } from "#app/server/backup/status.server.ts";

export interface Backups {
  /** The last backup's time and what it held, and whether it is too old. */
  getStatus(): Promise<BackupStatus>;
}

export function createBackups({ database, config, clock }: { database: Database; config: Pick<Config, "env">; clock: SiteClock }): Backups {
  return { getStatus: () => getBackupStatus({ database, config, clock }) };
}
