/**
 * The builder's form as a QuoteDocument (ADR 066), or the first thing to fix as a sentence that
 * names the field ("Line 3 of Kitchen: the unit price must be a number of dollars, like
 * 1250.50") with the field's posted name, so the page can put the cursor there. A line or a
 * milestone left entirely blank is dropped rather than refused: it is what "Add a line" leaves
 * when the contractor changes their mind.
 */
import { QuoteDocumentSchema, quoteLimits, type PaymentAmount, type QuoteDocument, type QuoteLine } from "#app/schemas/quote.ts";
import { scheduleProblem } from "#app/schemas/quote-money.ts";
import { formatDollars, parseDollarsToCents, parsePercentBasisPoints, parseQuantityMilli } from "#app/schemas/quote-numbers.ts";
import { quoteFieldNames as n, type QuoteForm, type QuoteFormLine, type QuoteFormPayment } from "#app/schemas/quote-form.ts";

export type QuoteFormResult = { ok: true; document: QuoteDocument } | { ok: false; message: string; field: string };

/** A refusal: thrown inside the reader, turned into the result at its end. */
class FieldProblem extends Error {
  readonly field: string;
  constructor(message: string, field: string) {
    super(message);
    this.field = field;
  }
}

const problem = (field: string, message: string): never => {
  throw new FieldProblem(message, field);
};

const MAX_PRICE = formatDollars(quoteLimits.unitPriceCents.max);
const DATE = /^\d{4}-\d{2}-\d{2}$/;

