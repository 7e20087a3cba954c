/**
 * The dashboard's pipeline (issue 27): for the last 30 and 90 days, requests received, visits
 * booked, quotes sent (with the sum of each one's first option as first sent: the price it
 * opened at) and quotes signed (with the sum of the signed totals), and the conversion.
 */
import type { QuoteDeps } from "#app/server/quotes/deps.server.ts";
import { QuoteDocumentSchema } from "#app/schemas/quote.ts";
import { optionTotals } from "#app/schemas/quote-money.ts";
import { getPipelineRows } from "#app/server/repos/quote-pipeline.server.ts";

export const pipelinePeriods = [30, 90] as const;

export interface PipelinePeriod {
  days: number;
  requests: number;
  visits: number;
  quotesSent: number;
  sentCents: number;
  quotesSigned: number;
  signedCents: number;
  /** Signed ÷ requests and signed ÷ quotes sent, in whole percent; null when there is nothing to divide by. */
  signedPerRequest: number | null;
  signedPerQuote: number | null;
}

const DAY_MS = 24 * 3600_000;

function percent(part: number, whole: number): number | null {
  return whole === 0 ? null : Math.round((part * 100) / whole);
}

/** A first option's total as first sent; a document that no longer parses counts as the quote without its amount. */
function firstOptionCents(document: string): number {
  const parsed = QuoteDocumentSchema.safeParse(JSON.parse(document));
  if (!parsed.success) return 0;
  try {
    return optionTotals(parsed.data)[0]?.totalCents ?? 0;
  } catch {
    return 0;
  }
}

function signedCents(totals: string): number {
  const value = (JSON.parse(totals) as { totalCents?: unknown }).totalCents;
  return typeof value === "number" && Number.isSafeInteger(value) ? value : 0;
}

export async function getPipeline(deps: Pick<QuoteDeps, "database">, { now = new Date() }: { now?: Date } = {}): Promise<PipelinePeriod[]> {
  return Promise.all(
    pipelinePeriods.map(async (days) => {
      const rows = await getPipelineRows({ db: deps.database.db, since: new Date(now.getTime() - days * DAY_MS), until: now });
      const quotesSent = rows.firstVersions.length;
      const quotesSigned = rows.signedTotals.length;
      return {
        days,
        requests: rows.requests,
        visits: rows.visits,
        quotesSent,
        sentCents: rows.firstVersions.reduce((sum, document) => sum + firstOptionCents(document), 0),
        quotesSigned,
        signedCents: rows.signedTotals.reduce((sum, totals) => sum + signedCents(totals), 0),
        signedPerRequest: percent(quotesSigned, rows.requests),
        signedPerQuote: percent(quotesSigned, quotesSent),
      };
    }),
  );
}
