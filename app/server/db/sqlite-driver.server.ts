/**
 * SQLite through better-sqlite3 without a synchronous wait for locks.
 *
 * better-sqlite3 runs every statement on the event loop; with a busy_timeout, a statement that
 * meets another process's write lock sleeps inside SQLite, and the whole process with it (a
 * 12 s lock froze /healthz for 10.9 s and lost an estimate request). So every handle runs with
 * `busy_timeout = 0` and this driver waits instead, asynchronously:
 *
 * - **One writer handle**, used by write transactions (`begin immediate`) and single write
 *   statements. Writers of this process queue for it in order (an in-process lock), and the one
 *   at the head retries `begin immediate` on SQLITE_BUSY with short timers until it gets
 *   SQLite's write lock or its bound passes: then DatabaseBusyError. The bound is the database's
 *   (a request's few seconds), or a longer one inside `withBusyWait` (migrations, the CLI).
 * - **One reader handle** for single read statements: in WAL a reader never waits for a writer,
 *   and a statement runs to its end synchronously, so one handle serves every request in turn.
 * - **Spare handles** for read-only transactions and streams, which span awaits: opened when
 *   needed, kept for reuse.
 *
 * So a page that only reads is never held up by a writer, here or in another process, and the
 * event loop stays free while a writer waits.
 *
 * When a statement or a commit fails with SQLITE_FULL or SQLITE_IOERR, SQLite has already rolled
 * the transaction back; the rollback Kysely then sends is skipped, so the caller sees the real
 * error, not "cannot rollback - no transaction is active".
 */
import type { Database as SqliteHandle } from "better-sqlite3";
import {
  CompiledQuery,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type TransactionSettings,
} from "kysely";
import { DatabaseBusyError, WaitTracker, currentBusyWaitMs, type LockState } from "#app/server/db/busy.server.ts";
import { FifoLock } from "#app/server/db/fifo-lock.server.ts";
import { RequestConnection, type SqliteHandles } from "#app/server/db/sqlite-connection.server.ts";

interface NonBlockingSqliteOptions {
  /** The first handle, already configured (WAL, pragmas, busy_timeout 0): it becomes the writer. */
  writer: SqliteHandle;
  /** Opens another handle on the same file, configured like the writer. */
  open: () => SqliteHandle;
  /** How long an operation may wait for SQLite's write lock, unless `withBusyWait` says otherwise. */
  busyWaitMs: number;
}

const FIRST_RETRY_MS = 2;
const LONGEST_RETRY_MS = 50;
/** A wait this long is no longer ordinary queueing: /healthz calls the database busy. */
const BUSY_AFTER_MS = 500;

export class NonBlockingSqliteDialect implements Dialect {
  readonly #options: NonBlockingSqliteOptions;
  #driver: NonBlockingSqliteDriver | undefined;

  constructor(options: NonBlockingSqliteOptions) {
    this.#options = options;
  }

  createDriver(): Driver {
    this.#driver = new NonBlockingSqliteDriver(this.#options);
    return this.#driver;
  }

  createQueryCompiler(): QueryCompiler {
    return new SqliteQueryCompiler();
  }

  createAdapter(): DialectAdapter {
    return new AppSqliteAdapter();
  }

  // Kysely's own type for this parameter is `Kysely<any>`.
  // oxlint-disable-next-line typescript/no-explicit-any
  createIntrospector(db: Kysely<any>): DatabaseIntrospector {
    return new SqliteIntrospector(db);
  }

  /** Whether writers are waiting for the lock (or, when none is, whether another process holds it). */
  lockState(): LockState {
    return this.#driver?.lockState() ?? { busy: false, waitingMs: 0, waiting: 0 };
  }
}

/**
 * SQLite does run DDL in transactions; saying so makes the migrator run each migration run inside
 * one `begin immediate` transaction, which is also the lock between processes starting together.
 * Several connections: this driver gives each request its own and orders writers itself, so
 * Kysely need not serialize every query of the process behind one.
 */
class AppSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }

  override get supportsMultipleConnections(): boolean {
    return true;
  }
}

class NonBlockingSqliteDriver implements Driver, SqliteHandles {
  readonly writer: SqliteHandle;
  readonly #open: () => SqliteHandle;
  readonly #busyWaitMs: number;
  readonly #writerQueue = new FifoLock();
  readonly #waits = new WaitTracker();
  #reader: SqliteHandle | undefined;
  readonly #spares: SqliteHandle[] = [];
  readonly #all: SqliteHandle[] = [];
  #destroyed = false;

