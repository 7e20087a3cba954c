/**
 * The quote builder's form (ADR 066): the whole QuoteDocument as the text the contractor typed,
 * posted as named fields so it works without JavaScript. `quoteFormFromDocument` fills the form,
 * `quoteFormFromFields` reads a post back, and `documentFromQuoteForm` (quote-form-document.ts)
 * turns it into a document or a sentence naming the field. Shared by the server (which decides)
 * and the browser (which previews the totals and edits the structure at once).
 */
import { quoteLimits, type PaymentAmount, type QuoteDocument, type QuoteLine } from "#app/schemas/quote.ts";
import { basisPointsToInput, centsToInput, milliToInput } from "#app/schemas/quote-numbers.ts";

export interface QuoteFormLine {
  id: string;
  kind: "item" | "allowance";
  description: string;
  quantity: string;
  unit: string;
  price: string;
  optional: boolean;
  note: string;
}

export interface QuoteFormSection {
  id: string;
  title: string;
  lines: QuoteFormLine[];
}

export interface QuoteFormOption {
  id: string;
  name: string;
  summary: string;
  sections: QuoteFormSection[];
}

export interface QuoteFormPayment {
  kind: "percent" | "amount";
  value: string;
}

export interface QuoteFormMilestone extends QuoteFormPayment {
  id: string;
  label: string;
}

export interface QuoteForm {
  title: string;
  intro: string;
  options: QuoteFormOption[];
  /** One per line. */
  exclusions: string;
  assumptions: string;
  /** A percentage; empty for no tax line. */
  tax: string;
  deposit: QuoteFormPayment;
  milestones: QuoteFormMilestone[];
  validUntil: string;
  expectedStart: string;
  durationValue: string;
  durationUnit: "days" | "weeks";
  warranty: string;
  terms: string;
  homeSolicitation: boolean;
  homestead: boolean;
  residentialDisclosure: boolean;
  subcontractors: "none" | "list" | "waiver";
  /** One subcontractor or supplier per line. */
  subcontractorList: string;
}

/** The posted names of the builder's fields: positions, so the order on screen is the order saved. */
export const quoteFieldNames = {
  option: (o: number, field: keyof Omit<QuoteFormOption, "sections">) => `o${o}.${field}`,
  section: (o: number, s: number, field: keyof Omit<QuoteFormSection, "lines">) => `o${o}.s${s}.${field}`,
  line: (o: number, s: number, l: number, field: keyof QuoteFormLine) => `o${o}.s${s}.l${l}.${field}`,
  milestone: (m: number, field: keyof QuoteFormMilestone) => `m${m}.${field}`,
  deposit: (field: keyof QuoteFormPayment) => `deposit.${field}`,
} as const;

function paymentToForm(amount: PaymentAmount): QuoteFormPayment {
  return amount.kind === "percent"
    ? { kind: "percent", value: basisPointsToInput(amount.basisPoints) }
    : { kind: "amount", value: centsToInput(amount.cents) };
}

export function lineToForm(line: QuoteLine): QuoteFormLine {
  return {
    id: line.id,
    kind: line.kind,
    description: line.description,
    quantity: milliToInput(line.quantityMilli),
    unit: line.unit,
    price: centsToInput(line.unitPriceCents),
    optional: line.optional,
    note: line.note,
  };
}

export function quoteFormFromDocument(document: QuoteDocument): QuoteForm {
  const { notices } = document;
  return {
    title: document.title,
    intro: document.intro,
    options: document.options.map((option) => ({
      id: option.id,
      name: option.name,
      summary: option.summary,
      sections: option.sections.map((section) => ({ id: section.id, title: section.title, lines: section.lines.map(lineToForm) })),
    })),
    exclusions: document.exclusions.join("\n"),
    assumptions: document.assumptions.join("\n"),
    tax: document.taxBasisPoints === null ? "" : basisPointsToInput(document.taxBasisPoints),
    deposit: paymentToForm(document.payment.deposit),
    milestones: document.payment.milestones.map((m) => ({ id: m.id, label: m.label, ...paymentToForm(m.amount) })),
    validUntil: document.validUntil,
    expectedStart: document.expectedStart,
    durationValue: document.duration ? String(document.duration.value) : "",
    durationUnit: document.duration?.unit ?? "days",
    warranty: document.warranty,
    terms: document.terms,
    homeSolicitation: notices.homeSolicitation,
    homestead: notices.homestead,
    residentialDisclosure: notices.residentialDisclosure,
    subcontractors: notices.subcontractors.kind,
    subcontractorList: notices.subcontractors.kind === "list" ? notices.subcontractors.entries.join("\n") : "",
  };
}

/** Reads a posted field: a string, or undefined when missing (or a file). */
export type FieldReader = (name: string) => string | undefined;

/** A reader over FormData or URLSearchParams. */
export function fieldReader(form: { get(name: string): unknown }): FieldReader {
  return (name) => {
    const value = form.get(name);
    return typeof value === "string" ? value : undefined;
  };
}

