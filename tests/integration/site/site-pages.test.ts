/**
 * The public pages read the business profile, the editable texts, the testimonials and the chosen
 * photos, through the real server on SQLite and PostgreSQL. The rows are written straight into
 * the site's database (the /admin/site screens are tested on their own); publishing a photo then
 * drops the cached pages and the site's cached content, as every change does.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseTargets } from "#tests/support/databases.ts";
import { elementByClass, hrefOf, setUpAdminSite, tearDownAdminSite, textOf, type AdminSite } from "#tests/support/admin-site.ts";
import { openTestStorage, seedPhoto, type SeedPhotoOptions } from "#tests/support/photos.ts";
import type { PhotoRow } from "#app/server/repos/photos.server.ts";
import { saveStoredProfile, setPhotoChoice } from "#app/server/repos/site-profile.server.ts";
import { saveText } from "#app/server/repos/site-texts.server.ts";
import { addTestimonial } from "#app/server/repos/testimonials.server.ts";

const ANONYMOUS = "";

function seed(site: AdminSite, options: SeedPhotoOptions): Promise<PhotoRow> {
  return site.db(async (database) =>
    seedPhoto({ database, storage: await openTestStorage(site.server.dataDir), dataDir: site.server.dataDir }, options),
  );
}

function jsonLd(html: string): Record<string, unknown> {
  const text = /<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? "{}";
  return JSON.parse(text) as Record<string, unknown>;
}

function metaContent(html: string, property: string): string | null {
  return new RegExp(`<meta property="${property}" content="([^"]*)"`).exec(html)?.[1]?.replace(/&amp;/g, "&") ?? null;
}

function titleOf(html: string): string {
  return (/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? "").replace(/&amp;/g, "&");
}

for (const target of databaseTargets("site_pages", "site pages suite")) {
  describe(`the public pages read the business profile (${target.name})`, () => {
    let site: AdminSite;
    let hero: PhotoRow;
    let about: PhotoRow;
    const get = (path: string) => site.get(path, ANONYMOUS);

    beforeAll(async () => {
      site = await setUpAdminSite(target);
      // The cached pages of the placeholders, so the change below must drop them.
      expect(textOf((await get("/")).text)).toContain("Example Home Remodeling");
      expect((await get("/")).headers["x-page-cache"]).toBe("HIT");

      hero = await seed(site, {
        category: "kitchen",
        caption: "Open kitchen in the Heights",
        alt: "A new kitchen with a navy island",
        width: 1600,
        height: 1000,
      });
      about = await seed(site, {
        category: "repair",
        caption: "Our crew",
        alt: "Our crew on a job in Katy",
        width: 900,
        height: 600,
      });
      const draft = await seed(site, { category: "bathroom", draft: true, width: 400, height: 300 });
      await site.db(async ({ db }) => {
        await saveStoredProfile({
          db,
          updatedBy: null,
          data: {
            name: "Bayou City Builders",
            slogan: "Built right for the Gulf Coast.",
            phone: "(281) 555-0199",
            publicEmail: "hello@bayoubuilders.test",
            street: "1200 Main St",
            postalCode: "77002",
            serviceCities: ["Houston", "Katy", "Fulshear"],
            serviceZips: ["77002", "77494"],
            yearsInBusiness: 12,
            licences: [{ label: "TDLR electrical contractor", number: "TECL 12345" }],
            links: {
              google: "https://g.page/bayou-builders",
              facebook: "",
              instagram: "",
              nextdoor: "",
              yelp: "",
              bbb: "",
            },
          },
        });
        await saveText({
          db,
          key: "home.intro",
          locale: "en",
          updatedBy: null,
          value: "We build **kitchens** and <b>baths</b>. See [our reviews](https://g.page/bayou-builders).",
        });
        await saveText({
          db,
          key: "service.kitchen.summary",
          locale: "en",
          updatedBy: null,
          value: "Kitchens planned around the way you cook, from our Katy shop.",
        });
        await setPhotoChoice({ db, slot: "hero", photoId: hero.id });
        await setPhotoChoice({ db, slot: "about", photoId: about.id });
        const testimonials = [
          {
            quote: "A kitchen we love, on time.",
            name: "Maria G.",
            place: "Heights, Houston",
            service: "kitchen",
            givenOn: "2026-03-14",
            link: "https://g.page/bayou-builders/review/1",
          },
          {
            quote: "They fixed everything on our list.",
            name: "Tom R.",
            place: "Katy",
            service: null,
            givenOn: "2025-10-02",
            link: null,
          },
        ];
        for (const values of testimonials.toReversed()) await addTestimonial({ db, id: randomUUID(), values });
      });
      const published = await site.post("/admin/gallery", {
        intent: "publish",
        photoId: draft.id,
        caption: "New shower",
        alt: "A new walk-in shower",
        category: "bathroom",
      });
      expect(published.status).toBe(302);
    }, 90_000);

    afterAll(() => tearDownAdminSite(target, site));

    it("header, footer, titles and og:site_name show the profile's name and phone, at once", async () => {
      const home = await get("/");
      expect(home.headers["x-page-cache"]).toBe("MISS");
      const header = elementByClass(home.text, "site-header") ?? "";
      expect(textOf(header)).toContain("Bayou City Builders");
      expect(header).toContain('href="tel:+12815550199"');
      const footer = elementByClass(home.text, "site-footer") ?? "";
      expect(textOf(footer)).toContain("Built right for the Gulf Coast.");
      expect(textOf(footer)).toContain("1200 Main St, Houston, TX 77002");
      expect(hrefOf(footer, "Google Business Profile")).toBe("https://g.page/bayou-builders");
      expect(home.text).not.toContain("Example Home Remodeling");
      expect(home.text).not.toContain("tel:+17135550147");
      expect(titleOf(home.text)).toBe("Bayou City Builders | Home Repair & Remodeling in Houston, TX");
      for (const path of ["/about", "/contact", "/kitchen", "/gallery", "/terms", "/login"]) {
        const page = await get(path);
        expect(titleOf(page.text), path).toMatch(/ \| Bayou City Builders$/);
        expect(metaContent(page.text, "og:site_name"), path).toBe("Bayou City Builders");
        expect(page.text, path).not.toContain("Example Home Remodeling");
      }
    });

    it("the home hero is the chosen photo: AVIF and WebP sources, sized, fetched first", async () => {
      const home = await get("/");
      const heroSection = elementByClass(home.text, "hero") ?? "";
      expect(heroSection).toContain(`<source type="image/avif" srcSet="/media/photos/${hero.id}/`);
      expect(heroSection).toContain(`<source type="image/webp" srcSet="/media/photos/${hero.id}/`);
      const img = /<img class="hero__image[^"]*"[^>]*>/.exec(heroSection)?.[0] ?? "";
      expect(img).toContain('fetchPriority="high"');
      expect(img).not.toContain("loading=");
      expect(img).toContain('width="1600"');
      expect(img).toContain('height="1000"');
      expect(img).toContain('alt="A new kitchen with a navy island"');
      expect(heroSection).not.toContain("/images/hero.svg");
      expect(metaContent(home.text, "og:image")).toMatch(new RegExp(`/media/photos/${hero.id}/v1/master-\\d+\\.jpg$`));
    });

    it("the home intro is the owner's text, with its Markdown as elements and HTML as words", async () => {
      const lead = elementByClass((await get("/")).text, "hero__lead") ?? "";
      expect(lead).toContain("<strong>kitchens</strong>");
      expect(lead).toContain("&lt;b&gt;baths&lt;/b&gt;");
      expect(lead).toContain('<a href="https://g.page/bayou-builders" rel="noopener">our reviews</a>');
    });

    it("JSON-LD is built from the profile, names the hero photo, and marks up no reviews", async () => {
      const ld = jsonLd((await get("/")).text);
      expect(ld.name).toBe("Bayou City Builders");
      expect(ld.telephone).toBe("+12815550199");
      expect(ld.email).toBe("hello@bayoubuilders.test");
      expect(ld.address).toMatchObject({
        streetAddress: "1200 Main St",
        postalCode: "77002",
        addressLocality: "Houston",
      });
      expect(ld.areaServed).toEqual(["Houston", "Katy", "Fulshear"].map((name) => ({ "@type": "City", name })));
      expect(ld.sameAs).toEqual(["https://g.page/bayou-builders"]);
      expect(String(ld.image)).toMatch(new RegExp(`/media/photos/${hero.id}/v1/master-\\d+\\.jpg$`));
      expect(JSON.stringify(ld)).not.toMatch(/AggregateRating|Review/);
    });

    it("testimonials show on home and about, and on the page of their service only", async () => {
      const home = textOf(elementByClass((await get("/")).text, "testimonials") ?? "");
      expect(home).toContain("A kitchen we love, on time.");
      expect(home).toContain("Kitchen Remodeling · March 2026");
      expect(home).toContain("They fixed everything on our list.");
      const kitchen = (await get("/kitchen")).text;
      expect(textOf(elementByClass(kitchen, "testimonials") ?? "")).toContain("A kitchen we love, on time.");
      expect(kitchen).not.toContain("They fixed everything on our list.");
      expect(hrefOf(kitchen, "Read on Google (review by Maria G.)")).toBe("https://g.page/bayou-builders/review/1");
      expect(elementByClass((await get("/fences")).text, "testimonials")).toBeNull();
      expect(textOf(elementByClass((await get("/about")).text, "testimonials") ?? "")).toContain("They fixed everything on our list.");
    });

    it("the trust strip, the service area with its ZIP codes, and the owner's service summary", async () => {
      const home = (await get("/")).text;
      const trust = textOf(elementByClass(home, "trust") ?? "");
      expect(trust).toContain("12 years in business");
      expect(trust).toContain("TDLR electrical contractor TECL 12345");
      for (const path of ["/", "/contact", "/about"]) {
        const area = textOf(elementByClass((await get(path)).text, "service-area") ?? "");
        expect(area, path).toContain("Fulshear");
        expect(area, path).toContain("77494");
      }
      const kitchen = (await get("/kitchen")).text;
      expect(textOf(elementByClass(kitchen, "banner") ?? "")).toContain("Kitchens planned around the way you cook, from our Katy shop.");
      // Kitchen is a featured card on a fresh install (ADR 060): the owner's summary is its text.
      expect(textOf(elementByClass(home, "card-grid") ?? "")).toContain(
        "Kitchen Remodeling Kitchens planned around the way you cook, from our Katy shop.",
      );
      const contact = (await get("/contact")).text;
      expect(hrefOf(contact, "Google Business Profile")).toBe("https://g.page/bayou-builders");
      expect(textOf(contact)).toContain("1200 Main St, Houston, TX 77002");
    });

    it("the about page shows the chosen photo instead of the drawing", async () => {
      const page = (await get("/about")).text;
      const story = elementByClass(page, "about") ?? "";
      expect(story).toContain(`/media/photos/${about.id}/`);
      expect(story).toContain('alt="Our crew on a job in Katy"');
      expect(story).not.toContain("/images/about.svg");
    });
  });
}
