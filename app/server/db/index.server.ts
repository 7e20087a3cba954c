/**
 * Opening the database and running migrations, for SQLite (better-sqlite3) and PostgreSQL (pg).
 *
 * - `DATABASE_URL` starting with `postgres://` or `postgresql://` selects PostgreSQL; unset, empty
 *   or `sqlite:` selects SQLite at `${DATA_DIR}/site.db`. Any other scheme is refused.
 * - Drivers are imported lazily, so a deployment only loads the one it uses.
 * - A lock held elsewhere never blocks the process: SQLite's handles have no busy_timeout and the
 *   driver waits with timers (sqlite-driver.server.ts); PostgreSQL waits at most `lock_timeout`.
 *   Past the bound (`busyWaitMs`, or `withBusyWait` around a call) the operation fails with an
 *   error `isDatabaseBusy` recognises (busy.server.ts), which routes answer 503 with Retry-After.
 *
 * Migrations and concurrent start-up (two processes migrating at once):
 * - PostgreSQL: Kysely's migrator takes a session advisory lock and runs the migrations in one
 *   transaction.
 * - SQLite: Kysely's SQLite adapter takes no lock and runs migrations without a transaction, so
 *   two processes starting together both try to apply the same migration and one fails. This
 *   module's SQLite dialect fixes that: write transactions start with `begin immediate` (the
 *   SQLite write lock, waited for with timers up to the bound), and the adapter reports transactional
 *   DDL, so the migrator runs every migration run inside one `begin immediate` transaction, which
 *   is the lock. `db.transaction().setAccessMode("read only")` starts a plain deferred
 *   transaction for reads.
 */
import { openPostgres } from "#app/server/db/open-postgres.server.ts";
import { SQLITE_FILE_NAME, openSqlite } from "#app/server/db/open-sqlite.server.ts";
import type { Database, DatabaseDialect, OpenDatabaseOptions } from "#app/server/db/database.server.ts";

export {
  BUSY_RETRY_AFTER_SECONDS,
  DatabaseBusyError,
  PATIENT_BUSY_WAIT_MS,
  isDatabaseBusy,
  withBusyWait,
  type LockState,
} from "#app/server/db/busy.server.ts";
export type { Database, DatabaseDialect, OpenDatabaseOptions } from "#app/server/db/database.server.ts";
export { createMigrator, migrateToLatest } from "#app/server/db/migrate.server.ts";
export { describeError } from "#app/server/db/describe-error.server.ts";

export function selectDialect(databaseUrl: string | undefined): DatabaseDialect {
  const url = databaseUrl?.trim() ?? "";
  if (url === "" || /^sqlite:/i.test(url)) return "sqlite";
  if (/^postgres(ql)?:\/\//i.test(url)) return "postgres";
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url)?.[1];
  throw new Error(
    `Unsupported DATABASE_URL${scheme ? ` scheme "${scheme}:"` : ""}: use postgres://… or postgresql://… for PostgreSQL, or leave it unset for SQLite at DATA_DIR/${SQLITE_FILE_NAME}.`,
  );
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  const dialect = selectDialect(options.databaseUrl);
  return dialect === "postgres" ? openPostgres(options) : openSqlite(options);
}
