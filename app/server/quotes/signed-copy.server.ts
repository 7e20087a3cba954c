/**
 * The homeowner's signed copy, queued in the signature's own transaction (ADR 066): an email in
 * their language with the PDF attached by reference, so a signature stored just before a crash
 * still sends its copy at the next start.
 */
import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { DB } from "#app/server/db/schema.server.ts";
import type { QuoteDeps } from "#app/server/quotes/deps.server.ts";
import { getLead } from "#app/server/repos/leads.server.ts";
import { getQuoteVersion, type QuoteRow } from "#app/server/repos/quotes.server.ts";
import { createEmailJob } from "#app/server/repos/email-jobs.server.ts";
import { siteSender, type MailAttachmentRef } from "#app/server/mail/message-parts.server.ts";
import { quoteSignedMail } from "#app/server/mail/quote-signed-message.server.ts";
import { parseDocument, quoteAddress } from "#app/server/quotes/admin-quotes.server.ts";

export async function queueSignedCopy(
  deps: Pick<QuoteDeps, "config" | "site" | "clock" | "secret">,
  {
    db,
    quote,
    version,
    signedAt,
    attachment,
    now,
  }: { db: Kysely<DB>; quote: QuoteRow; version: number; signedAt: string; attachment: MailAttachmentRef; now: Date },
): Promise<void> {
  const lead = await getLead({ db, id: quote.lead_id });
  const sent = await getQuoteVersion({ db, quoteId: quote.id, version });
  if (!lead || !sent) return;
  const { profile } = await deps.site.content();
  const mail = quoteSignedMail({
    to: lead.email,
    from: siteSender(deps.config, profile.name),
    replyTo: await deps.site.leadInbox(),
    business: profile,
    siteUrl: deps.config.publicUrl,
    locale: quote.locale,
    timeZone: deps.clock.timeZone,
    title: parseDocument(sent.document).title,
    number: quote.number,
    version,
    signedAt,
    address: quoteAddress(deps, quote),
    attachment,
  });
  await createEmailJob({
    db,
    id: randomUUID(),
    leadId: lead.id,
    kind: "quote-signed",
    recipient: lead.email,
    payload: mail,
    giveUpAfterMs: deps.config.env.MAIL_GIVE_UP_HOURS * 3600 * 1000,
    now,
  });
}
