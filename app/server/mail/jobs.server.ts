/**
 * The outbox as the admin pages show it: one request's emails, and the emails that failed for
 * good (the dashboard), each as the facts an email card shows, with times in Houston's time.
 */
import type { Kysely } from "kysely";
import type { DB } from "../db/schema.server.ts";
import { countEmailJobs, listEmailJobs, listEmailJobsWithLeads, type EmailJob } from "../repos/email-jobs.server.ts";
import { formatHoustonTime } from "../time.server.ts";

/** A job that is being sent, or waiting to be within the minute: its card will change soon. */
const SOON_MS = 60_000;

function emailJobView({ id, kind, recipient, status, attempts, sent_at, next_attempt_at }: EmailJob) {
  const changingSoon = status === "sending" || (status === "pending" && Date.parse(next_attempt_at) <= Date.now() + SOON_MS);
  return { id, kind, recipient, status, attempts, sent: sent_at ? formatHoustonTime(sent_at) : null, sentIso: sent_at, changingSoon };
}

/** A request's emails, oldest first; an email shows a last error only when it has one. */
export async function listLeadEmails({ db, leadId }: { db: Kysely<DB>; leadId: string }) {
  const jobs = await listEmailJobs({ db, leadId });
  return jobs.map((job) => ({ ...emailJobView(job), lastError: job.last_error || null }));
}

/**
 * The emails that failed for good, most recent first (at most `limit`), with the request each
 * belongs to (null once it was deleted), and how many there are in all.
 */
export async function listFailedEmails({ db, limit }: { db: Kysely<DB>; limit: number }) {
  const [jobs, total] = await Promise.all([
    listEmailJobsWithLeads({ db, status: "failed", limit }),
    countEmailJobs({ db, status: "failed" }),
  ]);
  return {
    jobs: jobs.map((job) => ({
      ...emailJobView(job),
      lastError: job.last_error ?? "(no error recorded)",
      request: job.lead_id ? { id: job.lead_id, label: `${job.lead_from_name ?? "Unknown"}: ${job.lead_subject ?? ""}` } : null,
    })),
    total,
  };
}
