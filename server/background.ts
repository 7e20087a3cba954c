/** The housekeeping a serving process runs beside requests, started once the pages are loaded. */
import type { Backend } from "#app/server/context.server.ts";
import { startAccountMaintenance } from "#app/server/auth/maintenance.server.ts";
import { startDailyBackups } from "#app/server/backup/daily.server.ts";

interface BackgroundWork {
  stop(): void;
}

export function startBackgroundWork({ config, database, logger, gallery, leads, clock, busyFeed }: Backend): BackgroundWork {
  const maintenance = startAccountMaintenance({ database, logger });
  const galleryMaintenance = gallery.startHousekeeping();
  // Job photo files no lead points at (a crash between writing them and storing the lead).
  const leadPhotoMaintenance = leads.startPhotoHousekeeping();
  // BACKUP_DIR set: a snapshot once a day, on one instance (docs/decisions/022-backups.md).
  const dailyBackups = startDailyBackups({ config, database, logger, clock });
  // The contractor's own calendar, every 5 minutes while an address is saved (ADR 071).
  const busyFeedReads = busyFeed.startHousekeeping();
  return {
    stop() {
      maintenance.stop();
      galleryMaintenance.stop();
      leadPhotoMaintenance.stop();
      dailyBackups?.stop();
      busyFeedReads.stop();
    },
  };
}
