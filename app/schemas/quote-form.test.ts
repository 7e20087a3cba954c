import { describe, expect, test } from "vitest";
import { emptyQuoteDocument, type QuoteDocument } from "#app/schemas/quote.ts";
import { fieldReader, quoteFormEntries, quoteFormFromDocument, quoteFormFromFields, type QuoteForm } from "#app/schemas/quote-form.ts";
import { documentFromQuoteForm, lineFromQuoteForm } from "#app/schemas/quote-form-document.ts";
import { applyQuoteEdit, parseQuoteEdit, quoteEditIntent } from "#app/schemas/quote-form-edit.ts";
import { previewQuoteTotals } from "#app/schemas/quote-form-preview.ts";

const words = { option: (n: number) => `Option ${n}`, section: "New section" };

function kitchen(): QuoteDocument {
  const document = emptyQuoteDocument({ title: "Kitchen remodel", warranty: "One year on labor.", terms: "Net 10." });
  return {
    ...document,
    intro: "Thanks for having us over.",
    options: [
      {
        id: "o1",
        name: "Good",
        summary: "",
        sections: [
          {
            id: "s1",
            title: "Kitchen",
            lines: [
              {
                id: "l1",
                kind: "item",
                description: "Demolition",
                quantityMilli: 1000,
                unit: "lot",
                unitPriceCents: 125_050,
                optional: false,
                note: "",
              },
              {
                id: "l2",
                kind: "allowance",
                description: "Tile",
                quantityMilli: 42_500,
                unit: "sq ft",
                unitPriceCents: 899,
                optional: false,
                note: "Above $8.99 a square foot is billed at cost.",
              },
              {
                id: "l3",
                kind: "item",
                description: "Under-cabinet lights",
                quantityMilli: 1000,
                unit: "",
                unitPriceCents: 45_000,
                optional: true,
                note: "",
              },
            ],
          },
        ],
      },
    ],
    exclusions: ["Permits", "Painting"],
    assumptions: ["Water is shut off by the owner"],
    taxBasisPoints: 825,
    payment: {
      deposit: { kind: "percent", basisPoints: 3_000 },
      milestones: [{ id: "m1", label: "Cabinets set", amount: { kind: "amount", cents: 100_000 } }],
    },
    validUntil: "2026-12-31",
    expectedStart: "2027-01-15",
    duration: { value: 3, unit: "weeks" },
    notices: {
      homeSolicitation: true,
      homestead: true,
      residentialDisclosure: false,
      subcontractors: { kind: "list", entries: ["ABC Plumbing", "Tile Depot"] },
    },
  };
}

/** The form posted as a browser would and read back, as the server reads it. */
function posted(form: QuoteForm): QuoteForm {
  return quoteFormFromFields(fieldReader(new URLSearchParams(quoteFormEntries(form))));
}

function refusal(form: QuoteForm) {
  const result = documentFromQuoteForm(posted(form));
  if (result.ok) throw new Error("expected a refusal");
  return result;
}

