import { CompiledQuery, PostgresDialect, PostgresDriver } from "kysely";
import type { DatabaseConnection, Driver, PostgresDialectConfig, TransactionSettings } from "kysely";
import { WaitTracker, currentBusyWaitMs } from "#app/server/db/busy.server.ts";

/** A wait this long for a pooled connection is no longer ordinary: /healthz calls the database busy. */
export const BUSY_AFTER_MS = 500;

/**
 * Kysely's PostgreSQL dialect, plus: the time each acquisition waits for a pooled connection (all
 * of them taken, usually by queries waiting on one lock) for /healthz, and a transaction inside
 * `withBusyWait` gets that bound as its `lock_timeout` (migrations waiting for another instance's).
 */
export class AppPostgresDialect extends PostgresDialect {
  readonly poolWaits = new WaitTracker();
  readonly #config: PostgresDialectConfig;
  readonly #busyWaitMs: number;

  constructor(config: PostgresDialectConfig, busyWaitMs: number) {
    super(config);
    this.#config = config;
    this.#busyWaitMs = busyWaitMs;
  }

  override createDriver(): Driver {
    return new AppPostgresDriver(this.#config, this.poolWaits, this.#busyWaitMs);
  }
}

class AppPostgresDriver extends PostgresDriver {
  readonly #waits: WaitTracker;
  readonly #busyWaitMs: number;

  constructor(config: PostgresDialectConfig, waits: WaitTracker, busyWaitMs: number) {
    super(config);
    this.#waits = waits;
    this.#busyWaitMs = busyWaitMs;
  }

  override async acquireConnection(): Promise<DatabaseConnection> {
    const done = this.#waits.start();
    try {
      return await super.acquireConnection();
    } finally {
      done();
    }
  }

  override async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    await super.beginTransaction(connection, settings);
    const bound = currentBusyWaitMs(this.#busyWaitMs);
    if (bound !== this.#busyWaitMs) {
      await connection.executeQuery(CompiledQuery.raw(`set local lock_timeout = ${Math.floor(bound)}`));
    }
  }
}
