/**
 * A new quote on a request (ADR 066): a draft in the homeowner's language, starting from a saved
 * quote template or from an empty one, with the warranty and payment terms of the business
 * profile (in Spanish when the owner wrote them, for a homeowner who prefers Spanish).
 */
import type { QuoteDeps } from "#app/server/quotes/deps.server.ts";
import { emptyQuoteDocument, QuoteDocumentSchema, type QuoteDocument } from "#app/schemas/quote.ts";
import { getLead } from "#app/server/repos/leads.server.ts";
import { createQuote } from "#app/server/repos/quotes.server.ts";
import { getQuoteTemplate } from "#app/server/repos/quote-templates.server.ts";
import { newLinkToken } from "#app/server/quotes/link-token.server.ts";
import { toLocale } from "#app/i18n/locale.ts";

export type CreateQuoteResult = { ok: true; quoteId: string } | { ok: false; status: 404 | 400; message: string };

export async function createLeadQuote(
  deps: QuoteDeps,
  { leadId, templateId }: { leadId: string; templateId?: string },
): Promise<CreateQuoteResult> {
  const db = deps.database.db;
  const lead = await getLead({ db, id: leadId });
  if (!lead) return { ok: false, status: 404, message: "This request no longer exists." };
  const locale = toLocale(lead.locale);
  const profile = await deps.site.profile();
  const spanish = locale === "es";
  const fromProfile = {
    warranty: (spanish && profile.spanish.warranty) || profile.warranty,
    terms: (spanish && profile.spanish.paymentTerms) || profile.paymentTerms,
  };
  let document: QuoteDocument = emptyQuoteDocument({ title: lead.subject.slice(0, 120) || "Quote", ...fromProfile });
  if (templateId) {
    const template = await getQuoteTemplate({ db, id: templateId });
    const parsed = template?.kind === "quote" ? QuoteDocumentSchema.safeParse(JSON.parse(template.body)) : null;
    if (!parsed?.success) return { ok: false, status: 400, message: "That quote template no longer exists. Pick another or start empty." };
    document = { ...parsed.data, warranty: parsed.data.warranty || fromProfile.warranty, terms: parsed.data.terms || fromProfile.terms };
  }
  const token = newLinkToken(deps.secret, "quote");
  const quote = await createQuote({
    db,
    leadId,
    locale,
    draft: JSON.stringify(document),
    tokenNonce: token.nonce,
    tokenSha256: token.sha256,
  });
  if (!quote) return { ok: false, status: 404, message: "This request no longer exists." };
  deps.logger.info("quote created", { quoteId: quote.id, leadId, number: quote.number });
  return { ok: true, quoteId: quote.id };
}
