/**
 * Replies sent from a request's page. The only code that writes SQL for `lead_replies` (besides
 * deleting a lead, which takes its replies along: leads.server.ts). A reply and its email job are
 * stored in one transaction, so the history never shows a reply that was not queued, nor the
 * outbox an email the history lacks.
 */
import { randomUUID } from "node:crypto";
import type { Kysely, Selectable } from "kysely";
import type { DB, LeadRepliesTable } from "#app/server/db/schema.server.ts";
import type { EmailJobStatus } from "#app/schemas/email-job.ts";
import { createEmailJob } from "#app/server/repos/email-jobs.server.ts";
import { markFirstAnswered } from "#app/server/repos/leads.server.ts";

export type LeadReply = Selectable<LeadRepliesTable>;

interface LeadReplyWithDelivery extends LeadReply {
  /** Null when the author's account was deleted. */
  author_name: string | null;
  job_status: EmailJobStatus | null;
  job_attempts: number | null;
  job_sent_at: string | null;
  job_last_error: string | null;
}

/** A request's replies, oldest first, each with its email's delivery. */
export async function listLeadReplies({ db, leadId }: { db: Kysely<DB>; leadId: string }): Promise<LeadReplyWithDelivery[]> {
  return db
    .selectFrom("lead_replies")
    .leftJoin("users", "users.id", "lead_replies.author_id")
    .leftJoin("email_jobs", "email_jobs.id", "lead_replies.email_job_id")
    .selectAll("lead_replies")
    .select([
      "users.name as author_name",
      "email_jobs.status as job_status",
      "email_jobs.attempts as job_attempts",
      "email_jobs.sent_at as job_sent_at",
      "email_jobs.last_error as job_last_error",
    ])
    .where("lead_replies.lead_id", "=", leadId)
    .orderBy("lead_replies.created_at")
    .orderBy("lead_replies.id")
    .execute();
}

/**
 * Stores a reply and queues its email (kind `lead-reply`), due now, and records the request's first
 * answer if it had none (`markFirstAnswered`); null when the request does not
 * exist (any more). The request's row is locked on PostgreSQL (SQLite's write transactions are
 * serialized), so a deletion at the same moment cannot leave a reply without its request.
 */
export async function createLeadReply({
  db,
  dialect,
  leadId,
  authorId,
  recipient,
  subject,
  body,
  payload,
  giveUpAfterMs,
  now = new Date(),
}: {
  db: Kysely<DB>;
  dialect: "sqlite" | "postgres";
  leadId: string;
  authorId: string | null;
  recipient: string;
  subject: string;
  body: string;
  /** The email as the outbox sends it (mail/reply-message.server.ts). */
  payload: unknown;
  giveUpAfterMs: number;
  now?: Date;
}): Promise<LeadReply | null> {
  return db.transaction().execute(async (trx) => {
    let lead = trx.selectFrom("leads").select("id").where("id", "=", leadId);
    if (dialect === "postgres") lead = lead.forShare();
    if (!(await lead.executeTakeFirst())) return null;
    const jobId = randomUUID();
    await createEmailJob({ db: trx, id: jobId, leadId, kind: "lead-reply", recipient, payload, giveUpAfterMs, now });
    const row: LeadReply = {
      id: randomUUID(),
      lead_id: leadId,
      email_job_id: jobId,
      author_id: authorId,
      recipient,
      subject,
      body,
      created_at: now.toISOString(),
    };
    await trx.insertInto("lead_replies").values(row).execute();
    // A reply answers the request: its first answer, if none came before (issue 29).
    await markFirstAnswered({ db: trx, leadId, now });
    return row;
  });
}
