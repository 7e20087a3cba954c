/**
 * How long sending one email may take, and so how long its job is reserved (docs/decisions/
 * 047-mail-that-hangs.md). Every duration of the mail path is derived here from one setting,
 * SMTP_TIMEOUT_SECONDS, so the lease cannot drift below the longest send: a job whose send is
 * still running is never handed to another worker and sent twice. The lease rule itself, and the
 * cut-off, are the job engine's (jobs/lease.server.ts, jobs/cut-off.server.ts).
 */
import { leaseMsFor } from "#app/server/jobs/lease.server.ts";

/** SMTP_TIMEOUT_SECONDS by default: a mail relay answers each step in well under a second. */
export const DEFAULT_MAIL_TIMEOUT_SECONDS = 30;

interface MailSendLimits {
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
