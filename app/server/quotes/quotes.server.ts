/**
 * Written quotes (issue 27; ADR 066): the builder's drafts on a request's page, sending a frozen
 * version, the homeowner's page of a quote with its questions and signature, the Texas notices,
 * the signed PDF and the follow-ups. The host builds this once (`createQuotes(deps)`) and routes
 * reach it as `backend.quotes`; each verb answers what the page shows.
 */
import type { QuoteDeps } from "#app/server/quotes/deps.server.ts";
import { getQuotesPage } from "#app/server/quotes/quotes-page.server.ts";
import { createLeadQuote } from "#app/server/quotes/create.server.ts";
import { listQuotesOfLead, replaceQuoteLink, saveQuoteDraft } from "#app/server/quotes/admin-quotes.server.ts";
import { quoteAttachment, signedQuotePdf } from "#app/server/quotes/signed-pdf.server.ts";
import { listQuotesToSend, sendQuote } from "#app/server/quotes/send.server.ts";
import { getFollowUpSettings, saveFollowUpSettings } from "#app/server/quotes/follow-ups.server.ts";
import { getPipeline } from "#app/server/quotes/pipeline.server.ts";
import { quotePage } from "#app/server/quotes/quote-page.server.ts";
import { askAboutQuote } from "#app/server/quotes/ask.server.ts";
import { signQuote } from "#app/server/quotes/sign.server.ts";
import { openSignedPdf } from "#app/server/quotes/signed-pdf.server.ts";
import { listLeadQuoteActivity } from "#app/server/quotes/lead-activity.server.ts";
import { getLeadQuote, getQuoteBuilder, saveQuoteForm } from "#app/server/quotes/builder.server.ts";
import { getLeadQuotesSection } from "#app/server/quotes/lead-quotes.server.ts";
import { listTemplates, removeTemplate, renameTemplate, saveLineAsItem, saveQuoteAsTemplate } from "#app/server/quotes/templates.server.ts";

/** The second argument of a verb: what a caller passes once the dependencies are bound. */
type Args<F> = F extends (deps: QuoteDeps, args: infer A) => unknown ? A : never;

export function createQuotes(deps: QuoteDeps) {
  return {
    /** A new draft on a request, empty or from a saved quote template. */
    createLeadQuote: (args: Args<typeof createLeadQuote>) => createLeadQuote(deps, args),
    /** /admin/quotes: every quote at a glance. */
    getQuotesPage: () => getQuotesPage(deps),
    /** The request page's quotes section. */
    listQuotesOfLead: (args: Args<typeof listQuotesOfLead>) => listQuotesOfLead(deps, args),
    saveQuoteDraft: (args: Args<typeof saveQuoteDraft>) => saveQuoteDraft(deps, args),
    replaceQuoteLink: (args: Args<typeof replaceQuoteLink>) => replaceQuoteLink(deps, args),
    /** A signature's PDF, made and stored on first use. */
    signedQuotePdf: (args: Args<typeof signedQuotePdf>) => signedQuotePdf(deps, args),
    /** The outbox's reader of "signed-quote:<id>" attachments. */
    attachment: (ref: string) => quoteAttachment(deps, ref),

    // Sending, the follow-ups and the pipeline.
    /** Freezes the draft as the next version and sends it, with its follow-ups; or the sentence why not. */
    sendQuote: (args: Args<typeof sendQuote>) => sendQuote(deps, args),
    /** The request page's "Send" buttons. */
    listQuotesToSend: (args: Args<typeof listQuotesToSend>) => listQuotesToSend(deps, args),
    getFollowUpSettings: () => getFollowUpSettings(deps),
    saveFollowUpSettings: (args: Args<typeof saveFollowUpSettings>) => saveFollowUpSettings(deps, args),
    /** The dashboard's pipeline for the last 30 and 90 days. */
    getPipeline: (args: Args<typeof getPipeline> = {}) => getPipeline(deps, args),

    // The homeowner's quote page: reading, asking, signing, the signed PDF.
    quotePage: (args: Args<typeof quotePage>) => quotePage(deps, args),
    askAboutQuote: (args: Args<typeof askAboutQuote>) => askAboutQuote(deps, args),
    signQuote: (args: Args<typeof signQuote>) => signQuote(deps, args),
    openSignedPdf: (args: Args<typeof openSignedPdf>) => openSignedPdf(deps, args),
    /** The homeowner's answers on a request's quotes, for its history on the admin page. */
    listLeadQuoteActivity: (args: Args<typeof listLeadQuoteActivity>) => listLeadQuoteActivity(deps, args),

    // The builder: the request page's section, the builder's page and its saving, saved items and templates.
    getLeadQuotesSection: (args: Args<typeof getLeadQuotesSection>) => getLeadQuotesSection(deps, args),
    getLeadQuote: (args: Args<typeof getLeadQuote>) => getLeadQuote(deps, args),
    getQuoteBuilder: (args: Args<typeof getQuoteBuilder>) => getQuoteBuilder(deps, args),
    saveQuoteForm: (args: Args<typeof saveQuoteForm>) => saveQuoteForm(deps, args),
    saveLineAsItem: (args: Args<typeof saveLineAsItem>) => saveLineAsItem(deps, args),
    saveQuoteAsTemplate: (args: Args<typeof saveQuoteAsTemplate>) => saveQuoteAsTemplate(deps, args),
    listTemplates: () => listTemplates(deps),
    renameTemplate: (args: Args<typeof renameTemplate>) => renameTemplate(deps, args),
    removeTemplate: (args: Args<typeof removeTemplate>) => removeTemplate(deps, args),
  };
}

export type Quotes = ReturnType<typeof createQuotes>;
