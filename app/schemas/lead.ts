/**
 * The words of an estimate request that the database, the server and the pages share: the
 * statuses a request moves through, the inbox's status filters, and what the admin pages call
 * each of them. Plain data (no React, nothing server-only), so components import it directly.
 */
/**
 * `review`: stored and emailed, but the spam checks doubt it (sent too fast, or with an expired or
 * reused form token): the admin checks it is a real person and marks it New (or Spam).
 */
/**
 * `quoted`: a written quote was sent (issue 27); sending moves a request here on its own, and a
 * signature moves it on to `won`.
 */
/**
 * `done`: the contractor marked the job done (issue 29); the review request is counted from then.
 */
export const leadStatuses = ["new", "review", "contacted", "scheduled", "quoted", "won", "done", "lost", "spam"] as const;
export type LeadStatus = (typeof leadStatuses)[number];

export function isLeadStatus(value: unknown): value is LeadStatus {
  return typeof value === "string" && (leadStatuses as readonly string[]).includes(value);
}

/** The statuses of a request still waiting for the contractor's first answer (issue 29). */
export const unansweredStatuses = ["new", "review"] as const satisfies readonly LeadStatus[];

/**
 * Whether moving a waiting request to `status` by hand answers it: every status but the waiting
 * ones and spam (marking spam answers nobody).
 */
export function isAnswerStatus(status: LeadStatus): boolean {
  return status !== "spam" && !(unansweredStatuses as readonly LeadStatus[]).includes(status);
}

/** The inbox's filters: every status, plus `open` (the default: every status but spam) and `all` (spam included). */
export const leadStatusFilters = ["open", ...leadStatuses, "all"] as const;
export type LeadStatusFilter = (typeof leadStatusFilters)[number];

export const leadStatusLabels: Record<LeadStatus, string> = {
  new: "New",
  review: "Needs review",
  contacted: "Contacted",
  scheduled: "Visit scheduled",
  quoted: "Quote sent",
  won: "Won",
  done: "Job done",
  lost: "Lost",
  spam: "Spam",
};

/**
 * The short reference a homeowner sees after sending a request ("Your reference: CB7EEF73") and
 * can quote on the phone: the first 8 characters of the lead's id (a random UUID), upper-cased.
 * The one place it is made: the confirmation panel, both emails, the request's page and the inbox
 * all call this, so they cannot show different ones (ADR 057).
 */
export function leadReference(id: string): string {
  return id.replace(/-/g, "").slice(0, 8).toUpperCase();
}

/**
 * The start of a lead id that a search text names as a reference, in lower case, or null when the
 * text is not one: 8 hexadecimal characters in any case, with or without a leading "#" and with
 * the space or dash a person may put in the middle ("#cb7e-ef73").
 */
export function parseLeadReference(text: string): string | null {
  const match = /^#?\s*([0-9a-f]{4})[\s-]?([0-9a-f]{4})$/i.exec(text.trim());
  return match ? `${match[1]}${match[2]}`.toLowerCase() : null;
}
