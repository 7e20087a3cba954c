/**
 * /admin/quotes (ADR 066): every quote at a glance, for a contractor between jobs: who it is for,
 * its stage, its version, its total (each option's, or the signed one), and where to open it.
 */
import type { QuoteDeps } from "#app/server/quotes/deps.server.ts";
import { listAllQuotes } from "#app/server/repos/quotes.server.ts";
import { parseDocument } from "#app/server/quotes/admin-quotes.server.ts";
import { optionTotals } from "#app/schemas/quote-money.ts";
import type { QuoteStatus } from "#app/schemas/quote.ts";

export interface QuotesPageRow {
  id: string;
  leadId: string;
  number: number;
  title: string;
  homeowner: string;
  status: QuoteStatus;
  version: number;
  spanish: boolean;
  /** Each option's total as sent (the draft's before the first send); null when a schedule does not fit. */
  totals: { name: string; totalCents: number }[] | null;
  /** "Sent Nov 22, 2026", "Opened …", "Signed …", or "Changed …" for a draft. */
  when: string;
}

export async function getQuotesPage(deps: QuoteDeps): Promise<{ quotes: QuotesPageRow[] }> {
  const rows = await listAllQuotes({ db: deps.database.db });
  return {
    quotes: rows.map((row) => {
      const document = parseDocument(row.sent_document ?? row.draft);
      let totals: QuotesPageRow["totals"];
      try {
        totals = optionTotals(document).map((t, i) => ({ name: document.options[i]?.name ?? "", totalCents: t.totalCents }));
      } catch {
        totals = null;
      }
      const when = row.signed_at
        ? `Signed ${deps.clock.formatDate(row.signed_at)}`
        : row.opened_at
          ? `Opened ${deps.clock.formatDate(row.opened_at)}`
          : row.sent_at
            ? `Sent ${deps.clock.formatDate(row.sent_at)}, not opened yet`
            : `Changed ${deps.clock.formatDate(row.updated_at)}`;
      return {
        id: row.id,
        leadId: row.lead_id,
        number: row.number,
        title: document.title,
        homeowner: row.from_name,
        status: row.status,
        version: row.current_version,
        spanish: row.locale === "es",
        totals,
        when,
      };
    }),
  };
}
