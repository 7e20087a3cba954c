/**
 * Written quotes (issue 27; ADR 066): the builder's drafts on a request's page, sending a frozen
 * version, the homeowner's page of a quote with its questions and signature, the Texas notices,
 * the signed PDF and the follow-ups. The host builds this once (`createQuotes(deps)`) and routes
 * reach it as `backend.quotes`; each verb answers what the page shows.
 */
import type { QuoteDeps } from "#app/server/quotes/deps.server.ts";
import { createLeadQuote } from "#app/server/quotes/create.server.ts";
import { listQuotesOfLead, replaceQuoteLink, saveQuoteDraft } from "#app/server/quotes/admin-quotes.server.ts";
import { getLeadQuote, getQuoteBuilder, saveQuoteForm } from "#app/server/quotes/builder.server.ts";
import { getLeadQuotesSection } from "#app/server/quotes/lead-quotes.server.ts";
import { listTemplates, removeTemplate, renameTemplate, saveLineAsItem, saveQuoteAsTemplate } from "#app/server/quotes/templates.server.ts";

/** The second argument of a verb: what a caller passes once the dependencies are bound. */
type Args<F> = F extends (deps: QuoteDeps, args: infer A) => unknown ? A : never;

export function createQuotes(deps: QuoteDeps) {
  return {
    /** A new draft on a request, empty or from a saved quote template. */
    createLeadQuote: (args: Args<typeof createLeadQuote>) => createLeadQuote(deps, args),
    /** The request page's quotes section. */
    listQuotesOfLead: (args: Args<typeof listQuotesOfLead>) => listQuotesOfLead(deps, args),
    saveQuoteDraft: (args: Args<typeof saveQuoteDraft>) => saveQuoteDraft(deps, args),
    replaceQuoteLink: (args: Args<typeof replaceQuoteLink>) => replaceQuoteLink(deps, args),

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
