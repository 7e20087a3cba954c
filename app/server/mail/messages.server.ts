/**
 * The emails an estimate request causes, as plain data: one message to the business inbox
 * (`lead-notification`) and one to the homeowner (`lead-confirmation`).
 *
 * Pure functions: the result is stored as JSON in `email_jobs.payload` when the lead is stored,
 * and the outbox sends it later through whichever transport is configured. The same object
 * carries the SMTP/file form (text + HTML) and the EmailJS form (a named template and its
 * variables), so switching transports never needs the lead again.
 *
 * Everything the visitor typed is escaped in the HTML part and reduced to one line in headers.
 * The confirmation's subject is fixed text, not the visitor's subject: a stranger could type
 * someone else's address, and our mail should then say as little of theirs as possible.
 *
 * Company facts (name, phone, email, hours, location) come from the business profile the caller
 * passes in (`site.content().profile`), never from app/content: an owner's change shows in the
 * next email without a restart.
 */
export {
  escapeHtml,
  oneLine,
  page,
  senderAddress,
  siteSender,
  truncate,
  type MailProfile,
  type OutgoingMail,
  type SendableMail,
  type MailAttachmentRef,
  type AttachmentSource,
} from "#app/server/mail/message-parts.server.ts";
export { NO_MESSAGE, type LeadForMail } from "#app/server/mail/lead-mail-fields.server.ts";
export { NEEDS_REVIEW_PREFIX, leadNotificationMail } from "#app/server/mail/lead-notification.server.ts";
export { leadConfirmationMail } from "#app/server/mail/lead-confirmation.server.ts";
export { testEmailMail } from "#app/server/mail/test-email-message.server.ts";
export { passwordResetMail } from "#app/server/mail/password-reset-message.server.ts";
