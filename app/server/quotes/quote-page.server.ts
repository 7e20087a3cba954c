/**
 * The homeowner's quote page (issue 27): the current sent version of the quote a link names,
 * with the totals of the homeowner's pick, in the quote's language. A wrong, malformed, replaced
 * or never-sent link is not found; the other language's address of a quote redirects to its own.
 * The first opening after a send is recorded and told to the contractor.
 */
import type { Kysely } from "kysely";
import type { DB } from "#app/server/db/schema.server.ts";
import type { QuoteDeps } from "#app/server/quotes/deps.server.ts";
import type { Locale } from "#app/i18n/locale.ts";
import { languageTags } from "#app/i18n/locale.ts";
import type { NoticeText, QuoteDocument, QuoteSelection } from "#app/schemas/quote.ts";
import { findOption, optionTotals, quoteTotals } from "#app/schemas/quote-money.ts";
import type { QuoteAgreementInput, QuoteBusiness, QuotePageView, RenderShown } from "#app/schemas/quote-view.ts";
import {
  getQuoteByTokenSha256,
  getQuoteVersion,
  markQuoteOpened,
  type QuoteRow,
  type QuoteVersionRow,
} from "#app/server/repos/quotes.server.ts";
import { getQuoteSignature, type QuoteSignatureRow } from "#app/server/repos/quote-signatures.server.ts";
import { createQuoteEvent } from "#app/server/repos/quote-events.server.ts";
import { LINK_TOKEN, tokenSha256 } from "#app/server/quotes/link-token.server.ts";
import { parseDocument } from "#app/server/quotes/admin-quotes.server.ts";
import { quotePath, quotePdfPath } from "#app/server/quotes/paths.server.ts";
import { notifyContractor, wakeNotifiers } from "#app/server/quotes/notify.server.ts";

/** A sent quote as its link finds it: the row, its current version, the document and notices as sent. */
export interface SentQuote {
  quote: QuoteRow;
  version: QuoteVersionRow;
  document: QuoteDocument;
  notices: NoticeText[];
}

/** The quote a token names, at its current sent version; null for a wrong, malformed, replaced or never-sent link. */
export async function findSentQuote(db: Kysely<DB>, token: string): Promise<SentQuote | null> {
  if (!LINK_TOKEN.test(token)) return null;
  const quote = await getQuoteByTokenSha256({ db, tokenSha256: tokenSha256(token) });
  if (!quote || quote.current_version < 1) return null;
  const version = await getQuoteVersion({ db, quoteId: quote.id, version: quote.current_version });
  if (!version) return null;
  return { quote, version, document: parseDocument(version.document), notices: parseNotices(version.notice_texts) };
}

/** The frozen notices; anything unreadable reads as none (the builder writes them, never a visitor). */
function parseNotices(json: string): NoticeText[] {
  try {
    const value: unknown = JSON.parse(json || "[]");
    return Array.isArray(value) ? (value as NoticeText[]) : [];
  } catch {
    return [];
  }
}

/**
 * The pick a page shows: the asked option when it exists (else the first), and the asked extras
 * that belong to it. A query is only a view, so anything unknown is dropped, never refused.
 */
export function resolvePick(document: QuoteDocument, asked: { optionId: string | null; extraIds: string[] }): QuoteSelection {
  const option = (asked.optionId && findOption(document, asked.optionId)) || document.options[0]!;
  const own = new Set(option.sections.flatMap((section) => section.lines.filter((line) => line.optional).map((line) => line.id)));
  return { optionId: option.id, extraIds: asked.extraIds.filter((id) => own.has(id)) };
}

