import { describe, expect, test } from "vitest";
import type { QuoteDocument, QuoteLine } from "#app/schemas/quote.ts";
import {
  multiplyDivideRoundHalfUp,
  lineCents,
  optionTotals,
  quoteTotals,
  ScheduleOverTotalError,
  scheduleProblem,
} from "#app/schemas/quote-money.ts";

/** A small deterministic generator (mulberry32), so a failing case can be replayed from its seed. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The reference: the same rounding in BigInt, written differently. */
function bigHalfUp(numerator: bigint, denominator: bigint): bigint {
  return (numerator * 2n + denominator) / (denominator * 2n);
}

function generated(seed: number): QuoteDocument {
  const next = random(seed);
  const int = (max: number) => Math.floor(next() * (max + 1));
  const options = Array.from({ length: 1 + int(2) }, (_option, o) => ({
    id: `o${o}`,
    name: `Option ${o}`,
    summary: "",
    sections: Array.from({ length: 1 + int(3) }, (_section, s) => ({
      id: `o${o}s${s}`,
      title: `Section ${s}`,
      lines: Array.from({ length: int(8) }, (_line, l): QuoteLine => ({
        id: `o${o}s${s}l${l}`,
        kind: next() < 0.2 ? "allowance" : "item",
        description: "Line",
        quantityMilli: 1 + int(next() < 0.5 ? 5_000 : 9_999_999),
        unit: "ea",
        unitPriceCents: int(next() < 0.5 ? 9_999 : 100_000_000),
        optional: next() < 0.3,
        note: "",
      })),
    })),
  }));
  return {
    title: "Generated",
    intro: "",
    options,
    exclusions: [],
    assumptions: [],
    taxBasisPoints: next() < 0.5 ? int(2_000) : null,
    payment: {
      deposit: next() < 0.5 ? { kind: "percent", basisPoints: int(5_000) } : { kind: "amount", cents: int(1_000) },
      milestones: Array.from({ length: int(3) }, (_milestone, m) => ({
        id: `m${m}`,
        label: `Milestone ${m}`,
        amount: { kind: "percent" as const, basisPoints: int(1_500) },
      })),
    },
    validUntil: "",
    expectedStart: "",
    duration: null,
    warranty: "",
    terms: "",
    notices: { homeSolicitation: false, homestead: false, residentialDisclosure: false, subcontractors: { kind: "none" } },
  };
}

describe("a quote's money", () => {
  test("half up to the cent, exactly", () => {
    expect(multiplyDivideRoundHalfUp(1_500, 1, 1000)).toBe(2);
    expect(multiplyDivideRoundHalfUp(1_499, 1, 1000)).toBe(1);
    expect(multiplyDivideRoundHalfUp(2_500, 1, 1000)).toBe(3);
    // The largest line a document allows is exact, and far from 2^53.
    expect(lineCents({ quantityMilli: 10_000_000, unitPriceCents: 100_000_000 })).toBe(1_000_000_000_000);
    expect(lineCents({ quantityMilli: 1_500, unitPriceCents: 333 })).toBe(500); // 499.5 → 500
    expect(lineCents({ quantityMilli: 333, unitPriceCents: 1 })).toBe(0);
    expect(() => multiplyDivideRoundHalfUp(2 ** 60, 1, 10)).toThrow(RangeError);
    expect(() => multiplyDivideRoundHalfUp(2 ** 50, 2 ** 20, 1)).toThrow(RangeError);
  });

  test("1,000 generated quotes: lines, tax and payments agree with a BigInt reference, and the schedule sums to the total", () => {
    let checked = 0;
    for (let seed = 1; seed <= 1000; seed++) {
      const document = generated(seed);
      for (const option of document.options) {
        const lines = option.sections.flatMap((s) => s.lines);
        const extras = lines.filter((l) => l.optional && random(seed + 7)() < 0.6).map((l) => l.id);
        let totals;
        try {
          totals = quoteTotals(document, { optionId: option.id, extraIds: [...extras, "not-a-line", "o9s9l9"] });
        } catch (error) {
          expect(error, `seed ${seed}`).toBeInstanceOf(ScheduleOverTotalError);
          continue;
        }
        const amount = (l: QuoteLine) => bigHalfUp(BigInt(l.quantityMilli) * BigInt(l.unitPriceCents), 1000n);
        const base = lines.filter((l) => !l.optional).reduce((sum, l) => sum + amount(l), 0n);
        const extra = lines.filter((l) => l.optional && extras.includes(l.id)).reduce((sum, l) => sum + amount(l), 0n);
        const tax = document.taxBasisPoints ? bigHalfUp((base + extra) * BigInt(document.taxBasisPoints), 10_000n) : 0n;
        expect([totals.baseCents, totals.extrasCents, totals.taxCents, totals.totalCents], `seed ${seed}`).toEqual(
          [base, extra, tax, base + extra + tax].map(Number),
        );
        expect(totals.extraIds.toSorted()).toEqual(extras.toSorted());
        expect(
          totals.schedule.reduce((sum, p) => sum + p.cents, 0),
          `seed ${seed}`,
        ).toBe(totals.totalCents);
        expect(totals.schedule.at(-1)!.id).toBe("final");
        for (const p of totals.schedule) expect(Number.isInteger(p.cents) && p.cents >= 0).toBe(true);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(1000);
  });

  test("each option counts only its own lines: better's lines never reach good's total", () => {
    const document = generated(42);
    document.options = [
      {
        id: "good",
        name: "Good",
        summary: "",
        sections: [
          {
            id: "a",
            title: "A",
            lines: [
              {
                id: "g1",
                kind: "item",
                description: "Laminate",
                quantityMilli: 1000,
                unitPriceCents: 100_000,
                unit: "",
                optional: false,
                note: "",
              },
            ],
          },
        ],
      },
      {
        id: "better",
        name: "Better",
        summary: "",
        sections: [
          {
            id: "b",
            title: "B",
            lines: [
              {
                id: "b1",
                kind: "item",
                description: "Quartz",
                quantityMilli: 1000,
                unitPriceCents: 300_000,
                unit: "",
                optional: false,
                note: "",
              },
            ],
          },
        ],
      },
    ];
    document.taxBasisPoints = null;
    document.payment = { deposit: { kind: "percent", basisPoints: 3_333 }, milestones: [] };
    expect(optionTotals(document).map((t) => t.totalCents)).toEqual([100_000, 300_000]);
    expect(quoteTotals(document, { optionId: "good", extraIds: ["b1"] }).totalCents).toBe(100_000);
    expect(quoteTotals(document, { optionId: "better", extraIds: [] }).schedule.map((p) => p.cents)).toEqual([99_990, 200_010]);
  });

  test("payments asking more than the total are caught before sending", () => {
    const document = generated(3);
    document.options = [
      {
        id: "o",
        name: "O",
        summary: "",
        sections: [
          {
            id: "s",
            title: "S",
            lines: [
              {
                id: "l",
                kind: "item",
                description: "Paint",
                quantityMilli: 1000,
                unitPriceCents: 50_000,
                unit: "",
                optional: false,
                note: "",
              },
            ],
          },
        ],
      },
    ];
    document.taxBasisPoints = null;
    document.payment = { deposit: { kind: "amount", cents: 60_000 }, milestones: [] };
    expect(scheduleProblem(document)).toEqual({ optionId: "o", overCents: 10_000 });
    document.payment.deposit = { kind: "amount", cents: 50_000 };
    expect(scheduleProblem(document)).toBeNull();
    expect(quoteTotals(document, { optionId: "o", extraIds: [] }).schedule.map((p) => p.cents)).toEqual([50_000, 0]);
  });
});
