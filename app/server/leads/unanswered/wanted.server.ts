/**
 * Whether an unanswered request's reminder (`lead-waiting`, issue 29) is still wanted when its
 * time comes: the outbox asks before it sends, and removes it unsent with the reason when the
 * request was answered meanwhile, deleted, marked spam or otherwise moved on. Once it went, the
 * contractor's phones are told too (a push to every admin device), so no push goes for a reminder
 * that was dropped. Bound by the host into the outbox's `wanted` checks.
 */
import type { Kysely } from "kysely";
import type { DB } from "#app/server/db/schema.server.ts";
import { unansweredStatuses, type LeadStatus } from "#app/schemas/lead.ts";
import type { WantedCheck } from "#app/server/mail/email-job.server.ts";
import { leadWaitingPushPayload } from "#app/server/push/payload.server.ts";
import type { PushAlerts } from "#app/server/push/alerts.server.ts";
import { getLead, type Lead } from "#app/server/repos/leads.server.ts";
import { queuePushJobs } from "#app/server/repos/push-jobs.server.ts";
import type { SiteClock } from "#app/server/time.server.ts";

/** Why a request's reminder is no longer wanted, or null while the request still waits for its first answer. */
export function leadWaitingReason(lead: Lead | null): string | null {
  if (!lead) return "the request was deleted";
  if (lead.first_answered_at) return "the request was answered";
  if (lead.status === "spam") return "the request was marked as spam";
  if (!(unansweredStatuses as readonly LeadStatus[]).includes(lead.status)) return `the request is no longer waiting (${lead.status})`;
  return null;
}

/** The outbox's check for `lead-waiting` emails, and the push once one went. */
export function leadWaitingCheck({
  db,
  push,
  clock,
}: {
  db: Kysely<DB>;
  /** Woken once the reminder's alerts are queued. */
  push: Pick<PushAlerts, "kick">;
  clock: Pick<SiteClock, "now">;
}): WantedCheck {
  return {
    async reasonNotToSend(job) {
      return leadWaitingReason(job.lead_id ? await getLead({ db, id: job.lead_id }) : null);
    },
    async sent(job) {
      const lead = job.lead_id ? await getLead({ db, id: job.lead_id }) : null;
      if (!lead) return;
      const queued = await queuePushJobs({ db, leadId: lead.id, payload: leadWaitingPushPayload(lead), now: clock.now() });
      if (queued > 0) push.kick();
    },
  };
}
