/**
 * How long sending one email may take, and so how long its job is reserved (docs/decisions/
 * 047-mail-that-hangs.md). Every duration of the mail path is derived here from one setting,
 * SMTP_TIMEOUT_SECONDS, so the lease cannot drift below the longest send: a job whose send is
 * still running is never handed to another worker and sent twice.
 */

/** SMTP_TIMEOUT_SECONDS by default: a mail relay answers each step in well under a second. */
export const DEFAULT_MAIL_TIMEOUT_SECONDS = 30;

/**
 * Added to the longest send to make the lease: time to record the outcome after a send was cut
 * off (three tries at the database, each of which may wait out a busy SQLite lock).
 */
export const LEASE_MARGIN_MS = 30_000;

export interface MailSendLimits {
  /** The TCP (and TLS) connection; a third of the timeout. */
  connectionMs: number;
  /** The server's greeting once connected; a third of the timeout (greeting delays are a few seconds). */
  greetingMs: number;
  /** A server silent in the middle of a session, or an EmailJS request: the timeout itself. */
  socketMs: number;
  /**
   * The whole send, cut off by the outbox whatever the transport does: twice the timeout, so a
   * slow final reply after a slow connect still fits, while a server that trickles its replies
   * (each resetting the socket timeout) is stopped.
   */
  sendMs: number;
  /** How long a claimed job is reserved for its worker: the whole send plus the margin. */
  leaseMs: number;
}

/**
 * The limits for SMTP_TIMEOUT_SECONDS; `leaseSeconds` (MAIL_LEASE_SECONDS) may make the lease
 * longer, never shorter (the environment refuses a shorter one; this ignores it).
 */
export function mailSendLimits(
  timeoutSeconds: number = DEFAULT_MAIL_TIMEOUT_SECONDS,
  { leaseSeconds }: { leaseSeconds?: number } = {},
): MailSendLimits {
  const timeoutMs = Math.round(timeoutSeconds * 1000);
  const sendMs = 2 * timeoutMs;
  return {
    connectionMs: Math.ceil(timeoutMs / 3),
    greetingMs: Math.ceil(timeoutMs / 3),
    socketMs: timeoutMs,
    sendMs,
    leaseMs: Math.max(leaseMsFor(sendMs), (leaseSeconds ?? 0) * 1000),
  };
}

/** The lease for work that is cut off after `longestSendMs` (the email outbox and the push worker alike). */
export function leaseMsFor(longestSendMs: number): number {
  return longestSendMs + LEASE_MARGIN_MS;
}

/**
 * The error a send is cut off with: too long (the send limit) or the process stopping. A
 * shutdown is not the mail server's fault, so its job is due again at once, for the next process.
 */
export class SendCutOff extends Error {
  readonly reason: "timeout" | "shutdown";
  constructor(reason: "timeout" | "shutdown", message: string) {
    super(message);
    this.name = "SendCutOff";
    this.reason = reason;
  }
}

/**
 * Settles with `work`, or rejects with the signal's reason as soon as it aborts, whether or not
 * `work` ever settles: a transport that ignores the signal cannot hold the worker past its limit.
 */
export function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) {
    work.catch(() => {});
    return Promise.reject(signal.reason as Error);
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => {
      work.catch(() => {});
      reject(signal.reason as Error);
    };
    signal.addEventListener("abort", onAbort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}
