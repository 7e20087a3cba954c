/**
 * Lighthouse, mobile (Lighthouse 13's defaults: Moto G Power emulation,
 * simulated slow 4G and 4× CPU slowdown) on every public page, the sign-in
 * pages included. The pages where speed is most at stake (the two form pages,
 * a service page and the gallery) are run RUNS times in one headless Chromium
 * and the run with the median performance score is reported; the others run
 * once (all RUNS times with BENCH_LIGHTHOUSE_RUNS=3, about twice as long). The
 * reported run's full report is kept in bench/results/lighthouse-<page>.json.
 *
 * Per page it also counts the JavaScript the page loads, gzipped: every script
 * file in the run's network records and the text of the page's inline scripts
 * (see `javascriptBytes`), for the budget of 40 KB per public page.
 */
import { spawnSync } from "node:child_process";
import { accessSync, constants, writeFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import type { Result as LighthouseResult } from "lighthouse";
import type { LaunchedChrome } from "chrome-launcher";
import { publicPaths } from "../../app/sitemap.ts";
import { kb, num } from "./format.ts";
import { BenchSetupError, type BenchContext, type BenchSection, type Table } from "./types.ts";

/** Every public page (app/sitemap.ts: the placeholders and policies included) and the sign-in pages. */
export const PAGES = [...publicPaths, "/login", "/signup"];
const RUNS = 3;
/** Run RUNS times, the median reported: the form pages, one service page and the gallery. */
export const MEDIAN_PAGES = ["/", "/contact", "/bathroom", "/gallery"];
/** What a public page may load, gzipped (issue 14). */
export const JS_BUDGET_BYTES = 40 * 1024;

/** Runs per page: RUNS on MEDIAN_PAGES, once elsewhere; BENCH_LIGHTHOUSE_RUNS sets it for every page. */
function runsFor(pagePath: string): number {
  const all = Number(process.env.BENCH_LIGHTHOUSE_RUNS);
  if (Number.isInteger(all) && all > 0) return all;
  return MEDIAN_PAGES.includes(pagePath) ? RUNS : 1;
}
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
/** Pages whose score is printed per failing audit. */
const MAX_VALUES = 6;

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

export interface JavaScriptBytes {
  /** Files and inline text together, each gzipped: the figure for the 40 KB budget. */
  gzipBytes: number;
  /** Script files the page loaded (same origin or not), each gzipped on its own. */
  fileGzipBytes: number;
  files: { url: string; bytes: number; gzipBytes: number }[];
  /** The inline scripts' text (JSON data blocks excluded), gzipped together. */
  inlineGzipBytes: number;
  inlineBytes: number;
  inlineScripts: number;
}

/** Script types a browser runs, or runs later (the hydration script held until load, app/hydrate-after-load.ts). */
const RUNNABLE_TYPES = new Set(["", "module", "text/javascript", "application/javascript", "text/x-held-module"]);

/** Level 9, like `gzip -9`: the size a script has at the best a plain gzip can do. */
const gzipSize = (bytes: Uint8Array | string) => gzipSync(bytes, { level: 9 }).length;

const fileSizes = new Map<string, Promise<{ bytes: number; gzipBytes: number }>>();

/** A script file's size and gzipped size, fetched once per URL (chunks are shared by pages). */
function scriptFileSize(url: string): Promise<{ bytes: number; gzipBytes: number }> {
  let size = fileSizes.get(url);
  if (!size) {
    size = fetch(url).then(async (response) => {
      // fetch undoes the transfer encoding: these are the file's own bytes.
      const body = new Uint8Array(await response.arrayBuffer());
      if (!response.ok) throw new Error(`${url} answered ${response.status}`);
      return { bytes: body.length, gzipBytes: gzipSize(body) };
    });
    fileSizes.set(url, size);
  }
  return size;
}

/**
 * The JavaScript a page loads, gzipped: every Script request of the Lighthouse run (the page's
 * script files, the modules preloaded after load, any chunk fetched later), each gzipped on
 * its own as a server would send it, plus the page's inline scripts (read from the HTML the
 * server sends for the page; JSON-LD and other data blocks are not scripts), gzipped together.
 * Counted this way rather than from the transfer sizes so that it does not depend on the
 * encoding the server chose (brotli for Chromium) nor on the HTTP cache.
 */
export async function javascriptBytes(baseUrl: string, pagePath: string, lhr: LighthouseResult): Promise<JavaScriptBytes> {
  const requests = itemsOf(lhr, "network-requests") as RequestItem[];
  const urls = [...new Set(requests.filter((r) => r.resourceType === "Script" && r.url).map((r) => r.url!))];
  const files = await Promise.all(urls.map(async (url) => ({ url: url.replace(baseUrl, ""), ...(await scriptFileSize(url)) })));
  const html = await (await fetch(baseUrl + pagePath)).text();
  const inline: string[] = [];
  for (const [, attributes = "", text = ""] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\ssrc=/i.test(attributes)) continue;
    const type = /\stype=["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase() ?? "";
    if (RUNNABLE_TYPES.has(type) && text.trim() !== "") inline.push(text);
  }
  const inlineText = inline.join("\n");
  const fileGzipBytes = files.reduce((sum, file) => sum + file.gzipBytes, 0);
  const inlineGzipBytes = inline.length > 0 ? gzipSize(inlineText) : 0;
  return {
    gzipBytes: fileGzipBytes + inlineGzipBytes,
    fileGzipBytes,
    files,
    inlineGzipBytes,
    inlineBytes: Buffer.byteLength(inlineText),
    inlineScripts: inline.length,
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

function summarise(
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
 * Runs Lighthouse on each of `paths` of the site at `baseUrl` in one headless Chromium, `runs`
 * times (RUNS unless told), and keeps the median run of each (its report goes to bench/results).
 * Also used by the gallery and home-hero sections.
 */
export async function runLighthouse(
  ctx: BenchContext,
  baseUrl: string,
  paths: readonly string[],
  runs: (pagePath: string) => number = () => RUNS,
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
      const wanted = runs(pagePath);
      const done: { perf: number | null; lhr: LighthouseResult }[] = [];
      const failedRuns: string[] = [];
      let lastFailed: LighthouseResult | undefined;
      // A run that errors (NO_NAVSTART and the like happen now and then) is retried, twice at most.
      for (let attempt = 1; done.length < wanted && attempt <= wanted + MAX_RETRIES; attempt++) {
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
        done.push({ perf, lhr });
        ctx.log(`lighthouse ${pagePath} run ${done.length}/${wanted}: performance ${perf ?? "–"} (${took})`);
      }
      if (done.length === 0 && lastFailed) done.push({ perf: null, lhr: lastFailed });
      const median = medianRun(done);
      const report = reportName(pagePath);
      writeFileSync(path.join(ctx.resultsDir, report), JSON.stringify(median.lhr));
      const js = await javascriptBytes(baseUrl, pagePath, median.lhr);
      const figures = summarise(pagePath, median.lhr, done.map((r) => r.perf), `bench/results/${report}`, js);
      pages.push({ ...figures, failedRuns });
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

export const lighthouseSection: BenchSection = {
  name: "lighthouse",
  title:
    `Lighthouse 13, mobile (simulated throttling), every public page and the sign-in pages, with the JavaScript each loads (gzipped); ` +
    `median of ${RUNS} runs on ${MEDIAN_PAGES.join(" ")}, one run on the others (BENCH_LIGHTHOUSE_RUNS=${RUNS}: ${RUNS} on every page)`,

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

    const { pages, lighthouseVersion, settings } = await runLighthouse(ctx, server.url, PAGES, runsFor);

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
    const notes: string[] = [...budgetNotes(pages)];
    const once = pages.filter((p) => p.performanceRuns.length === 1).map((p) => p.path);
    notes.push(
      once.length === 0
        ? `Every page ran ${runsFor(PAGES[0] ?? "/")} times; the median run by performance is shown.`
        : `Median of ${RUNS} runs by performance on ${pages.filter((p) => p.performanceRuns.length > 1).map((p) => p.path).join(" ")}; ` +
            `one run on the other ${once.length} pages (BENCH_LIGHTHOUSE_RUNS=${RUNS} runs every page ${RUNS} times).`,
    );
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
          // With every public page measured, one line per audit stays readable: a few values, then a count.
          const shownValues = values.length > MAX_VALUES ? [...values.slice(0, MAX_VALUES), `… ${values.length - MAX_VALUES} more pages`] : values;
          notes.push(`    - ${audit.id} "${audit.title}" [${where}]: ${shownValues.join("; ")}`);
          const shown = [...examples].slice(0, MAX_EXAMPLES);
          for (const example of shown) notes.push(`        ${example}`);
          if (examples.size > shown.length) notes.push(`        … and ${examples.size - shown.length} more`);
        }
      }
    }
    // The placeholders and the sign-in pages are noindex on purpose: Lighthouse's SEO score says so.
    const noindex = pages.filter((p) => p.failingAudits.some((a) => a.id === "is-crawlable") && p.failingAudits.every((a) => a.category !== "seo" || a.id === "is-crawlable"));
    if (noindex.length > 0) {
      notes.push(`SEO below 100 on ${noindex.map((p) => p.path).join(" ")} only because they are noindex, on purpose (is-crawlable).`);
    }
    const index = pages.find((p) => p.benchmarkIndex)?.benchmarkIndex;
    notes.push(
      `Lighthouse ${lighthouseVersion}, ${String(settings.formFactor)}, ${String(settings.throttlingMethod)} throttling` +
        (index ? `, CPU benchmark index ${index}` : "") +
        `. Full reports of the median runs: bench/results/lighthouse-*.json.`,
    );

    return {
      figures: {
        lighthouseVersion,
        chromium: chromePath(),
        runsPerPage: Object.fromEntries(PAGES.map((p) => [p, runsFor(p)])),
        jsBudgetBytes: JS_BUDGET_BYTES,
        settings,
        pages,
      },
      tables: [table],
      notes,
    };
  },
};
