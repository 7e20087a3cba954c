/** The Lighthouse section's table and its two budget lines. */
import { kb, num } from "#scripts/bench/format.ts";
import type { Table } from "#scripts/bench/types.ts";
import { CATEGORIES, CATEGORY_LABELS } from "#scripts/bench/lighthouse-audits.ts";
import { JS_BUDGET_BYTES, type PageFigures } from "#scripts/bench/lighthouse-figures.ts";

/**
 * One row per page: scores, the main timings, the JavaScript it loads (gzipped: files + inline
 * = total, in KB) and the performance score of every run.
 */
export function lighthouseTable(pages: readonly PageFigures[]): Table {
  return {
    columns: [
      "Page",
      ...CATEGORIES.map((c) => CATEGORY_LABELS[c] ?? c),
      "LCP ms",
      "TBT ms",
      "CLS",
      "JS files",
      "JS file KB gz",
      "inline KB gz",
      "JS KB gz",
      "Perf runs",
    ],
    rows: pages.map((p) => [
      p.path,
      ...CATEGORIES.map((c) => p.scores[c] ?? "–"),
      num(p.lcpMs),
      num(p.tbtMs),
      num(p.cls, 3),
      p.js.files.length,
      kb(p.js.fileGzipBytes),
      kb(p.js.inlineGzipBytes),
      kb(p.js.gzipBytes),
      p.performanceRuns.map((r) => r ?? "–").join("/"),
    ]),
  };
}

/** The two checks of issue 14, in words: performance 100 everywhere, at most 40 KB of JavaScript. */
export function budgetNotes(pages: readonly PageFigures[]): string[] {
  const heavy = pages.filter((p) => p.js.gzipBytes > JS_BUDGET_BYTES);
  const slow = pages.filter((p) => p.scores.performance !== 100);
  const most = pages.toSorted((a, b) => b.js.gzipBytes - a.js.gzipBytes)[0];
  return [
    heavy.length === 0
      ? `JavaScript: every page loads at most ${kb(JS_BUDGET_BYTES)} KB gzipped (the most: ${most?.path ?? "–"}, ${kb(most?.js.gzipBytes)} KB).`
      : `! JavaScript over ${kb(JS_BUDGET_BYTES)} KB gzipped on: ${heavy.map((p) => `${p.path} ${kb(p.js.gzipBytes)} KB`).join(", ")}.`,
    slow.length === 0
      ? "Performance: 100 on every page."
      : `! Performance below 100 on: ${slow.map((p) => `${p.path} ${p.scores.performance ?? "–"} (runs ${p.performanceRuns.map((r) => r ?? "–").join("/")})`).join(", ")}.`,
  ];
}
