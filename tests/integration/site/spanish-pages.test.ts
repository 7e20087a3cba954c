/**
 * The home page, /es/servicios, the ten service pages and /es/nosotros in Spanish (ADR 064),
 * through the real server: each Spanish twin answers in Spanish (its <html lang>, H1, title and
 * words), links to the Spanish twins, and leaves no English sentence of its catalog areas; the
 * owner's own English (a text they edited, a testimonial) shows as entered, marked lang="en".
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseTargets } from "#tests/support/databases.ts";
import { elementByClass, setUpAdminSite, tearDownAdminSite, textOf, type AdminSite } from "#tests/support/admin-site.ts";
import { saveText } from "#app/server/repos/site-texts.server.ts";
import { addTestimonial } from "#app/server/repos/testimonials.server.ts";
import { en, es as esCatalog, type MessageKey } from "#app/i18n/catalog/index.ts";
import { translate } from "#app/i18n/messages.ts";
import { englishSentences as catalogSentences, visibleText } from "#tests/support/catalog-sentences.ts";
import { localePath, spanishServiceSlugs } from "#app/i18n/paths.ts";
import { serviceSlugs } from "#app/schemas/content.ts";
import { defaultProfile } from "#app/content/company.ts";

const ANONYMOUS = "";
/** Every sentence of the English catalog (the Spanish crawl's list, spanish-twins.test.ts). */
const englishCatalog = catalogSentences();
const es = (key: MessageKey, values?: Record<string, string | number>) => translate("es", key, values);

