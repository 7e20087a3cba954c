/**
 * Lighthouse, mobile (Lighthouse 13's defaults: Moto G Power emulation,
 * simulated slow 4G and 4× CPU slowdown) on the main public pages. Each page
 * is run RUNS times in one headless Chromium; the run with the median
 * performance score is reported, and its full report is kept in
 * bench/results/lighthouse-<page>.json for a closer look.
 */
import { spawnSync } from "node:child_process";
import { accessSync, constants, writeFileSync } from "node:fs";
import path from "node:path";
import type { Result as LighthouseResult } from "lighthouse";
import type { LaunchedChrome } from "chrome-launcher";
import { kb, num } from "./format.ts";
import { BenchSetupError, type BenchContext, type BenchSection, type Table } from "./types.ts";

export const PAGES = ["/", "/services", "/bathroom", "/contact"];
const RUNS = 3;
const MAX_RETRIES = 2;
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
const CATEGORY_LABELS: Record<string, string> = {
  performance: "Perf",
  accessibility: "A11y",
  "best-practices": "BP",
  seo: "SEO",
};
/** What Lighthouse's own report counts as passed (green). */
const PASS_SCORE = 0.9;
/** Elements or URLs printed per failing audit (all of them are in the JSON). */
const MAX_EXAMPLES = 8;

export const CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-dev-shm-usage",
];

function chromePath(): string {
  return process.env.CHROME_PATH || "/usr/bin/chromium";
}

interface FailingAudit {
  category: string;
  id: string;
  title: string;
  score: number | null;
  scoreDisplayMode: string;
  displayValue?: string;
  /** A few of the elements or URLs the audit points at. */
  examples: string[];
}

