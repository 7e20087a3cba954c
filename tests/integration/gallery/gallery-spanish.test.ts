/**
 * The gallery in Spanish (ADR 064), through the real server on SQLite and PostgreSQL: /es/galeria
 * lists every photo, each with its Spanish words when written and else its English ones marked
 * lang="en"; a photo gets /es/galeria/foto/<id> only with its Spanish words, otherwise that address
 * answers 404 and its English page offers no Spanish (no hreflang, no switcher); the lightbox's
 * JSON, the sitemap, the crawl for English catalog sentences; and the admin's Spanish fields, its
 * `?spanish=missing` list and the `?photo=<id>` link to one photo's form.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseTargets } from "#tests/support/databases.ts";
import { elementByClass, setUpAdminSite, tearDownAdminSite, textOf, type AdminSite } from "#tests/support/admin-site.ts";
import { englishSentences, visibleText } from "#tests/support/catalog-sentences.ts";
import { openTestStorage, seedPhoto, type SeedPhotoOptions } from "#tests/support/photos.ts";
import type { PhotoRow } from "#app/server/repos/photos.server.ts";

const ANONYMOUS = "";

function alternates(html: string): Record<string, string> {
  return Object.fromEntries([...html.matchAll(/<link rel="alternate" hrefLang="([^"]+)" href="([^"]+)"\/>/g)].map((m) => [m[1], m[2]]));
}

/** The switcher's link, when the page has one. */
const switcher = (html: string) =>
  /<a [^>]*href="([^"]*)" lang="(?:en|es)" hrefLang="(?:en|es)">(?:Español|English)<\/a>/.exec(html)?.[1] ?? null;

/** The grid's cell of one photo. */
function cell(html: string, id: string): string {
  const at = html.indexOf(`<li id="photo-${id}">`);
  expect(at, `photo ${id} on the grid`).toBeGreaterThan(-1);
  return html.slice(at, html.indexOf("</li>", at));
}

const englishOn = (html: string) => {
  const text = visibleText(html);
  return englishSentences().filter((sentence) => text.includes(sentence.text));
};

