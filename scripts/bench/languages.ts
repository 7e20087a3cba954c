/**
 * Issue 26's figures for the two languages (ADR 064), on a fresh site:
 * - every public page with a Spanish twin, the HTML each language sends, raw and gzipped, with the
 *   issue's budget of 14 KB gzipped (the first screen in the first round trip of a new
 *   connection) and at most 2 KB more for the Spanish page than for its English twin. The pages load
 *   the same images and no script file, so the HTML is where the two differ;
 * - Lighthouse mobile, median of 3, on `/es/` and `/es/contacto` beside `/` and `/contact`, which
 *   also gives their first-view bytes (everything transferred).
 */
import { gzipSync } from "node:zlib";
import { localePath, translatedPaths } from "#app/i18n/paths.ts";
import { lighthouseSection, lighthouseTable, runLighthouse } from "#scripts/bench/lighthouse.ts";
import { kb } from "#scripts/bench/format.ts";
import type { BenchSection, Budget } from "#scripts/bench/types.ts";

/** The budgets, in bytes. */
const HTML_GZIP_BUDGET = 14 * 1024;
const SPANISH_EXTRA_BUDGET = 2 * 1024;
const LIGHTHOUSE_PAGES = ["/", "/es/", "/contact", "/es/contacto"];
const RUNS = 3;
const round = (kilobytes: number) => Math.round(kilobytes * 10) / 10;

async function htmlBytes(url: string): Promise<{ raw: number; gzip: number }> {
  const response = await fetch(url, { headers: { "accept-encoding": "identity" } });
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  const body = Buffer.from(await response.arrayBuffer());
  return { raw: body.length, gzip: gzipSync(body).length };
}

export const languagesSection: BenchSection = {
  name: "languages",
  title: `Issue 26: HTML per public page in English and Spanish (gzipped; budget 14 KB, Spanish at most 2 KB more), Lighthouse on ${LIGHTHOUSE_PAGES.join(" ")}`,
  preflight: lighthouseSection.preflight,

  async run(ctx) {
    const server = await ctx.defaultServer();
    const pages = [];
    for (const en of translatedPaths) {
      const es = localePath("es", en);
      const [english, spanish] = [await htmlBytes(server.url + en), await htmlBytes(server.url + es)];
      pages.push({ en, es, english, spanish, extra: spanish.gzip - english.gzip });
    }
    const budgets: Budget[] = pages.flatMap((page) => [
      { label: `${page.en} HTML gzipped`, value: round(page.english.gzip / 1024), limit: HTML_GZIP_BUDGET / 1024, unit: "KB" },
      { label: `${page.es} HTML gzipped`, value: round(page.spanish.gzip / 1024), limit: HTML_GZIP_BUDGET / 1024, unit: "KB" },
      { label: `${page.es} beside ${page.en}, gzipped`, value: round(page.extra / 1024), limit: SPANISH_EXTRA_BUDGET / 1024, unit: "KB" },
    ]);
    const lighthouse = await runLighthouse(ctx, server.url, LIGHTHOUSE_PAGES, () => RUNS);
    return {
      figures: { pages, lighthouse: { version: lighthouse.lighthouseVersion, pages: lighthouse.pages } },
      tables: [
        {
          title: "HTML of each page, English and Spanish (KB; gz = gzipped as served)",
          columns: ["English", "raw", "gz", "Spanish", "raw", "gz", "es − en gz"],
          rows: pages.map((page) => [
            page.en,
            kb(page.english.raw),
            kb(page.english.gzip),
            page.es,
            kb(page.spanish.raw),
            kb(page.spanish.gzip),
            kb(page.extra),
          ]),
        },
        { ...lighthouseTable(lighthouse.pages), title: `Lighthouse mobile, median of ${RUNS} by performance` },
      ],
      budgets,
      notes: lighthouse.pages.map(
        (page) => `${page.path}: ${kb(page.totalTransferBytes)} KB transferred in ${page.requests} requests (first view).`,
      ),
    };
  },
};
