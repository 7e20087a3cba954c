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
import type { Result as LighthouseResult } from "lighthouse";
import type { LaunchedChrome } from "chrome-launcher";
import { publicPaths } from "#app/sitemap.ts";
import { CATEGORIES, CATEGORY_LABELS, PASS_SCORE, type FailingAudit } from "#scripts/bench/lighthouse-audits.ts";
import { JS_BUDGET_BYTES, summarise, type PageFigures } from "#scripts/bench/lighthouse-figures.ts";
import { budgetNotes, lighthouseTable } from "#scripts/bench/lighthouse-report.ts";
import { javascriptBytes, score100 } from "#scripts/bench/lighthouse-scripts.ts";
import { BenchSetupError, type BenchContext, type BenchSection } from "#scripts/bench/types.ts";
import { OFFLINE_CHROMIUM_FLAGS } from "#scripts/chromium-flags.ts";

export { JS_BUDGET_BYTES, type PageFigures } from "#scripts/bench/lighthouse-figures.ts";
export { budgetNotes, lighthouseTable } from "#scripts/bench/lighthouse-report.ts";
export { failingAudits } from "#scripts/bench/lighthouse-audits.ts";
export { javascriptBytes, type JavaScriptBytes } from "#scripts/bench/lighthouse-scripts.ts";

/** Every public page (app/sitemap.ts: the placeholders and policies included) and the sign-in pages. */
const PAGES = [...publicPaths, "/login", "/signup"];
const RUNS = 3;
/** Run RUNS times, the median reported: the form pages, one service page and the gallery. */
const MEDIAN_PAGES = ["/", "/contact", "/bathroom", "/gallery"];

/** Runs per page: RUNS on MEDIAN_PAGES, once elsewhere; BENCH_LIGHTHOUSE_RUNS sets it for every page. */
function runsFor(pagePath: string): number {
  const all = Number(process.env.BENCH_LIGHTHOUSE_RUNS);
  if (Number.isInteger(all) && all > 0) return all;
  return MEDIAN_PAGES.includes(pagePath) ? RUNS : 1;
}
const MAX_RETRIES = 2;
/** Elements or URLs printed per failing audit (all of them are in the JSON). */
const MAX_EXAMPLES = 8;
/** Pages whose score is printed per failing audit. */
const MAX_VALUES = 6;

export const CHROME_FLAGS = ["--headless=new", ...OFFLINE_CHROMIUM_FLAGS, "--disable-dev-shm-usage"];

function chromePath(): string {
  return process.env.CHROME_PATH || "/usr/bin/chromium";
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
  /** Audits left out, each for a reason its caller prints (a page that is noindex on purpose cannot be crawlable). */
  skipAudits: readonly string[] = [],
): Promise<{ pages: PageFigures[]; lighthouseVersion: string; settings: Record<string, unknown> }> {
  const flags = { output: "json" as const, logLevel: "error" as const, onlyCategories: [...CATEGORIES], skipAudits: [...skipAudits] };
  // Loaded here, not at the top: Lighthouse takes seconds to import, and `--only=http` does not need it.
  const { default: lighthouse } = await import("lighthouse");
  const { launch } = await import("chrome-launcher");
  ctx.log(`starting ${chromePath()}`);
  let chrome: LaunchedChrome;
  try {
    // handleSIGINT: false, or chrome-launcher exits the process on Ctrl-C before the servers are stopped.
    chrome = await launch({
      chromePath: chromePath(),
      chromeFlags: CHROME_FLAGS,
      logLevel: "silent",
      handleSIGINT: false,
    });
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
        const result = await lighthouse(baseUrl + pagePath, { ...flags, port: chrome.port });
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
      const figures = summarise(
        pagePath,
        median.lhr,
        done.map((r) => r.perf),
        `bench/results/${report}`,
        js,
      );
      pages.push({ ...figures, failedRuns });
      lighthouseVersion = median.lhr.lighthouseVersion;
      const s = median.lhr.configSettings;
      settings = {
        formFactor: s.formFactor,
        throttlingMethod: s.throttlingMethod,
        throttling: s.throttling,
        screenEmulation: {
          width: s.screenEmulation.width,
          height: s.screenEmulation.height,
          mobile: s.screenEmulation.mobile,
        },
      };
    }
  } finally {
    stopChrome();
  }

  return { pages, lighthouseVersion, settings };
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
    const byAudit = mergeFailingAudits(pages, server.url);
    const notes: string[] = [...budgetNotes(pages)];
    const once = pages.filter((p) => p.performanceRuns.length === 1).map((p) => p.path);
    const medianed = pages
      .filter((p) => p.performanceRuns.length > 1)
      .map((p) => p.path)
      .join(" ");
    notes.push(
      once.length === 0
        ? `Every page ran ${runsFor(PAGES[0] ?? "/")} times; the median run by performance is shown.`
        : `Median of ${RUNS} runs by performance on ${medianed}; one run on the other ${once.length} pages (BENCH_LIGHTHOUSE_RUNS=${RUNS} runs every page ${RUNS} times).`,
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
          const shownValues =
            values.length > MAX_VALUES ? [...values.slice(0, MAX_VALUES), `… ${values.length - MAX_VALUES} more pages`] : values;
          notes.push(`    - ${audit.id} "${audit.title}" [${where}]: ${shownValues.join("; ")}`);
          const shown = [...examples].slice(0, MAX_EXAMPLES);
          for (const example of shown) notes.push(`        ${example}`);
          if (examples.size > shown.length) notes.push(`        … and ${examples.size - shown.length} more`);
        }
      }
    }
    // The placeholders and the sign-in pages are noindex on purpose: Lighthouse's SEO score says so.
    const noindex = pages.filter(
      (p) =>
        p.failingAudits.some((a) => a.id === "is-crawlable") &&
        p.failingAudits.every((a) => a.category !== "seo" || a.id === "is-crawlable"),
    );
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

/** The failing audits of the median runs, merged over the pages: what to fix next. */
function mergeFailingAudits(pages: Awaited<ReturnType<typeof runLighthouse>>["pages"], serverUrl: string) {
  const shorten = (text: string) => text.replaceAll(serverUrl, "").replace(/\s+/g, " ");
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
  return byAudit;
}
