/**
 * Telling the contractor what a homeowner did with a quote (issue 27, "the contractor is told by
 * email and push when it is opened, approved, questioned or signed"): an email to the business
 * inbox through the outbox, and a push alert to every admin device, both queued in the caller's
 * transaction with the change that causes them, so neither is lost nor sent for a change that
 * was rolled back. Call `wakeNotifiers` after the commit so they go out at once.
 */
import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { DB } from "#app/server/db/schema.server.ts";
import type { QuoteDeps } from "#app/server/quotes/deps.server.ts";
import { getLead } from "#app/server/repos/leads.server.ts";
import { createEmailJob } from "#app/server/repos/email-jobs.server.ts";
import { queuePushJobs } from "#app/server/repos/push-jobs.server.ts";
import type { QuoteRow } from "#app/server/repos/quotes.server.ts";
import { siteSender, type MailAttachmentRef } from "#app/server/mail/message-parts.server.ts";
import { quoteActivityMail, type QuoteActivityKind } from "#app/server/mail/quote-activity-message.server.ts";
import { quotePushPayload } from "#app/server/push/payload.server.ts";

const EMAIL_SHAPE = /^[^\s@<>]+@[^\s@<>]+$/;

export async function notifyContractor(
  deps: Pick<QuoteDeps, "config" | "site" | "clock">,
  {
    db,
    quote,
    kind,
    version,
    body = "",
    attachments,
    now = new Date(),
  }: {
    /** The transaction that stores the change. */
    db: Kysely<DB>;
    quote: Pick<QuoteRow, "id" | "lead_id" | "number">;
    kind: QuoteActivityKind;
    version: number;
    body?: string;
    /** The signed PDF, for the business's copy of a signature. */
    attachments?: MailAttachmentRef[];
    now?: Date;
  },
): Promise<void> {
  const lead = await getLead({ db, id: quote.lead_id });
  const [{ profile }, inbox] = await Promise.all([deps.site.content(), deps.site.leadInbox()]);
  const homeowner = lead?.from_name ?? "";
  const email = lead?.email.trim() ?? "";
  const mail = quoteActivityMail({
    to: inbox,
    from: siteSender(deps.config, profile.name),
    replyTo: EMAIL_SHAPE.test(email) ? email : null,
    siteUrl: deps.config.publicUrl,
    kind,
    number: quote.number,
    version,
    homeowner,
    subject: lead?.subject ?? "",
    leadId: quote.lead_id,
    body,
    when: deps.clock.formatLongTime(now.toISOString()),
  });
  if (inbox) {
    await createEmailJob({
      db,
      id: randomUUID(),
      leadId: quote.lead_id,
      kind: "quote-activity",
      recipient: inbox,
      payload: attachments?.length ? { ...mail, attachments } : mail,
      giveUpAfterMs: deps.config.env.MAIL_GIVE_UP_HOURS * 3600 * 1000,
      now,
    });
  }
  await queuePushJobs({
    db,
    leadId: quote.lead_id,
    payload: quotePushPayload({ kind, number: quote.number, version, leadId: quote.lead_id }),
    now,
  });
}

/** Sends what `notifyContractor` queued now rather than at the workers' next look. */
export function wakeNotifiers(deps: Pick<QuoteDeps, "outbox" | "push">): void {
  deps.outbox.kick();
  deps.push.kick();
}
