/**
 * The words of an estimate request that the database, the server and the pages share: the
 * statuses a request moves through, the inbox's status filters, and what the admin pages call
 * each of them. Plain data (no React, nothing server-only), so components import it directly.
 */
/**
 * `review`: stored and emailed, but the spam checks doubt it (sent too fast, or with an expired or
 * reused form token): the admin checks it is a real person and marks it New (or Spam).
 */
export const leadStatuses = ["new", "review", "contacted", "scheduled", "won", "lost", "spam"] as const;
export type LeadStatus = (typeof leadStatuses)[number];

export function isLeadStatus(value: unknown): value is LeadStatus {
  return typeof value === "string" && (leadStatuses as readonly string[]).includes(value);
}

/** The inbox's filters: every status, plus `open` (the default: every status but spam) and `all` (spam included). */
export const leadStatusFilters = ["open", ...leadStatuses, "all"] as const;
export type LeadStatusFilter = (typeof leadStatusFilters)[number];

export const leadStatusLabels: Record<LeadStatus, string> = {
  new: "New",
  review: "Needs review",
  contacted: "Contacted",
  scheduled: "Visit scheduled",
  won: "Won",
  lost: "Lost",
  spam: "Spam",
};

/**
 * The short reference a homeowner sees after sending a request ("We received your request,
 * reference 3F9A2C1D") and can quote on the phone: the first 8 characters of the lead's id.
 */
export function leadReference(id: string): string {
  return id.replace(/-/g, "").slice(0, 8).toUpperCase();
}
