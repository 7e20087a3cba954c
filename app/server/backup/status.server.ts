/** What the dashboard says about backups: when the last one was made, and whether that is too long ago. */
import type { Config } from "#app/server/env.server.ts";
import type { Database } from "#app/server/db/index.server.ts";
import type { SiteClock } from "#app/server/time.server.ts";
import { getLastBackup } from "#app/server/backup/last-backup.server.ts";

/** A backup older than this is shown as a warning. */
const BACKUP_STALE_AFTER_MS = 2 * 24 * 3600 * 1000;

export interface BackupStatus {
  last: { at: string; atText: string; folder: string; by: "cli" | "daily"; leads: number; photos: number } | null;
  /** No backup, or the last one is older than two days. */
  isStale: boolean;
  /** Whole days since the last backup. */
  ageDays: number | null;
  /** BACKUP_DIR, when the daily backup is on. */
  dailyDir: string | null;
  keep: number;
}

export async function getBackupStatus({
  database,
  config,
  clock,
  now = new Date(),
}: {
  database: Database;
  config: Pick<Config, "env">;
  clock: SiteClock;
  now?: Date;
}): Promise<BackupStatus> {
  const last = await getLastBackup({ database });
  const age = last ? now.getTime() - Date.parse(last.at) : Number.POSITIVE_INFINITY;
  return {
    last: last
      ? {
          at: last.at,
          atText: clock.formatTime(last.at),
          folder: last.folder,
          by: last.by,
          leads: last.leads,
          photos: last.photos,
        }
      : null,
    isStale: !(age <= BACKUP_STALE_AFTER_MS),
    ageDays: last ? Math.floor(age / (24 * 3600 * 1000)) : null,
    dailyDir: config.env.BACKUP_DIR ?? null,
    keep: config.env.BACKUP_KEEP,
  };
}
