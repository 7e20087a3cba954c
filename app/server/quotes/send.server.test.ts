import { expect, test } from "vitest";
import { emptyQuoteDocument, type QuoteDocument } from "#app/schemas/quote.ts";
import { checkDraft } from "#app/server/quotes/send.server.ts";

const TODAY = "2026-11-29";

function draft(overrides: Partial<QuoteDocument> = {}): string {
  const line = {
    id: "l1",
    kind: "item" as const,
    description: "Tile",
    quantityMilli: 2000,
    unit: "",
    unitPriceCents: 50_000,
    optional: false,
    note: "",
  };
  return JSON.stringify({
    ...emptyQuoteDocument({ title: "Kitchen", warranty: "", terms: "" }),
    options: [
      { id: "o1", name: "Good", summary: "", sections: [{ id: "s1", title: "Floor", lines: [line] }] },
      { id: "o2", name: "Better", summary: "", sections: [{ id: "s1", title: "Floor", lines: [{ ...line, unitPriceCents: 80_000 }] }] },
    ],
    validUntil: "2026-12-31",
    ...overrides,
  });
}

test("a complete draft may be sent, valid until today included", () => {
  expect(checkDraft(draft(), TODAY).ok).toBe(true);
  expect(checkDraft(draft({ validUntil: TODAY }), TODAY).ok).toBe(true);
  expect(checkDraft(draft({ validUntil: "" }), TODAY).ok).toBe(true);
});

function refusal(text: string): string | null {
  const checked = checkDraft(text, TODAY);
  return checked.ok ? null : checked.message;
}

test("each refusal is one sentence the builder shows as it is", () => {
  expect(refusal(draft({ validUntil: "2026-11-28" }))).toBe(
    "The quote says it is valid until 2026-11-28, which has passed. Choose a later date before sending.",
  );
  const empty = JSON.parse(draft()) as QuoteDocument;
  empty.options[1]!.sections[0]!.lines = [];
  expect(refusal(JSON.stringify(empty))).toBe("The option “Better” has no lines yet. Add at least one line to it before sending.");
  // $1,000 is the smaller option's total: a $1,250 deposit is $250 too much.
  expect(refusal(draft({ payment: { deposit: { kind: "amount", cents: 125_000 }, milestones: [] } }))).toBe(
    "The payments of “Good” add up to $250.00 more than its total. Lower the deposit or a milestone before sending.",
  );
  expect(refusal(JSON.stringify({ title: "" }))).toMatch(/^The quote is not ready to send: title /);
  expect(refusal("{")).toBe("The quote's draft could not be read. Save it again before sending.");
});
