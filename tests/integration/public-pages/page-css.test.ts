/**
 * Each page inlines only the parts of the stylesheet its route names (ADR 065). This checks the
 * split on the built server, on a new site and on the seeded one (photos, reviews, projects):
 * every rule of app/styles/app.css whose classes all show on a page, in its markup or added by its
 * scripts, reaches the page with the CSS it receives. A route that forgets a group fails here.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { localePath, translatedPaths } from "#app/i18n/paths.ts";
import { seedSite, type SeededSite } from "#tests/support/seeded-site.ts";
import { createTestAccount } from "#tests/support/accounts.ts";
import { getPage } from "#tests/support/account-pages.ts";
import { get, startServer, stopAllServers, type ServerProcess } from "#tests/support/server.ts";
import {
  beforeFirstStylesheet,
  cssClasses,
  inlinedCss,
  linkedStylesheets,
  missingRules,
  pageClasses,
  stylesheetRules,
} from "#tests/support/page-css.ts";

const rules = stylesheetRules();
const publicPaths = [...translatedPaths.flatMap((en) => [en, localePath("es", en)]), "/gallery", "/projects", "/room", "/house"];
const otherPages = ["/no-such-page", "/es/no-existe", "/login", "/signup", "/forgot-password"];

let fresh: ServerProcess;
let full: ServerProcess;
let seeded: SeededSite;

beforeAll(async () => {
  [fresh, full] = [await startServer(), await startServer()];
  seeded = await seedSite(full.dataDir);
  // The running server hears the seeding within about a second.
  const until = Date.now() + 15_000;
  while (!(await get(`${full.url}/`)).text.includes(`/photos/${seeded.heroPhotoId}/`) && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}, 300_000);
afterAll(stopAllServers);

/**
 * Per page, the rules it would lose (pages that lose none left out): with the CSS it inlines and
 * the files it links; and, before its first link, with the inline CSS alone.
 */
async function losses(server: ServerProcess, paths: string[]): Promise<Record<string, string[]>> {
  const found: Record<string, string[]> = {};
  for (const path of paths) {
    const html = await pageHtml(server, path);
    const linked = await linkedCss(server, html);
    const missing = [
      ...missingRules(html, rules, linked).map((rule) => `${rule.group}: ${rule.selector}`),
      ...missingRules(beforeFirstStylesheet(html), rules).map((rule) => `before the link, ${rule.group}: ${rule.selector}`),
    ];
    if (missing.length > 0) found[path] = [...new Set(missing)];
  }
  return found;
}

/** The text of the stylesheet files a page links, each answered 200 as CSS. */
async function linkedCss(server: ServerProcess, html: string): Promise<string> {
  let css = "";
  for (const href of linkedStylesheets(html)) {
    const res = await get(server.url + href.replaceAll("&amp;", "&"));
    expect(res.status, href).toBe(200);
    expect(res.headers["content-type"], href).toBe("text/css; charset=utf-8");
    css += res.text;
  }
  return css;
}

async function pageHtml(server: ServerProcess, path: string): Promise<string> {
  const res = await get(server.url + path);
  expect([200, 404], path).toContain(res.status);
  return res.text;
}

describe("the stylesheet a page receives", () => {
  it("on a new site, styles every class each page shows", async () => {
    expect(await losses(fresh, [...publicPaths, ...otherPages])).toEqual({});
  });

  it("on the seeded site, styles every class each page shows, a project's and a photo's pages too", async () => {
    const pages = [...publicPaths, ...otherPages, `/projects/${seeded.project.slug}`, `/gallery/photo/${seeded.heroPhotoId}`];
    expect(await losses(full, pages)).toEqual({});
  });

  it("on a customer's own page (/profile, signed in), styles every class it shows", async () => {
    const customer = await createTestAccount({ dataDir: full.dataDir });
    const res = await getPage(full, "/profile", customer.cookie);
    expect(res.status).toBe(200);
    expect(missingRules(res.text, rules).map((rule) => `${rule.group}: ${rule.selector}`)).toEqual([]);
  });

  it("leaves out what a page does not use: no gallery, account or policy rules on /contact", async () => {
    const html = await pageHtml(full, "/contact");
    const css = cssClasses(inlinedCss(html));
    for (const name of ["photo-grid", "lightbox", "account-form", "legal__nav", "before-after"]) expect(css.has(name), name).toBe(false);
    for (const name of ["site-header", "estimate-form", "faq__list"]) expect(css.has(name), name).toBe(true);
  });

  it("on the seeded home page, links what shows below the first screen as one cached file, not inline", async () => {
    for (const path of ["/", "/es/"]) {
      const html = await pageHtml(full, path);
      const [href, ...more] = linkedStylesheets(html);
      expect(more, path).toEqual([]);
      expect(href, path).toMatch(/^\/styles\/[a-z+-]+\.css\?v=\w+$/);
      const inline = cssClasses(inlinedCss(html));
      for (const name of ["hero", "trust__list", "site-header"]) expect(inline.has(name), `${path} inlines ${name}`).toBe(true);
      for (const name of ["estimate-form", "card-grid", "photo-grid", "testimonial", "project-card", "site-footer", "call-bar"])
        expect(inline.has(name), `${path} links ${name}`).toBe(false);
      // The form and everything after it come after the link.
      expect(html.indexOf(href!), path).toBeLessThan(html.indexOf('id="estimate"'));
      const file = await get(full.url + href!);
      expect(file.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      for (const name of ["estimate-form", "card-grid", "photo-grid", "site-footer", "call-bar"])
        expect(cssClasses(file.text).has(name), name).toBe(true);
    }
    const older = await get(`${full.url}${linkedStylesheets(await pageHtml(full, "/"))[0]!.replace(/\?v=\w+$/, "?v=0ld")}`);
    expect(older.status).toBe(200);
    expect(older.headers["cache-control"]).toBe("public, max-age=300");
    for (const name of ["nothing.css", "gallery+cards.css", "cards.js", "base+bogus.css"]) {
      const res = await get(`${full.url}/styles/${name}`);
      expect(res.status, name).toBe(404);
      expect(res.text).toBe(`No stylesheet is called ${name}.`);
    }
  });

  it("finds what a page would lose: the check itself fails without a group", async () => {
    const html = await pageHtml(full, "/");
    expect(pageClasses(html).has("photo-grid")).toBe(true);
    const withoutGallery = html.replace(/<style\b([^>]*)>[\s\S]*?<\/style>/, (_, attributes: string) => {
      const css = inlinedCss(html).replaceAll(".photo-grid", ".gone");
      return `<style${attributes}>${css}</style>`;
    });
    expect(missingRules(withoutGallery, rules).some((rule) => rule.classes.includes("photo-grid"))).toBe(true);
    // What shows before the late link must be styled inline: the hero is, the form would not be.
    const formFirst = beforeFirstStylesheet(html).replace(
      '<section class="hero',
      '<form class="estimate-form"></form><section class="hero',
    );
    expect(missingRules(beforeFirstStylesheet(html), rules)).toEqual([]);
    expect(missingRules(formFirst, rules).some((rule) => rule.classes.includes("estimate-form"))).toBe(true);
  });
});
