/**
 * The "Quotes" section of a request's page (ADR 066): each quote with its stage, its version, its
 * options' totals as the server computes them, and the homeowner's link; and the quote templates
 * a new quote can start from.
 */
import type { QuoteDeps } from "#app/server/quotes/deps.server.ts";
import { listQuoteTemplates } from "#app/server/repos/quote-templates.server.ts";
import { listQuotesOfLead } from "#app/server/quotes/admin-quotes.server.ts";
import { serverTotals } from "#app/server/quotes/builder.server.ts";

export async function getLeadQuotesSection(deps: QuoteDeps, { leadId }: { leadId: string }) {
  const quotes = await listQuotesOfLead(deps, { leadId });
  const templates = await listQuoteTemplates({ db: deps.database.db, kind: "quote" });
  return {
    quotes: quotes.map(({ quote, draft, address }) => ({
      id: quote.id,
      number: quote.number,
      status: quote.status,
      version: quote.current_version,
      title: draft.title,
      address,
      // The draft's totals: what the next send will show (the sent version's are on the quote page).
      totals: serverTotals(draft)?.map(({ name, totals }) => ({ name, totalCents: totals.totalCents })) ?? null,
    })),
    templates: templates.map((row) => ({ id: row.id, name: row.name })),
  };
}

export type LeadQuotesSection = Awaited<ReturnType<typeof getLeadQuotesSection>>;
