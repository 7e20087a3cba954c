/**
 * A quote's arithmetic (ADR 066), in integer cents only: a line is quantity (thousandths) × unit
 * price, rounded half up to the cent once per line; tax is rounded once on the subtotal; a
 * percentage payment is rounded once, and the last payment (after the final walk-through) is
 * what remains, so the schedule always sums to the total to the cent. The server computes every
 * figure a homeowner reads or signs; the builder's live sums only preview them.
 */
import type { PaymentAmount, QuoteDocument, QuoteLine, QuoteOption, QuoteSelection } from "#app/schemas/quote.ts";

/** `a × b / denominator` rounded half up, for non-negative integers, computed exactly in BigInt. */
export function multiplyDivideRoundHalfUp(a: number, b: number, denominator: number): number {
  for (const n of [a, b]) if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`not a safe non-negative integer: ${n}`);
  const d = BigInt(denominator);
  const result = Number((BigInt(a) * BigInt(b) * 2n + d) / (d * 2n));
  if (!Number.isSafeInteger(result)) throw new RangeError("an amount beyond what a quote can hold");
  return result;
}

/** A line's amount: quantity × unit price, to the cent. */
export function lineCents(line: Pick<QuoteLine, "quantityMilli" | "unitPriceCents">): number {
  return multiplyDivideRoundHalfUp(line.quantityMilli, line.unitPriceCents, 1000);
}

export interface SchedulePayment {
  /** "deposit", a milestone's id, or "final". */
  id: string;
  /** The milestone's own label; empty for the deposit and the final payment (the page names them). */
  label: string;
  cents: number;
}

export interface QuoteTotals {
  optionId: string;
  /** Every line that is not optional, allowances included. */
  baseCents: number;
  /** The ticked optional lines of this option. */
  extrasCents: number;
  subtotalCents: number;
  taxCents: number;
  totalCents: number;
  /** Deposit, milestones, then the final payment; sums to `totalCents`. */
  schedule: SchedulePayment[];
  /** The ticked extras that exist in this option (unknown or other options' ids are dropped). */
  extraIds: string[];
}

export function paymentCents(amount: PaymentAmount, totalCents: number): number {
  return amount.kind === "amount" ? amount.cents : multiplyDivideRoundHalfUp(totalCents, amount.basisPoints, 10_000);
}

/** Thrown when a schedule asks for more than the total: the builder refuses to send it. */
export class ScheduleOverTotalError extends Error {
  readonly overCents: number;
  constructor(overCents: number) {
    super(`the payments add up to ${overCents} cents more than the total`);
    this.overCents = overCents;
  }
}

export function findOption(document: QuoteDocument, optionId: string): QuoteOption | undefined {
  return document.options.find((option) => option.id === optionId);
}

/** The totals of one option with the ticked extras. Throws ScheduleOverTotalError when the payments exceed the total. */
export function quoteTotals(document: QuoteDocument, selection: QuoteSelection): QuoteTotals {
  const option = findOption(document, selection.optionId);
  if (!option) throw new RangeError(`no option ${selection.optionId}`);
  const ticked = new Set(selection.extraIds);
  let baseCents = 0;
  let extrasCents = 0;
  const extraIds: string[] = [];
  for (const section of option.sections) {
    for (const line of section.lines) {
      if (!line.optional) baseCents += lineCents(line);
      else if (ticked.has(line.id)) {
        extrasCents += lineCents(line);
        extraIds.push(line.id);
      }
    }
  }
  const subtotalCents = baseCents + extrasCents;
  const taxCents = document.taxBasisPoints ? multiplyDivideRoundHalfUp(subtotalCents, document.taxBasisPoints, 10_000) : 0;
  const totalCents = subtotalCents + taxCents;
  const schedule: SchedulePayment[] = [{ id: "deposit", label: "", cents: paymentCents(document.payment.deposit, totalCents) }];
  for (const milestone of document.payment.milestones)
    schedule.push({ id: milestone.id, label: milestone.label, cents: paymentCents(milestone.amount, totalCents) });
  const paid = schedule.reduce((sum, payment) => sum + payment.cents, 0);
  if (paid > totalCents) throw new ScheduleOverTotalError(paid - totalCents);
  schedule.push({ id: "final", label: "", cents: totalCents - paid });
  return { optionId: option.id, baseCents, extrasCents, subtotalCents, taxCents, totalCents, schedule, extraIds };
}

/** Every option's totals without extras: what the quote page shows before anything is ticked. */
export function optionTotals(document: QuoteDocument): QuoteTotals[] {
  return document.options.map((option) => quoteTotals(document, { optionId: option.id, extraIds: [] }));
}

/**
 * Whether every option's payments fit its total with every extra ticked and with none (the two
 * ends of what a homeowner can pick): the check made before a version is sent. Returns the first
 * option whose schedule does not fit, or null.
 */
export function scheduleProblem(document: QuoteDocument): { optionId: string; overCents: number } | null {
  for (const option of document.options) {
    const all = option.sections.flatMap((section) => section.lines.filter((l) => l.optional).map((l) => l.id));
    for (const extraIds of [[], all]) {
      try {
        quoteTotals(document, { optionId: option.id, extraIds });
      } catch (error) {
        if (error instanceof ScheduleOverTotalError) return { optionId: option.id, overCents: error.overCents };
        throw error;
      }
    }
  }
  return null;
}
