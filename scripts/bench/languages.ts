/**
 * Issue 26's figures for the two languages (ADR 064) and the HTML budget of every public page
 * (ADR 065), on two sites: a new one (nothing filled in yet) and the seeded one of issue 25 (a
 * full profile, 13 photos, reviews, three projects: tests/support/seeded-site.ts), where the
 * pages carry the most. For every public page, English and Spanish, with the gallery, the
 * projects, a project's page, a photo's page and the 404:
 * - the HTML each sends, raw and gzipped, against the issue's budgets: at most 14 KB gzipped (the
 *   first screen in the first round trip of a new connection), and a Spanish page at most 2 KB
 *   more than its English twin. These budgets are enforced: over one, `npm run bench` fails;
 * - Lighthouse mobile, median of 3, on `/es/` and `/es/contacto` beside `/` and `/contact` (the
 *   new site), which also gives their first-view bytes (everything transferred).
 */
import { gzipSync } from "node:zlib";
import { localePath, translatedPaths } from "#app/i18n/paths.ts";
import { SEEDED_PROJECT, seedSite } from "#tests/support/seeded-site.ts";
import { updateProject } from "#app/server/repos/projects.server.ts";
import { waitForSeededHome } from "#scripts/bench/seeded.ts";
import { lighthouseSection, lighthouseTable, runLighthouse } from "#scripts/bench/lighthouse.ts";
import { kb } from "#scripts/bench/format.ts";
import type { BenchContext, BenchSection, Budget, SiteServer, Table } from "#scripts/bench/types.ts";

/** The budgets, in bytes. */
export const HTML_GZIP_BUDGET = 14 * 1024;
export const SPANISH_EXTRA_BUDGET = 2 * 1024;
const LIGHTHOUSE_PAGES = ["/", "/es/", "/contact", "/es/contacto"];
const RUNS = 3;
/** KB to two decimals, rounded up: a page one byte over the budget is over it. */
const up = (bytes: number) => Math.ceil((bytes / 1024) * 100) / 100;

interface Html {
  raw: number;
  gzip: number;
}

/** A page in English and, when it has one, its Spanish twin. */
export interface PagePair {
  en: string;
  es: string | null;
  english: Html;
  spanish: Html | null;
}

async function htmlBytes(url: string, expected = 200): Promise<Html | null> {
  const response = await fetch(url, { headers: { "accept-encoding": "identity" }, redirect: "manual" });
  const body = Buffer.from(await response.arrayBuffer());
  if (response.status !== expected) return null;
  return { raw: body.length, gzip: gzipSync(body).length };
}

/**
 * The pages of a site: every translated page and its twin, the gallery and the projects list,
 * the pages with an id (`extra`), and the 404 in both languages. A page with an id has a Spanish
 * twin only once it has Spanish words: a twin that does not answer 200 is left out.
 */
async function measurePages(server: SiteServer, extra: string[]): Promise<PagePair[]> {
  const english = [...new Set([...translatedPaths, "/gallery", "/projects", ...extra])];
  const pages: PagePair[] = [];
  for (const en of english) {
    const html = await htmlBytes(server.url + en);
    if (!html) throw new Error(`${en} did not answer 200`);
    const es = localePath("es", en);
    const twin = es === en ? null : await htmlBytes(server.url + es);
    if (es !== en && !twin && translatedPaths.includes(en)) throw new Error(`${es} did not answer 200`);
    pages.push({ en, es: twin ? es : null, english: html, spanish: twin });
  }
  const [notFound, noExiste] = [await htmlBytes(`${server.url}/no-such-page`, 404), await htmlBytes(`${server.url}/es/no-existe`, 404)];
  if (!notFound || !noExiste) throw new Error("the 404 pages did not answer 404");
  pages.push({ en: "/no-such-page (404)", es: "/es/no-existe (404)", english: notFound, spanish: noExiste });
  return pages;
}

