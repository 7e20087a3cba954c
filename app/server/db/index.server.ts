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
import { mkdirSync } from "node:fs";
import path from "node:path";
import { CompiledQuery, Kysely, PostgresDialect, PostgresDriver, sql } from "kysely";
import type { DatabaseConnection, Driver, PostgresDialectConfig, TransactionSettings } from "kysely";
import { Migrator } from "kysely/migration";
import {
  PATIENT_BUSY_WAIT_MS,
  REQUEST_BUSY_WAIT_MS,
  WaitTracker,
  currentBusyWaitMs,
  withBusyWait,
  type LockState,
} from "./busy.server.ts";
import { NonBlockingSqliteDialect } from "./sqlite-driver.server.ts";

export {
  BUSY_RETRY_AFTER_SECONDS,
  DatabaseBusyError,
  PATIENT_BUSY_WAIT_MS,
  isDatabaseBusy,
  withBusyWait,
  type LockState,
} from "./busy.server.ts";
import { migrationProvider } from "./migrations.server.ts";
import { listenPostgres, type ListenHandlers, type Listener } from "./listen.server.ts";
import type { DB } from "./schema.server.ts";

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

const SQLITE_FILE_NAME = "site.db";
/** Only while opening, before serving: switching a new file to WAL needs a lock another process may hold. */
const SQLITE_OPEN_BUSY_TIMEOUT_MS = 5000;
const DEFAULT_CONNECT_TIMEOUT_MS = 5000;
/** pg's type id of `int8`/`bigint` (what `count(*)` returns). */
const PG_INT8_OID = 20;

/** The PostgreSQL schema a Database was opened with (`schema` option), for the migrator. */
const configuredSchemas = new WeakMap<Database, string>();

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

// ---------------------------------------------------------------------------------------------
// SQLite

async function openSqlite(options: OpenDatabaseOptions): Promise<Database> {
  const dataDir = path.resolve(options.dataDir);
  const file = path.join(dataDir, SQLITE_FILE_NAME);
  try {
    mkdirSync(dataDir, { recursive: true });
  } catch (error) {
    throw new Error(`Cannot create DATA_DIR ${dataDir}: ${describeError(error)}`, { cause: error });
  }

  const { default: BetterSqlite3 } = await import("better-sqlite3");
  const synchronous = options.sqliteSynchronous ?? "NORMAL";
  // Every handle: no busy wait inside SQLite (the driver waits with timers), the same durability.
  const configure = (handle: InstanceType<typeof BetterSqlite3>) => {
    handle.pragma("busy_timeout = 0");
    handle.pragma(`synchronous = ${synchronous}`);
    handle.pragma("foreign_keys = ON");
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
    open: () => configure(new BetterSqlite3(file, { timeout: 0 })),
    busyWaitMs: options.busyWaitMs ?? REQUEST_BUSY_WAIT_MS,
  });
  const db = new Kysely<DB>({ dialect });
  return makeDatabase(db, "sqlite", () => dialect.lockState());
}

// ---------------------------------------------------------------------------------------------
// PostgreSQL

async function openPostgres(options: OpenDatabaseOptions): Promise<Database> {
  const { Pool, TypeOverrides } = await import("pg");

  // pg returns int8 (count(*), sum(integer)) as strings; parse them as numbers for this pool
  // only, not through pg's global `types`. Values beyond 2^53 would lose precision: the schema
  // uses `integer` columns, so only counts and sums come back as int8.
  const types = new TypeOverrides();
  types.setTypeParser(PG_INT8_OID, "text", (value: string) => Number(value));

  const pool = new Pool({
    connectionString: options.databaseUrl,
    connectionTimeoutMillis: options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
    max: options.maxConnections ?? 10,
    types,
  });
  // An idle client losing its connection (server restart) emits "error" on the pool; without
  // a listener that would crash the process. The pool replaces the client on the next query.
  pool.on("error", (error) => {
    const msg = `idle PostgreSQL connection failed: ${describeError(error)}`;
    if (options.logger) options.logger.error(msg, { error });
    else console.error(`[db] ${msg}`);
  });

  const schema = options.schema;
  const busyWaitMs = options.busyWaitMs ?? REQUEST_BUSY_WAIT_MS;
  const dialect = new AppPostgresDialect(
    {
      pool,
      onCreateConnection: async (connection) => {
        if (schema) {
          await connection.executeQuery(CompiledQuery.raw(`set search_path to ${quoteIdentifier(schema)}`));
        }
        // pg waits asynchronously, but a request must not wait without end for a row lock.
        await connection.executeQuery(CompiledQuery.raw(`set lock_timeout = ${Math.floor(busyWaitMs)}`));
      },
    },
    busyWaitMs,
  );
  const db = new Kysely<DB>({ dialect });
  const database: Database = {
    ...makeDatabase(db, "postgres", () => {
      const waitingMs = dialect.poolWaits.longestMs();
      return { busy: waitingMs >= BUSY_AFTER_MS || pool.waitingCount > 0, waitingMs, waiting: dialect.poolWaits.count };
    }),
    listen: (channel, handlers) =>
      listenPostgres(
        {
          connectionString: options.databaseUrl,
          schema,
          channel,
          connectTimeoutMs: options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
        },
        handlers,
      ),
  };
  if (schema) configuredSchemas.set(database, schema);
  return database;
}

