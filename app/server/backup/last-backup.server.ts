/** The settings row the CLI and the daily job write when a backup is complete; the dashboard reads it. */
import type { Database } from "#app/server/db/index.server.ts";
import { getSetting, setSetting } from "#app/server/repos/settings.server.ts";
import { LAST_BACKUP_KEY, type LastBackup } from "#app/server/backup/manifest.server.ts";

/** The last complete backup (by the CLI or the daily job), or null. */
export async function getLastBackup({ database }: { database: Database }): Promise<LastBackup | null> {
  const value = await getSetting({ db: database.db, key: LAST_BACKUP_KEY });
  if (!value || typeof value !== "object" || Array.isArray(value) || typeof value.at !== "string") return null;
  return value as unknown as LastBackup;
}

export async function recordLastBackup({ database, last }: { database: Database; last: LastBackup }): Promise<void> {
  await setSetting({ db: database.db, key: LAST_BACKUP_KEY, value: last });
}
