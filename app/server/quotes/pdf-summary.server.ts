/**
 * What surrounds the chosen option in a signed quote's PDF (ADR 068): what is not included and what
 * the price assumes, the totals, the payment schedule with its amounts, the dates, the warranty and
 * the terms. Every figure comes from `quoteTotals` (the server's arithmetic), never added up here.
 */
import type { PaymentAmount, QuoteDocument } from "#app/schemas/quote.ts";
import type { QuoteTotals } from "#app/schemas/quote-money.ts";
import {
  amountRow,
  bulletList,
  ensureSpace,
  heading,
  paragraphs,
  rule,
  tagged,
  typography,
  type PdfWriter,
} from "#app/server/quotes/pdf-writer.server.ts";

export function exclusionsAndAssumptions(w: PdfWriter, document: QuoteDocument): void {
  if (document.exclusions.length > 0) {
    const part = tagged(w, w.root, "Sect");
    heading(w, part, "H3", w.t("quotePdf.exclusions"));
    bulletList(w, part, document.exclusions);
    part.end();
  }
  if (document.assumptions.length > 0) {
    const part = tagged(w, w.root, "Sect");
    heading(w, part, "H3", w.t("quotePdf.assumptions"));
    bulletList(w, part, document.assumptions);
    part.end();
  }
}

export function totals(w: PdfWriter, document: QuoteDocument, figures: QuoteTotals): void {
  const part = tagged(w, w.root, "Sect");
  ensureSpace(w, 70);
  w.doc.moveDown(0.5);
  amountRow(w, part, w.t("quotePdf.subtotal"), w.format.money(figures.subtotalCents));
  if (document.taxBasisPoints) {
    amountRow(w, part, w.t("quotePdf.tax", { rate: w.format.rate(document.taxBasisPoints) }), w.format.money(figures.taxCents));
  }
  rule(w, w.doc.y, typography.muted);
  w.doc.y += 4;
  amountRow(w, part, w.t("quotePdf.total"), w.format.money(figures.totalCents), true, typography.h3);
  part.end();
}

function share(w: PdfWriter, label: string, amount: PaymentAmount | undefined): string {
  return amount?.kind === "percent" ? w.t("quotePdf.schedule.share", { label, share: w.format.rate(amount.basisPoints) }) : label;
}

export function paymentSchedule(w: PdfWriter, document: QuoteDocument, figures: QuoteTotals): void {
  const part = tagged(w, w.root, "Sect");
  heading(w, part, "H2", w.t("quotePdf.schedule"), 60);
  const milestones = new Map(document.payment.milestones.map((milestone) => [milestone.id, milestone]));
  for (const payment of figures.schedule) {
    const label =
      payment.id === "deposit"
        ? share(w, w.t("quotePdf.schedule.deposit"), document.payment.deposit)
        : payment.id === "final"
          ? w.t("quotePdf.schedule.final")
          : share(w, payment.label, milestones.get(payment.id)?.amount);
    amountRow(w, part, label, w.format.money(payment.cents));
  }
  part.end();
}

export function datesAndConditions(w: PdfWriter, document: QuoteDocument): void {
  const dates = [
    document.validUntil ? w.t("quotePdf.validUntil", { date: w.format.day(document.validUntil) }) : "",
    document.expectedStart ? w.t("quotePdf.expectedStart", { date: w.format.day(document.expectedStart) }) : "",
    document.duration ? w.t("quotePdf.duration", { unit: document.duration.unit, value: document.duration.value }) : "",
  ].filter(Boolean);
  if (dates.length > 0) {
    const part = tagged(w, w.root, "Sect");
    heading(w, part, "H2", w.t("quotePdf.dates"));
    paragraphs(w, part, dates.join("\n\n"));
    part.end();
  }
  for (const [key, text] of [
    ["quotePdf.warranty", document.warranty],
    ["quotePdf.terms", document.terms],
  ] as const) {
    if (!text) continue;
    const part = tagged(w, w.root, "Sect");
    heading(w, part, "H2", w.t(key));
    paragraphs(w, part, text);
    part.end();
  }
}