export interface PageFigures {
  path: string;
  url: string;
  scores: Record<string, number | null>;
  lcpMs: number | null;
  tbtMs: number | null;
  cls: number | null;
  fcpMs: number | null;
  speedIndexMs: number | null;
  /** Sum of transferSize of the Script requests (compressed bytes on the wire). */
  jsTransferBytes: number;
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

const score100 = (value: number | null | undefined) =>
  value === null || value === undefined ? null : Math.round(value * 100);

function numericValue(lhr: LighthouseResult, id: string): number | null {
  const value = lhr.audits[id]?.numericValue;
  return typeof value === "number" ? value : null;
}

interface RequestItem {
  url?: string;
  resourceType?: string;
  transferSize?: number;
  resourceSize?: number;
}

function itemsOf(lhr: LighthouseResult, id: string): Record<string, unknown>[] {
  const details = lhr.audits[id]?.details as { items?: unknown[] } | undefined;
  return Array.isArray(details?.items) ? (details.items as Record<string, unknown>[]) : [];
}

function scriptBytes(lhr: LighthouseResult) {
  const requests = itemsOf(lhr, "network-requests") as RequestItem[];
  if (requests.length > 0) {
    const scripts = requests.filter((r) => r.resourceType === "Script");
    return {
      jsTransferBytes: scripts.reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
      jsResourceBytes: scripts.reduce((sum, r) => sum + (r.resourceSize ?? 0), 0),
      jsRequests: scripts.length,
      totalTransferBytes: requests.reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
      requests: requests.length,
    };
  }
  // Fallback: the resource summary has the same totals, without uncompressed sizes.
  const summary = itemsOf(lhr, "resource-summary") as {
    resourceType?: string;
    transferSize?: number;
    requestCount?: number;
  }[];
  const script = summary.find((r) => r.resourceType === "script");
  const total = summary.find((r) => r.resourceType === "total");
  return {
    jsTransferBytes: script?.transferSize ?? 0,
    jsResourceBytes: 0,
    jsRequests: script?.requestCount ?? 0,
    totalTransferBytes: total?.transferSize ?? 0,
    requests: total?.requestCount ?? 0,
  };
}

/** Pulls a short, human-readable pointer out of one item of an audit's details. */
function describeItem(item: Record<string, unknown>): string[] {
  // A section of a "list" (network dependency tree, checklists…).
  if (item.type === "list-section" || item.type === "checklist" || item.type === "network-tree") {
    const value = (item.type === "list-section" ? item.value : item) as Record<string, unknown> | undefined;
    if (value?.type === "network-tree") return describeChains(value.chains as Record<string, Chain> | undefined);
    if (value?.type === "checklist") {
      const checks = Object.values((value.items ?? {}) as Record<string, { label?: string; value?: boolean }>);
      return checks.filter((c) => c.value === false).map((c) => `not done: ${c.label ?? "?"}`);
    }
    return [];
  }
  if (item.type === "table" || item.type === "list") {
    return Array.isArray(item.items) ? (item.items as Record<string, unknown>[]).flatMap(describeItem) : [];
  }
  const node = (item.node ?? item.element ?? (item.type === "node" ? item : undefined)) as
    | { snippet?: string; selector?: string; nodeLabel?: string }
    | undefined;
  if (node && typeof node === "object" && (node.snippet || node.selector)) {
    const where = node.selector ? `${node.selector}: ` : "";
    return [`${where}${node.snippet ?? node.nodeLabel ?? ""}`.slice(0, 240)];
  }
  const location = (item.sourceLocation ?? item.source) as { url?: string; line?: number } | string | undefined;
  const description = typeof item.description === "string" ? item.description : undefined;
  if (location && typeof location === "object" && location.url) {
    return [`${location.url}${description ? ` (${description.slice(0, 160)})` : ""}`];
  }
  const ms = ["reflowTime", "wastedMs", "duration"].map((key) => item[key]).find((v) => typeof v === "number");
  const bytes = typeof item.wastedBytes === "number" && typeof item.totalBytes === "number" && item.wastedBytes >= 1024
    ? ` (${kb(item.wastedBytes)} of ${kb(item.totalBytes)} KiB wasted)`
    : "";
  const suffix = (typeof ms === "number" ? ` (${Math.round(ms)} ms)` : "") + bytes;
  if (location && typeof location === "object" && "value" in location && typeof location.value === "string") {
    return [`${location.value}${suffix}`];
  }
  for (const key of ["url", "description", "label", "directive"]) {
    const value = item[key];
    if (typeof value === "string" && value) return [`${value.slice(0, 240)}${suffix}`];
  }
  return [];
}

interface Chain {
  url: string;
  navStartToEndTime?: number;
  isLongest?: boolean;
  children?: Record<string, Chain>;
}

/** The longest request chain, as "a → b → c (770 ms)". */
function describeChains(chains: Record<string, Chain> | undefined): string[] {
  const urls: string[] = [];
  let end = 0;
  let level = chains;
  while (level) {
    const nodes = Object.values(level);
    const next = nodes.find((n) => n.isLongest) ?? nodes[0];
    if (!next) break;
    urls.push(next.url);
    end = next.navStartToEndTime ?? end;
    level = next.children && Object.keys(next.children).length > 0 ? next.children : undefined;
  }
  return urls.length > 1 ? [`longest chain (${Math.round(end)} ms): ${urls.join(" → ")}`] : [];
}

export function failingAudits(lhr: LighthouseResult): FailingAudit[] {
  const failing: FailingAudit[] = [];
  for (const category of CATEGORIES) {
    const cat = lhr.categories[category];
    if (!cat) continue;
    for (const ref of cat.auditRefs) {
      if (ref.group === "hidden") continue;
      const audit = lhr.audits[ref.id];
      if (!audit) continue;
      const mode = audit.scoreDisplayMode;
      if (mode === "manual" || mode === "notApplicable" || mode === "informative") continue;
      if (mode !== "error" && audit.score !== null && audit.score >= PASS_SCORE) continue;
      const examples = itemsOf(lhr, ref.id).flatMap(describeItem);
      failing.push({
        category,
        id: ref.id,
        title: audit.title,
        score: audit.score,
        scoreDisplayMode: mode,
        ...(audit.displayValue ? { displayValue: audit.displayValue } : {}),
        examples,
      });
    }
  }
  return failing;
}

function summarise(pagePath: string, lhr: LighthouseResult, performanceRuns: (number | null)[], report: string): PageFigures {
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
    performanceRuns,
    failingAudits: failingAudits(lhr),
    runWarnings: lhr.runWarnings.map(String),
    ...(lhr.runtimeError ? { runtimeError: `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` } : {}),
    ...(lhr.environment.benchmarkIndex ? { benchmarkIndex: Math.round(lhr.environment.benchmarkIndex) } : {}),
    report,
  };
}

/** Lighthouse's median run: sorted by performance score, the middle one. */
function medianRun<T extends { perf: number | null }>(runs: T[]): T {
  const sorted = runs.toSorted((a, b) => (a.perf ?? -1) - (b.perf ?? -1));
  const median = sorted[Math.floor((sorted.length - 1) / 2)];
  if (!median) throw new Error("no Lighthouse run");
  return median;
}

function reportName(pagePath: string): string {
  const slug = pagePath.replace(/^\/+|\/+$/g, "").replace(/[^a-z0-9]+/gi, "-") || "home";
  return `lighthouse-${slug}.json`;
}

