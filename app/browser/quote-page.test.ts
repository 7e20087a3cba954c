import { describe, expect, it } from "vitest";
import { scriptText } from "#app/components/script-files.ts";
import { quoteTotals } from "#app/schemas/quote-money.ts";
import type { QuoteDocument, QuoteSelection } from "#app/schemas/quote.ts";
import { bathroomQuote } from "#tests/support/quote-page-fixtures.ts";

/** The file's arithmetic, run on its own as the browser runs it: everything before the setup's call. */
function fileTotals(): (document: unknown, selection: QuoteSelection) => ReturnType<typeof quoteTotals> {
  const text = scriptText("quote-page");
  const start = text.lastIndexOf("(function setupQuoteTotals");
  expect(start).toBeGreaterThan(0);
  return new Function(`${text.slice(0, start)}\nreturn ${quoteTotals.name};`)() as never;
}

describe("the quote page's script file", () => {
  it("starts the page's setup with the server's own quoteTotals", () => {
    const text = scriptText("quote-page");
    for (const name of [
      "setupQuoteTotals",
      "setupMarkPad",
      "quoteTotals",
      "lineCents",
      "paymentCents",
      "multiplyDivideRoundHalfUp",
      "findOption",
    ]) {
      expect(text).toContain(`function ${name}(`);
    }
    expect(text).toContain("class ScheduleOverTotalError");
    expect(text).toContain(")(document,quoteTotals);");
    expect(text.trimEnd()).toMatch(/\)\(document\);$/);
  });

  it("computes every pick's totals to the cent as the server does", () => {
    const totals = fileTotals();
    const documents: QuoteDocument[] = [
      bathroomQuote("en"),
      { ...bathroomQuote("es"), taxBasisPoints: 633 },
      { ...bathroomQuote("en"), taxBasisPoints: null },
    ];
    for (const document of documents) {
      for (const option of document.options) {
        const extras = option.sections.flatMap((s) => s.lines.filter((l) => l.optional).map((l) => l.id));
        for (let mask = 0; mask < 1 << extras.length; mask++) {
          const selection = { optionId: option.id, extraIds: extras.filter((_, i) => mask & (1 << i)) };
          expect(totals(JSON.parse(JSON.stringify(document)), selection)).toEqual(quoteTotals(document, selection));
        }
      }
    }
  });
});