  constructor(options: NonBlockingSqliteOptions) {
    this.writer = options.writer;
    this.#open = options.open;
    this.#busyWaitMs = options.busyWaitMs;
    this.#all.push(this.writer);
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    if (this.#destroyed) throw new Error("the database is closed");
    return new RequestConnection(this);
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    await (connection as RequestConnection).begin(settings.accessMode === "read only");
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as RequestConnection).commit();
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    (connection as RequestConnection).rollback();
  }

  async savepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`savepoint ${quoteName(name)}`));
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`rollback to ${quoteName(name)}`));
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`release ${quoteName(name)}`));
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    (connection as RequestConnection).release();
  }

  async destroy(): Promise<void> {
    this.#destroyed = true;
    for (const handle of this.#all) {
      if (handle.open) handle.close();
    }
  }

  get reader(): SqliteHandle {
    this.#reader ??= this.#track(this.#open());
    return this.#reader;
  }

  takeSpare(): SqliteHandle {
    return this.#spares.pop() ?? this.#track(this.#open());
  }

  returnSpare(handle: SqliteHandle): void {
    if (handle.inTransaction) handle.exec("rollback");
    if (!this.#destroyed) this.#spares.push(handle);
  }

  /** Waits for this process's turn at the writer, then for SQLite's write lock (`begin immediate`). */
  async takeWriter(deadline: number, started: number): Promise<void> {
    await this.waitForWriterTurn(deadline, started);
    try {
      await this.retryWhileBusy(() => this.writer.exec("begin immediate"), deadline, started);
    } catch (error) {
      this.#writerQueue.release();
      throw error;
    }
  }

  waitForWriterTurn(deadline: number, started: number): Promise<void> {
    if (!this.#writerQueue.held) return this.#writerQueue.acquire(deadline, started);
    const done = this.#waits.start();
    return this.#writerQueue.acquire(deadline, started).finally(done);
  }

  releaseWriter(): void {
    this.#writerQueue.release();
  }

  deadline(): { deadline: number; started: number } {
    const started = performance.now();
    return { started, deadline: started + currentBusyWaitMs(this.#busyWaitMs) };
  }

  /** Runs `attempt`; on SQLITE_BUSY tries again after a short timer, until `deadline`. */
  async retryWhileBusy<T>(attempt: () => T, deadline: number, started: number): Promise<T> {
    let done: (() => void) | undefined;
    try {
      for (let delay = FIRST_RETRY_MS; ; delay = Math.min(delay * 2, LONGEST_RETRY_MS)) {
        try {
          return attempt();
        } catch (error) {
          if (!isSqliteBusy(error)) throw error;
          const now = performance.now();
          if (now >= deadline) throw new DatabaseBusyError(now - started, { cause: error });
          done ??= this.#waits.start();
          // Jitter, so that processes retrying together do not keep meeting.
          const wait = Math.min(deadline - now, delay * (0.5 + Math.random()));
          await new Promise((resolve) => setTimeout(resolve, wait));
        }
      }
    } finally {
      done?.();
    }
  }

  lockState(): LockState {
    const waiting = this.#waits.count;
    const waitingMs = this.#waits.longestMs();
    // A writer of this process queues behind another for a few ms as a matter of course.
    if (waitingMs >= BUSY_AFTER_MS) return { busy: true, waitingMs, waiting };
    // Nobody here waits long: look whether another process holds the write lock right now. Taking
    // and dropping it is synchronous, so no statement of this process can come in between.
    if (this.#destroyed || this.#writerQueue.held || this.writer.inTransaction) {
      return { busy: false, waitingMs, waiting };
    }
    try {
      this.writer.exec("begin immediate");
      this.writer.exec("rollback");
      return { busy: false, waitingMs, waiting };
    } catch (error) {
      if (!isSqliteBusy(error)) throw error;
      return { busy: true, waitingMs, waiting };
    }
  }

  #track(handle: SqliteHandle): SqliteHandle {
    this.#all.push(handle);
    return handle;
  }
}

function isSqliteBusy(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && code.startsWith("SQLITE_BUSY");
}

function quoteName(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}
