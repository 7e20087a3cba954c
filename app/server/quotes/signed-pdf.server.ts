/**
 * The signed quote's PDF as it is kept and sent (ADR 066, 068): made from the signature's record
 * the first time anything needs it (the email to the homeowner, the one to the business, a
 * download), stored under `quotes/{quote id}/signed-v{version}.pdf`, and read from there after.
 * The same record always draws the same bytes, so two sends racing to make it store the same file.
 */
import { buffer } from "node:stream/consumers";
import type { QuoteDeps } from "#app/server/quotes/deps.server.ts";
import { parseDocument } from "#app/server/quotes/admin-quotes.server.ts";
import { renderQuotePdf, type QuotePdfInput } from "#app/server/quotes/pdf.server.ts";
import { fillNoticeDates } from "#app/server/quotes/notices.server.ts";
import { cancellationDeadline, localDateIn } from "#app/content/texas-business-days.ts";
import { QuoteSelectionSchema, type NoticeText } from "#app/schemas/quote.ts";
import { quoteTotals } from "#app/schemas/quote-money.ts";
import { getLead } from "#app/server/repos/leads.server.ts";
import { getQuote, getQuoteVersion } from "#app/server/repos/quotes.server.ts";
import {
  getQuoteSignatureById,
  listQuoteSignatures,
  updateQuoteSignaturePdf,
  type QuoteSignatureRow,
} from "#app/server/repos/quote-signatures.server.ts";
import { findSentQuote } from "#app/server/quotes/quote-page.server.ts";

/** The outbox's reference to a signed quote's PDF: "signed-quote:<signature id>". */
export const SIGNED_QUOTE_REF = "signed-quote:";

export function signedPdfKey(signature: Pick<QuoteSignatureRow, "quote_id" | "version">): string {
  return `quotes/${signature.quote_id}/signed-v${signature.version}.pdf`;
}

/** The PDF's file name as the homeowner saves it: "quote-1042-v2.pdf". */
export function signedPdfName(number: number, version: number): string {
  return `quote-${number}-v${version}.pdf`;
}

/** The signed PDF's bytes, made and stored on first use; null when the signature does not exist. */
export async function signedQuotePdf(deps: QuoteDeps, { signatureId }: { signatureId: string }): Promise<Buffer | null> {
  const db = deps.database.db;
  const signature = await getQuoteSignatureById({ db, id: signatureId });
  if (!signature) return null;
  if (signature.pdf_key) {
    const stored = await deps.blobStore.get(signature.pdf_key);
    if (stored) return buffer(stored.body);
  }
  const input = await pdfInput(deps, signature);
  if (!input) return null;
  const bytes = await renderQuotePdf(input);
  const key = signedPdfKey(signature);
  await deps.blobStore.put(key, bytes, { contentType: "application/pdf" });
  await updateQuoteSignaturePdf({ db, id: signature.id, pdfKey: key });
  deps.logger.info("signed quote PDF made", { quoteId: signature.quote_id, version: signature.version, bytes: bytes.length });
  return bytes;
}

async function pdfInput(deps: QuoteDeps, signature: QuoteSignatureRow): Promise<QuotePdfInput | null> {
  const db = deps.database.db;
  const quote = await getQuote({ db, id: signature.quote_id });
  const version = quote && (await getQuoteVersion({ db, quoteId: quote.id, version: signature.version }));
  const lead = quote && (await getLead({ db, id: quote.lead_id }));
  if (!quote || !version || !lead) return null;
  const document = parseDocument(version.document);
  const selection = QuoteSelectionSchema.parse(JSON.parse(signature.selection));
  const signedAt = new Date(signature.signed_at);
  const timeZone = deps.clock.timeZone;
  const notices = fillNoticeDates(JSON.parse(version.notice_texts) as NoticeText[], {
    transactionDate: localDateIn(signedAt, timeZone),
    cancelByDate: cancellationDeadline(signedAt, timeZone),
    locale: quote.locale,
  });
  const profile = await deps.site.profile();
  return {
    business: {
      name: profile.name,
      phone: profile.phone,
      email: profile.publicEmail,
      streetAddress: profile.street,
      cityLine: [profile.city, [profile.region, profile.postalCode].filter(Boolean).join(" ")].filter(Boolean).join(", "),
      licenceLine: profile.licences.map((licence) => `${licence.label} ${licence.number}`.trim()).join(" · "),
    },
    quoteNumber: quote.number,
    version: signature.version,
    locale: quote.locale,
    document,
    selection,
    // Recomputed from the version and the pick, as when it was signed (the stored totals say the same).
    totals: quoteTotals(document, selection),
    notices,
    homeowner: {
      name: lead.from_name,
      email: lead.email,
      phone: lead.phone,
      address: [lead.street_address, lead.zip].filter(Boolean).join(", "),
    },
    signature: {
      fullName: signature.full_name,
      signedAt: signature.signed_at,
      consentedAt: signature.consented_at,
      markKind: signature.mark_kind === "drawn" || signature.mark_kind === "keyboard" ? signature.mark_kind : "none",
      mark: signature.mark,
      ip: signature.ip,
      userAgent: signature.user_agent,
      documentSha256: signature.document_sha256,
      version: signature.version,
    },
    timeZone,
  };
}

/** The outbox's attachment source for signed quotes. */
export async function quoteAttachment(deps: QuoteDeps, ref: string): Promise<Buffer> {
  if (!ref.startsWith(SIGNED_QUOTE_REF)) throw new Error(`not a quote attachment: ${ref}`);
  const bytes = await signedQuotePdf(deps, { signatureId: ref.slice(SIGNED_QUOTE_REF.length) });
  if (!bytes) throw new Error(`the signed quote ${ref} is gone`);
  return bytes;
}

/**
 * The signed PDF behind a quote's link (`/quote/<token>/pdf`): the latest signed version's, made
 * on first use; null for a wrong, replaced or never-sent link and before any signature.
 */
export async function openSignedPdf(
  deps: QuoteDeps,
  { token }: { token: string },
): Promise<{ bytes: Buffer; number: number; version: number } | null> {
  const sent = await findSentQuote(deps.database.db, token);
  if (!sent) return null;
  const latest = (await listQuoteSignatures({ db: deps.database.db, quoteId: sent.quote.id })).at(-1);
  if (!latest) return null;
  const bytes = await signedQuotePdf(deps, { signatureId: latest.id });
  return bytes ? { bytes, number: sent.quote.number, version: latest.version } : null;
}
