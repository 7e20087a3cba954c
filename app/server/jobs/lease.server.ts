/**
 * How long a claimed job is reserved for its worker (docs/decisions/047-mail-that-hangs.md): the
 * longest its work may run, plus the time to record the outcome. A job whose work is still
 * running is never handed to another worker and done twice.
 */
import { randomUUID } from "node:crypto";
import { hostname } from "node:os";

/**
 * Added to the longest send to make the lease: time to record the outcome after a send was cut
 * off (three tries at the database, each of which may wait out a busy SQLite lock).
 */
export const LEASE_MARGIN_MS = 30_000;

/** The lease for work that is cut off after `longestSendMs` (the email outbox and the push worker alike). */
export function leaseMsFor(longestSendMs: number): number {
  return longestSendMs + LEASE_MARGIN_MS;
}

/** Names a worker in its jobs' `locked_by`: host:pid:random, so a look at the table says whose it is. */
export function newWorkerId(): string {
  return `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
}