function formatDay(locale: Locale, isoDay: string): string {
  if (!isoDay) return "";
  return new Intl.DateTimeFormat(languageTags[locale], { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${isoDay}T00:00:00Z`));
}

function formatInstant(locale: Locale, iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat(languageTags[locale], { dateStyle: "long", timeZone }).format(new Date(iso));
}

export async function quoteBusiness(deps: Pick<QuoteDeps, "site">): Promise<QuoteBusiness> {
  const { profile } = await deps.site.content();
  return { name: profile.name, phone: profile.phone, phoneHref: profile.phoneHref, email: profile.publicEmail };
}

/** What the agreement of `selection` is made of, for a sent quote. */
export async function agreementInput(
  deps: Pick<QuoteDeps, "site" | "clock">,
  sent: SentQuote,
  selection: QuoteSelection,
): Promise<QuoteAgreementInput> {
  const locale = sent.quote.locale;
  return {
    locale,
    number: sent.quote.number,
    version: sent.version.version,
    sentOn: formatInstant(locale, sent.version.created_at, deps.clock.timeZone),
    validUntil: formatDay(locale, sent.document.validUntil),
    expectedStart: formatDay(locale, sent.document.expectedStart),
    business: await quoteBusiness(deps),
    document: sent.document,
    notices: sent.notices,
    selection,
    totals: quoteTotals(sent.document, selection),
  };
}

export type QuotePageResult = { kind: "not-found" } | { kind: "redirect"; to: string } | { kind: "page"; view: QuotePageView };

/** The page of a quote for `token` at the address of `locale`, with the pick asked in its query. */
export async function quotePage(
  deps: QuoteDeps,
  {
    token,
    locale,
    search,
    step,
    render,
    byAdmin = false,
  }: {
    token: string;
    locale: Locale;
    search: string;
    step: "read" | "sign";
    render: RenderShown;
    /** A signed-in admin looking at the link (the contractor checking it) is not the homeowner opening it. */
    byAdmin?: boolean;
  },
): Promise<QuotePageResult> {
  const db = deps.database.db;
  const sent = await findSentQuote(db, token);
  if (!sent) return { kind: "not-found" };
  if (sent.quote.locale !== locale) return { kind: "redirect", to: quotePath(sent.quote.locale, token) + search };
  if (!byAdmin) await recordOpening(deps, sent);
  const signature = await getQuoteSignature({ db, quoteId: sent.quote.id, version: sent.version.version });
  return { kind: "page", view: await buildView(deps, { sent, token, signature, step, pick: pickOf(search), render }) };
}

function pickOf(search: string) {
  const params = new URLSearchParams(search);
  const option = params.get("option");
  return { optionId: option, extraIds: params.getAll("extra") };
}

/** The view of a sent quote: signed (locked to the signed pick), or open at `step` with `pick`. */
export async function buildView(
  deps: Pick<QuoteDeps, "site" | "clock">,
  {
    sent,
    token,
    signature,
    step,
    pick,
    render,
  }: {
    render: RenderShown;
    sent: SentQuote;
    token: string;
    signature: QuoteSignatureRow | null;
    step: "read" | "sign";
    pick: { optionId: string | null; extraIds: string[] };
  },
): Promise<QuotePageView> {
  const locale = sent.quote.locale;
  const signedPick = signature ? (JSON.parse(signature.selection) as QuoteSelection) : null;
  const selection = resolvePick(sent.document, signedPick ?? pick);
  const input = await agreementInput(deps, sent, selection);
  const shown = signature || step === "sign" ? render(input) : null;
  const today = new Date().toISOString().slice(0, 10);
  return {
    ...input,
    path: quotePath(locale, token),
    expired: Boolean(sent.document.validUntil) && sent.document.validUntil < today,
    optionTotals: optionTotals(sent.document),
    step: signature ? "signed" : step,
    shown,
    signed: signature
      ? {
          fullName: signature.full_name,
          signedOn: formatInstant(locale, signature.signed_at, deps.clock.timeZone),
          pdfHref: quotePdfPath(token),
          pdfReady: Boolean(signature.pdf_key),
        }
      : null,
  };
}

/** The first opening after a send: an event in the quote's history, and the contractor told. */
async function recordOpening(deps: QuoteDeps, { quote, version }: SentQuote): Promise<void> {
  if (quote.opened_at) return;
  const first = await deps.database.db.transaction().execute(async (trx) => {
    if (!(await markQuoteOpened({ db: trx, id: quote.id }))) return false;
    await createQuoteEvent({ db: trx, quoteId: quote.id, leadId: quote.lead_id, kind: "opened", version: version.version });
    await notifyContractor(deps, { db: trx, quote, kind: "opened", version: version.version });
    return true;
  });
  if (first) wakeNotifiers(deps);
}
