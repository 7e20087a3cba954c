/**
 * The signed quote's PDF (issue 27, ADR 068): a kitchen quote whose chosen option has 40 lines,
 * with its notices and a drawn signature, rendered RUNS times in this process in English and in
 * Spanish after one warm-up (which reads the fonts). Printed: the median and slowest time and the
 * file's size. Both budgets are the and enforced: at most 1 s and 300 KB a PDF. The time
 * moves with the machine's load, but the budget is about ten times what a render takes, so only
 * a real regression (a font embedded whole, a quadratic layout) blows it.
 */
import { kb, num } from "#scripts/bench/format.ts";
import type { BenchSection, Budget } from "#scripts/bench/types.ts";
import { renderQuotePdf } from "#app/server/quotes/pdf.server.ts";
import { kitchenQuotePdfInput } from "#tests/support/quote-fixtures.ts";

const RUNS = 15;
const LINES = 40;
const TIME_BUDGET_MS = 1_000;
const SIZE_BUDGET_BYTES = 300 * 1024;

function median(values: number[]): number {
  const sorted = values.toSorted((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

async function measure(locale: "en" | "es") {
  const input = kitchenQuotePdfInput({ locale, lines: LINES });
  const first = performance.now();
  const warm = await renderQuotePdf(input);
  const firstMs = performance.now() - first;
  const times: number[] = [];
  let bytes = warm.length;
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    bytes = (await renderQuotePdf(input)).length;
    times.push(performance.now() - started);
  }
  return { locale, firstMs, medianMs: median(times), maxMs: Math.max(...times), bytes };
}

export const pdfSection: BenchSection = {
  name: "pdf",
  title: `Issue 27: a signed quote's PDF with ${LINES} lines, notices and a drawn signature (budget 1 s and 300 KB; enforced)`,
  async run(ctx) {
    ctx.log(`rendering a ${LINES}-line quote ${RUNS + 1} times in each language`);
    const results = [await measure("en"), await measure("es")];
    const budgets: Budget[] = results.flatMap((result) => [
      {
        label: `${LINES}-line quote PDF (${result.locale}), median render time`,
        value: Math.round(result.medianMs) / 1000,
        limit: TIME_BUDGET_MS / 1000,
        unit: "s",
        enforced: true,
      },
      {
        label: `${LINES}-line quote PDF (${result.locale}), size`,
        value: Math.round((result.bytes / 1024) * 10) / 10,
        limit: SIZE_BUDGET_BYTES / 1024,
        unit: "KB",
        enforced: true,
      },
    ]);
    return {
      figures: { runs: RUNS, lines: LINES, results },
      tables: [
        {
          title: `${LINES}-line quote PDF, ${RUNS} renders after a first one`,
          columns: ["language", "first (ms)", "median (ms)", "slowest (ms)", "size (KB)"],
          rows: results.map((result) => [
            result.locale,
            num(result.firstMs),
            num(result.medianMs, 1),
            num(result.maxMs, 1),
            kb(result.bytes),
          ]),
        },
      ],
      budgets,
    };
  },
};
