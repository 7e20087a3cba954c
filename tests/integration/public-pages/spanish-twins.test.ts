/**
 * Every public page with a Spanish twin (ADR 064), on the built server: the English page and its
 * twin answer 200 with their own `<html lang>`, a canonical URL of their own and the same three
 * absolute hreflang alternates; the switcher links each to the other; and no sentence of the
 * English catalog shows on a Spanish page, nor on the Spanish 404, nor on a photo's Spanish page
 * (/es/galeria/foto/<id>, served for a photo whose words are written in Spanish), nor on a
 * project's Spanish page and /es/proyectos with cards (a server of its own, with a project seeded
 * in Spanish).
 */
import { rm } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { translatedPaths, localePath } from "#app/i18n/paths.ts";
import { get, startServer, stopAllServers, type ServerProcess } from "#tests/support/server.ts";
import { englishSentences, visibleText } from "#tests/support/catalog-sentences.ts";
import { openDatabase } from "#app/server/db/index.server.ts";
import { openTestStorage, seedPhoto } from "#tests/support/photos.ts";
import { seedSpanishProject } from "#tests/support/seed-spanish-project.ts";

const SITE_URL = "http://www.example-remodeling.test";
let site: ServerProcess;

beforeAll(async () => {
  site = await startServer({ env: { PUBLIC_URL: SITE_URL } });
});
afterAll(stopAllServers);

function alternates(html: string): Record<string, string> {
  return Object.fromEntries([...html.matchAll(/<link rel="alternate" hrefLang="([^"]+)" href="([^"]+)"\/>/g)].map((m) => [m[1], m[2]]));
}

const canonical = (html: string) => /<link rel="canonical" href="([^"]+)"\/>/.exec(html)?.[1];

describe.each(translatedPaths.map((en) => [en, localePath("es", en)]))("%s and %s", (en, es) => {
  const expected = { en: SITE_URL + en, es: SITE_URL + es, "x-default": SITE_URL + en };

  it("answer 200 in their own language, each with its canonical URL and the same reciprocal alternates", async () => {
    for (const [path, lang] of [
      [en, "en"],
      [es, "es"],
    ] as const) {
      const res = await get(site.url + path);
      expect(res.status, path).toBe(200);
      expect(res.text).toContain(`<html lang="${lang}">`);
      expect(canonical(res.text), path).toBe(SITE_URL + path);
      expect(alternates(res.text), path).toEqual(expected);
      // The switcher leads to the twin, named in its own language.
      const [twin, name] = lang === "en" ? [es, "Español"] : [en, "English"];
      expect(res.text, path).toContain(
        `href="${twin}" lang="${lang === "en" ? "es" : "en"}" hrefLang="${lang === "en" ? "es" : "en"}">${name}</a>`,
      );
    }
  });

  it("the Spanish page shows no sentence of the English catalog", async () => {
    const text = visibleText((await get(site.url + es)).text);
    const found = englishSentences().filter((sentence) => text.includes(sentence.text));
    expect(found, `English catalog sentences on ${es}`).toEqual([]);
  });
});

describe("the Spanish 404", () => {
  it("answers 404 in Spanish, with no sentence of the English catalog", async () => {
    const res = await get(`${site.url}/es/no-existe`);
    expect(res.status).toBe(404);
    expect(res.text).toContain('<html lang="es">');
    const text = visibleText(res.text);
    expect(englishSentences().filter((sentence) => text.includes(sentence.text))).toEqual([]);
  });
});

describe("a photo's Spanish page", () => {
  it("answers 200 in Spanish, with no sentence of the English catalog", async () => {
    const database = await openDatabase({ dataDir: site.dataDir });
    const storage = await openTestStorage(site.dataDir);
    try {
      const photo = await seedPhoto(
        { database, storage, dataDir: site.dataDir },
        { caption: "Walk-in shower", captionEs: "Ducha a ras de piso", altEs: "Ducha con azulejo gris", width: 400, height: 300 },
      );
      const res = await get(`${site.url}/es/galeria/foto/${photo.id}`);
      expect(res.status).toBe(200);
      expect(res.text).toContain('<html lang="es">');
      const text = visibleText(res.text);
      expect(englishSentences().filter((sentence) => text.includes(sentence.text))).toEqual([]);
    } finally {
      await storage.close();
      await database.close();
    }
  });
});

describe("/es/proyectos with a project, and the project's Spanish page", () => {
  let seeded: ServerProcess;
  let project: { dataDir: string; slug: string } | undefined;
  beforeAll(async () => {
    project = await seedSpanishProject();
    seeded = await startServer({ env: { PUBLIC_URL: SITE_URL }, dataDir: project.dataDir });
  }, 120_000);
  afterAll(async () => {
    await seeded?.stop();
    if (project) await rm(project.dataDir, { recursive: true, force: true });
  });

  it.each(["/es/proyectos", "/es/proyectos/{slug}"])(
    "%s answers 200 in Spanish with no sentence of the English catalog",
    async (pattern) => {
      const res = await get(seeded.url + pattern.replace("{slug}", project!.slug));
      expect(res.status).toBe(200);
      expect(res.text).toContain('<html lang="es">');
      const text = visibleText(res.text);
      expect(englishSentences().filter((sentence) => text.includes(sentence.text))).toEqual([]);
    },
  );
});
