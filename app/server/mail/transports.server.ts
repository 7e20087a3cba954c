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
import path from "node:path";
import type { Config } from "#app/server/env.server.ts";
import { mailTransportName } from "#app/server/env.server.ts";
import type { Logger } from "#app/server/logger.server.ts";
import { createEmailJsTransport } from "#app/server/mail/emailjs-transport.server.ts";
import { createFileTransport } from "#app/server/mail/file-transport.server.ts";
import type { DkimSource } from "#app/server/mail/dkim.server.ts";
import type { MailTransport } from "#app/server/mail/mail-transport.server.ts";
import { mailSendLimits } from "#app/server/mail/send-limits.server.ts";
import { createSmtpTransport } from "#app/server/mail/smtp-transport.server.ts";

export { MailSendError, type MailTransport } from "#app/server/mail/mail-transport.server.ts";
export { createSmtpTransport, smtpSendError, type SmtpTimeouts } from "#app/server/mail/smtp-transport.server.ts";
export { createFileTransport } from "#app/server/mail/file-transport.server.ts";
export { createEmailJsTransport, type EmailJsTemplates } from "#app/server/mail/emailjs-transport.server.ts";

/**
 * The transport the configuration selects (see `mailTransportName`). SMTP and files sign with
 * `dkim` (ADR 054); EmailJS sends through the service connected to it, which signs for itself.
 */
export function createMailTransport({ config, logger, dkim }: { config: Config; logger: Logger; dkim?: DkimSource }): MailTransport {
  const { env } = config;
  const name = mailTransportName(env);
  switch (name) {
    case "smtp": {
      if (!env.SMTP_URL) throw new Error("SMTP_URL is required for the SMTP mail transport");
      return createSmtpTransport({ url: env.SMTP_URL, logger, timeouts: mailSendLimits(env.SMTP_TIMEOUT_SECONDS), dkim });
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
          "lead-waiting": env.EMAILJS_NOTIFICATION_TEMPLATE_ID,
          "lead-confirmation": env.EMAILJS_CONFIRMATION_TEMPLATE_ID,
          "visit-invitation": env.EMAILJS_CONFIRMATION_TEMPLATE_ID,
          "visit-update": env.EMAILJS_CONFIRMATION_TEMPLATE_ID,
          "visit-cancel": env.EMAILJS_CONFIRMATION_TEMPLATE_ID,
          "visit-reminder": env.EMAILJS_CONFIRMATION_TEMPLATE_ID,
          "booking-received": env.EMAILJS_CONFIRMATION_TEMPLATE_ID,
          "booking-declined": env.EMAILJS_CONFIRMATION_TEMPLATE_ID,
        },
        logger,
        timeoutMs: mailSendLimits(env.SMTP_TIMEOUT_SECONDS).socketMs,
      });
    }
    case "file":
      return createFileTransport({ dir: path.join(config.dataDir, "mail"), logger, dkim });
  }
}
