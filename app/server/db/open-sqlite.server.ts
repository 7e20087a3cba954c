/**
 * Opening SQLite: the first handle switches the file to WAL with a busy timeout (before serving);
 * every handle keeps that timeout for its first read only, then has none: the driver waits for
 * locks with timers instead (ADR 043).
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import { Kysely } from "kysely";
import { REQUEST_BUSY_WAIT_MS } from "#app/server/db/busy.server.ts";
import { makeDatabase, type Database, type OpenDatabaseOptions } from "#app/server/db/database.server.ts";
import { describeError } from "#app/server/db/describe-error.server.ts";
import type { DB } from "#app/server/db/schema.server.ts";
import { NonBlockingSqliteDialect } from "#app/server/db/sqlite-driver.server.ts";

export const SQLITE_FILE_NAME = "site.db";
/**
 * Only while opening: switching a new file to WAL needs a lock another process may hold, and a
 * handle's first read may wait for another process recovering the WAL index.
 */
const SQLITE_OPEN_BUSY_TIMEOUT_MS = 5000;

export async function openSqlite(options: OpenDatabaseOptions): Promise<Database> {
  const dataDir = path.resolve(options.dataDir);
  const file = path.join(dataDir, SQLITE_FILE_NAME);
  try {
    mkdirSync(dataDir, { recursive: true });
  } catch (error) {
    throw new Error(`Cannot create DATA_DIR ${dataDir}: ${describeError(error)}`, { cause: error });
  }

  const { default: BetterSqlite3 } = await import("better-sqlite3");
  const synchronous = options.sqliteSynchronous ?? "NORMAL";
  // Every handle: the same durability, then no busy wait inside SQLite (the driver waits with
  // timers). A handle's first read opens the WAL index, which can meet another process recovering
  // it (SQLITE_BUSY_RECOVERY, outside the driver's retries): that read still waits with the opening
  // timeout, and the wait is turned off after it.
  const configure = (handle: InstanceType<typeof BetterSqlite3>) => {
    handle.pragma(`synchronous = ${synchronous}`);
    handle.pragma("foreign_keys = ON");
    handle.prepare("select count(*) from sqlite_master").pluck().get();
    handle.pragma("busy_timeout = 0");
    return handle;
  };
  let writer: InstanceType<typeof BetterSqlite3>;
  try {
    writer = new BetterSqlite3(file, { timeout: SQLITE_OPEN_BUSY_TIMEOUT_MS });
  } catch (error) {
    throw new Error(`Cannot open SQLite database ${file}: ${describeError(error)}`, {
      cause: error,
    });
  }
  try {
    // Still with the opening timeout: switching a new file to WAL needs a lock another process may hold.
    const mode = writer.pragma("journal_mode = WAL", { simple: true });
    if (String(mode).toLowerCase() !== "wal") {
      throw new Error(`journal_mode is "${String(mode)}", WAL is required`);
    }
    configure(writer);
  } catch (error) {
    writer.close();
    throw new Error(`Cannot configure SQLite database ${file}: ${describeError(error)}`, {
      cause: error,
    });
  }

  const dialect = new NonBlockingSqliteDialect({
    writer,
    // WAL is a property of the file, kept once set: later handles need no lock to open.
    open: () => configure(new BetterSqlite3(file, { timeout: SQLITE_OPEN_BUSY_TIMEOUT_MS })),
    busyWaitMs: options.busyWaitMs ?? REQUEST_BUSY_WAIT_MS,
  });
  const db = new Kysely<DB>({ dialect });
  return makeDatabase(db, "sqlite", () => dialect.lockState());
}
