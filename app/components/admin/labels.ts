/**
 * Words the admin pages show for stored values. Plain data (no React, nothing server-only), so
 * loaders and components share them.
 */
import type { LeadStatus, EmailJobKind, EmailJobStatus } from "~/server/db/schema.server";

export const leadStatusOrder: readonly LeadStatus[] = ["new", "contacted", "scheduled", "won", "lost", "spam"];

export const leadStatusLabels: Record<LeadStatus, string> = {
  new: "New",
  contacted: "Contacted",
  scheduled: "Scheduled",
  won: "Won",
  lost: "Lost",
  spam: "Spam",
};

export const emailKindLabels: Record<EmailJobKind, string> = {
  "lead-notification": "Notification to the business",
  "lead-confirmation": "Confirmation to the homeowner",
};

export const emailStatusLabels: Record<EmailJobStatus, string> = {
  pending: "Waiting to be sent",
  sending: "Sending now",
  sent: "Sent",
  failed: "Failed",
};
