/**
 * Replying to a homeowner from a request's page (the saved templates a reply can start from are
 * in reply-templates.server.ts). Routes keep the HTTP (guards, forms, statuses); these take the services they
 * need and return what the pages show, or an outcome whose refusal carries the sentence the admin
 * reads and the status it answers with. See docs/decisions/032-reply-from-the-lead.md.
 */
import { z } from "zod";
import type { BackendBase } from "#app/server/backend-base.server.ts";
import { mailTransportName } from "#app/server/env.server.ts";
import { isUuid } from "#app/server/ids.server.ts";
import { getLead, type Lead } from "#app/server/repos/leads.server.ts";
import { createLeadReply, listLeadReplies } from "#app/server/repos/lead-replies.server.ts";
import { listReplyTemplates, type ReplyTemplate } from "#app/server/repos/reply-templates.server.ts";
import { siteSender } from "#app/server/mail/messages.server.ts";
import { leadReplyMail } from "#app/server/mail/reply-message.server.ts";
import { ensureHomeownerLink } from "#app/server/homeowner/link.server.ts";
import { homeownerUrl } from "#app/server/homeowner/rules.server.ts";
import { updateHomeownerLinkIssued } from "#app/server/repos/homeowner-links.server.ts";
import { toLocale } from "#app/i18n/locale.ts";
import { ReplySchema, fillPlaceholders, firstNameOf, replyDeliveryLabel, replyLimits, type PlaceholderValues } from "#app/schemas/reply.ts";
import { fieldErrors } from "#app/schemas/account.ts";
import { translate } from "#app/i18n/messages.ts";

type ReplyDeps = Pick<BackendBase, "config" | "database" | "logger" | "secret" | "outbox" | "site" | "clock">;

/**
 * What the reply form starts with when no template is chosen: a subject, and an empty message (a
 * prefilled greeting alone would be sent by a stray tap on "Send reply").
 */
const DEFAULT_REPLY = { subject: "Your estimate request: {service}", body: "" };

/** The same for a homeowner who prefers Spanish (ADR 064). */
const DEFAULT_REPLY_ES = { subject: translate("es", "mail.reply.subject", { service: "{service}" }), body: "" };

/** The reply's starting subject and message: the template's (its Spanish version for a Spanish lead, when it has one), or the default. */
function startingText(chosen: ReplyTemplate | null, spanish: boolean): { subject: string; body: string } {
  if (!chosen) return spanish ? DEFAULT_REPLY_ES : DEFAULT_REPLY;
  if (spanish && chosen.subject_es && chosen.body_es) return { subject: chosen.subject_es, body: chosen.body_es };
  return chosen;
}

/** What the reply form says of the homeowner's language: nothing for English. */
function spanishNote(chosen: ReplyTemplate | null, spanish: boolean): string | null {
  if (!spanish) return null;
  if (!chosen) return "This homeowner prefers Spanish (the request came from the Spanish site): write to them in Spanish if you can.";
  return chosen.subject_es && chosen.body_es
    ? "This homeowner prefers Spanish: the template's Spanish version is filled in."
    : "This homeowner prefers Spanish, but this template has no Spanish version: the English one is filled in.";
}

/** A refusal: the status to answer with and the sentence the admin reads. */
export interface ReplyRefused {
  outcome: "refused";
  status: 400 | 404 | 409;
  error: string;
  /** Each field's problem (template editor). */
  fieldErrors?: Record<string, string>;
}

/** What the placeholders of a reply to `lead` become. */
function placeholderValuesFor(lead: Pick<Lead, "from_name" | "subject">, profile: { name: string; phone: string }): PlaceholderValues {
  return {
    first_name: firstNameOf(lead.from_name),
    service: lead.subject.trim(),
    business_name: profile.name,
    business_phone: profile.phone,
  };
}

const emailAddress = z.email();

/**
 * Why this request cannot be answered by email from its page, in words for the admin; null when
 * it can. Spam is never emailed; a request without a usable address has nobody to write to; the
 * EmailJS transport has no template that carries a reply.
 */
function replyUnavailableReason(lead: Pick<Lead, "status" | "email">, transport: "smtp" | "file" | "emailjs"): string | null {
  if (lead.status === "spam") {
    return "This request is marked as spam, so it cannot be answered from here. If a real person sent it, change its status first.";
  }
  if (!emailAddress.safeParse(lead.email.trim()).success) {
    return "This request has no usable email address, so it cannot be answered by email. Call or text them instead.";
  }
  if (transport === "emailjs") {
    return "Replies are sent by this server's own email delivery (SMTP_URL); the EmailJS set-up cannot send them.";
  }
  return null;
}

/**
 * The reply section of a request's page: whom it goes to, where answers come back, the templates
 * to pick from and the form's starting text (a chosen template's, placeholders filled), the
 * replies sent so far with their delivery, or why replying is off.
 */
