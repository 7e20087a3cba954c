import { describe, expect, it } from "vitest";
import { HTML_GZIP_BUDGET, pageBudgets, type PagePair } from "#scripts/bench/languages.ts";
import { overBudget, renderBudget, renderBudgets } from "#scripts/bench/format.ts";

const page = (en: string, english: number, es: string | null, spanish: number | null): PagePair => ({
  en,
  es,
  english: { raw: english * 4, gzip: english },
  spanish: spanish === null ? null : { raw: spanish * 4, gzip: spanish },
});

describe("the pages' HTML budgets (ADR 065)", () => {
  it("are enforced: 14 KB gzipped in each language and 2 KB more for the Spanish page", () => {
    const budgets = pageBudgets("new site", [page("/", 12_000, "/es/", 12_400), page("/gallery", 9_000, null, null)]);
    expect(budgets.map((b) => [b.label, b.value, b.limit, b.enforced])).toEqual([
      ["new site / HTML gzipped", 11.72, 14, true],
      ["new site /es/ HTML gzipped", 12.11, 14, true],
      ["new site /es/ beside /, gzipped", 0.4, 2, true],
      ["new site /gallery HTML gzipped", 8.79, 14, true],
    ]);
    expect(overBudget(budgets)).toEqual([]);
  });

  it("fail the bench one byte over 14 KB, or when the Spanish page is over 2 KB more", () => {
    const over = overBudget(
      pageBudgets("seeded site", [page("/", HTML_GZIP_BUDGET + 1, "/es/", 9_000), page("/about", 7_000, "/es/nosotros", 9_100)]),
    );
    expect(over.map((b) => b.label)).toEqual(["seeded site / HTML gzipped", "seeded site /es/nosotros beside /about, gzipped"]);
    expect(renderBudget(over[0]!)).toBe("Budget: seeded site / HTML gzipped: 14.01 KB (enforced budget 14 KB): OVER BUDGET");
  });

  it("leave a budget that is only reported out", () => {
    expect(overBudget([{ label: "LCP", value: 3, limit: 2.5, unit: "s" }])).toEqual([]);
  });
});

describe("the budget lines", () => {
  it("count the enforced budgets and spell out only those over, beside every reported one", () => {
    const budgets = [
      { label: "LCP", value: 3, limit: 2.5, unit: "s" },
      ...pageBudgets("new site", [page("/", 15_000, "/es/", 15_100), page("/about", 7_000, null, null)]),
    ];
    expect(renderBudgets(budgets)).toEqual([
      "Budget: LCP: 3 s (budget 2.5 s): OVER BUDGET",
      "Enforced budgets: 4 checked, 2 OVER BUDGET",
      "Budget: new site / HTML gzipped: 14.65 KB (enforced budget 14 KB): OVER BUDGET",
      "Budget: new site /es/ HTML gzipped: 14.75 KB (enforced budget 14 KB): OVER BUDGET",
    ]);
  });
});