for (const target of databaseTargets("gallery_spanish", "Spanish gallery suite")) {
  describe(`the gallery in Spanish (${target.name})`, () => {
    let site: AdminSite;
    let spanish: PhotoRow;
    let english: PhotoRow;
    const get = (path: string) => site.get(path, ANONYMOUS);
    const seed = (options: SeedPhotoOptions) =>
      site.db(async (database) =>
        seedPhoto({ database, storage: await openTestStorage(site.server.dataDir), dataDir: site.server.dataDir }, options),
      );

    beforeAll(async () => {
      site = await setUpAdminSite(target);
      english = await seed({
        category: "kitchen",
        caption: "Open kitchen in Katy",
        alt: "Kitchen with a white island",
        width: 480,
        height: 360,
      });
      spanish = await seed({
        category: "bathroom",
        caption: "Walk-in shower in Bellaire",
        alt: "Shower with grey tile and a glass door",
        captionEs: "Ducha a ras de piso en Bellaire",
        altEs: "Ducha con azulejo gris y puerta de vidrio",
        width: 480,
        height: 360,
      });
      // Seeded straight into the database: an admin action empties the page cache, as publishing does.
      expect((await site.post("/admin/gallery", { intent: "uncover", service: "fences" })).status).toBe(302);
    }, 60_000);

    afterAll(() => tearDownAdminSite(target, site));

    it("/es/galeria: 200 in Spanish with reciprocal alternates; every photo, in Spanish when written, else marked English", async () => {
      const res = await get("/es/galeria");
      expect(res.status).toBe(200);
      expect(res.text).toContain('<html lang="es">');
      const url = site.server.url.replace(/\/$/, "");
      const expected = { en: `${url}/gallery`, es: `${url}/es/galeria`, "x-default": `${url}/gallery` };
      const links = alternates(res.text);
      expect(Object.keys(links).toSorted()).toEqual(["en", "es", "x-default"]);
      for (const [lang, href] of Object.entries(expected)) expect(new URL(links[lang]!).pathname).toBe(new URL(href).pathname);
      expect(switcher(res.text)).toBe("/gallery");
      expect(textOf(res.text)).toContain("Galería de remodelaciones");

      const translated = cell(res.text, spanish.id);
      expect(translated).toContain(`href="/es/galeria/foto/${spanish.id}"`);
      expect(translated).toContain('alt="Ducha con azulejo gris y puerta de vidrio"');
      expect(translated).toContain("Ducha a ras de piso en Bellaire");
      expect(translated).not.toContain('lang="en"');

      const untranslated = cell(res.text, english.id);
      expect(untranslated).toContain(`href="/gallery/photo/${english.id}"`);
      expect(untranslated).toMatch(/alt="Kitchen with a white island" lang="en"/);
      expect(untranslated).toContain('<span lang="en">Open kitchen in Katy</span>');
      // The filters name the services in Spanish and keep the Spanish address.
      expect(res.text).toContain('href="/es/galeria?category=bathroom"');
      expect(textOf(elementByClass(res.text, "gallery-filters") ?? "")).toContain("Remodelación de baños");
      expect(englishOn(res.text)).toEqual([]);
    });

    it("a photo with its Spanish words: its Spanish page, and both pages list both as alternates", async () => {
      const res = await get(`/es/galeria/foto/${spanish.id}`);
      expect(res.status).toBe(200);
      expect(res.text).toContain('<html lang="es">');
      expect(res.text).toMatch(/<img class="photo-page__img"[^>]* alt="Ducha con azulejo gris y puerta de vidrio"/);
      expect(textOf(/<h1[\s\S]*?<\/h1>/.exec(res.text)?.[0] ?? "")).toBe("Ducha a ras de piso en Bellaire");
      expect(textOf(res.text)).toContain("Foto 1 de 2");
      expect(res.text).toContain(`href="/es/galeria#photo-${spanish.id}"`);
      expect(switcher(res.text)).toBe(`/gallery/photo/${spanish.id}`);
      const links = alternates(res.text);
      expect(new URL(links.es!).pathname).toBe(`/es/galeria/foto/${spanish.id}`);
      expect(new URL(links.en!).pathname).toBe(`/gallery/photo/${spanish.id}`);
      expect(englishOn(res.text)).toEqual([]);

      const en = await get(`/gallery/photo/${spanish.id}`);
      expect(en.status).toBe(200);
      expect(alternates(en.text)).toEqual(links);
      expect(switcher(en.text)).toBe(`/es/galeria/foto/${spanish.id}`);
      // The English page keeps its English words.
      expect(en.text).not.toContain("Ducha");
    });

    it("a photo without them: /es/galeria/foto/<id> is a Spanish 404, and its English page offers no Spanish", async () => {
      const res = await get(`/es/galeria/foto/${english.id}`);
      expect(res.status).toBe(404);
      expect(res.text).toContain('<html lang="es">');
      expect(englishOn(res.text)).toEqual([]);

      const en = await get(`/gallery/photo/${english.id}`);
      expect(en.status).toBe(200);
      expect(alternates(en.text)).toEqual({});
      expect(en.text).not.toContain("hrefLang=");
      expect(switcher(en.text)).toBeNull();
      // Its Spanish neighbour's page is linked from the Spanish one only.
      expect((await get(`/es/galeria/foto/${spanish.id}`)).text).toContain(`href="/gallery/photo/${english.id}"`);
    });

    it("the lightbox's JSON in Spanish: the Spanish words and page when written, else the English marked", async () => {
      const translated = JSON.parse((await get(`/gallery/photo/${spanish.id}/lightbox.json?hl=es`)).text) as Record<string, unknown>;
      expect(translated).toMatchObject({
        alt: "Ducha con azulejo gris y puerta de vidrio",
        altLang: "",
        caption: "Ducha a ras de piso en Bellaire",
        href: `/es/galeria/foto/${spanish.id}`,
      });
      const untranslated = JSON.parse((await get(`/gallery/photo/${english.id}/lightbox.json?hl=es`)).text) as Record<string, unknown>;
      expect(untranslated).toMatchObject({
        alt: "Kitchen with a white island",
        altLang: "en",
        captionLang: "en",
        href: `/gallery/photo/${english.id}`,
      });
      const inEnglish = JSON.parse((await get(`/gallery/photo/${spanish.id}/lightbox.json`)).text) as Record<string, unknown>;
      expect(inEnglish).toMatchObject({ alt: "Shower with grey tile and a glass door", href: `/gallery/photo/${spanish.id}` });
    });

    it("what the Spanish gallery and its lightbox refuse is said in Spanish: a bad page number, an unknown category, a gone photo", async () => {
      const badPage = await get("/es/galeria?page=abc");
      expect(badPage.status).toBe(400);
      expect(badPage.text).toContain("Ese número de página no es válido.");
      expect(englishOn(badPage.text)).toEqual([]);
      expect((await get("/gallery?page=abc")).text).toContain("That page number is not valid.");
      const json = async (path: string) => {
        const res = await get(path);
        return [res.status, (JSON.parse(res.text) as { error: string }).error] as const;
      };
      expect(await json(`/gallery/photo/${spanish.id}/lightbox.json?category=garage&hl=es`)).toEqual([
        404,
        "No tenemos esa categoría de fotos.",
      ]);
      expect(await json(`/gallery/photo/no-such-photo/lightbox.json?hl=es`)).toEqual([
        404,
        "Esa foto ya no está en la galería. Tal vez la quitamos; vuelva a cargar la galería.",
      ]);
      expect(await json(`/gallery/photo/no-such-photo/lightbox.json`)).toEqual([
        404,
        "There is no such photo in the gallery. It may have been taken down; please reload the gallery.",
      ]);
    });

    it("the sitemap: /es/galeria with /gallery, and a photo's Spanish page only for the photo that has one", async () => {
      const xml = (await get("/sitemap.xml")).text;
      const entry = (path: string) =>
        new RegExp(`<url><loc>[^<]*${path.replace(/[?]/g, "\\?")}</loc>([^\\n]*)</url>`).exec(xml)?.[1] ?? null;
      expect(entry("/es/galeria")).toContain('hreflang="en"');
      expect(entry(`/es/galeria/foto/${spanish.id}`)).toMatch(new RegExp(`hreflang="en" href="[^"]*/gallery/photo/${spanish.id}"`));
      expect(entry(`/gallery/photo/${spanish.id}`)).toContain(`/es/galeria/foto/${spanish.id}"`);
      expect(entry(`/gallery/photo/${english.id}`)).toBe("");
      expect(xml).not.toContain(`/es/galeria/foto/${english.id}`);
    });

    it("the admin: the Spanish fields saved, ?spanish=missing lists what is left, ?photo=<id> opens its form", async () => {
      const missing = await site.get("/admin/gallery?spanish=missing");
      expect(missing.status).toBe(200);
      expect(missing.text).toContain(`id="open-${english.id}"`);
      expect(missing.text).not.toContain(`id="open-${spanish.id}"`);

      const form = await site.get(`/admin/gallery?photo=${english.id}`);
      expect(form.text).toContain(`id="photo-${english.id}-alt-es"`);
      expect(form.text).toContain(`id="photo-${english.id}-caption-es"`);
      expect(textOf(form.text)).toContain("Description in Spanish (optional)");

      const saved = await site.post("/admin/gallery?spanish=missing", {
        intent: "save",
        photoId: english.id,
        caption: "Open kitchen in Katy",
        alt: "Kitchen with a white island",
        captionEs: "Cocina abierta en Katy",
        altEs: "Cocina con isla blanca",
        category: "kitchen",
      });
      expect(saved.status).toBe(302);
      expect(saved.headers.location).toContain("spanish=missing");
      expect((await site.get("/admin/gallery?spanish=missing")).text).not.toContain(`id="open-${english.id}"`);
      const page = await get(`/es/galeria/foto/${english.id}`);
      expect(page.status).toBe(200);
      expect(page.text).toContain('alt="Cocina con isla blanca"');

      // Too long, like the English field: refused with a sentence, nothing lost.
      const refused = await site.post("/admin/gallery", {
        intent: "save",
        photoId: english.id,
        caption: "Open kitchen in Katy",
        alt: "Kitchen with a white island",
        altEs: "x".repeat(251),
        category: "kitchen",
      });
      expect(refused.status).toBe(400);
      expect(textOf(refused.text)).toContain("Please keep the Spanish description under 251 characters.");
      expect((await get(`/es/galeria/foto/${english.id}`)).text).toContain('alt="Cocina con isla blanca"');

      expect((await site.get("/admin/gallery?spanish=yes")).status).toBe(400);
    });
  });
}
