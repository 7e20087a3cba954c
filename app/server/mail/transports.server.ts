/**
 * How mail leaves the server: SMTP (nodemailer, pooled), `.eml` files under DATA_DIR/mail (the
 * default, so a new install shows its mail without any set-up), or EmailJS's REST API called
 * from the server (the original site called it from the browser, with its keys in the page).
 *
 * `createMailTransport` picks one with `mailTransportName(env)`. nodemailer is imported lazily,
 * by the transports that use it, on their first send.
 *
 * Errors come out as `MailSendError`. `permanent` means retrying the same message cannot help
 * (the SMTP server refused the recipient or the message with a 5xx reply, EmailJS refused the
 * request as malformed); the outbox then marks the job failed at once. Everything else (refused
 * or dropped connections, timeouts, 4xx replies, EmailJS server errors) is temporary and retried.
 */
import { randomUUID } from "node:crypto";
import { mkdir, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Config } from "../env.server.ts";
import { mailTransportName } from "../env.server.ts";
import type { Logger } from "../logger.server.ts";
import type { OutgoingMail } from "./messages.server.ts";
import { mailSendLimits } from "./send-limits.server.ts";

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
  send(mail: OutgoingMail, options?: { signal?: AbortSignal }): Promise<{ id: string }>;
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

// ---------------------------------------------------------------------------------------------
// SMTP

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
}: {
  /** `smtp://user:pass@host:port` (STARTTLS when offered) or `smtps://…` (TLS from the start). */
  url: string;
  logger: Logger;
  timeouts?: SmtpTimeouts;
  /** Connections at once, and so the sends the outbox runs at once. */
  maxConnections?: number;
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
      const ownLimit = AbortSignal.timeout(t.sendMs);
      // nodemailer closes the connection of an aborted send, so a hung server keeps no socket of ours.
      const signal = options.signal ? AbortSignal.any([options.signal, ownLimit]) : ownLimit;
      try {
        const info = await smtp.sendMail({ ...nodemailerMessage(mail), signal });
        log.debug("SMTP accepted message", { to: mail.to, messageId: info.messageId, response: info.response });
        return { id: String(info.messageId ?? "") };
      } catch (error) {
        if (options.signal?.aborted) throw options.signal.reason as Error;
        if (isAbort(error)) {
          throw new MailSendError(`The mail server did not finish the send within ${t.sendMs / 1000} s: SMTP send timed out after ${t.sendMs} ms`, {
            permanent: false,
            cause: error,
          });
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

// ---------------------------------------------------------------------------------------------
// Files

/**
 * Writes each message as an RFC 822 `.eml` file under `dir` (created when missing), named
 * `<time>-<kind>-<id>.eml` with the time in ISO-8601 UTC (`:` written as `-`, for file
 * systems that refuse it), and logs one info line with the path, recipient and subject.
 */
export function createFileTransport({ dir, logger }: { dir: string; logger: Logger }): MailTransport {
  const log = logger.child({ component: "mail", transport: "file" });
  let composer: ReturnType<typeof loadComposer> | undefined;

  return {
    name: "file",
    async send(mail) {
      composer ??= loadComposer();
      let raw: Buffer;
      try {
        const info = await (await composer).sendMail(nodemailerMessage(mail));
        raw = info.message as Buffer;
      } catch (error) {
        throw smtpSendError(error);
      }
      const id = safeFilePart(mail.headers?.["X-Job-Id"] ?? randomUUID());
      const time = new Date().toISOString().replaceAll(":", "-");
      const file = path.join(path.resolve(dir), `${time}-${safeFilePart(mail.template.kind)}-${id}.eml`);
      try {
        await mkdir(path.dirname(file), { recursive: true });
        // Written under a temporary name first, so a reader never sees half a message.
        const partial = `${file}.${process.pid}.part`;
        await writeFile(partial, raw);
        await rename(partial, file);
      } catch (error) {
        const code = (error as { code?: string }).code;
        throw new MailSendError(`Cannot write ${file}: ${code ?? (error as Error).message}`, {
          permanent: false,
          cause: error,
        });
      }
      log.info("email written to file", { path: file, to: mail.to, subject: mail.subject });
      return { id: path.basename(file) };
    },
    async close() {},
  };
}

/** nodemailer's stream transport, which builds the RFC 822 message into a Buffer. */
async function loadComposer() {
  const { createTransport } = await import("nodemailer");
  return createTransport({ streamTransport: true, buffer: true, newline: "windows" });
}

function safeFilePart(value: string): string {
  return value.replace(/[^A-Za-z0-9._-]/g, "_").slice(0, 80);
}

// ---------------------------------------------------------------------------------------------
// EmailJS

export interface EmailJsTemplates {
  "lead-notification": string;
  /** The dashboard's test email goes to the business inbox: the notification template carries it. */
  "test-email"?: string;
  /** Without it, confirmations are skipped (logged). */
  "lead-confirmation"?: string;
  /** No EmailJS template carries a reset link: with EmailJS, reset emails are skipped (logged). */
  "password-reset"?: string;
  /** No EmailJS template carries a reply either: the request's page offers replies only with SMTP or files. */
  "lead-reply"?: string;
  /** Visit emails go through the confirmation template, their details in `message` (no calendar). */
  "visit-invitation"?: string;
  "visit-update"?: string;
  "visit-cancel"?: string;
  "visit-reminder"?: string;
}

/** HTTP statuses from EmailJS that a retry can fix: credentials the operator may correct, limits. */
const EMAILJS_RETRYABLE_4XX = new Set([401, 403, 408, 409, 425, 429]);

export function createEmailJsTransport({
  endpoint,
  serviceId,
  publicKey,
  privateKey,
  templates,
  logger,
  timeoutMs = mailSendLimits().socketMs,
}: {
  /** EMAILJS_API_URL, e.g. https://api.emailjs.com/api/v1.0/email/send */
  endpoint: string;
  serviceId: string;
  publicKey: string;
  /** The account's private key ("access token"); required unless the account allows without. */
  privateKey?: string;
  templates: EmailJsTemplates;
  logger: Logger;
  timeoutMs?: number;
}): MailTransport {
  const log = logger.child({ component: "mail", transport: "emailjs" });
  return {
    name: "emailjs",
    concurrency: 3,
    async send(mail, options = {}) {
      const templateId = templates[mail.template.kind];
      if (!templateId) {
        log.warn("EmailJS has no template for this email, skipped (set EMAILJS_CONFIRMATION_TEMPLATE_ID)", {
          kind: mail.template.kind,
          to: mail.to,
        });
        return { id: "skipped" };
      }
      const body = {
        service_id: serviceId,
        template_id: templateId,
        user_id: publicKey,
        ...(privateKey ? { accessToken: privateKey } : {}),
        template_params: mail.template.params,
      };
      let response: Response;
      try {
        response = await fetch(endpoint, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(body),
          signal: options.signal ? AbortSignal.any([options.signal, AbortSignal.timeout(timeoutMs)]) : AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        if (options.signal?.aborted) throw options.signal.reason as Error;
        const cause = (error as { cause?: { code?: string; message?: string } }).cause;
        const detail = cause?.code ?? cause?.message ?? (error as Error).message;
        throw new MailSendError(`EmailJS request failed: ${detail}`, { permanent: false, cause: error });
      }
      const text = (await response.text().catch(() => "")).slice(0, 500);
      if (!response.ok) {
        const status = response.status;
        const permanent = status >= 400 && status < 500 && !EMAILJS_RETRYABLE_4XX.has(status);
        throw new MailSendError(`EmailJS answered ${status}: ${text || response.statusText}`, { permanent, status });
      }
      log.debug("EmailJS accepted message", { kind: mail.template.kind, to: mail.to });
      return { id: `emailjs-${randomUUID()}` };
    },
    async close() {},
  };
}

// ---------------------------------------------------------------------------------------------
// Factory

/** The transport the configuration selects (see `mailTransportName`). */
export function createMailTransport({ config, logger }: { config: Config; logger: Logger }): MailTransport {
  const { env } = config;
  const name = mailTransportName(env);
  switch (name) {
    case "smtp": {
      if (!env.SMTP_URL) throw new Error("SMTP_URL is required for the SMTP mail transport");
      return createSmtpTransport({ url: env.SMTP_URL, logger, timeouts: mailSendLimits(env.SMTP_TIMEOUT_SECONDS) });
    }
    case "emailjs": {
      if (!env.EMAILJS_SERVICE_ID || !env.EMAILJS_NOTIFICATION_TEMPLATE_ID || !env.EMAILJS_PUBLIC_KEY) {
        throw new Error(
          "EMAILJS_SERVICE_ID, EMAILJS_NOTIFICATION_TEMPLATE_ID and EMAILJS_PUBLIC_KEY are required for the EmailJS mail transport",
        );
      }
      return createEmailJsTransport({
        endpoint: env.EMAILJS_API_URL,
        serviceId: env.EMAILJS_SERVICE_ID,
        publicKey: env.EMAILJS_PUBLIC_KEY,
        privateKey: env.EMAILJS_PRIVATE_KEY,
        templates: {
          "lead-notification": env.EMAILJS_NOTIFICATION_TEMPLATE_ID,
          "test-email": env.EMAILJS_NOTIFICATION_TEMPLATE_ID,
          "lead-confirmation": env.EMAILJS_CONFIRMATION_TEMPLATE_ID,
          "visit-invitation": env.EMAILJS_CONFIRMATION_TEMPLATE_ID,
          "visit-update": env.EMAILJS_CONFIRMATION_TEMPLATE_ID,
          "visit-cancel": env.EMAILJS_CONFIRMATION_TEMPLATE_ID,
          "visit-reminder": env.EMAILJS_CONFIRMATION_TEMPLATE_ID,
        },
        logger,
        timeoutMs: mailSendLimits(env.SMTP_TIMEOUT_SECONDS).socketMs,
      });
    }
    case "file":
      return createFileTransport({ dir: path.join(config.dataDir, "mail"), logger });
  }
}

/** The message as nodemailer takes it (SMTP and file transports alike). */
function nodemailerMessage(mail: OutgoingMail) {
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
  };
}
