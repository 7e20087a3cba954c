/**
 * EmailJS's REST API, called from the server (the original site called it from the browser, with
 * its keys in the page). A malformed request (a 4xx but the few a retry can fix) is permanent;
 * server errors and the retryable 4xx are temporary.
 */
import { randomUUID } from "node:crypto";
import type { Logger } from "#app/server/logger.server.ts";
import { MailSendError, type MailTransport } from "#app/server/mail/mail-transport.server.ts";
import { mailSendLimits } from "#app/server/mail/send-limits.server.ts";

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
  /** No EmailJS template carries the homeowner's code: with EmailJS, codes are skipped (logged). */
  "homeowner-code"?: string;
  /** No EmailJS template carries a quote's link: with EmailJS, quotes are sent by SMTP or files only (skipped, logged). */
  "quote-sent"?: string;
  "quote-follow-up"?: string;
  /** EmailJS cannot attach the signed PDF: with EmailJS, the homeowner downloads it from the quote's page (skipped, logged). */
  "quote-signed"?: string;
  /** A homeowner acted on a quote: none is mapped, so with EmailJS the push alert tells the contractor (logged). */
  "quote-activity"?: string;
  /**
   * A homeowner's booking (issue 28): "we have your time" and "pick another time" go through the
   * confirmation template like visit emails, the booking page's link in `message`.
   */
  "booking-received"?: string;
  "booking-declined"?: string;
  /** A homeowner booked, moved or cancelled: none is mapped, so with EmailJS the push alert tells the contractor (logged). */
  "booking-activity"?: string;
  /**
   * A finished job's review request and its reminder (issue 29): none is mapped, so with EmailJS
   * they are skipped (logged). Their one-click unsubscribe header needs SMTP or files.
   */
  "review-request"?: string;
  "review-reminder"?: string;
  /** A homeowner's low rating (issue 29): none is mapped, so with EmailJS the push alert tells the contractor (logged). */
  "review-feedback"?: string;
  /**
   * A request still unanswered (issue 29): to the business inbox, through the notification template
   * like the dashboard's test email (a request-shaped message that says what it is). Its push goes
   * once it went, so it must not be skipped.
   */
  "lead-waiting"?: string;
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
