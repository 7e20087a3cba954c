/**
 * The words of the email outbox that the database, the mailer and the admin pages share: which
 * emails a request (or the dashboard's test button) sends, where each one is in its delivery,
 * and what the admin pages call them.
 */
export const emailJobKinds = [
  "lead-notification",
  "lead-confirmation",
  "test-email",
  "password-reset",
  "visit-invitation",
  "visit-update",
  "visit-cancel",
  "visit-reminder",
  "lead-reply",
  "homeowner-code",
  "quote-sent",
  "quote-follow-up",
  "quote-signed",
  "quote-activity",
  "booking-received",
  "booking-declined",
  "booking-activity",
  "review-request",
  "review-reminder",
  "review-feedback",
  "lead-waiting",
] as const;
export type EmailJobKind = (typeof emailJobKinds)[number];

export const emailJobStatuses = ["pending", "sending", "sent", "failed"] as const;
export type EmailJobStatus = (typeof emailJobStatuses)[number];

export const emailKindLabels: Record<EmailJobKind, string> = {
  "lead-notification": "Notification to the business",
  "lead-confirmation": "Confirmation to the homeowner",
  "test-email": "Test email from the dashboard",
  "password-reset": "Password reset link",
  "visit-invitation": "Visit invitation to the homeowner",
  "visit-update": "New visit time to the homeowner",
  "visit-cancel": "Visit cancelled, to the homeowner",
  "visit-reminder": "Visit reminder to the homeowner",
  "lead-reply": "Reply to the homeowner",
  "homeowner-code": "Code for the homeowner's page",
  "quote-sent": "Quote to the homeowner",
  "quote-follow-up": "Quote follow-up to the homeowner",
  "quote-signed": "Signed quote (PDF) to the homeowner",
  "quote-activity": "Quote opened, asked about or signed, to the business",
  "booking-received": "Booked time received, to the homeowner",
  "booking-declined": "Booked time declined, to the homeowner",
  "booking-activity": "Visit booked, moved or cancelled online, to the business",
  "review-request": "Review request to the homeowner",
  "review-reminder": "Review reminder to the homeowner",
  "review-feedback": "Low rating from a homeowner, to the business",
  "lead-waiting": "Unanswered request reminder, to the business",
};

export const emailStatusLabels: Record<EmailJobStatus, string> = {
  pending: "Waiting to be sent",
  sending: "Sending now",
  sent: "Sent",
  failed: "Failed",
};
