/**
 * "The database is busy": another process (a second instance, the CLI, a backup) holds the write
 * lock or a row lock for longer than a request may wait. One error for both databases, so a
 * route answers 503 with Retry-After the same way on SQLite and PostgreSQL
 * (docs/decisions/043-a-busy-database-never-blocks.md).
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { translate } from "#app/i18n/messages.ts";

/** How long a request's database operation may wait for a lock before it gives up. */
export const REQUEST_BUSY_WAIT_MS = 5_000;
/** Migrations at start and operator commands: nobody is waiting on a page, so they may wait longer. */
export const PATIENT_BUSY_WAIT_MS = 60_000;
/** What a refusal tells the client: the lock drills showed writers finish well within this. */
export const BUSY_RETRY_AFTER_SECONDS = 60;

/**
 * What a page says when it could not be served for a lock: any route, without a catch of its own.
 * The root error boundary and the host recognise it and say it in the language of the address.
 */
export const BUSY_PAGE_MESSAGE = translate("en", "errors.busy");

/**
 * Thrown when an operation waited its whole bound for a lock.
 *
 * Deliberately not an `Error` subclass, and shaped as React Router's route error response
 * (`status`, `statusText`, `internal`, `data`): wherever it escapes a loader, an action or a
 * middleware, React Router answers 503 with the sentence in `data`, on the page, in a `.data`
 * request and in a resource route, and keeps it through hydration. An `Error` would be
 * replaced by "Unexpected Server Error" (500) before any of our code could see it again. The
 * host adds Retry-After to a 503 that has none (server/app.ts).
 */
export class DatabaseBusyError {
  /** A brand, not `instanceof`: the host and the server bundle each load their own copy of this module. */
  readonly code = "DATABASE_BUSY";
  readonly name = "DatabaseBusyError";
  readonly message: string;
  readonly waitedMs: number;
  readonly cause: unknown;
  readonly stack: string | undefined;
  readonly status = 503;
  readonly statusText = "Service Unavailable";
  readonly internal = false;
  readonly data = BUSY_PAGE_MESSAGE;

  constructor(waitedMs: number, options?: { cause?: unknown }) {
    this.waitedMs = Math.round(waitedMs);
    this.message = `the database stayed locked by another writer for ${this.waitedMs} ms`;
    this.cause = options?.cause;
    this.stack = new Error(this.message).stack;
  }

  toString(): string {
    return `${this.name}: ${this.message}`;
  }
}

/**
 * Whether an error means "locked, try again later": the SQLite driver's DatabaseBusyError,
 * PostgreSQL's lock_not_available (lock_timeout passed), or pg's pool wait running out (every
 * connection is busy, usually waiting on the same lock). Looks through `cause` too.
 */
export function isDatabaseBusy(error: unknown): boolean {
  for (let current = error, depth = 0; current && typeof current === "object" && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (code === "DATABASE_BUSY" || code === "55P03") return true;
    if (current instanceof Error && current.message === "timeout exceeded when trying to connect") return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

const busyWaitScope = new AsyncLocalStorage<number>();

/** Runs `fn` with a longer (or shorter) bound on lock waits than the database's own. */
export function withBusyWait<T>(ms: number, fn: () => Promise<T>): Promise<T> {
  return busyWaitScope.run(ms, fn);
}

/** The lock-wait bound in effect here: the scope's, else the database's default. */
export function currentBusyWaitMs(fallbackMs: number): number {
  return busyWaitScope.getStore() ?? fallbackMs;
}

/** Start times of operations waiting for a lock now; the oldest says how long the writer has waited. */
export class WaitTracker {
  readonly #since = new Map<symbol, number>();

  start(): () => void {
    const key = Symbol("wait");
    this.#since.set(key, performance.now());
    return () => this.#since.delete(key);
  }

  /** How long the longest current wait has lasted, in ms; 0 when nobody waits. */
  longestMs(): number {
    let oldest = Infinity;
    for (const since of this.#since.values()) oldest = Math.min(oldest, since);
    return oldest === Infinity ? 0 : performance.now() - oldest;
  }

  get count(): number {
    return this.#since.size;
  }
}

/** What /healthz reports about locks. */
export interface LockState {
  /** Another writer holds the lock and at least one operation here waits (or the probe found it held). */
  busy: boolean;
  /** How long the longest waiting operation has waited, in ms. */
  waitingMs: number;
  /** Operations waiting now. */
  waiting: number;
}