/** A wait this long for a pooled connection is no longer ordinary: /healthz calls the database busy. */
const BUSY_AFTER_MS = 500;

/**
 * Kysely's PostgreSQL dialect, plus: the time each acquisition waits for a pooled connection (all
 * of them taken, usually by queries waiting on one lock) for /healthz, and a transaction inside
 * `withBusyWait` gets that bound as its `lock_timeout` (migrations waiting for another instance's).
 */
class AppPostgresDialect extends PostgresDialect {
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

function quoteIdentifier(name: string): string {
  if (name === "" || name.includes("\0")) throw new Error(`Invalid schema name ${JSON.stringify(name)}`);
  return `"${name.replaceAll('"', '""')}"`;
}

/** The schema the migrator should keep its tables in: the configured one, or the current one. */
async function postgresSchema(database: Database): Promise<string> {
  const configured = configuredSchemas.get(database);
  if (configured) return configured;
  const { rows } = await sql<{ schema: string | null }>`select current_schema() as schema`.execute(
    database.db,
  );
  const current = rows[0]?.schema;
  if (!current) {
    throw new Error(
      "PostgreSQL has no current schema: no schema named in search_path exists. Create it, or fix search_path.",
    );
  }
  return current;
}

// ---------------------------------------------------------------------------------------------
// Shared

function makeDatabase(db: Kysely<DB>, dialect: DatabaseDialect, lockState: () => LockState): Database {
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

/**
 * A migrator over the app's migration set, for this database. On PostgreSQL it keeps Kysely's
 * tables in the database's schema explicitly (Kysely's table lookup otherwise sees other
 * schemas' `kysely_migration` tables too).
 */
export async function createMigrator(database: Database): Promise<Migrator> {
  const migrationTableSchema =
    database.dialect === "postgres" ? await postgresSchema(database) : undefined;
  return new Migrator({ db: database.db, provider: migrationProvider, migrationTableSchema });
}

/**
 * Applies every pending migration. Returns the names applied now (empty when up to date).
 * Throws an Error naming the dialect and the failing migration; the run is rolled back.
 */
export async function migrateToLatest(database: Database): Promise<{ applied: string[] }> {
  const prefix = `Database migration failed (${database.dialect})`;
  let migrator: Migrator;
  try {
    migrator = await createMigrator(database);
  } catch (error) {
    throw new Error(`${prefix}: ${describeError(error)}`, { cause: error });
  }
  // Another instance may be migrating, or the CLI writing: at start nobody waits on a page.
  const migrate = () => withBusyWait(PATIENT_BUSY_WAIT_MS, () => migrator.migrateToLatest());
  let { error, results = [] } = await migrate();
  // Kysely looks for its tables by listing every table of every schema; on PostgreSQL that
  // listing fails with 42P01 (or 3F000 for a schema) when another schema's table is dropped
  // while it runs (another app or test sharing the server). Nothing was applied then, so
  // looking again is safe.
  for (let attempt = 1; attempt <= 5 && isVanishedTableRace(error, results); attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
    ({ error, results = [] } = await migrate());
  }
  if (error !== undefined) {
    const failed = results.find((result) => result.status === "Error");
    const what = failed
      ? `migration "${failed.migrationName}" failed, nothing from this run was kept`
      : "could not read or lock the migration tables";
    throw new Error(`${prefix}: ${what}: ${describeError(error)}`, { cause: error });
  }
  return {
    applied: results
      .filter((result) => result.status === "Success")
      .map((result) => result.migrationName),
  };
}

function isVanishedTableRace(error: unknown, results: readonly { status: string }[]): boolean {
  return (
    error !== undefined &&
    results.length === 0 &&
    typeof error === "object" &&
    error !== null &&
    "code" in error &&
    (error.code === "42P01" || error.code === "3F000")
  );
}

/** A one-line description of an error, including AggregateError (IPv4+IPv6 connect failures). */
export function describeError(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length > 0) {
    const inner = [...new Set(error.errors.map((each: unknown) => describeError(each)))];
    return error.message ? `${error.message} (${inner.join("; ")})` : inner.join("; ");
  }
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    if (error.message) return error.message;
    return typeof code === "string" ? code : error.name;
  }
  return String(error);
}
