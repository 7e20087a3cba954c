/** What one page's Lighthouse run comes to: its scores, timings, JavaScript and failing audits. */
import type { Result as LighthouseResult } from "lighthouse";
import { CATEGORIES, failingAudits, type FailingAudit } from "#scripts/bench/lighthouse-audits.ts";
import { numericValue, score100, scriptBytes, type JavaScriptBytes } from "#scripts/bench/lighthouse-scripts.ts";

/** What a public page may load, gzipped (issue 14). */
export const JS_BUDGET_BYTES = 40 * 1024;

export interface PageFigures {
  path: string;
  url: string;
  scores: Record<string, number | null>;
  lcpMs: number | null;
  tbtMs: number | null;
  cls: number | null;
  fcpMs: number | null;
  speedIndexMs: number | null;
  /** Sum of transferSize of the Script requests (compressed bytes on the wire, brotli or gzip). */
  jsTransferBytes: number;
  /** The JavaScript the page loads, gzipped: script files plus inline scripts (`javascriptBytes`). */
  js: JavaScriptBytes;
  /** The same scripts uncompressed. */
  jsResourceBytes: number;
  jsRequests: number;
  totalTransferBytes: number;
  requests: number;
  /** Performance score of every run, in run order; the median run is reported. */
  performanceRuns: (number | null)[];
  failingAudits: FailingAudit[];
  runWarnings: string[];
  runtimeError?: string;
  /** Runs that errored and were retried. */
  failedRuns?: string[];
  benchmarkIndex?: number;
  report: string;
}

export function summarise(
  pagePath: string,
  lhr: LighthouseResult,
  performanceRuns: (number | null)[],
  report: string,
  js: JavaScriptBytes,
): PageFigures {
  const scores: Record<string, number | null> = {};
  for (const category of CATEGORIES) scores[category] = score100(lhr.categories[category]?.score);
  return {
    path: pagePath,
    url: lhr.finalDisplayedUrl,
    scores,
    lcpMs: numericValue(lhr, "largest-contentful-paint"),
    tbtMs: numericValue(lhr, "total-blocking-time"),
    cls: numericValue(lhr, "cumulative-layout-shift"),
    fcpMs: numericValue(lhr, "first-contentful-paint"),
    speedIndexMs: numericValue(lhr, "speed-index"),
    ...scriptBytes(lhr),
    js,
    performanceRuns,
    failingAudits: failingAudits(lhr),
    runWarnings: lhr.runWarnings.map(String),
    ...(lhr.runtimeError ? { runtimeError: `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` } : {}),
    ...(lhr.environment.benchmarkIndex ? { benchmarkIndex: Math.round(lhr.environment.benchmarkIndex) } : {}),
    report,
  };
}