describe("the builder's form", () => {
  test("a document shown in the form, posted and read back is the same document", () => {
    const result = documentFromQuoteForm(posted(quoteFormFromDocument(kitchen())));
    expect(result).toEqual({ ok: true, document: kitchen() });
  });

  test("the typed text becomes exact cents and thousandths", () => {
    const form = quoteFormFromDocument(kitchen());
    Object.assign(form.options[0]!.sections[0]!.lines[0]!, { price: "$1,250.29", quantity: "2.5" });
    form.tax = "";
    form.milestones = [];
    const result = documentFromQuoteForm(posted(form));
    expect(result.ok && result.document.options[0]!.sections[0]!.lines[0]).toMatchObject({ unitPriceCents: 125_029, quantityMilli: 2_500 });
    expect(result.ok && result.document.taxBasisPoints).toBeNull();
  });

  test("a line left blank and a milestone left blank are dropped, not refused", () => {
    const form = quoteFormFromDocument(kitchen());
    const added = applyQuoteEdit(applyQuoteEdit(form, { kind: "add-line", at: [0, 0] }, words), { kind: "add-milestone" }, words);
    const result = documentFromQuoteForm(posted(added));
    expect(result).toEqual({ ok: true, document: kitchen() });
  });

  test.each<[string, (form: QuoteForm) => void, string, string]>([
    [
      "a price in words",
      (f) => (f.options[0]!.sections[0]!.lines[2]!.price = "four fifty"),
      "o0.s0.l2.price",
      "Line 3 of Kitchen: the unit price must be a number of dollars, like 1250.50.",
    ],
    [
      "a price with three decimals",
      (f) => (f.options[0]!.sections[0]!.lines[0]!.price = "12.505"),
      "o0.s0.l0.price",
      "Line 1 of Kitchen: the unit price must be a number of dollars, like 1250.50.",
    ],
    [
      "no price",
      (f) => (f.options[0]!.sections[0]!.lines[1]!.price = ""),
      "o0.s0.l1.price",
      "Line 2 of Kitchen: enter the unit price in dollars, like 1250.50.",
    ],
    [
      "a price beyond a million",
      (f) => (f.options[0]!.sections[0]!.lines[0]!.price = "1000000.01"),
      "o0.s0.l0.price",
      "Line 1 of Kitchen: the unit price can be at most $1,000,000.00.",
    ],
    [
      "a zero quantity",
      (f) => (f.options[0]!.sections[0]!.lines[0]!.quantity = "0"),
      "o0.s0.l0.quantity",
      "Line 1 of Kitchen: the quantity must be more than 0.",
    ],
    [
      "a negative quantity",
      (f) => (f.options[0]!.sections[0]!.lines[0]!.quantity = "-2"),
      "o0.s0.l0.quantity",
      "Line 1 of Kitchen: the quantity must be a number, like 1 or 2.5.",
    ],
    [
      "a line without words",
      (f) => (f.options[0]!.sections[0]!.lines[0]!.description = " "),
      "o0.s0.l0.description",
      "Line 1 of Kitchen: describe the work.",
    ],
    ["no title", (f) => (f.title = ""), "title", "The quote's title: give it a few words, like “Kitchen remodel”."],
    [
      "a section without a name",
      (f) => (f.options[0]!.sections[0]!.title = ""),
      "o0.s0.title",
      "Section 1: give it a name, like a room or a phase.",
    ],
    [
      "a tax rate in words",
      (f) => (f.tax = "eight"),
      "tax",
      "The tax rate must be a percentage, like 8.25 (leave it empty for no tax line).",
    ],
    ["a deposit over 100 %", (f) => (f.deposit.value = "120"), "deposit.value", "The deposit: a percentage can be at most 100."],
    [
      "a milestone without a label",
      (f) => (f.milestones[0]!.label = ""),
      "m0.label",
      "Payment 1 after the deposit: say when it is due, like “Cabinets installed”.",
    ],
    ["a duration of zero", (f) => (f.durationValue = "0"), "durationValue", "The duration must be a whole number of weeks from 1 to 365."],
    ["a date in words", (f) => (f.validUntil = "next Friday"), "validUntil", "Valid until must be a date, like 2026-12-31."],
    [
      "an empty subcontractor list",
      (f) => (f.subcontractorList = "\n"),
      "subcontractorList",
      "Subcontractors and suppliers: list them, one per line, or choose the homeowner's waiver.",
    ],
  ])("%s is refused with a sentence naming the field", (_, change, field, message) => {
    const form = quoteFormFromDocument(kitchen());
    change(form);
    expect(refusal(form)).toEqual({ ok: false, field, message });
  });

  test("with several options, a line names its option", () => {
    const form = applyQuoteEdit(quoteFormFromDocument(kitchen()), { kind: "duplicate-option", at: [0] }, words);
    form.options[1]!.name = "Better";
    form.options[1]!.sections[0]!.lines[0]!.price = "12,50";
    expect(refusal(form)).toMatchObject({
      field: "o1.s0.l0.price",
      message: expect.stringMatching(/^Line 1 of Kitchen \(Better\): the unit price/),
    });
  });

  test("payments beyond the total are refused with the amount over", () => {
    const form = quoteFormFromDocument(kitchen());
    form.deposit = { kind: "amount", value: "1000000" };
    expect(refusal(form)).toMatchObject({
      field: "deposit.value",
      message: expect.stringMatching(/^The payments add up to \$[\d,]+\.\d\d more than the total/),
    });
  });

  test("a line saved as an item is checked like a saved line", () => {
    const form = quoteFormFromDocument(kitchen());
    expect(lineFromQuoteForm(form, [0, 0, 1])).toMatchObject({
      ok: true,
      line: { description: "Tile", unitPriceCents: 899, quantityMilli: 42_500 },
    });
    form.options[0]!.sections[0]!.lines[1]!.price = "x";
    expect(lineFromQuoteForm(form, [0, 0, 1])).toMatchObject({ ok: false, field: "o0.s0.l1.price" });
  });
});

