/**
 * What the outbox sends through (transports.server.ts picks one), and the error a send fails with.
 * `permanent` means retrying the same message cannot help; the outbox then marks the job failed
 * at once. Everything else is temporary and retried (docs/decisions/015-email-outbox.md).
 */
import type { SendableMail } from "#app/server/mail/messages.server.ts";

export interface MailTransport {
  readonly name: "smtp" | "file" | "emailjs";
  /**
   * How many sends it carries at once (its connections); the outbox sends that many, so one send
   * that hangs holds one of them, not the queue. 1 when unset.
   */
  readonly concurrency?: number;
  /**
   * Sends one message. Rejects with MailSendError; when `signal` aborts, gives up the send (closes
   * its connection) and rejects with the signal's reason.
   */
  send(mail: SendableMail, options?: { signal?: AbortSignal }): Promise<{ id: string }>;
  /** Releases connections; `force` also ends the ones still sending. Safe to call more than once. */
  close(options?: { force?: boolean }): Promise<void>;
}

export class MailSendError extends Error {
  /** True when retrying the same message cannot succeed. */
  readonly permanent: boolean;
  /** The SMTP reply code or HTTP status, when there was one. */
  readonly status: number | undefined;

  constructor(message: string, options: { permanent: boolean; status?: number; cause?: unknown }) {
    super(message, { cause: options.cause });
    this.name = "MailSendError";
    this.permanent = options.permanent;
    this.status = options.status;
  }
}