/**
 * Reads what a list of `limit` entries posted, by position: entries stop at the first missing
 * id. One past the limit is read, so a post with too many is refused by name, not cut short.
 */
function readList<T>(limit: number, has: (index: number) => boolean, read: (index: number) => T): T[] {
  const list: T[] = [];
  for (let index = 0; index <= limit && has(index); index++) list.push(read(index));
  return list;
}

const payment = (kind: string | undefined, value: string | undefined): QuoteFormPayment => ({
  kind: kind === "amount" ? "amount" : "percent",
  value: value ?? "",
});

/** The builder's post as the form it came from (nothing is validated here: see documentFromQuoteForm). */
export function quoteFormFromFields(get: FieldReader): QuoteForm {
  const text = (name: string) => get(name) ?? "";
  const n = quoteFieldNames;
  const options = readList(
    quoteLimits.options.max,
    (o) => get(n.option(o, "id")) !== undefined,
    (o): QuoteFormOption => ({
      id: text(n.option(o, "id")),
      name: text(n.option(o, "name")),
      summary: text(n.option(o, "summary")),
      sections: readList(
        quoteLimits.sections.max,
        (s) => get(n.section(o, s, "id")) !== undefined,
        (s): QuoteFormSection => ({
          id: text(n.section(o, s, "id")),
          title: text(n.section(o, s, "title")),
          lines: readList(
            quoteLimits.lines.max,
            (l) => get(n.line(o, s, l, "id")) !== undefined,
            (l): QuoteFormLine => ({
              id: text(n.line(o, s, l, "id")),
              kind: get(n.line(o, s, l, "kind")) === "allowance" ? "allowance" : "item",
              description: text(n.line(o, s, l, "description")),
              quantity: text(n.line(o, s, l, "quantity")),
              unit: text(n.line(o, s, l, "unit")),
              price: text(n.line(o, s, l, "price")),
              optional: get(n.line(o, s, l, "optional")) !== undefined,
              note: text(n.line(o, s, l, "note")),
            }),
          ),
        }),
      ),
    }),
  );
  const subcontractors = get("subcontractors");
  return {
    title: text("title"),
    intro: text("intro"),
    options,
    exclusions: text("exclusions"),
    assumptions: text("assumptions"),
    tax: text("tax"),
    deposit: payment(get(n.deposit("kind")), get(n.deposit("value"))),
    milestones: readList(
      quoteLimits.milestones.max,
      (m) => get(n.milestone(m, "id")) !== undefined,
      (m) => ({
        id: text(n.milestone(m, "id")),
        label: text(n.milestone(m, "label")),
        ...payment(get(n.milestone(m, "kind")), get(n.milestone(m, "value"))),
      }),
    ),
    validUntil: text("validUntil"),
    expectedStart: text("expectedStart"),
    durationValue: text("durationValue"),
    durationUnit: get("durationUnit") === "weeks" ? "weeks" : "days",
    warranty: text("warranty"),
    terms: text("terms"),
    homeSolicitation: get("homeSolicitation") !== undefined,
    homestead: get("homestead") !== undefined,
    residentialDisclosure: get("residentialDisclosure") !== undefined,
    subcontractors: subcontractors === "list" || subcontractors === "waiver" ? subcontractors : "none",
    subcontractorList: text("subcontractorList"),
  };
}

/** The form as the fields a browser posts (checkboxes only when ticked): for tests and tools that post the builder. */
export function quoteFormEntries(form: QuoteForm): [string, string][] {
  const n = quoteFieldNames;
  const entries: [string, string][] = [
    ["title", form.title],
    ["intro", form.intro],
  ];
  form.options.forEach((option, o) => {
    entries.push([n.option(o, "id"), option.id], [n.option(o, "name"), option.name], [n.option(o, "summary"), option.summary]);
    option.sections.forEach((section, s) => {
      entries.push([n.section(o, s, "id"), section.id], [n.section(o, s, "title"), section.title]);
      section.lines.forEach((line, l) => {
        for (const field of ["id", "kind", "description", "quantity", "unit", "price", "note"] as const)
          entries.push([n.line(o, s, l, field), line[field]]);
        if (line.optional) entries.push([n.line(o, s, l, "optional"), "on"]);
      });
    });
  });
  entries.push(["exclusions", form.exclusions], ["assumptions", form.assumptions], ["tax", form.tax]);
  entries.push([n.deposit("kind"), form.deposit.kind], [n.deposit("value"), form.deposit.value]);
  form.milestones.forEach((milestone, m) => {
    for (const field of ["id", "label", "kind", "value"] as const) entries.push([n.milestone(m, field), milestone[field]]);
  });
  entries.push(
    ["validUntil", form.validUntil],
    ["expectedStart", form.expectedStart],
    ["durationValue", form.durationValue],
    ["durationUnit", form.durationUnit],
    ["warranty", form.warranty],
    ["terms", form.terms],
    ["subcontractors", form.subcontractors],
    ["subcontractorList", form.subcontractorList],
  );
  for (const notice of ["homeSolicitation", "homestead", "residentialDisclosure"] as const) if (form[notice]) entries.push([notice, "on"]);
  return entries;
}
