/** What every opened database offers, whichever driver is behind it (ADR 014, ADR 043). */
import { sql, type Kysely } from "kysely";
import type { LockState } from "#app/server/db/busy.server.ts";
import type { ListenHandlers, Listener } from "#app/server/db/listen.server.ts";
import type { DB } from "#app/server/db/schema.server.ts";

export type DatabaseDialect = "sqlite" | "postgres";

export interface Database {
  db: Kysely<DB>;
  dialect: DatabaseDialect;
  /** Runs `select 1`; rejects when the database cannot be reached. */
  ping(): Promise<void>;
  /**
   * Whether operations wait for a lock another writer holds, and how long the longest has
   * waited; answers at once, without a query that could itself wait.
   */
  lockState(): LockState;
  /** Closes the pool / file handle. Safe to call more than once. */
  close(): Promise<void>;
  /**
   * PostgreSQL only: LISTEN on `channel` over a dedicated connection (not from the pool),
   * re-opened when it drops. Absent on SQLite.
   */
  listen?(channel: string, handlers: ListenHandlers): Promise<Listener>;
}

export interface OpenDatabaseOptions {
  /** `postgres://…` or `postgresql://…` selects PostgreSQL; unset, `""` or `sqlite:` selects SQLite. */
  databaseUrl?: string;
  /** Directory of the SQLite file `site.db`; created (recursively) if missing. */
  dataDir: string;
  /**
   * PostgreSQL only: use this schema instead of the connection's default (every pooled
   * connection gets `set search_path to "<schema>"`). Meant for isolating test runs. The
   * schema may be missing: `migrateToLatest` creates it.
   */
  schema?: string;
  /** PostgreSQL only: how long to wait for a connection before failing, in ms. Default 5000. */
  connectTimeoutMs?: number;
  /** PostgreSQL only: maximum pooled connections. Default 10. */
  maxConnections?: number;
  /**
   * How long an operation may wait for a lock another writer holds before it fails as busy, in
   * ms (SQLite's write lock; PostgreSQL's `lock_timeout`). Default 5000: a request's bound.
   */
  busyWaitMs?: number;
  /** SQLite only: `pragma synchronous`. Default `NORMAL` (durable in WAL except on power loss). */
  sqliteSynchronous?: "NORMAL" | "FULL";
  /**
   * Where to report a pooled PostgreSQL connection that fails while idle (the pool replaces it).
   * Takes the app's `Logger`; default `console.error`.
   */
  logger?: { error(msg: string, fields?: Record<string, unknown>): void };
}

export function makeDatabase(db: Kysely<DB>, dialect: DatabaseDialect, lockState: () => LockState): Database {
  let closing: Promise<void> | undefined;
  return {
    db,
    dialect,
    async ping() {
      await sql`select 1`.execute(db);
    },
    lockState,
    close() {
      closing ??= db.destroy();
      return closing;
    },
  };
}