export async function getReplySection({
  backend,
  leadId,
  templateId,
}: {
  backend: ReplyDeps;
  leadId: string;
  /** `?template=` as the picker sent it; null when none. */
  templateId: string | null;
}) {
  const { db } = backend.database;
  const lead = await getLead({ db, id: leadId });
  if (!lead) return null;
  const [{ profile }, leadInbox, templates, replies] = await Promise.all([
    backend.site.content(),
    backend.site.leadInbox(),
    listReplyTemplates({ db }),
    listLeadReplies({ db, leadId: lead.id }),
  ]);
  const values = placeholderValuesFor(lead, profile);
  let chosen: ReplyTemplate | null = null;
  let notice: string | null = null;
  if (templateId) {
    chosen = isUuid(templateId) ? (templates.find((t) => t.id === templateId) ?? null) : null;
    if (!chosen) notice = "That template does not exist any more. Pick another one, or write the reply yourself.";
  }
  // A homeowner who prefers Spanish gets the template's Spanish version when it has one (ADR 064).
  const spanish = lead.locale === "es";
  const start = startingText(chosen, spanish);
  return {
    to: lead.email.trim(),
    name: lead.from_name,
    leadInbox,
    unavailable: replyUnavailableReason(lead, mailTransportName(backend.config.env)),
    templates: templates.map((t) => ({ id: t.id, name: t.name })),
    templateId: chosen?.id ?? null,
    notice,
    language: spanishNote(chosen, spanish),
    prefill: { subject: fillPlaceholders(start.subject, values), body: fillPlaceholders(start.body, values) },
    limits: { subject: replyLimits.subject.max, body: replyLimits.body.max },
    replies: replies.map((reply) => ({
      id: reply.id,
      to: reply.recipient,
      subject: reply.subject,
      body: reply.body,
      author: reply.author_name ?? "A deleted account",
      created: backend.clock.formatTime(reply.created_at),
      createdIso: reply.created_at,
      jobId: reply.email_job_id,
      status: reply.job_status,
      delivery: replyDeliveryLabel(reply.job_status),
      attempts: reply.job_attempts ?? 0,
      sent: reply.job_sent_at ? backend.clock.formatTime(reply.job_sent_at) : null,
      sentIso: reply.job_sent_at,
      lastError: reply.job_last_error || null,
    })),
  };
}

/**
 * Sends a reply: checked (ReplySchema), placeholders filled, stored in the request's history
 * with its email queued in the outbox (which retries until it is delivered or MAIL_GIVE_UP_HOURS
 * pass), and the outbox woken.
 */
export async function sendLeadReply({
  backend,
  lead,
  adminId,
  subject,
  body,
}: {
  backend: ReplyDeps;
  lead: Lead;
  adminId: string;
  subject: string | undefined;
  body: string | undefined;
}): Promise<{ outcome: "queued"; to: string; replyId: string } | ReplyRefused | { outcome: "lead-gone" }> {
  const { config, database, logger, outbox, site } = backend;
  const unavailable = replyUnavailableReason(lead, mailTransportName(config.env));
  if (unavailable) return { outcome: "refused", status: 409, error: unavailable };
  const parsed = ReplySchema.safeParse({ subject: subject ?? "", body: body ?? "" });
  if (!parsed.success) {
    const errors = fieldErrors<string>(parsed.error) as Record<string, string>;
    return {
      outcome: "refused",
      status: 400,
      error: `Nothing was sent: ${Object.values(errors).join(" ")}`,
      fieldErrors: errors,
    };
  }
  const [{ profile }, leadInbox] = await Promise.all([site.content(), site.leadInbox()]);
  const values = placeholderValuesFor(lead, profile);
  const filled = {
    subject: fillPlaceholders(parsed.data.subject, values),
    body: fillPlaceholders(parsed.data.body, values),
  };
  const to = lead.email.trim();
  const homeowner = { db: database.db, secret: backend.secret, email: to, now: backend.clock.now() };
  const { link, token } = await ensureHomeownerLink(homeowner);
  const payload = leadReplyMail({
    to,
    from: siteSender(config, profile.name),
    replyTo: leadInbox,
    subject: filled.subject,
    body: filled.body,
    profile,
    siteUrl: config.publicUrl,
    locale: lead.locale,
    homeownerUrl: homeownerUrl(config.publicUrl, toLocale(lead.locale), token),
  });
  const reply = await createLeadReply({
    db: database.db,
    dialect: database.dialect,
    leadId: lead.id,
    authorId: adminId,
    recipient: to.toLowerCase(),
    subject: filled.subject,
    body: filled.body,
    payload,
    giveUpAfterMs: config.env.MAIL_GIVE_UP_HOURS * 3600 * 1000,
    now: homeowner.now,
  });
  if (!reply) return { outcome: "lead-gone" };
  // The email carries the homeowner's page: its 14 days start again (ADR 069).
  await updateHomeownerLinkIssued({ db: database.db, id: link.id, now: homeowner.now });
  logger.info("reply queued by an admin", { leadId: lead.id, replyId: reply.id, jobId: reply.email_job_id, adminId });
  outbox.kick();
  return { outcome: "queued", to, replyId: reply.id };
}
