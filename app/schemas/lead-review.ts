/**
 * A request's review request as its admin page shows it (issue 29): none yet, planned (with when,
 * and the reminder's time), sent (with what followed), or skipped or cancelled with the reason in
 * the admin's words. Times are already written in the site's zone. Plain data, shared by the
 * server that makes it and the page that shows it.
 */
import type { LeadStatus } from "#app/schemas/lead.ts";

export type LeadReviewView =
  | { state: "none" }
  | { state: "scheduled"; to: string; sendAt: string; reminderAt: string | null }
  | {
      state: "sent";
      to: string;
      sentAt: string;
      reminderAt: string | null;
      reminderSentAt: string | null;
      openedAt: string | null;
      clickedAt: string | null;
    }
  | { state: "skipped" | "cancelled"; reason: string }
  /** The outbox gave up on the request's email (the reason as its list says it). */
  | { state: "failed"; to: string; reason: string };

/** The stages the one-tap "Job done" is offered from: work agreed or under way. */
export const jobDoneFrom: readonly LeadStatus[] = ["contacted", "scheduled", "quoted", "won"];
