/**
 * The admin's 'Resend': put an email job back in the outbox, with a fresh MAIL_GIVE_UP_HOURS to
 * keep trying, and wake the outbox so it goes now.
 */
import type { BackendBase } from "#app/server/backend-base.server.ts";
import { isUuid } from "#app/server/ids.server.ts";
import { getEmailJob, requeueEmailJob } from "#app/server/repos/email-jobs.server.ts";
import { emailKindLabels, type EmailJobKind } from "#app/schemas/email-job.ts";

export type ResendResult = "queued" | "not-found" | "busy";

/** What the admin reads when the email is in the middle of being sent (a "busy" result). */
export const RESEND_BUSY_MESSAGE = "That email is being sent right now. Look again in a minute.";

/** What a resend needs (the mail object on the backend binds it: mail.server.ts). */
export type ResendDeps = Pick<BackendBase, "config" | "database" | "logger" | "outbox">;

export interface ResendArgs {
  /** As posted: an id that is not one this app makes is "not-found" without a lookup. */
  jobId: string | undefined;
  /** When given, the job must belong to this estimate request. */
  leadId?: string;
  adminId: string;
}

export async function resendEmailJob(deps: ResendDeps, args: ResendArgs): Promise<ResendResult> {
  const result = await requeue(deps, args);
  return typeof result === "string" ? result : "queued";
}

/**
 * 'Resend' on a request's page: as `resendEmailJob`, and when it is queued, the sentence that says
 * which email goes out again.
 */
export async function resendLeadEmail(
  deps: ResendDeps,
  args: ResendArgs & { leadId: string },
): Promise<{ outcome: "queued"; message: string } | { outcome: "not-found" } | { outcome: "busy" }> {
  const result = await requeue(deps, args);
  if (result === "not-found") return { outcome: "not-found" };
  if (result === "busy") return { outcome: "busy" };
  return { outcome: "queued", message: resentMessage(result.kind) };
}

/** What the admin reads once an email is back in the outbox. */
function resentMessage(kind: EmailJobKind): string {
  return `The ${emailKindLabels[kind].toLowerCase()} was put back in the outbox and is being sent again.`;
}

async function requeue(
  { config, database, logger, outbox }: ResendDeps,
  { jobId, leadId, adminId }: ResendArgs,
): Promise<{ kind: EmailJobKind } | "not-found" | "busy"> {
  if (!isUuid(jobId)) return "not-found";
  const { db } = database;
  const job = await getEmailJob({ db, id: jobId });
  if (!job || (leadId !== undefined && job.lead_id !== leadId)) return "not-found";
  const queued = await requeueEmailJob({
    db,
    id: jobId,
    giveUpAfterMs: config.env.MAIL_GIVE_UP_HOURS * 3600 * 1000,
  });
  if (!queued) return (await getEmailJob({ db, id: jobId })) ? "busy" : "not-found";
  logger.info("email job requeued by an admin", { jobId, leadId: job.lead_id, adminId, kind: job.kind });
  outbox.kick();
  return { kind: job.kind };
}
