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
import { cssClasses, inlinedCss, missingRules, pageClasses, stylesheetRules } from "#tests/support/page-css.ts";

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

/** Per page, the rules it would lose (pages that lose none left out). */
async function losses(server: ServerProcess, paths: string[]): Promise<Record<string, string[]>> {
  const found: Record<string, string[]> = {};
  for (const path of paths) {
    const missing = missingRules(await pageHtml(server, path), rules);
    if (missing.length > 0) found[path] = [...new Set(missing.map((rule) => `${rule.group}: ${rule.selector}`))];
  }
  return found;
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

  it("finds what a page would lose: the check itself fails without a group", async () => {
    const html = await pageHtml(full, "/");
    expect(pageClasses(html).has("photo-grid")).toBe(true);
    const withoutGallery = html.replace(/<style\b([^>]*)>[\s\S]*?<\/style>/, (_, attributes: string) => {
      const css = inlinedCss(html).replaceAll(".photo-grid", ".gone");
      return `<style${attributes}>${css}</style>`;
    });
    expect(missingRules(withoutGallery, rules).some((rule) => rule.classes.includes("photo-grid"))).toBe(true);
  });
});
