/**
 * The builder's live totals (ADR 066): what the form adds up to while the contractor types, with
 * the same arithmetic as the server (`quoteTotals`). Only a preview: a figure not yet a number
 * counts as 0 here, and the totals the homeowner sees are the server's, computed after saving.
 */
import { quoteTotals, ScheduleOverTotalError, type SchedulePayment } from "#app/schemas/quote-money.ts";
import type { PaymentAmount, QuoteDocument } from "#app/schemas/quote.ts";
import { parseDollarsToCents, parsePercentBasisPoints, parseQuantityMilli } from "#app/schemas/quote-numbers.ts";
import type { QuoteForm, QuoteFormPayment } from "#app/schemas/quote-form.ts";

export interface OptionPreview {
  optionId: string;
  name: string;
  subtotalCents: number;
  taxCents: number;
  totalCents: number;
  /** With every optional extra ticked: the most the homeowner can pick. */
  extrasCents: number;
  schedule: SchedulePayment[];
  /** How far the payments go past the total; 0 when they fit. */
  overCents: number;
}

const amount = (payment: QuoteFormPayment): PaymentAmount =>
  payment.kind === "percent"
    ? { kind: "percent", basisPoints: Math.min(parsePercentBasisPoints(payment.value) ?? 0, 10_000) }
    : { kind: "amount", cents: parseDollarsToCents(payment.value) ?? 0 };

/** The form as a document for adding up only: unreadable numbers are 0, names may be empty. */
function leniently(form: QuoteForm): QuoteDocument {
  return {
    title: form.title,
    intro: "",
    options: form.options.map((option) => ({
      id: option.id,
      name: option.name,
      summary: "",
      sections: option.sections.map((section) => ({
        id: section.id,
        title: section.title,
        lines: section.lines.map((line) => ({
          id: line.id,
          kind: line.kind,
          description: line.description,
          quantityMilli: line.quantity.trim() === "" ? 1000 : (parseQuantityMilli(line.quantity) ?? 0),
          unit: line.unit,
          unitPriceCents: parseDollarsToCents(line.price) ?? 0,
          optional: line.optional,
          note: "",
        })),
      })),
    })),
    exclusions: [],
    assumptions: [],
    taxBasisPoints: form.tax.trim() ? (parsePercentBasisPoints(form.tax) ?? 0) : null,
    payment: { deposit: amount(form.deposit), milestones: form.milestones.map((m) => ({ id: m.id, label: m.label, amount: amount(m) })) },
    validUntil: "",
    expectedStart: "",
    duration: null,
    warranty: "",
    terms: "",
    notices: { homeSolicitation: false, homestead: false, residentialDisclosure: false, subcontractors: { kind: "none" } },
  };
}

export function previewQuoteTotals(form: QuoteForm): OptionPreview[] {
  const document = leniently(form);
  return document.options.map((option) => {
    const all = option.sections.flatMap((s) => s.lines.filter((l) => l.optional).map((l) => l.id));
    let base;
    let overCents = 0;
    try {
      base = quoteTotals(document, { optionId: option.id, extraIds: [] });
    } catch (error) {
      if (!(error instanceof ScheduleOverTotalError)) throw error;
      overCents = error.overCents;
      // The same sums without the schedule, so the totals still show while the payments are fixed.
      base = quoteTotals(
        { ...document, payment: { deposit: { kind: "amount", cents: 0 }, milestones: [] } },
        { optionId: option.id, extraIds: [] },
      );
    }
    let extrasCents = 0;
    try {
      extrasCents = quoteTotals(document, { optionId: option.id, extraIds: all }).extrasCents;
    } catch (error) {
      if (!(error instanceof ScheduleOverTotalError)) throw error;
    }
    return {
      optionId: option.id,
      name: option.name,
      subtotalCents: base.subtotalCents,
      taxCents: base.taxCents,
      totalCents: base.totalCents,
      extrasCents,
      schedule: overCents ? [] : base.schedule,
      overCents,
    };
  });
}
