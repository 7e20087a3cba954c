/** What homeowners did on a request's quotes (opened, asked, asked for changes, signed), for the request's history on the admin page. */
import type { QuoteDeps } from "#app/server/quotes/deps.server.ts";
import { listLeadQuoteEvents } from "#app/server/repos/quote-events.server.ts";
import { listLeadQuotes } from "#app/server/repos/quotes.server.ts";
import type { QuoteActivityView } from "#app/schemas/quote-view.ts";

const HOMEOWNER_KINDS = new Set(["opened", "question", "changes", "signed"]);

export async function listLeadQuoteActivity(
  deps: Pick<QuoteDeps, "database" | "clock">,
  { leadId }: { leadId: string },
): Promise<QuoteActivityView[]> {
  const db = deps.database.db;
  const [events, quotes] = await Promise.all([listLeadQuoteEvents({ db, leadId }), listLeadQuotes({ db, leadId })]);
  const numbers = new Map(quotes.map((quote) => [quote.id, quote.number]));
  return events
    .filter((event) => HOMEOWNER_KINDS.has(event.kind))
    .map((event) => ({
      id: event.id,
      kind: event.kind,
      number: numbers.get(event.quote_id) ?? 0,
      version: event.version,
      body: event.body,
      created: deps.clock.formatTime(event.created_at),
      createdIso: event.created_at,
    }));
}
