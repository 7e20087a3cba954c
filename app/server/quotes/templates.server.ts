/**
 * Saved items and quote templates (ADR 066): a line kept for reuse ("Save as item", picked again
 * with "Add a saved item"), and a whole quote kept for a common job ("Save as template", the
 * start of "New quote from template"). Both live in `quote_templates`; one name per kind, and
 * saving under a name that exists replaces it, as a file saved under its own name does.
 */
import type { QuoteDeps } from "#app/server/quotes/deps.server.ts";
import { quoteLimits, type QuoteDocument, type QuoteLine } from "#app/schemas/quote.ts";
import { cleanSingleLineText } from "#app/schemas/text.ts";
import {
  deleteQuoteTemplate,
  listQuoteTemplates,
  saveQuoteTemplate,
  updateQuoteTemplateName,
} from "#app/server/repos/quote-templates.server.ts";
import { listSavedItems } from "#app/server/quotes/builder.server.ts";

export type TemplateResult = { ok: true; message: string } | { ok: false; status: 400 | 404 | 409; message: string };

/** A template's name as typed, or the sentence refusing it. */
function templateName(typed: string | undefined): { name: string } | { error: string } {
  const name = cleanSingleLineText(typed ?? "").trim();
  if (!name) return { error: "Give the template a name, like “Bathroom refresh”." };
  if (name.length > quoteLimits.title.max) return { error: `A template's name can be at most ${quoteLimits.title.max} characters.` };
  return { name };
}

/** Keeps a line as a saved item, named by its description. */
export async function saveLineAsItem(deps: QuoteDeps, { line }: { line: QuoteLine }): Promise<TemplateResult> {
  const { id: _id, ...body } = line;
  const name = line.description.slice(0, quoteLimits.title.max);
  await saveQuoteTemplate({ db: deps.database.db, kind: "item", name, body: JSON.stringify(body) });
  return { ok: true, message: `“${name}” is saved: add it to any section with “Add a saved item”.` };
}

/** Keeps the whole quote, checked as on saving, as a template for new quotes. */
export async function saveQuoteAsTemplate(
  deps: QuoteDeps,
  { name: typed, document }: { name: string | undefined; document: QuoteDocument },
): Promise<TemplateResult> {
  const name = templateName(typed);
  if ("error" in name) return { ok: false, status: 400, message: name.error };
  await saveQuoteTemplate({ db: deps.database.db, kind: "quote", name: name.name, body: JSON.stringify(document) });
  return { ok: true, message: `Saved as the template “${name.name}”: start a new quote from it on any request's page.` };
}

/** The templates page: the saved quotes and the saved items, by name. */
export async function listTemplates(deps: QuoteDeps) {
  const quotes = await listQuoteTemplates({ db: deps.database.db, kind: "quote" });
  return {
    quotes: quotes.map((row) => ({ id: row.id, name: row.name, updatedAt: row.updated_at })),
    items: await listSavedItems(deps),
  };
}

export async function renameTemplate(
  deps: QuoteDeps,
  { id, name: typed }: { id: string; name: string | undefined },
): Promise<TemplateResult> {
  const name = templateName(typed);
  if ("error" in name) return { ok: false, status: 400, message: name.error };
  const outcome = await updateQuoteTemplateName({ db: deps.database.db, id, name: name.name });
  if (outcome === "not-found") return { ok: false, status: 404, message: "That template no longer exists." };
  if (outcome === "taken") return { ok: false, status: 409, message: `Another one is already named “${name.name}”: pick another name.` };
  return { ok: true, message: `Renamed to “${name.name}”.` };
}

export async function removeTemplate(deps: QuoteDeps, { id }: { id: string }): Promise<TemplateResult> {
  const deleted = await deleteQuoteTemplate({ db: deps.database.db, id });
  return deleted
    ? { ok: true, message: "Deleted. Quotes made from it keep their lines." }
    : { ok: false, status: 404, message: "That template no longer exists." };
}
