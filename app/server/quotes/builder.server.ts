/**
 * The quote builder's page (ADR 066): a draft as the form the contractor edits, its totals as the
 * server computes them, the saved items to pick from; and saving the posted form, checked whole.
 * Saving writes the draft only: a sent version is frozen, and the next send makes a new one.
 */
import type { QuoteDeps } from "#app/server/quotes/deps.server.ts";
import { QuoteLineSchema, type QuoteDocument, type QuoteLine } from "#app/schemas/quote.ts";
import { optionTotals, ScheduleOverTotalError, type QuoteTotals } from "#app/schemas/quote-money.ts";
import { quoteFormFromDocument, type QuoteForm } from "#app/schemas/quote-form.ts";
import { documentFromQuoteForm } from "#app/schemas/quote-form-document.ts";
import { getLead } from "#app/server/repos/leads.server.ts";
import { getQuote, updateQuoteDraft, type QuoteRow } from "#app/server/repos/quotes.server.ts";
import { listQuoteTemplates } from "#app/server/repos/quote-templates.server.ts";
import { parseDocument, quoteAddress } from "#app/server/quotes/admin-quotes.server.ts";
import { translate } from "#app/i18n/messages.ts";
import { toLocale } from "#app/i18n/locale.ts";

export interface SavedItem {
  id: string;
  name: string;
  line: Omit<QuoteLine, "id">;
}

/** Each option's totals without extras, or null when its payments do not fit (a template saved before the check). */
export function serverTotals(document: QuoteDocument): { name: string; totals: QuoteTotals }[] | null {
  try {
    return optionTotals(document).map((totals, i) => ({ name: document.options[i]!.name, totals }));
  } catch (error) {
    if (error instanceof ScheduleOverTotalError) return null;
    throw error;
  }
}

/** The saved items, each a line without its id; a body that no longer parses is left out. */
export async function listSavedItems(deps: QuoteDeps): Promise<SavedItem[]> {
  const rows = await listQuoteTemplates({ db: deps.database.db, kind: "item" });
  return rows.flatMap((row) => {
    const parsed = QuoteLineSchema.omit({ id: true }).safeParse(JSON.parse(row.body));
    return parsed.success ? [{ id: row.id, name: row.name, line: parsed.data }] : [];
  });
}

/** The quote when it is one of this request's; null otherwise (the page answers 404). */
export async function getLeadQuote(deps: QuoteDeps, { leadId, quoteId }: { leadId: string; quoteId: string }): Promise<QuoteRow | null> {
  const quote = await getQuote({ db: deps.database.db, id: quoteId });
  return quote && quote.lead_id === leadId ? quote : null;
}

export async function getQuoteBuilder(deps: QuoteDeps, { leadId, quoteId }: { leadId: string; quoteId: string }) {
  const quote = await getLeadQuote(deps, { leadId, quoteId });
  const lead = quote ? await getLead({ db: deps.database.db, id: leadId }) : null;
  if (!quote || !lead) return null;
  const draft = parseDocument(quote.draft);
  const locale = toLocale(quote.locale);
  return {
    lead: { id: lead.id, name: lead.from_name, subject: lead.subject },
    quote: {
      id: quote.id,
      number: quote.number,
      status: quote.status,
      version: quote.current_version,
      locale,
      updatedAt: quote.updated_at,
    },
    form: quoteFormFromDocument(draft),
    totals: serverTotals(draft),
    items: await listSavedItems(deps),
    address: quoteAddress(deps, quote),
    // Placeholders kept for the browser, which fills the number in as parts are added.
    words: {
      option: translate(locale, "quoteBuilder.newOption", { number: "{number}" }),
      section: translate(locale, "quoteBuilder.newSection"),
    },
  };
}

export type QuoteBuilderView = NonNullable<Awaited<ReturnType<typeof getQuoteBuilder>>>;

export type SaveFormResult = { ok: true; document: QuoteDocument } | { ok: false; status: 400 | 404; message: string; field: string };

/** Saves the posted form as the draft, or says which field to fix. */
export async function saveQuoteForm(
  deps: QuoteDeps,
  { leadId, quoteId, form }: { leadId: string; quoteId: string; form: QuoteForm },
): Promise<SaveFormResult> {
  const quote = await getLeadQuote(deps, { leadId, quoteId });
  if (!quote) return { ok: false, status: 404, message: "This quote no longer exists.", field: "title" };
  const result = documentFromQuoteForm(form);
  if (!result.ok) return { ok: false, status: 400, message: result.message, field: result.field };
  const saved = await updateQuoteDraft({ db: deps.database.db, id: quoteId, draft: JSON.stringify(result.document) });
  if (!saved) return { ok: false, status: 404, message: "This quote no longer exists.", field: "title" };
  deps.logger.info("quote draft saved", { quoteId });
  return { ok: true, document: result.document };
}
