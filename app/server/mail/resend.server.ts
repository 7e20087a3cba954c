/**
 * The admin's 'Resend': put an email job back in the outbox, with a fresh MAIL_GIVE_UP_HOURS to
 * keep trying, and wake the outbox so it goes now.
 */
import type { AppServices } from "../context.server.ts";
import { isUuid } from "../ids.server.ts";
import { getEmailJob, requeueEmailJob } from "../repos/email-jobs.server.ts";

export type ResendResult = "queued" | "not-found" | "busy";

/** What the admin reads when the email is in the middle of being sent (a "busy" result). */
export const RESEND_BUSY_MESSAGE = "That email is being sent right now. Look again in a minute.";

export async function resendEmailJob({
  services,
  jobId,
  leadId,
  adminId,
}: {
  services: Pick<AppServices, "config" | "database" | "logger" | "outbox">;
  /** As posted: an id that is not one this app makes is "not-found" without a lookup. */
  jobId: string | undefined;
  /** When given, the job must belong to this estimate request. */
  leadId?: string;
  adminId: string;
}): Promise<ResendResult> {
  if (!isUuid(jobId)) return "not-found";
  const { db } = services.database;
  const job = await getEmailJob({ db, id: jobId });
  if (!job || (leadId !== undefined && job.lead_id !== leadId)) return "not-found";
  const queued = await requeueEmailJob({
    db,
    id: jobId,
    giveUpAfterMs: services.config.env.MAIL_GIVE_UP_HOURS * 3600 * 1000,
  });
  if (!queued) return (await getEmailJob({ db, id: jobId })) ? "busy" : "not-found";
  services.logger.info("email job requeued by an admin", { jobId, leadId: job.lead_id, adminId, kind: job.kind });
  services.outbox.kick();
  return "queued";
}
