/**
 * One acquisition of the non-blocking SQLite driver (sqlite-driver.server.ts): it picks its
 * handle per statement, so a read never waits behind this process's writers (ADR 043).
 */
import type { Database as SqliteHandle, Statement } from "better-sqlite3";
import { SelectQueryNode, type CompiledQuery, type DatabaseConnection, type QueryResult } from "kysely";

/** What a connection needs from the driver: its handles, its writer turn and its timed retries. */
export interface SqliteHandles {
  readonly writer: SqliteHandle;
  readonly reader: SqliteHandle;
  takeSpare(): SqliteHandle;
  returnSpare(handle: SqliteHandle): void;
  takeWriter(deadline: number, started: number): Promise<void>;
  waitForWriterTurn(deadline: number, started: number): Promise<void>;
  releaseWriter(): void;
  deadline(): { deadline: number; started: number };
  retryWhileBusy<T>(attempt: () => T, deadline: number, started: number): Promise<T>;
}

/** What one acquisition (a query, or a transaction) gets: it picks its handle per statement. */
export class RequestConnection implements DatabaseConnection {
  readonly #driver: SqliteHandles;
  /** In a write transaction: the writer is ours until commit or rollback. */
  #writing = false;
  /** In a read-only transaction: this spare handle is ours. */
  #reading: SqliteHandle | undefined;

  constructor(driver: SqliteHandles) {
    this.#driver = driver;
  }

  async begin(readOnly: boolean): Promise<void> {
    if (readOnly) {
      const handle = this.#driver.takeSpare();
      handle.exec("begin deferred");
      this.#reading = handle;
      return;
    }
    const { deadline, started } = this.#driver.deadline();
    await this.#driver.takeWriter(deadline, started);
    this.#writing = true;
  }

  async commit(): Promise<void> {
    if (this.#reading) {
      this.#driver.returnSpare(this.#reading);
      this.#reading = undefined;
      return;
    }
    const { writer } = this.#driver;
    const { deadline, started } = this.#driver.deadline();
    try {
      // In WAL a commit does not wait for readers; BUSY here is rare (a checkpoint), and the
      // transaction stays open through it, so trying again is safe.
      await this.#driver.retryWhileBusy(() => writer.exec("commit"), deadline, started);
      this.#endWrite();
    } catch (error) {
      // SQLite ended it itself (SQLITE_FULL, SQLITE_IOERR): the writer is free again.
      if (!writer.inTransaction) this.#endWrite();
      throw error;
    }
  }

  rollback(): void {
    if (this.#reading) {
      this.#driver.returnSpare(this.#reading);
      this.#reading = undefined;
      return;
    }
    if (!this.#writing) return;
    try {
      // Not after SQLITE_FULL or SQLITE_IOERR: SQLite rolled back already, and a second rollback
      // would fail and hide the error that caused it.
      if (this.#driver.writer.inTransaction) this.#driver.writer.exec("rollback");
    } finally {
      this.#endWrite();
    }
  }

  release(): void {
    // A transaction left open (never the case through Kysely) must not keep the writer.
    if (this.#writing || this.#reading) this.rollback();
  }

  #endWrite(): void {
    if (!this.#writing) return;
    this.#writing = false;
    this.#driver.releaseWriter();
  }

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const { sql, parameters } = compiledQuery;
    if (this.#writing) return runStatement<R>(this.#driver.writer.prepare(sql), parameters);
    if (this.#reading) {
      const handle = this.#reading;
      const { deadline, started } = this.#driver.deadline();
      return this.#driver.retryWhileBusy(() => runStatement<R>(handle.prepare(sql), parameters), deadline, started);
    }
    const { deadline, started } = this.#driver.deadline();
    const { reader } = this.#driver;
    const probe = await this.#driver.retryWhileBusy(() => reader.prepare(sql), deadline, started);
    if (probe.readonly) return this.#driver.retryWhileBusy(() => runStatement<R>(probe, parameters), deadline, started);
    // A single write statement: its own short transaction, in turn with this process's other writers.
    await this.#driver.waitForWriterTurn(deadline, started);
    try {
      const { writer } = this.#driver;
      return await this.#driver.retryWhileBusy(() => runStatement<R>(writer.prepare(sql), parameters), deadline, started);
    } finally {
      this.#driver.releaseWriter();
    }
  }

  async *streamQuery<R>(compiledQuery: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    const { sql, parameters, query } = compiledQuery;
    if (!SelectQueryNode.is(query)) throw new Error("Sqlite driver only supports streaming of select queries");
    if (this.#writing || this.#reading) {
      const handle = this.#writing ? this.#driver.writer : this.#reading!;
      for (const row of handle.prepare(sql).iterate(parameters as unknown[])) yield { rows: [row as R] };
      return;
    }
    // A stream spans awaits: it gets a handle of its own, so other reads are not told "busy".
    const handle = this.#driver.takeSpare();
    try {
      for (const row of handle.prepare(sql).iterate(parameters as unknown[])) yield { rows: [row as R] };
    } finally {
      this.#driver.returnSpare(handle);
    }
  }
}

function runStatement<R>(statement: Statement, parameters: readonly unknown[]): QueryResult<R> {
  if (statement.reader) return { rows: statement.all(parameters) as R[] };
  const { changes, lastInsertRowid } = statement.run(parameters);
  return {
    insertId: lastInsertRowid != null ? BigInt(lastInsertRowid) : undefined,
    numAffectedRows: changes != null ? BigInt(changes) : undefined,
    rows: [],
  };
}
