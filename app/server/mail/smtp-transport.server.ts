/**
 * SMTP through nodemailer's pool, imported lazily on the first send. Every timeout comes from
 * `mailSendLimits()` (docs/decisions/047-mail-that-hangs.md), so a send ends inside its lease.
 * A 5xx reply to the message or its recipient is permanent; refused or dropped connections,
 * timeouts and 4xx replies are temporary and retried.
 */
import type { Logger } from "#app/server/logger.server.ts";
import { dkimSigningFor, type DkimSigning, type DkimSource } from "#app/server/mail/dkim.server.ts";
import { MailSendError, type MailTransport } from "#app/server/mail/mail-transport.server.ts";
import type { OutgoingMail, SendableMail } from "#app/server/mail/messages.server.ts";
import { mailSendLimits } from "#app/server/mail/send-limits.server.ts";

/** Defaults: `mailSendLimits()` (send-limits.server.ts), the values the outbox's lease is made from. */
export interface SmtpTimeouts {
  /** Waiting for the TCP (and TLS) connection. Default 10 s. */
  connectionMs?: number;
  /** Waiting for the server's greeting once connected. Default 10 s. */
  greetingMs?: number;
  /** A silent socket during a session. Default 30 s. */
  socketMs?: number;
  /**
   * The whole send, queueing in the pool included: a server trickling its replies resets the
   * socket timeout forever, this does not. Default 60 s, inside the outbox's lease.
   */
  sendMs?: number;
}

/** SMTP commands whose 5xx reply refuses this message or recipient for good. */
const MESSAGE_COMMANDS = new Set(["MAIL FROM", "RCPT TO", "DATA"]);

interface NodemailerErrorLike {
  message?: string;
  code?: string;
  command?: string;
  response?: string;
  responseCode?: number;
  permanent?: boolean;
  name?: string;
  timeoutType?: string;
}

/** Maps a nodemailer error to a MailSendError (exported for tests). */
export function smtpSendError(error: unknown): MailSendError {
  const e = (typeof error === "object" && error !== null ? error : {}) as NodemailerErrorLike;
  const message = e.message ?? String(error);
  const timedOut = timeoutSentence(e.timeoutType);
  let permanent = false;
  if (e.permanent === true && e.command !== undefined && MESSAGE_COMMANDS.has(e.command)) {
    // 5xx (not 503) to MAIL FROM / RCPT TO / DATA: this message will be refused again.
    permanent = true;
  } else if (e.command === "API" && (e.code === "EENVELOPE" || e.code === "EMESSAGE")) {
    // nodemailer refused before talking to the server: no or invalid recipients, empty message.
    permanent = true;
  }
  const code = e.code ? `${e.code}: ` : "";
  const status = typeof e.responseCode === "number" ? e.responseCode : undefined;
  const words = timedOut ? `${timedOut} (SMTP ${code}${message})` : `SMTP ${code}${message}`;
  return new MailSendError(words, { permanent, status, cause: error });
}

/** nodemailer's `timeoutType` in words, for the admin who reads the email's last error. */
function timeoutSentence(type: string | undefined): string | undefined {
  switch (type) {
    case "CONNECT_TIMEOUT":
      return "The mail server could not be reached in time";
    case "GREETING_TIMEOUT":
      return "The mail server accepted the connection but did not greet in time";
    case "UPGRADE_TIMEOUT":
      return "The mail server did not finish setting up encryption in time";
    case "SOCKET_TIMEOUT":
      return "The mail server stopped answering in the middle of the send";
    default:
      return undefined;
  }
}