/** The English sentences of the areas these pages own: whole messages, or the words between a message's arguments. */
function englishSentences(): string[] {
  const owned = (Object.keys(en) as MessageKey[]).filter((key) => /^(pages|serviceCopy|defaults)\./.test(key));
  const sentences = new Set<string>();
  for (const key of owned) {
    if (en[key] === esCatalog[key]) continue;
    for (const part of en[key].split(/\{[^{}]*\}|[{}#]|\n/)) {
      const words = part.trim();
      // Three words at least: a lone "Warranty" or "Laminate" could be a name the owner typed.
      if (words.split(/\s+/).length >= 3 && /[a-z]/.test(words)) sentences.add(words);
    }
  }
  return [...sentences];
}

const spanishPages = ["/", "/services", "/about", ...serviceSlugs.map((slug) => `/${slug}`)].map((english) => localePath("es", english));

function h1(html: string): string {
  return textOf(/<h1\b[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1] ?? "");
}

function titleOf(html: string): string {
  return textOf(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? "");
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

for (const target of databaseTargets("spanish_pages", "Spanish pages suite")) {
  describe(`the public pages in Spanish (${target.name})`, () => {
    let site: AdminSite;
    const get = (path: string) => site.get(path, ANONYMOUS);
    const sentences = englishSentences();

    beforeAll(async () => {
      site = await setUpAdminSite(target);
    }, 90_000);

    afterAll(() => tearDownAdminSite(target, site));

    it("the catalog areas have English sentences to look for", () => {
      expect(sentences).toContain("See all our services");
      expect(sentences.length).toBeGreaterThan(100);
    });

    it.each(spanishPages)("%s answers in Spanish on a fresh install, with no English sentence of its own", async (path) => {
      const page = await get(path);
      expect(page.status).toBe(200);
      expect(page.text).toMatch(/<html lang="es(-US)?"/);
      // The page's own words: the frame around them (header, footer) is checked with the frame.
      const main = /<main\b[\s\S]*<\/main>/.exec(page.text)?.[0] ?? "";
      const text = textOf(main);
      expect(text).not.toBe("");
      const left = sentences.filter((sentence) => text.includes(sentence));
      expect(left).toEqual([]);
      // Links to the pages that have a Spanish twin go to it; none to their English address.
      expect(main).not.toMatch(
        /href="\/(services|about|contact|fences|kitchen|bathroom|livingroom|outdoor|floor|tile|countertop|backsplash|repair)([?#"])/,
      );
    });

    it("each page's H1 and title are Spanish", async () => {
      const home = (await get("/es/")).text;
      expect(titleOf(home)).toBe(
        es("pages.home.metaTitle", { name: defaultProfile.name, city: defaultProfile.city, region: defaultProfile.region }),
      );
      expect(textOf(home)).toContain(es("pages.home.heroButton"));
      expect(textOf(home)).toContain(es("defaults.slogan"));
      expect(textOf(home)).toContain(es("pages.promise.across", { places: defaultProfile.city }).slice(0, 30));

      const services = (await get("/es/servicios")).text;
      expect(h1(services)).toBe(es("pages.services.title"));
      expect(titleOf(services)).toContain(es("pages.services.metaTitle", { city: defaultProfile.city }));
      expect(services).toContain('href="/es/banos"');

      for (const slug of serviceSlugs) {
        const page = (await get(`/es/${spanishServiceSlugs[slug]}`)).text;
        expect(h1(page)).toBe(es(`service.name.${slug}`));
        expect(titleOf(page)).toContain(
          es("pages.service.metaTitle", { service: es(`service.name.${slug}`), city: defaultProfile.city, region: defaultProfile.region }),
        );
        expect(textOf(page)).toContain(es(`serviceCopy.${slug}.summary`));
        expect(page).toContain(`href="/es/contacto?service=${slug}"`);
      }

      const about = (await get("/es/nosotros")).text;
      expect(titleOf(about)).toContain(es("pages.about.metaTitle"));
      expect(h1(about)).toBe(es("defaults.about.heading", { family: defaultProfile.familyRun ? "yes" : "no", city: defaultProfile.city }));
      expect(textOf(about)).toContain(es("defaults.faq.free.title"));
    });

    it("the English pages keep their English", async () => {
      const home = (await get("/")).text;
      expect(home).toMatch(/<html lang="en(-US)?"/);
      expect(textOf(home)).toContain("Get a free estimate");
      expect(home).toContain('href="/services"');
      const bathroom = (await get("/bathroom")).text;
      expect(h1(bathroom)).toBe("Bathroom Remodeling");
      expect(bathroom).toContain('href="/contact?service=bathroom"');
    });

    it('the owner\'s own English shows as entered on /es/, inside lang="en"', async () => {
      await site.db(async ({ db }) => {
        await saveText({ db, key: "home.intro", locale: "en", updatedBy: null, value: "We build kitchens our neighbors brag about." });
        await addTestimonial({
          db,
          id: randomUUID(),
          values: {
            quote: "A kitchen we love, on time.",
            name: "Maria G.",
            place: "Katy",
            service: "kitchen",
            givenOn: "2026-03-14",
            link: null,
          },
        });
      });
      let home = "";
      for (const until = Date.now() + 15_000; Date.now() < until; await sleep(250)) {
        home = (await get("/es/")).text;
        if (home.includes("neighbors brag") && home.includes("A kitchen we love")) break;
      }
      expect(elementByClass(home, "hero__lead")).toMatch(
        /^<div lang="en" class="hero__lead"><p>We build kitchens our neighbors brag about\.<\/p>/,
      );
      expect(home).toMatch(/<blockquote class="testimonial__quote" lang="en"><p>A kitchen we love, on time\.<\/p>/);
      // The testimonial's words around it are Spanish: the service and the date.
      expect(textOf(home)).toContain(`${es("service.name.kitchen")} · marzo de 2026`);
      // On the English page nothing is marked.
      const english = (await get("/")).text;
      expect(elementByClass(english, "hero__lead")).toMatch(/^<div class="hero__lead">/);
    });

    it("a testimonial's Spanish quote, added in the admin, shows on the Spanish pages (home, its service, about), unmarked; the English pages keep the English", async () => {
      const added = await site.post("/admin/site/testimonials", {
        intent: "add",
        quote: "Our new shower is perfect.",
        quote_es: " Nuestra regadera nueva quedó perfecta.\r\n\r\nMuy recomendados. ",
        name: "Rosa L.",
        place: "Pasadena",
        service: "bathroom",
        project: "",
        given_on: "2026-04-02",
        link: "https://g.page/r/rosa-review",
      });
      expect(added.status).toBe(302);
      // The admin's list shows the Spanish under the English.
      expect((await site.get("/admin/site/testimonials")).text).toContain(
        '<blockquote class="site-testimonial__quote" lang="es"><p class="admin-message">Nuestra regadera nueva quedó perfecta.',
      );
      const home = (await get("/es/")).text;
      const spanishQuote =
        '<blockquote class="testimonial__quote"><p>Nuestra regadera nueva quedó perfecta.</p><p>Muy recomendados.</p></blockquote>';
      expect(home).toContain(spanishQuote);
      expect(home).not.toContain("Our new shower is perfect.");
      for (const path of ["/es/", "/es/banos", "/es/nosotros"]) {
        const page = (await get(path)).text;
        expect(page, path).toContain(spanishQuote);
        expect(page, path).not.toContain("Our new shower is perfect.");
        // The crawl's check: with the testimonials' own words (their link, who wrote it), no English catalog sentence.
        const text = visibleText(page);
        expect(
          englishCatalog.filter((sentence) => text.includes(sentence.text)),
          path,
        ).toEqual([]);
        expect(text, path).toContain("Leer en Google (reseña de Rosa L.)");
      }
      // The one without Spanish, next to it, is still the English marked lang="en".
      expect(home).toMatch(/<blockquote class="testimonial__quote" lang="en"><p>A kitchen we love, on time\.<\/p>/);
      for (const path of ["/", "/bathroom", "/about"]) {
        const page = (await get(path)).text;
        expect(page, path).toContain('<blockquote class="testimonial__quote"><p>Our new shower is perfect.</p></blockquote>');
        expect(page, path).not.toContain("Nuestra regadera nueva");
      }
    });
  });
}
