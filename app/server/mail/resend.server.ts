/**
 * The admin's 'Resend': put an email job back in the outbox, with a fresh MAIL_GIVE_UP_HOURS to
 * keep trying, and wake the outbox so it goes now.
 */
import type { AppServices } from "../context.server.ts";
import { isUuid } from "../ids.server.ts";
import { getEmailJob, requeueEmailJob } from "../repos/email-jobs.server.ts";
import { emailKindLabels, type EmailJobKind } from "../../schemas/email-job.ts";

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
  const result = await requeue({ services, jobId, leadId, adminId });
  return typeof result === "string" ? result : "queued";
}

/**
 * 'Resend' on a request's page: as `resendEmailJob`, and when it is queued, the sentence that says
 * which email goes out again.
 */
export async function resendLeadEmail(args: {
  services: Pick<AppServices, "config" | "database" | "logger" | "outbox">;
  jobId: string | undefined;
  leadId: string;
  adminId: string;
}): Promise<{ outcome: "queued"; message: string } | { outcome: "not-found" } | { outcome: "busy" }> {
  const result = await requeue(args);
  if (result === "not-found") return { outcome: "not-found" };
  if (result === "busy") return { outcome: "busy" };
  return { outcome: "queued", message: resentMessage(result.kind) };
}

/** What the admin reads once an email is back in the outbox. */
export function resentMessage(kind: EmailJobKind): string {
  return `The ${emailKindLabels[kind].toLowerCase()} was put back in the outbox and is being sent again.`;
}

async function requeue({
  services,
  jobId,
  leadId,
  adminId,
}: {
  services: Pick<AppServices, "config" | "database" | "logger" | "outbox">;
  jobId: string | undefined;
  leadId?: string;
  adminId: string;
}): Promise<{ kind: EmailJobKind } | "not-found" | "busy"> {
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
  return { kind: job.kind };
}
