/**
 * A question or a change asked from the quote page (issue 27): stored in the quote's history
 * (which the request's page shows), marking the quote answered (it stops the follow-ups and keeps
 * its stage), and told to the contractor, all in one transaction.
 */
import type { QuoteDeps } from "#app/server/quotes/deps.server.ts";
import type { Locale } from "#app/i18n/locale.ts";
import { QuoteAskSchema, quotePageLimits, toRefusal, type QuoteRefusal } from "#app/schemas/quote-page.ts";
import { createQuoteEvent } from "#app/server/repos/quote-events.server.ts";
import { updateQuoteStatus } from "#app/server/repos/quotes.server.ts";
import { findSentQuote } from "#app/server/quotes/quote-page.server.ts";
import { notifyContractor, wakeNotifiers } from "#app/server/quotes/notify.server.ts";

export type AskResult = { kind: "not-found" } | { kind: "refused"; refusal: QuoteRefusal; max: number } | { kind: "sent"; locale: Locale };

export async function askAboutQuote(
  deps: QuoteDeps,
  { token, kind, message }: { token: string; kind: unknown; message: unknown },
): Promise<AskResult> {
  const db = deps.database.db;
  const sent = await findSentQuote(db, token);
  if (!sent) return { kind: "not-found" };
  const parsed = QuoteAskSchema.safeParse({ kind, message: typeof message === "string" ? message : "" });
  if (!parsed.success) return { kind: "refused", refusal: toRefusal(parsed.error.issues[0]?.message), max: quotePageLimits.message.max };
  const { quote, version } = sent;
  await db.transaction().execute(async (trx) => {
    await createQuoteEvent({
      db: trx,
      quoteId: quote.id,
      leadId: quote.lead_id,
      kind: parsed.data.kind,
      version: version.version,
      body: parsed.data.message,
    });
    await updateQuoteStatus({ db: trx, id: quote.id, status: quote.status, answered: true });
    await notifyContractor(deps, { db: trx, quote, kind: parsed.data.kind, version: version.version, body: parsed.data.message });
  });
  wakeNotifiers(deps);
  deps.logger.info("quote asked about", { quoteId: quote.id, kind: parsed.data.kind, version: version.version });
  return { kind: "sent", locale: quote.locale };
}