function listLines(typed: string, field: string, what: string): string[] {
  const lines = typed
    .split(/\r\n?|\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  if (lines.length > quoteLimits.listItems.max) problem(field, `${what}: at most ${quoteLimits.listItems.max} lines, one per line.`);
  const long = lines.findIndex((line) => line.length > quoteLimits.line.max);
  if (long >= 0) problem(field, `${what}, line ${long + 1}: at most ${quoteLimits.line.max} characters.`);
  return lines;
}

function text(value: string, field: string, what: string, max: number, required: string | null): string {
  const trimmed = value.trim();
  if (!trimmed && required) problem(field, `${what}: ${required}`);
  if (trimmed.length > max) problem(field, `${what}: at most ${max.toLocaleString("en-US")} characters.`);
  return trimmed;
}

function paymentAmount(payment: QuoteFormPayment, field: string, what: string): PaymentAmount {
  if (payment.kind === "percent") {
    const basisPoints = parsePercentBasisPoints(payment.value);
    if (basisPoints === null) return problem(field, `${what}: the percentage must be a number, like 30 or 12.5.`);
    if (basisPoints > 10_000) problem(field, `${what}: a percentage can be at most 100.`);
    return { kind: "percent", basisPoints };
  }
  const cents = parseDollarsToCents(payment.value);
  if (cents === null) return problem(field, `${what}: the amount must be a number of dollars, like 1250.50.`);
  if (cents > quoteLimits.unitPriceCents.max) problem(field, `${what}: the amount can be at most ${MAX_PRICE}.`);
  return { kind: "amount", cents };
}

const isBlankLine = (line: QuoteFormLine) => !line.description.trim() && !line.price.trim() && !line.unit.trim() && !line.note.trim();

function readLine(line: QuoteFormLine, at: [number, number, number], what: string): QuoteLine {
  const field = (name: keyof QuoteFormLine) => n.line(...at, name);
  const description = text(line.description, field("description"), what, quoteLimits.line.max, "describe the work.");
  const quantityMilli = line.quantity.trim() === "" ? 1000 : parseQuantityMilli(line.quantity);
  if (quantityMilli === null) problem(field("quantity"), `${what}: the quantity must be a number, like 1 or 2.5.`);
  if (quantityMilli! < quoteLimits.quantityMilli.min) problem(field("quantity"), `${what}: the quantity must be more than 0.`);
  if (quantityMilli! > quoteLimits.quantityMilli.max) problem(field("quantity"), `${what}: the quantity can be at most 10,000.`);
  if (line.price.trim() === "") problem(field("price"), `${what}: enter the unit price in dollars, like 1250.50.`);
  const unitPriceCents = parseDollarsToCents(line.price);
  if (unitPriceCents === null) problem(field("price"), `${what}: the unit price must be a number of dollars, like 1250.50.`);
  if (unitPriceCents! > quoteLimits.unitPriceCents.max) problem(field("price"), `${what}: the unit price can be at most ${MAX_PRICE}.`);
  return {
    id: line.id,
    kind: line.kind,
    description,
    quantityMilli: quantityMilli!,
    unit: text(line.unit, field("unit"), what, quoteLimits.unit.max, null),
    unitPriceCents: unitPriceCents!,
    optional: line.optional,
    note: text(line.note, field("note"), `${what}, note`, quoteLimits.line.max, null),
  };
}

function readOptions(form: QuoteForm): QuoteDocument["options"] {
  if (form.options.length === 0) problem("title", "The quote needs at least one option.");
  if (form.options.length > quoteLimits.options.max)
    problem(n.option(0, "name"), `A quote can have at most ${quoteLimits.options.max} options.`);
  const several = form.options.length > 1;
  return form.options.map((option, o) => {
    const optionWhat = `Option ${o + 1}`;
    const name = text(option.name, n.option(o, "name"), optionWhat, quoteLimits.title.max, "give it a name, like “Better”.");
    if (option.sections.length === 0) problem(n.option(o, "name"), `${name}: add a section (a room or a phase).`);
    if (option.sections.length > quoteLimits.sections.max)
      problem(n.option(o, "name"), `${name}: at most ${quoteLimits.sections.max} sections.`);
    const sections = option.sections.map((section, s) => {
      const sectionWhat = `Section ${s + 1}${several ? ` of ${name}` : ""}`;
      const title = text(
        section.title,
        n.section(o, s, "title"),
        sectionWhat,
        quoteLimits.title.max,
        "give it a name, like a room or a phase.",
      );
      if (section.lines.length > quoteLimits.lines.max)
        problem(n.section(o, s, "title"), `${title}: at most ${quoteLimits.lines.max} lines.`);
      const lines = section.lines.flatMap((line, l) =>
        isBlankLine(line) ? [] : [readLine(line, [o, s, l], `Line ${l + 1} of ${title}${several ? ` (${name})` : ""}`)],
      );
      return { id: section.id, title, lines };
    });
    return {
      id: option.id,
      name,
      summary: text(option.summary, n.option(o, "summary"), `${name}, summary`, quoteLimits.text.max, null),
      sections,
    };
  });
}

function readSchedule(form: QuoteForm): QuoteDocument["payment"] {
  const deposit = paymentAmount(form.deposit, n.deposit("value"), "The deposit");
  const kept = form.milestones.filter((m) => m.label.trim() || m.value.trim());
  if (kept.length > quoteLimits.milestones.max)
    problem(n.milestone(0, "label"), `At most ${quoteLimits.milestones.max} payments between the deposit and the final one.`);
  const milestones = form.milestones.flatMap((milestone, m) => {
    if (!milestone.label.trim() && !milestone.value.trim()) return [];
    const what = `Payment ${m + 1} after the deposit`;
    const label = text(
      milestone.label,
      n.milestone(m, "label"),
      what,
      quoteLimits.title.max,
      "say when it is due, like “Cabinets installed”.",
    );
    return [{ id: milestone.id, label, amount: paymentAmount(milestone, n.milestone(m, "value"), `${what} (${label})`) }];
  });
  return { deposit, milestones };
}

function readRest(form: QuoteForm) {
  let taxBasisPoints: number | null = null;
  if (form.tax.trim()) {
    taxBasisPoints = parsePercentBasisPoints(form.tax);
    if (taxBasisPoints === null) problem("tax", "The tax rate must be a percentage, like 8.25 (leave it empty for no tax line).");
    if (taxBasisPoints! > quoteLimits.taxBasisPoints.max) problem("tax", "The tax rate can be at most 20 %.");
  }
  for (const [field, label] of [
    ["validUntil", "Valid until"],
    ["expectedStart", "Expected start"],
  ] as const) {
    if (form[field].trim() && !DATE.test(form[field].trim())) problem(field, `${label} must be a date, like 2026-12-31.`);
  }
  let duration: QuoteDocument["duration"] = null;
  if (form.durationValue.trim()) {
    const value = /^\d{1,3}$/.test(form.durationValue.trim()) ? Number(form.durationValue.trim()) : 0;
    if (value < 1 || value > quoteLimits.durationValue.max)
      problem("durationValue", `The duration must be a whole number of ${form.durationUnit} from 1 to ${quoteLimits.durationValue.max}.`);
    duration = { value, unit: form.durationUnit };
  }
  const subcontractors: QuoteDocument["notices"]["subcontractors"] =
    form.subcontractors === "list"
      ? { kind: "list", entries: listLines(form.subcontractorList, "subcontractorList", "Subcontractors and suppliers") }
      : { kind: form.subcontractors };
  if (subcontractors.kind === "list" && subcontractors.entries.length === 0)
    problem("subcontractorList", "Subcontractors and suppliers: list them, one per line, or choose the homeowner's waiver.");
  return { taxBasisPoints, duration, subcontractors };
}

/** The form as a document, checked whole, or the first problem with its field. */
export function documentFromQuoteForm(form: QuoteForm): QuoteFormResult {
  try {
    const title = text(form.title, "title", "The quote's title", quoteLimits.title.max, "give it a few words, like “Kitchen remodel”.");
    const options = readOptions(form);
    const { taxBasisPoints, duration, subcontractors } = readRest(form);
    const document: QuoteDocument = {
      title,
      intro: text(form.intro, "intro", "The introduction", quoteLimits.text.max, null),
      options,
      exclusions: listLines(form.exclusions, "exclusions", "Exclusions"),
      assumptions: listLines(form.assumptions, "assumptions", "Assumptions"),
      taxBasisPoints,
      payment: readSchedule(form),
      validUntil: form.validUntil.trim(),
      expectedStart: form.expectedStart.trim(),
      duration,
      warranty: text(form.warranty, "warranty", "The warranty", quoteLimits.text.max, null),
      terms: text(form.terms, "terms", "The terms", quoteLimits.text.max, null),
      notices: {
        homeSolicitation: form.homeSolicitation,
        homestead: form.homestead,
        residentialDisclosure: form.residentialDisclosure,
        subcontractors,
      },
    };
    const parsed = QuoteDocumentSchema.safeParse(document);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return {
        ok: false,
        field: "title",
        message: `The quote could not be saved: ${issue?.path.join(" › ") ?? ""} ${issue?.message ?? ""}`.trim(),
      };
    }
    const over = scheduleProblem(parsed.data);
    if (over) {
      const option = parsed.data.options.find((o) => o.id === over.optionId);
      const which = parsed.data.options.length > 1 ? ` of ${option?.name ?? "an option"}` : "";
      return {
        ok: false,
        field: n.deposit("value"),
        message: `The payments add up to ${formatDollars(over.overCents)} more than the total${which}: lower the deposit or a payment.`,
      };
    }
    return { ok: true, document: parsed.data };
  } catch (error) {
    if (error instanceof FieldProblem) return { ok: false, message: error.message, field: error.field };
    throw error;
  }
}

/** One line of the form as a QuoteLine ("Save as item"), or its problem named as on saving. */
export function lineFromQuoteForm(
  form: QuoteForm,
  at: [number, number, number],
): { ok: true; line: QuoteLine } | { ok: false; message: string; field: string } {
  const [o, s, l] = at;
  const section = form.options[o]?.sections[s];
  const line = section?.lines[l];
  if (!section || !line) return { ok: false, message: "That line is not in the quote any more.", field: "title" };
  try {
    return { ok: true, line: readLine(line, at, `Line ${l + 1} of ${section.title.trim() || `section ${s + 1}`}`) };
  } catch (error) {
    if (error instanceof FieldProblem) return { ok: false, message: error.message, field: error.field };
    throw error;
  }
}