describe("the builder's structural buttons", () => {
  test("intents read back as edits", () => {
    for (const intent of ["add-option", "duplicate-option:1", "remove-line:0.2.3", "section-up:1.4", "add-milestone", "remove-milestone:2"])
      expect(quoteEditIntent(parseQuoteEdit(intent)!)).toBe(intent);
    for (const intent of ["remove-line:0.2", "add-option:1", "delete-everything", "line-up:a.b.c", ""])
      expect(parseQuoteEdit(intent)).toBeNull();
  });

  test("duplicating an option copies its lines under new ids, up to three options", () => {
    let form = quoteFormFromDocument(kitchen());
    form = applyQuoteEdit(form, { kind: "duplicate-option", at: [0] }, words);
    expect(form.options.map((o) => o.name)).toEqual(["Good", "Option 2"]);
    const ids = form.options.flatMap((o) => [o.id, ...o.sections.flatMap((s) => [s.id, ...s.lines.map((l) => l.id)])]);
    expect(new Set(ids).size).toBe(ids.length);
    expect(form.options[1]!.sections[0]!.lines.map((l) => l.description)).toEqual(["Demolition", "Tile", "Under-cabinet lights"]);
    form = applyQuoteEdit(form, { kind: "add-option" }, words);
    expect(applyQuoteEdit(form, { kind: "add-option" }, words)).toBe(form);
    expect(applyQuoteEdit(form, { kind: "duplicate-option", at: [0] }, words)).toBe(form);
  });

  test("sections and lines move, and the last section or option stays", () => {
    let form = quoteFormFromDocument(kitchen());
    form = applyQuoteEdit(form, { kind: "add-section", at: [0] }, words);
    form = applyQuoteEdit(form, { kind: "section-up", at: [0, 1] }, words);
    expect(form.options[0]!.sections.map((s) => s.title)).toEqual(["New section", "Kitchen"]);
    form = applyQuoteEdit(form, { kind: "line-down", at: [0, 1, 0] }, words);
    expect(form.options[0]!.sections[1]!.lines.map((l) => l.description)).toEqual(["Tile", "Demolition", "Under-cabinet lights"]);
    expect(applyQuoteEdit(form, { kind: "line-up", at: [0, 1, 0] }, words)).toEqual(form);
    form = applyQuoteEdit(form, { kind: "remove-section", at: [0, 0] }, words);
    expect(applyQuoteEdit(form, { kind: "remove-section", at: [0, 0] }, words)).toEqual(form);
    expect(applyQuoteEdit(form, { kind: "remove-option", at: [0] }, words)).toEqual(form);
  });

  test("a saved item is added with a new id", () => {
    const form = applyQuoteEdit(quoteFormFromDocument(kitchen()), { kind: "add-item", at: [0, 0] }, words, {
      kind: "item",
      description: "Haul-away",
      quantityMilli: 1000,
      unit: "load",
      unitPriceCents: 35_000,
      optional: false,
      note: "",
    });
    expect(form.options[0]!.sections[0]!.lines.at(-1)).toMatchObject({ id: "l4", description: "Haul-away", price: "350.00" });
  });
});

describe("the live totals", () => {
  test("match the server's arithmetic and keep showing while a payment is too large", () => {
    const form = quoteFormFromDocument(kitchen());
    const [preview] = previewQuoteTotals(form);
    // 1250.50 + 42.5 × 8.99 (382.075 → 382.08) = 1632.58; tax 8.25 % = 134.69; total 1,767.27 (1632.58 + 134.69).
    expect(preview).toMatchObject({ subtotalCents: 163_258, taxCents: 13_469, totalCents: 176_727, extrasCents: 45_000, overCents: 0 });
    expect(preview!.schedule.map((p) => p.cents)).toEqual([53_018, 100_000, 23_709]);
    form.deposit = { kind: "amount", value: "5000" };
    expect(previewQuoteTotals(form)[0]).toMatchObject({ totalCents: 176_727, overCents: 500_000 + 100_000 - 176_727, schedule: [] });
  });
});
