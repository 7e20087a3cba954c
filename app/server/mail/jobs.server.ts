/**
 * The outbox as the admin pages show it: one request's emails, and the emails that failed for
 * good (the dashboard), each as the facts an email card shows, with times in the site's zone.
 */
import type { Kysely } from "kysely";
import type { DB } from "#app/server/db/schema.server.ts";
import { countEmailJobs, listEmailJobs, listEmailJobsWithLeads, type EmailJob } from "#app/server/repos/email-jobs.server.ts";
import type { SiteClock } from "#app/server/time.server.ts";

/** A job that is being sent, or waiting to be within the minute: its card will change soon. */
const SOON_MS = 60_000;

function emailJobView({ id, kind, recipient, status, attempts, sent_at, next_attempt_at }: EmailJob, clock: SiteClock) {
  const changingSoon = status === "sending" || (status === "pending" && Date.parse(next_attempt_at) <= Date.now() + SOON_MS);
  // Queued for later and never tried (a quote's follow-up, an unanswered request's reminder): when it goes.
  const later = status === "pending" && attempts === 0 && Date.parse(next_attempt_at) > clock.now().getTime() + SOON_MS;
  return {
    id,
    kind,
    recipient,
    status,
    attempts,
    sent: sent_at ? clock.formatTime(sent_at) : null,
    sentIso: sent_at,
    changingSoon,
    scheduled: later ? { at: clock.formatTime(next_attempt_at), iso: next_attempt_at } : null,
  };
}

/** A request's emails, oldest first; an email shows a last error only when it has one. */
export async function listLeadEmails({ db, clock, leadId }: { db: Kysely<DB>; clock: SiteClock; leadId: string }) {
  const jobs = await listEmailJobs({ db, leadId });
  return jobs.map((job) => ({ ...emailJobView(job, clock), lastError: job.last_error || null }));
}

/**
 * The emails that failed for good, most recent first (at most `limit`), with the request each
 * belongs to (null once it was deleted), and how many there are in all.
 */
export async function listFailedEmails({ db, clock, limit }: { db: Kysely<DB>; clock: SiteClock; limit: number }) {
  const [jobs, total] = await Promise.all([
    listEmailJobsWithLeads({ db, status: "failed", limit }),
    countEmailJobs({ db, status: "failed" }),
  ]);
  return {
    jobs: jobs.map((job) => ({
      ...emailJobView(job, clock),
      lastError: job.last_error ?? "(no error recorded)",
      request: job.lead_id ? { id: job.lead_id, label: `${job.lead_from_name ?? "Unknown"}: ${job.lead_subject ?? ""}` } : null,
    })),
    total,
  };
}
