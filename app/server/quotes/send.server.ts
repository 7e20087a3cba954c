/**
 * Sending a quote (issue 27): the builder's draft is checked whole, then frozen as the next
 * version, and in the same transaction go the "sent" event, the email to the homeowner in their
 * language, the follow-ups (replacing the earlier version's), and the request's stage "Quote
 * sent". A refusal is one sentence the builder shows as it is (400).
 */
import { randomUUID } from "node:crypto";
import type { Transaction } from "kysely";
import type { DB } from "#app/server/db/schema.server.ts";
import type { QuoteDeps } from "#app/server/quotes/deps.server.ts";
import { QuoteDocumentSchema, type QuoteDocument } from "#app/schemas/quote.ts";
import { optionTotals, scheduleProblem } from "#app/schemas/quote-money.ts";
import { followUpDays } from "#app/schemas/quote-follow-ups.ts";
import { getLead, markFirstAnswered, type Lead } from "#app/server/repos/leads.server.ts";
import {
  createQuoteVersion,
  getQuote,
  getQuoteVersion,
  listLeadQuotes,
  type QuoteRow,
  type QuoteVersionRow,
} from "#app/server/repos/quotes.server.ts";
import { createQuoteEvent } from "#app/server/repos/quote-events.server.ts";
import { createScheduledEmailJobs, type ScheduledEmailJob } from "#app/server/repos/email-jobs.server.ts";
import { siteSender } from "#app/server/mail/messages.server.ts";
import { formatCents, quoteMail, type QuoteMailFacts } from "#app/server/mail/quote-messages.server.ts";
import { quoteAddress } from "#app/server/quotes/admin-quotes.server.ts";
import { deleteOlderFollowUps, getFollowUpSettings } from "#app/server/quotes/follow-ups.server.ts";
import { markLeadQuoted } from "#app/server/quotes/lead-stage.server.ts";
import { createQuoteNoticeTemplates } from "#app/server/quotes/notice-templates.server.ts";
import { toLocale } from "#app/i18n/locale.ts";

const DAY_MS = 24 * 3600_000;

export type SendQuoteResult = { ok: true; version: number; message: string } | { ok: false; status: 400 | 404; message: string };

/**
 * A request's quotes as the "Send" buttons show them, newest first. Read apart from the builder's
 * list so that a draft that does not parse (never saved by the builder) cannot break the page.
 */
export async function listQuotesToSend(deps: QuoteDeps, { leadId }: { leadId: string }) {
  const quotes = await listLeadQuotes({ db: deps.database.db, leadId });
  return quotes.map((quote) => {
    let title = "";
    try {
      const parsed = QuoteDocumentSchema.shape.title.safeParse((JSON.parse(quote.draft) as { title?: unknown }).title);
      title = parsed.success ? parsed.data : "";
    } catch {
      // An unreadable draft keeps its number; sending it says why it cannot go.
    }
    return { id: quote.id, number: quote.number, title: title || "Untitled", status: quote.status, currentVersion: quote.current_version };
  });
}

/** The draft as it may be sent, or the sentence that says why not. */
export function checkDraft(draft: string, today: string): { ok: true; document: QuoteDocument } | { ok: false; message: string } {
  let json: unknown;
  try {
    json = JSON.parse(draft);
  } catch {
    return { ok: false, message: "The quote's draft could not be read. Save it again before sending." };
  }
  const parsed = QuoteDocumentSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { ok: false, message: `The quote is not ready to send: ${issue?.path.join(" › ") ?? ""} ${issue?.message ?? ""}`.trim() };
  }
  const document = parsed.data;
  const empty = document.options.find((option) => option.sections.every((section) => section.lines.length === 0));
  if (empty) return { ok: false, message: `The option “${empty.name}” has no lines yet. Add at least one line to it before sending.` };
  const problem = scheduleProblem(document);
  if (problem) {
    const name = document.options.find((option) => option.id === problem.optionId)?.name ?? problem.optionId;
    return {
      ok: false,
      message: `The payments of “${name}” add up to ${formatCents(problem.overCents, "en")} more than its total. Lower the deposit or a milestone before sending.`,
    };
  }
  if (document.validUntil && document.validUntil < today) {
    return {
      ok: false,
      message: `The quote says it is valid until ${document.validUntil}, which has passed. Choose a later date before sending.`,
    };
  }
  return { ok: true, document };
}

