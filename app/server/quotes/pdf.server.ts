/**
 * The signed quote's PDF (issue 27 item 5, ADR 068), drawn on the server with pdfkit: no browser.
 * `renderQuotePdf` is pure: everything it shows comes in its input (the business's facts, the
 * version's document and notices, the homeowner's choice and the signature's record), and the
 * caller stores and sends the bytes. The PDF is tagged (a structure tree in reading order, the
 * language, the title shown), its fonts embedded and subset, and its words in the quote's language.
 */
import PdfKit from "pdfkit";
import type { Locale } from "#app/i18n/locale.ts";
import { languageTags } from "#app/i18n/locale.ts";
import { translator } from "#app/i18n/messages.ts";
import type { NoticeText, QuoteDocument, QuoteSelection } from "#app/schemas/quote.ts";
import { findOption, type QuoteTotals } from "#app/schemas/quote-money.ts";
import { pdfFonts } from "#app/server/quotes/pdf-fonts.server.ts";
import { pdfFormat } from "#app/server/quotes/pdf-format.server.ts";
import { chosenOption } from "#app/server/quotes/pdf-option.server.ts";
import { noticesAt, signatureBlock } from "#app/server/quotes/pdf-signature.server.ts";
import { datesAndConditions, exclusionsAndAssumptions, paymentSchedule, totals } from "#app/server/quotes/pdf-summary.server.ts";
import { font, heading, pageGeometry, paragraphs, rule, tagged, typography, type PdfWriter } from "#app/server/quotes/pdf-writer.server.ts";

export interface QuotePdfBusiness {
  name: string;
  phone: string;
  email: string;
  streetAddress: string;
  /** "Houston, TX 77008". */
  cityLine: string;
  /** The licences as the profile lists them, on one line; "" for none (nothing is claimed). */
  licenceLine: string;
}

export interface QuotePdfHomeowner {
  name: string;
  email: string;
  phone: string;
  /** The job's address, on one or two lines. */
  address: string;
}

/** The signature's record (quote_signatures) as the PDF shows it. */
export interface QuotePdfSignature {
  fullName: string;
  /** ISO instants, shown in `timeZone`. */
  signedAt: string;
  consentedAt: string;
  markKind: "none" | "drawn" | "keyboard";
  /** SVG path data in a 600×200 box; "" when no mark was made. */
  mark: string;
  ip: string;
  userAgent: string;
  /** Hex SHA-256 of exactly what was shown when signing. */
  documentSha256: string;
  version: number;
}

export interface QuotePdfInput {
  business: QuotePdfBusiness;
  quoteNumber: number;
  version: number;
  locale: Locale;
  document: QuoteDocument;
  selection: QuoteSelection;
  /** From `quoteTotals(document, selection)`: the PDF adds nothing up itself. */
  totals: QuoteTotals;
  /** The version's notices in the quote's language, as sent (quote_versions.notice_texts). */
  notices: NoticeText[];
  homeowner: QuotePdfHomeowner;
  signature: QuotePdfSignature;
  /** SITE_TIMEZONE: the signing times read in it. */
  timeZone: string;
}

function header(w: PdfWriter, input: QuotePdfInput): void {
  const { business } = input;
  const part = tagged(w, w.root, "Sect");
  heading(w, part, "H1", business.name, 120);
  const facts = [
    business.streetAddress,
    business.cityLine,
    [business.phone && w.t("quotePdf.phone", { phone: business.phone }), business.email && w.t("quotePdf.email", { email: business.email })]
      .filter(Boolean)
      .join("   "),
    business.licenceLine,
  ].filter(Boolean);
  font(w, "regular", typography.body - 0.5, typography.muted);
  for (const fact of facts) tagged(w, part, "P", () => w.doc.text(fact, w.left, w.doc.y, { width: w.width }));
  w.doc.moveDown(0.6);
  rule(w, w.doc.y, typography.muted);
  w.doc.moveDown(0.8);
  heading(w, part, "H2", w.t("quotePdf.heading", { number: input.quoteNumber, version: input.version }));
  paragraphs(w, part, w.t("quotePdf.signedOn", { date: w.format.dateTime(input.signature.signedAt) }), { color: typography.muted });
  part.end();
}