/** Each page's budgets: 14 KB gzipped in each language, and the Spanish page's extra. */
export function pageBudgets(site: string, pages: PagePair[]): Budget[] {
  return pages.flatMap((page) => {
    const budgets: Budget[] = [
      {
        label: `${site} ${page.en} HTML gzipped`,
        value: up(page.english.gzip),
        limit: HTML_GZIP_BUDGET / 1024,
        unit: "KB",
        enforced: true,
      },
    ];
    if (page.es && page.spanish) {
      budgets.push(
        {
          label: `${site} ${page.es} HTML gzipped`,
          value: up(page.spanish.gzip),
          limit: HTML_GZIP_BUDGET / 1024,
          unit: "KB",
          enforced: true,
        },
        {
          label: `${site} ${page.es} beside ${page.en}, gzipped`,
          value: up(page.spanish.gzip - page.english.gzip),
          limit: SPANISH_EXTRA_BUDGET / 1024,
          unit: "KB",
          enforced: true,
        },
      );
    }
    return budgets;
  });
}

function pagesTable(title: string, pages: PagePair[]): Table {
  return {
    title,
    columns: ["English", "raw", "gz", "Spanish", "raw", "gz", "es − en gz"],
    rows: pages.map((page) => [
      page.en,
      kb(page.english.raw),
      kb(page.english.gzip),
      page.es ?? "(no Spanish page yet)",
      kb(page.spanish?.raw),
      kb(page.spanish?.gzip),
      page.spanish ? kb(page.spanish.gzip - page.english.gzip) : "–",
    ]),
  };
}

/** The seeded project's title and story in Spanish, as its owner might write them. */
const SPANISH_PROJECT = {
  title: "Regadera sin tina en Bellaire",
  story: "Quitamos la tina vieja y el azulejo rajado.\n\nEn su lugar quedó una regadera con banca, nicho y puerta de vidrio sin marco.",
};

async function seededPages(ctx: BenchContext): Promise<PagePair[]> {
  const server = await ctx.startServer();
  try {
    ctx.log("languages: seeding a full site (profile, 13 photos, reviews, projects)");
    // The pair's project written in Spanish too, as an owner would: its Spanish page is measured
    // beside its English one (a project without its Spanish words has no Spanish page).
    const seeded = await seedSite(server.dataDir, {
      extend: async ({ database, seeded: site }) => {
        const fields = { ...SEEDED_PROJECT, titleEs: SPANISH_PROJECT.title, descriptionEs: SPANISH_PROJECT.story };
        await updateProject({ db: database.db, id: site.project.id, fields });
      },
    });
    await waitForSeededHome(server, seeded.heroPhotoId);
    return await measurePages(server, [`/projects/${seeded.project.slug}`, `/gallery/photo/${seeded.heroPhotoId}`]);
  } finally {
    await server.stop();
  }
}

export const languagesSection: BenchSection = {
  name: "languages",
  title: `Issue 26: HTML per public page in English and Spanish, new and seeded site (gzipped; budget 14 KB, Spanish at most 2 KB more; enforced), Lighthouse on ${LIGHTHOUSE_PAGES.join(" ")}`,
  preflight: lighthouseSection.preflight,

  async run(ctx) {
    const server = await ctx.defaultServer();
    const fresh = await measurePages(server, []);
    const full = await seededPages(ctx);
    const budgets = [...pageBudgets("new site", fresh), ...pageBudgets("seeded site", full)];
    const lighthouse = await runLighthouse(ctx, server.url, LIGHTHOUSE_PAGES, () => RUNS);
    return {
      figures: {
        pages: { newSite: fresh, seededSite: full },
        lighthouse: { version: lighthouse.lighthouseVersion, pages: lighthouse.pages },
      },
      tables: [
        pagesTable("HTML of each page on a new site, English and Spanish (KB; gz = gzipped as served)", fresh),
        pagesTable("HTML of each page on the seeded site (issue 25's: profile, 13 photos, reviews, projects)", full),
        { ...lighthouseTable(lighthouse.pages), title: `Lighthouse mobile on the new site, median of ${RUNS} by performance` },
      ],
      budgets,
      notes: lighthouse.pages.map(
        (page) => `${page.path}: ${kb(page.totalTransferBytes)} KB transferred in ${page.requests} requests (first view).`,
      ),
    };
  },
};