/**
 * Runs Lighthouse RUNS times on each of `paths` of the site at `baseUrl` in one headless
 * Chromium, and keeps the median run of each (its report goes to bench/results). Also used by
 * the gallery section (scripts/bench/gallery.ts).
 */
export async function runLighthouse(
  ctx: BenchContext,
  baseUrl: string,
  paths: readonly string[],
): Promise<{ pages: PageFigures[]; lighthouseVersion: string; settings: Record<string, unknown> }> {
  // Loaded here, not at the top: Lighthouse takes seconds to import, and `--only=http` does not need it.
  const { default: lighthouse } = await import("lighthouse");
  const { launch } = await import("chrome-launcher");
  ctx.log(`starting ${chromePath()}`);
  let chrome: LaunchedChrome;
  try {
    // handleSIGINT: false, or chrome-launcher exits the process on Ctrl-C before the servers are stopped.
    chrome = await launch({ chromePath: chromePath(), chromeFlags: CHROME_FLAGS, logLevel: "silent", handleSIGINT: false });
  } catch (error) {
    throw new BenchSetupError(`Chromium would not start for Lighthouse: ${(error as Error).message}`);
  }
  const stopChrome = (() => {
    let done = false;
    return () => {
      if (done) return;
      done = true;
      try {
        chrome.kill();
      } catch {
        // Already gone.
      }
    };
  })();
  ctx.onCleanup(stopChrome);

  const pages: PageFigures[] = [];
  let lighthouseVersion = "";
  let settings: Record<string, unknown> = {};
  try {
    for (const pagePath of paths) {
      const runs: { perf: number | null; lhr: LighthouseResult }[] = [];
      const failedRuns: string[] = [];
      let lastFailed: LighthouseResult | undefined;
      // A run that errors (NO_NAVSTART and the like happen now and then) is retried, twice at most.
      for (let attempt = 1; runs.length < RUNS && attempt <= RUNS + MAX_RETRIES; attempt++) {
        const started = Date.now();
        const result = await lighthouse(baseUrl + pagePath, {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          onlyCategories: [...CATEGORIES],
        });
        if (!result) throw new Error(`Lighthouse returned nothing for ${pagePath}`);
        const { lhr } = result;
        const perf = score100(lhr.categories.performance?.score);
        const took = `${((Date.now() - started) / 1000).toFixed(1)} s`;
        if (lhr.runtimeError) {
          failedRuns.push(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
          lastFailed = lhr;
          ctx.log(`lighthouse ${pagePath} attempt ${attempt}: ERROR ${lhr.runtimeError.code} (${took}), retrying`);
          continue;
        }
        runs.push({ perf, lhr });
        ctx.log(`lighthouse ${pagePath} run ${runs.length}/${RUNS}: performance ${perf ?? "–"} (${took})`);
      }
      if (runs.length === 0 && lastFailed) runs.push({ perf: null, lhr: lastFailed });
      const median = medianRun(runs);
      const report = reportName(pagePath);
      writeFileSync(path.join(ctx.resultsDir, report), JSON.stringify(median.lhr));
      pages.push({ ...summarise(pagePath, median.lhr, runs.map((r) => r.perf), `bench/results/${report}`), failedRuns });
      lighthouseVersion = median.lhr.lighthouseVersion;
      const s = median.lhr.configSettings;
      settings = {
        formFactor: s.formFactor,
        throttlingMethod: s.throttlingMethod,
        throttling: s.throttling,
        screenEmulation: { width: s.screenEmulation.width, height: s.screenEmulation.height, mobile: s.screenEmulation.mobile },
      };
    }
  } finally {
    stopChrome();
  }

  return { pages, lighthouseVersion, settings };
}

/** One row per page: scores, the main timings, script bytes and the score of every run. */
export function lighthouseTable(pages: readonly PageFigures[]): Table {
  return {
    columns: ["Page", ...CATEGORIES.map((c) => CATEGORY_LABELS[c] ?? c), "LCP ms", "TBT ms", "CLS", "JS gz KB", "JS req", "Perf runs"],
    rows: pages.map((p) => [
      p.path,
      ...CATEGORIES.map((c) => p.scores[c] ?? "–"),
      num(p.lcpMs),
      num(p.tbtMs),
      num(p.cls, 3),
      kb(p.jsTransferBytes),
      p.jsRequests,
      p.performanceRuns.map((r) => r ?? "–").join("/"),
    ]),
  };
}

export const lighthouseSection: BenchSection = {
  name: "lighthouse",
  title: `Lighthouse 13, mobile (simulated throttling), median of ${RUNS} runs by performance score`,

  preflight() {
    const chrome = chromePath();
    try {
      accessSync(chrome, constants.X_OK);
    } catch {
      throw new BenchSetupError(
        `Chromium is missing: ${chrome} does not exist or is not executable. ` +
          "Install Debian's chromium (apt-get install chromium) or set CHROME_PATH.",
      );
    }
    const version = spawnSync(chrome, ["--version"], { encoding: "utf8", timeout: 20_000 });
    if (version.status !== 0) {
      throw new BenchSetupError(
        `Chromium does not run: \`${chrome} --version\` exited with ${version.status ?? version.signal}.\n${version.stderr}`,
      );
    }
  },

  async run(ctx) {
    const server = await ctx.defaultServer();

    // A page that does not answer 200 would give Lighthouse nothing to measure.
    const statuses: Record<string, number> = {};
    for (const pagePath of PAGES) {
      const response = await fetch(server.url + pagePath, { redirect: "manual" });
      await response.arrayBuffer();
      statuses[pagePath] = response.status;
    }

    const { pages, lighthouseVersion, settings } = await runLighthouse(ctx, server.url, PAGES);

    const table = lighthouseTable(pages);

    // The failing audits, merged over the pages: what to fix next.
    const shorten = (text: string) => text.replaceAll(server.url, "").replace(/\s+/g, " ");
    const byAudit = new Map<string, { audit: FailingAudit; pages: string[]; values: string[]; examples: Set<string> }>();
    for (const page of pages) {
      for (const audit of page.failingAudits) {
        const auditKey = `${audit.category}/${audit.id}`;
        const entry = byAudit.get(auditKey) ?? { audit, pages: [], values: [], examples: new Set<string>() };
        entry.pages.push(page.path);
        const score = audit.scoreDisplayMode === "error" ? "error" : `score ${audit.score}`;
        entry.values.push(`${page.path} ${score}${audit.displayValue ? `, ${audit.displayValue}` : ""}`);
        // The same element or file on several pages is listed once (timings aside).
        const seen = new Set([...entry.examples].map((e) => e.replace(/ \([\d.]+ ms\)/g, "")));
        for (const example of audit.examples.map(shorten)) {
          const key = example.replace(/ \([\d.]+ ms\)/g, "");
          if (seen.has(key)) continue;
          seen.add(key);
          entry.examples.add(example);
        }
        byAudit.set(auditKey, entry);
      }
    }
    const notes: string[] = [];
    for (const page of pages) {
      if (statuses[page.path] !== 200) notes.push(`! ${page.path} answered ${statuses[page.path]} before the runs.`);
      if (page.runtimeError) notes.push(`! ${page.path}: Lighthouse runtime error ${page.runtimeError}`);
      for (const failed of page.failedRuns ?? []) notes.push(`! ${page.path}: a run errored and was retried (${failed})`);
      for (const warning of page.runWarnings) notes.push(`! ${page.path}: ${warning}`);
    }
    if (byAudit.size === 0) {
      notes.push("No failing audits in any category.");
    } else {
      notes.push(`Failing audits of the median runs (score below ${PASS_SCORE}, as Lighthouse's report counts them), by category:`);
      for (const category of CATEGORIES) {
        const entries = [...byAudit.values()].filter((e) => e.audit.category === category);
        if (entries.length === 0) continue;
        notes.push(`  ${CATEGORY_LABELS[category]}:`);
        for (const { audit, pages: on, values, examples } of entries) {
          const where = on.length === pages.length ? "all pages" : on.join(", ");
          notes.push(`    - ${audit.id} "${audit.title}" [${where}]: ${values.join("; ")}`);
          const shown = [...examples].slice(0, MAX_EXAMPLES);
          for (const example of shown) notes.push(`        ${example}`);
          if (examples.size > shown.length) notes.push(`        … and ${examples.size - shown.length} more`);
        }
      }
    }
    const index = pages.find((p) => p.benchmarkIndex)?.benchmarkIndex;
    notes.push(
      `Lighthouse ${lighthouseVersion}, ${String(settings.formFactor)}, ${String(settings.throttlingMethod)} throttling` +
        (index ? `, CPU benchmark index ${index}` : "") +
        `. Full reports of the median runs: bench/results/lighthouse-*.json.`,
    );

    return {
      figures: { lighthouseVersion, chromium: chromePath(), runsPerPage: RUNS, settings, pages },
      tables: [table],
      notes,
    };
  },
};