/** What the emails say, worked out before the transaction (the version's number is known only inside it). */
async function mailFacts(deps: QuoteDeps, { quote, lead, document }: { quote: QuoteRow; lead: Lead; document: QuoteDocument }) {
  const { profile } = await deps.site.content();
  const previous =
    quote.current_version > 0 ? await getQuoteVersion({ db: deps.database.db, quoteId: quote.id, version: quote.current_version }) : null;
  const base: Omit<QuoteMailFacts, "kind"> = {
    to: lead.email,
    from: siteSender(deps.config, profile.name),
    replyTo: await deps.site.leadInbox(),
    name: lead.from_name,
    business: profile,
    siteUrl: deps.config.publicUrl,
    locale: toLocale(quote.locale),
    timeZone: deps.clock.timeZone,
    title: document.title,
    address: quoteAddress(deps, quote),
    options: optionTotals(document).map((totals, index) => ({ name: document.options[index]?.name ?? "", totalCents: totals.totalCents })),
    hasExtras: document.options.some((option) => option.sections.some((section) => section.lines.some((line) => line.optional))),
    validUntil: document.validUntil,
  };
  return previous ? { ...base, replacesSentAt: previous.created_at } : base;
}

/** The quote's email now, and each follow-up on its day (each due again only if still wanted). */
function quoteJobs(
  deps: QuoteDeps,
  {
    facts,
    version,
    lead,
    days,
    now,
  }: { facts: Omit<QuoteMailFacts, "kind">; version: QuoteVersionRow; lead: Lead; days: number[]; now: Date },
): ScheduledEmailJob[] {
  const giveUpMs = deps.config.env.MAIL_GIVE_UP_HOURS * 3600_000;
  const job = (kind: ScheduledEmailJob["kind"], payload: unknown, dueAt: Date): ScheduledEmailJob => ({
    id: randomUUID(),
    leadId: lead.id,
    kind,
    recipient: lead.email,
    payload,
    dueAt,
    giveUpAt: new Date(dueAt.getTime() + giveUpMs),
  });
  const mark = { quoteId: version.quote_id, version: version.version };
  return [
    job("quote-sent", quoteMail({ ...facts, kind: "quote-sent" }), now),
    ...days.map((d, index) =>
      job(
        "quote-follow-up",
        quoteMail({ ...facts, kind: "quote-follow-up", followUp: { round: index === 0 ? 1 : 2, sentAt: now.toISOString(), mark } }),
        new Date(now.getTime() + d * DAY_MS),
      ),
    ),
  ];
}

export async function sendQuote(
  deps: QuoteDeps,
  { quoteId, adminId, now = deps.clock.now() }: { quoteId: string; adminId: string; now?: Date },
): Promise<SendQuoteResult> {
  const db = deps.database.db;
  const quote = await getQuote({ db, id: quoteId });
  const lead = quote ? await getLead({ db, id: quote.lead_id }) : null;
  if (!quote || !lead) return { ok: false, status: 404, message: "This quote no longer exists." };
  if (lead.status === "spam")
    return { ok: false, status: 400, message: "This request is marked as spam. Change its status before sending a quote." };
  const checked = checkDraft(quote.draft, deps.clock.localDate(now));
  if (!checked.ok) return { ok: false, status: 400, message: checked.message };
  const facts = await mailFacts(deps, { quote, lead, document: checked.document });
  // The Texas notices' words as they are now, in the quote's language, frozen with the version (ADR 067).
  const { profile } = await deps.site.content();
  const noticeTexts = await createQuoteNoticeTemplates(deps).textsFor({
    notices: checked.document.notices,
    locale: toLocale(quote.locale),
    business: { name: profile.name, address: profile.streetAddress ?? "" },
  });
  const days = followUpDays(await getFollowUpSettings(deps));
  let removed = 0;
  let moved = false;
  const version = await createQuoteVersion({
    db,
    dialect: deps.database.dialect,
    quoteId,
    document: JSON.stringify(checked.document),
    noticeTexts: JSON.stringify(noticeTexts),
    now,
    inTransaction: async (trx: Transaction<DB>, frozen) => {
      removed = await deleteOlderFollowUps(trx, { leadId: lead.id, quoteId, version: frozen.version });
      await createScheduledEmailJobs({ db: trx, jobs: quoteJobs(deps, { facts, version: frozen, lead, days, now }), now });
      await createQuoteEvent({ db: trx, quoteId, leadId: lead.id, kind: "sent", version: frozen.version, now });
      moved = await markLeadQuoted(trx, lead.id);
      // A quote sent answers the request, if nothing did before (issue 29).
      await markFirstAnswered({ db: trx, leadId: lead.id, now });
    },
  });
  if (!version) return { ok: false, status: 404, message: "This quote no longer exists." };
  deps.outbox.kick();
  deps.logger.info("quote sent", {
    quoteId,
    leadId: lead.id,
    version: version.version,
    followUps: days,
    replacedFollowUps: removed,
    adminId,
  });
  if (moved) deps.logger.info("lead status changed", { leadId: lead.id, from: lead.status, to: "quoted", adminId });
  const which = version.version > 1 ? `Version ${version.version} of quote ${quote.number}` : `Quote ${quote.number}`;
  const followUps =
    days.length === 0 ? "No follow-ups are set." : `Follow-ups go ${days.join(" and ")} days from now unless they answer first.`;
  return { ok: true, version: version.version, message: `${which} is on its way to ${lead.email}. ${followUps}` };
}