function homeowner(w: PdfWriter, input: QuotePdfInput): void {
  const { homeowner: person } = input;
  const part = tagged(w, w.root, "Sect");
  heading(w, part, "H3", w.t("quotePdf.preparedFor"));
  const lines = [person.name, person.address, [person.phone, person.email].filter(Boolean).join("   ")].filter(Boolean);
  paragraphs(w, part, lines.join("\n"));
  part.end();
}

function introduction(w: PdfWriter, document: QuoteDocument): void {
  const part = tagged(w, w.root, "Sect");
  heading(w, part, "H2", document.title);
  if (document.intro) paragraphs(w, part, document.intro);
  part.end();
}

/** Page numbers and the quote's name at the foot of every page: artifacts, not content. */
function footers(w: PdfWriter, input: QuotePdfInput): void {
  const range = w.doc.bufferedPageRange();
  const left = w.t("quotePdf.footer", { business: input.business.name, number: input.quoteNumber, version: input.version });
  for (let index = range.start; index < range.start + range.count; index++) {
    w.doc.switchToPage(index);
    const margins = w.doc.page.margins;
    const bottom = margins.bottom;
    // Writing below the bottom margin would otherwise start a new page.
    margins.bottom = 0;
    const y = pageGeometry.height - pageGeometry.margin + 14;
    w.doc.markContent("Artifact", { type: "Pagination" });
    font(w, "regular", typography.small, typography.muted);
    w.doc.text(left, w.left, y, { width: w.width * 0.7, lineBreak: false });
    const page = w.t("quotePdf.page", { page: index + 1, pages: range.count });
    w.doc.text(page, w.left + w.width * 0.7, y, { width: w.width * 0.3, align: "right", lineBreak: false });
    w.doc.endMarkedContent();
    margins.bottom = bottom;
  }
}

function body(w: PdfWriter, input: QuotePdfInput): void {
  const option = findOption(input.document, input.selection.optionId);
  if (!option) throw new RangeError(`the quote has no option ${input.selection.optionId}`);
  header(w, input);
  homeowner(w, input);
  introduction(w, input.document);
  chosenOption(w, option, input.totals.extraIds, input.document.options.length);
  exclusionsAndAssumptions(w, input.document);
  totals(w, input.document, input.totals);
  paymentSchedule(w, input.document, input.totals);
  datesAndConditions(w, input.document);
  noticesAt(w, input.notices, "before-signing");
  signatureBlock(w, input.notices, input.signature);
  const context = [
    input.business.name,
    w.t("quotePdf.heading", { number: input.quoteNumber, version: input.version }),
    w.t("quotePdf.signedOn", { date: w.format.dateTime(input.signature.signedAt) }),
  ].join(" · ");
  noticesAt(w, input.notices, "after-signature", context);
}

export function renderQuotePdf(input: QuotePdfInput): Promise<Buffer> {
  const t = translator(input.locale);
  const title = t("quotePdf.documentTitle", { business: input.business.name, number: input.quoteNumber, version: input.version });
  const doc = new PdfKit({
    size: pageGeometry.size,
    margins: { top: pageGeometry.margin, left: pageGeometry.margin, right: pageGeometry.margin, bottom: pageGeometry.bottomMargin },
    pdfVersion: "1.7",
    tagged: true,
    lang: languageTags[input.locale],
    displayTitle: true,
    bufferPages: true,
    autoFirstPage: true,
    // The signing time, not the clock: the same record always makes the same document.
    info: { Title: title, Author: input.business.name, Subject: input.document.title, CreationDate: new Date(input.signature.signedAt) },
  });
  const fonts = pdfFonts();
  // pdfkit 0.20 takes a parsed fontkit Font; @types/pdfkit (0.17) predates that.
  doc.registerFont("regular", fonts.regular as never);
  doc.registerFont("bold", fonts.bold as never);
  doc.font("regular");
  const root = doc.struct("Document");
  doc.addStructure(root);
  const w: PdfWriter = {
    doc,
    t,
    format: pdfFormat(input.locale, input.timeZone),
    root,
    left: pageGeometry.margin,
    width: pageGeometry.width - 2 * pageGeometry.margin,
    bottom: pageGeometry.height - pageGeometry.bottomMargin,
  };
  return new Promise<Buffer>((resolve, reject) => {
    const chunks: Uint8Array[] = [];
    doc.on("data", (chunk: Uint8Array) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
    try {
      body(w, input);
      root.end();
      footers(w, input);
      doc.end();
    } catch (error) {
      reject(error instanceof Error ? error : new Error(String(error)));
    }
  });
}
