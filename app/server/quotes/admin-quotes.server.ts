/**
 * The quotes as the contractor sees them on a request's page (ADR 066): each with its stage, its
 * draft, its sent versions and signatures, its history and its link.
 */
import type { QuoteDeps } from "#app/server/quotes/deps.server.ts";
import { QuoteDocumentSchema, type QuoteDocument } from "#app/schemas/quote.ts";
import { getQuote, listLeadQuotes, updateQuoteDraft, updateQuoteToken, type QuoteRow } from "#app/server/repos/quotes.server.ts";
import { listQuoteEvents } from "#app/server/repos/quote-events.server.ts";
import { listQuoteSignatures } from "#app/server/repos/quote-signatures.server.ts";
import { linkToken, newLinkToken } from "#app/server/quotes/link-token.server.ts";
import { quotePath } from "#app/server/quotes/paths.server.ts";

/** The draft as stored; a draft that no longer parses (never expected) reads as an empty quote of the same title. */
export function parseDocument(json: string): QuoteDocument {
  const parsed = QuoteDocumentSchema.safeParse(JSON.parse(json));
  if (!parsed.success) throw new Error(`a stored quote document does not parse: ${parsed.error.message}`);
  return parsed.data;
}

/** The quote page's absolute address, in the quote's language. */
export function quoteAddress(deps: Pick<QuoteDeps, "config" | "secret">, quote: Pick<QuoteRow, "token_nonce" | "locale">): string {
  return `${deps.config.publicUrl.replace(/\/+$/, "")}${quotePath(quote.locale, linkToken(deps.secret, "quote", quote.token_nonce))}`;
}

export async function listQuotesOfLead(deps: QuoteDeps, { leadId }: { leadId: string }) {
  const db = deps.database.db;
  const quotes = await listLeadQuotes({ db, leadId });
  return Promise.all(
    quotes.map(async (quote) => ({
      quote,
      draft: parseDocument(quote.draft),
      address: quoteAddress(deps, quote),
      events: await listQuoteEvents({ db, quoteId: quote.id }),
      signatures: await listQuoteSignatures({ db, quoteId: quote.id }),
    })),
  );
}

export type SaveDraftResult = { ok: true } | { ok: false; status: 400 | 404; message: string };

/** Saves the builder's draft after validating it whole; the sent versions are never touched. */
export async function saveQuoteDraft(
  deps: QuoteDeps,
  { quoteId, document }: { quoteId: string; document: unknown },
): Promise<SaveDraftResult> {
  const parsed = QuoteDocumentSchema.safeParse(document);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return {
      ok: false,
      status: 400,
      message: `The quote could not be saved: ${issue?.path.join(" › ") ?? ""} ${issue?.message ?? ""}`.trim(),
    };
  }
  const saved = await updateQuoteDraft({ db: deps.database.db, id: quoteId, draft: JSON.stringify(parsed.data) });
  return saved ? { ok: true } : { ok: false, status: 404, message: "This quote no longer exists." };
}

/** A new link for the quote: the old one answers 404 at once. */
export async function replaceQuoteLink(deps: QuoteDeps, { quoteId }: { quoteId: string }): Promise<string | null> {
  const quote = await getQuote({ db: deps.database.db, id: quoteId });
  if (!quote) return null;
  const token = newLinkToken(deps.secret, "quote");
  await updateQuoteToken({ db: deps.database.db, id: quoteId, tokenNonce: token.nonce, tokenSha256: token.sha256 });
  deps.logger.info("quote link replaced", { quoteId });
  return quoteAddress(deps, { ...quote, token_nonce: token.nonce });
}
