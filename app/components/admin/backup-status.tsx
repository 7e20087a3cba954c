/** What the dashboard shows about backups (built by app/server/backup/status.server.ts). */
interface BackupStatusView {
  last: { at: string; atText: string; folder: string; by: "cli" | "daily"; leads: number; photos: number } | null;
  isStale: boolean;
  /** Whole days since the last backup. */
  ageDays: number | null;
  dailyDir: string | null;
  keep: number;
}

const COMMAND = "npm run cli -- backup --to /path/to/backups";

/**
 * The last backup's time, or "No backup yet" with the fix; older than two days is a warning,
 * said in words (the colour only helps).
 */
export function BackupStatus({ status }: { status: BackupStatusView }) {
  const { last } = status;
  const fix = status.dailyDir ? (
    <>
      The daily backup (into <code className="admin-break">{status.dailyDir}</code>) has not finished: check the server's log for
      &quot;daily backup failed&quot;, or run <code>{COMMAND}</code>.
    </>
  ) : (
    <>
      Set <code>BACKUP_DIR</code> for a daily backup, or run <code>{COMMAND}</code>.
    </>
  );
  return (
    <section className="admin-section" aria-labelledby="backups">
      <h2 id="backups">Backups</h2>
      {last === null ? (
        <div className="admin-notice">
          <p>
            <span aria-hidden="true">! </span>No backup yet.
          </p>
          <p>Fix: {fix}</p>
        </div>
      ) : status.isStale ? (
        <div className="admin-notice">
          <p>
            <span aria-hidden="true">! </span>Warning: the last backup is {status.ageDays} days old (
            <time dateTime={last.at}>{last.atText}</time>).
          </p>
          <p>Fix: {fix}</p>
        </div>
      ) : (
        <p>
          Last backup: <time dateTime={last.at}>{last.atText}</time> ({last.by === "daily" ? "daily backup" : "made from the command line"},{" "}
          {last.leads === 1 ? "1 estimate request" : `${last.leads} estimate requests`},{" "}
          {last.photos === 1 ? "1 photo" : `${last.photos} photos`}), in <code className="admin-break">{last.folder}</code>.
        </p>
      )}
      <p>
        {status.dailyDir ? (
          <>
            Daily backups are on: into <code className="admin-break">{status.dailyDir}</code>, keeping the newest {status.keep}.
          </>
        ) : (
          <>
            Daily backups are off (<code>BACKUP_DIR</code> is not set).
          </>
        )}{" "}
        Restoring: <code>npm run cli -- restore --from /path/to/backups/backup-…</code> into an empty <code>DATA_DIR</code>.
      </p>
    </section>
  );
}