export function createSmtpTransport({
  url,
  logger,
  timeouts = {},
  maxConnections = 3,
  dkim,
}: {
  /** `smtp://user:pass@host:port` (STARTTLS when offered) or `smtps://…` (TLS from the start). */
  url: string;
  logger: Logger;
  timeouts?: SmtpTimeouts;
  /** Connections at once, and so the sends the outbox runs at once. */
  maxConnections?: number;
  /** The site's DKIM key, when one was made: every message is signed with it (ADR 054). */
  dkim?: DkimSource;
}): MailTransport {
  const t = { ...mailSendLimits(), ...timeouts };
  const log = logger.child({ component: "mail", transport: "smtp" });
  type Transporter = Awaited<ReturnType<typeof load>>;
  let transporter: Promise<Transporter> | undefined;
  let closed = false;

  async function load() {
    const { createTransport } = await import("nodemailer");
    const created = createTransport({
      url,
      pool: true,
      maxConnections,
      maxMessages: 100,
      // A message whose connection closed mid-send is tried once more on a new connection;
      // beyond that the outbox's own backoff takes over.
      maxRequeues: 1,
      connectionTimeout: t.connectionMs,
      greetingTimeout: t.greetingMs,
      socketTimeout: t.socketMs,
      dnsTimeout: t.connectionMs,
      logger: false,
    });
    // The pool reports connection trouble here as well as to the send; an EventEmitter
    // "error" without a listener would crash the process.
    created.on("error", (error: Error) => log.warn("SMTP transport error", { error: error.message }));
    return created;
  }

  return {
    name: "smtp",
    concurrency: maxConnections,
    async send(mail, options = {}) {
      if (closed) throw new MailSendError("SMTP transport is closed", { permanent: false });
      transporter ??= load();
      const smtp = await transporter;
      const signing = await signingFor(dkim, mail, log);
      const ownLimit = AbortSignal.timeout(t.sendMs);
      // nodemailer closes the connection of an aborted send, so a hung server keeps no socket of ours.
      const signal = options.signal ? AbortSignal.any([options.signal, ownLimit]) : ownLimit;
      try {
        const info = await smtp.sendMail({ ...nodemailerMessage(mail, signing), signal });
        log.debug("SMTP accepted message", { to: mail.to, messageId: info.messageId, response: info.response });
        return { id: String(info.messageId ?? "") };
      } catch (error) {
        if (options.signal?.aborted) throw options.signal.reason as Error;
        if (isAbort(error)) {
          throw new MailSendError(
            `The mail server did not finish the send within ${t.sendMs / 1000} s: SMTP send timed out after ${t.sendMs} ms`,
            {
              permanent: false,
              cause: error,
            },
          );
        }
        throw smtpSendError(error);
      }
    },
    async close({ force = false } = {}) {
      closed = true;
      const pending = transporter;
      transporter = undefined;
      if (!pending) return;
      try {
        (await pending).close({ force });
      } catch {
        // nodemailer never loaded: nothing to close.
      }
    },
  };
}

function isAbort(error: unknown): boolean {
  const name = (error as { name?: unknown } | null)?.name;
  const code = (error as { code?: unknown } | null)?.code;
  return name === "AbortError" || name === "TimeoutError" || code === "EABORT";
}

/**
 * The DKIM signing for a message, or null. A key that cannot be read is logged and the message goes
 * unsigned: it may land in spam, which is better than not going at all.
 */
export async function signingFor(dkim: DkimSource | undefined, mail: OutgoingMail, log: Logger): Promise<DkimSigning | null> {
  if (!dkim) return null;
  try {
    return dkimSigningFor(await dkim.current(), mail.from);
  } catch (error) {
    log.warn("cannot read the DKIM key: the email goes unsigned", { error: error instanceof Error ? error.message : String(error) });
    return null;
  }
}

/** The message as nodemailer takes it (SMTP and file transports alike), signed when `dkim` is given. */
export function nodemailerMessage(mail: SendableMail, dkim: DkimSigning | null = null) {
  return {
    from: mail.from,
    to: mail.to,
    replyTo: mail.replyTo,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    headers: mail.headers,
    messageId: mail.messageId,
    ...(mail.icalEvent ? { icalEvent: mail.icalEvent } : {}),
    ...(mail.files?.length
      ? { attachments: mail.files.map((f) => ({ filename: f.filename, contentType: f.contentType, content: f.content })) }
      : {}),
    ...(dkim ? { dkim } : {}),
  };
}
