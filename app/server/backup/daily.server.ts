/**
 * The daily backup (BACKUP_DIR, BACKUP_KEEP): checked at start and every hour; the first check
 * of a site calendar day (SITE_TIMEZONE), on whichever instance gets there first, writes a snapshot and keeps
 * the newest BACKUP_KEEP. Instances agree through one settings row, claimed with a
 * compare-and-set of the day. A failure is logged as an error, hands the day back so the next
 * check tries again, and never stops the server.
 */
import type { Config } from "#app/server/env.server.ts";
import type { Database } from "#app/server/db/index.server.ts";
import type { Logger } from "#app/server/logger.server.ts";
import { startHousekeeping, type Housekeeping } from "#app/server/housekeeping.server.ts";
import type { SiteClock } from "#app/server/time.server.ts";
import { compareAndSetSetting, getSetting } from "#app/server/repos/settings.server.ts";
import { createBackup, pruneBackups, type BackupSource } from "#app/server/backup/backup.server.ts";

/** The settings row holding the site's calendar day the daily backup was claimed for. */
const DAILY_CLAIM_KEY = "backup.daily";

type DailyOutcome = "backed-up" | "not-due" | "failed";

export async function runDailyBackup({
  source,
  dir,
  keep,
  logger,
  clock,
  now = () => new Date(),
}: {
  source: BackupSource;
  dir: string;
  keep: number;
  logger: Logger;
  /** The site's clock: a day is the site's calendar day. */
  clock: Pick<SiteClock, "localDate">;
  now?: () => Date;
}): Promise<DailyOutcome> {
  const { db } = source.database;
  const day = clock.localDate(now());
  const current = await getSetting({ db, key: DAILY_CLAIM_KEY });
  if (current === day) return "not-due";
  // Of several instances reading the same `current`, exactly one moves it to today.
  if (!(await compareAndSetSetting({ db, key: DAILY_CLAIM_KEY, expected: current, value: day }))) return "not-due";
  try {
    const result = await createBackup({ source, to: dir, by: "daily", now });
    const removed = await pruneBackups({ dir, keep, now: now() });
    logger.info("daily backup written", {
      folder: result.folder,
      leads: result.manifest.counts.leads,
      photos: result.manifest.counts.photos,
      files: result.manifest.files.length,
      removed,
    });
    if (result.manifest.missingPhotoFiles.length > 0) {
      logger.warn("photos deleted during the backup have no files in it", {
        keys: result.manifest.missingPhotoFiles.slice(0, 20),
      });
    }
    return "backed-up";
  } catch (error) {
    logger.error("daily backup failed; the next hourly check tries again", { dir, error });
    // Hand the day back (any value but the day), so the next check, here or elsewhere, retries.
    await compareAndSetSetting({ db, key: DAILY_CLAIM_KEY, expected: day, value: `${day} failed` }).catch(() => false);
    return "failed";
  }
}

/** Starts the daily backup when BACKUP_DIR is set; null when it is not. */
export function startDailyBackups({
  config,
  database,
  logger,
  clock,
}: {
  config: Config;
  database: Database;
  logger: Logger;
  clock: SiteClock;
}): Housekeeping | null {
  const dir = config.env.BACKUP_DIR;
  if (!dir) return null;
  const source: BackupSource = {
    database,
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    storage: config.env.STORAGE,
    s3Bucket: config.env.S3_BUCKET,
  };
  return startHousekeeping({
    name: "backup",
    logger,
    task: async () => {
      try {
        await runDailyBackup({ source, dir, keep: config.env.BACKUP_KEEP, logger, clock });
      } catch (error) {
        // The claim itself failed (the database is unreachable): an error, and the server goes on.
        logger.error("daily backup failed; the next hourly check tries again", { dir, error });
      }
    },
  });
}
