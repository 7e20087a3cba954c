/**
 * The public gallery and the service pages with photos, through the real server on SQLite and
 * PostgreSQL: the grid's markup, filters, pages of 24, 404/400 answers, the empty state, a
 * friendly 503 (never cached) while the photos cannot be read, service pages with their photos
 * and cover, and the page cache emptied when an admin publishes. docs/decisions/013-public-gallery.md
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseTargets } from "#tests/support/databases.ts";
import {
  elementByClass,
  hrefOf,
  renameTable,
  setUpAdminSite,
  tearDownAdminSite,
  textOf,
  type AdminSite,
} from "#tests/support/admin-site.ts";
import { withoutVisitNote } from "#tests/support/server.ts";
import { openTestStorage, seedPhoto, type SeedPhotoOptions } from "#tests/support/photos.ts";
import type { PhotoRow } from "#app/server/repos/photos.server.ts";

const ANONYMOUS = "";

function seed(site: AdminSite, options: SeedPhotoOptions): Promise<PhotoRow> {
  return site.db(async (database) =>
    seedPhoto({ database, storage: await openTestStorage(site.server.dataDir), dataDir: site.server.dataDir }, options),
  );
}

/** The grid's items, in order. */
function gridItems(html: string): string[] {
  const grid = elementByClass(html, "photo-grid") ?? "";
  return [...grid.matchAll(/<li\b[^>]*>([\s\S]*?)<\/li>/g)].map((m) => m[1]!);
}

function attribute(html: string, tag: string, name: string): string | null {
  const element = new RegExp(`<${tag}\\b[^>]*>`, "i").exec(html)?.[0] ?? "";
  const value = new RegExp(`\\s${name}="([^"]*)"`, "i").exec(element)?.[1];
  return value === undefined ? null : value.replace(/&amp;/g, "&");
}

/** The href of the one link marked aria-current="page". */
function currentHref(html: string | null): string | null {
  const links = [...(html ?? "").matchAll(/<a\b[^>]*>/g)].map((m) => m[0]).filter((tag) => tag.includes('aria-current="page"'));
  expect(links).toHaveLength(1);
  return attribute(links[0]!, "a", "href");
}

/** The content of a <meta property=…> or the href of <link rel="canonical">. */
function metaContent(html: string, property: string): string | null {
  return new RegExp(`<meta property="${property}" content="([^"]*)"`).exec(html)?.[1]?.replace(/&amp;/g, "&") ?? null;
}

function canonical(html: string): string | null {
  return /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1]?.replace(/&amp;/g, "&") ?? null;
}

/** The <img> of the first photo in the grid (not its placeholder). */
function photoImg(item: string): string {
  return /<img class="photo__img"[^>]*>/.exec(item)?.[0] ?? "";
}

/** Path and query of an absolute URL (the site's PUBLIC_URL is not the test server's address). */
function pathOf(url: string | null): string | null {
  if (url === null) return null;
  const parsed = new URL(url);
  return parsed.pathname + parsed.search;
}

for (const target of databaseTargets("gallery_pages", "gallery pages suite")) {
  describe(`the public gallery (${target.name})`, () => {
    let site: AdminSite;
    const photos: PhotoRow[] = [];
    const get = (path: string) => site.get(path, ANONYMOUS);

    beforeAll(async () => {
      site = await setUpAdminSite(target);
    }, 60_000);

    afterAll(() => tearDownAdminSite(target, site));

    it("answers 503 with a friendly page, never cached, while the photos cannot be read; service pages keep their artwork", async () => {
      await renameTable(site, "photos", "photos_away");
      try {
        for (const attempt of [1, 2]) {
          const res = await get("/gallery");
          expect(res.status, `attempt ${attempt}`).toBe(503);
          expect(res.headers["cache-control"]).toBe("no-store");
          expect(res.headers["retry-after"]).toBe("60");
          expect(res.headers["x-page-cache"]).toBeUndefined();
          const text = textOf(res.text);
          expect(text).toContain("Remodeling Gallery");
          expect(text).toContain("We can't show the photos right now");
          expect(hrefOf(res.text, "Browse our services")).toBe("/services");
          expect(res.text).toContain('<meta name="robots" content="noindex"');
        }
        const service = await get("/kitchen");
        expect(service.status).toBe(200);
        expect(service.headers["cache-control"]).toBe("no-store");
        expect(service.headers["x-page-cache"]).toBeUndefined();
        expect(service.text).toContain('src="/images/services/kitchen.svg"');
      } finally {
        await renameTable(site, "photos_away", "photos");
      }
      // Readable again: nothing of the outage was kept.
      const res = await get("/gallery");
      expect(res.status).toBe(200);
      expect(res.headers["x-page-cache"]).toBe("MISS");
      expect((await get("/kitchen")).headers["x-page-cache"]).toBe("MISS");
    });

    it("with no photos yet, says so honestly and points to the services and the contact page", async () => {
      const res = await get("/gallery");
      expect(res.status).toBe(200);
      expect(textOf(res.text)).toContain("No photos here yet");
      expect(hrefOf(res.text, "Browse our services")).toBe("/services");
      expect(hrefOf(res.text, "Request a free estimate")).toBe("/contact");
      expect(hrefOf(res.text, "Call (713) 555-0147")).toBe("tel:+17135550147");
      // Not a bare empty state: the featured services, drawn, each a link to its page.
      for (const slug of ["repair", "bathroom", "floor", "fences"]) {
        expect(res.text).toContain(`src="/images/services/${slug}.svg"`);
      }
      // And the home page leaves out its "Recent work" strip while there is nothing to show.
      expect(elementByClass((await get("/")).text, "recent-work")).toBeNull();
      expect(res.text).not.toContain("<picture");
      expect(withoutVisitNote(res.text)).not.toContain("<script");
      expect((await get("/gallery?category=kitchen")).status).toBe(404);
      expect((await get("/gallery?page=2")).status).toBe(404);
    });

    it(
      "page 1 shows 24 of 30 photos as <picture>s: AVIF and WebP srcset with sizes, width and height, lazy after the first row, placeholders",
      { timeout: 120_000 },
      async () => {
        // Published one after the other, each at the top: the last seeded is shown first.
        for (let n = 30; n >= 1; n--) {
          const category = n <= 4 ? "bathroom" : "kitchen";
          photos.unshift(
            await seed(site, {
              category,
              caption: `Job ${n} in ${category}`,
              alt: `Finished ${category} number ${n}`,
              width: 660,
              height: 495,
              hue: n * 11,
            }),
          );
        }
        // Seeded straight into the database: an admin action empties the page cache, as publishing does.
        expect((await site.post("/admin/gallery", { intent: "uncover", service: "fences" })).status).toBe(302);
        const res = await get("/gallery");
        expect(res.status).toBe(200);
        const items = gridItems(res.text);
        expect(items).toHaveLength(24);
        expect(textOf(items[0]!)).toBe("Job 1 in bathroom");
        expect(textOf(items[23]!)).toBe("Job 24 in kitchen");

        const first = items[0]!;
        const id = photos[0]!.id;
        const avif = `/media/photos/${id}/v1/display-320.avif 320w, /media/photos/${id}/v1/display-480.avif 480w, /media/photos/${id}/v1/display-640.avif 640w`;
        const webp = `/media/photos/${id}/v1/display-320.webp 320w, /media/photos/${id}/v1/display-480.webp 480w, /media/photos/${id}/v1/display-640.webp 640w`;
        const sizes =
          "(min-width: 72rem) 271px, (min-width: 64rem) calc((100vw - 4.25rem) / 4), (min-width: 40rem) calc((100vw - 3.5rem) / 3), calc((100vw - 2.75rem) / 2)";
        expect(first).toContain(`<source type="image/avif" srcSet="${avif}" sizes="${sizes}"/>`);
        expect(first).toContain(`<source type="image/webp" srcSet="${webp}"`);
        // Each photo links to its own page (ADR 036); the lightbox opens its largest WebP.
        expect(attribute(first, "a", "href")).toBe(`/gallery/photo/${id}`);
        expect(attribute(first, "a", "data-src")).toBe(`/media/photos/${id}/v1/display-640.webp`);
        const img = photoImg(first);
        expect(attribute(img, "img", "width")).toBe("660");
        expect(attribute(img, "img", "height")).toBe("495");
        expect(attribute(img, "img", "alt")).toBe("Finished bathroom number 1");
        expect(attribute(img, "img", "fetchPriority")).toBe("high");
        expect(attribute(img, "img", "loading")).toBeNull();
        // The first row (up to four columns) loads at once, the rest when scrolled to.
        for (const [i, item] of items.entries()) {
          const loading = attribute(photoImg(item), "img", "loading");
          expect(loading, `photo ${i + 1}`).toBe(i < 4 ? null : "lazy");
          if (i >= 4) expect(attribute(photoImg(item), "img", "decoding")).toBe("async");
          if (i > 0) expect(attribute(photoImg(item), "img", "fetchPriority")).toBeNull();
        }
        const placeholder = /<img class="photo__placeholder"[^>]*>/.exec(first)?.[0] ?? "";
        expect(attribute(placeholder, "img", "src")).toBe(photos[0]!.placeholder);
        expect(photos[0]!.placeholder).toMatch(/^data:image\/webp;base64,/);
        expect(attribute(placeholder, "img", "alt")).toBe("");

        // The lightbox and the filter row's focus helper (ADR 063) are inline modules, allowed by
        // their hashes once the page is cached.
        expect(res.text).toContain('<dialog class="lightbox" data-lightbox=""');
        expect(withoutVisitNote(res.text).match(/<script\b/g)).toHaveLength(2);
        expect(res.headers["content-security-policy"]).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+'/);
        expect(pathOf(canonical(res.text))).toBe(`/gallery`);
        // A photo under 1200 × 630 gives way to the card drawn from the business name (ADR 058).
        expect(pathOf(metaContent(res.text, "og:image"))).toMatch(/^\/og\/default\.png\?v=[0-9a-f]{12}$/);
      },
    );

    it("filters by service as links with counts, the active one marked", async () => {
      const res = await get("/gallery");
      const nav = elementByClass(res.text, "gallery-filters") ?? "";
      const links = [...nav.matchAll(/<a\b([^>]*)>([\s\S]*?)<\/a>/g)].map((m) => ({
        text: textOf(m[2]!),
        href: attribute(`<a${m[1]}>`, "a", "href"),
        current: attribute(`<a${m[1]}>`, "a", "aria-current"),
      }));
      expect(links).toEqual([
        { text: "All (30)", href: "/gallery", current: "page" },
        { text: "Kitchen Remodeling (26)", href: "/gallery?category=kitchen", current: null },
        { text: "Bathroom Remodeling (4)", href: "/gallery?category=bathroom", current: null },
      ]);

      const bathroom = await get("/gallery?category=bathroom");
      expect(bathroom.status).toBe(200);
      expect(gridItems(bathroom.text).map(textOf)).toEqual([
        "Job 1 in bathroom",
        "Job 2 in bathroom",
        "Job 3 in bathroom",
        "Job 4 in bathroom",
      ]);
      expect(hrefOf(bathroom.text, "Bathroom Remodeling (4)")).toBe("/gallery?category=bathroom");
      expect(currentHref(elementByClass(bathroom.text, "gallery-filters"))).toBe("/gallery?category=bathroom");
      expect(elementByClass(bathroom.text, "pagination")).toBeNull();
      expect(pathOf(canonical(bathroom.text))).toBe(`/gallery?category=bathroom`);
      // Pages with a query are rendered for each request, never kept in the cache.
      expect(bathroom.headers["x-page-cache"]).toBeUndefined();

      const kitchen2 = await get("/gallery?category=kitchen&page=2");
      expect(gridItems(kitchen2.text).map(textOf)).toEqual(["Job 29 in kitchen", "Job 30 in kitchen"]);
    });

    it("page 2 has the other 6, all lazy, with links back, and a canonical address of its own", async () => {
      const page1 = await get("/gallery");
      expect(hrefOf(page1.text, "Next page")).toBe("/gallery?page=2");
      expect(hrefOf(page1.text, "Page 2")).toBe("/gallery?page=2");
      expect(page1.text).toMatch(/rel="next" href="\/gallery\?page=2"/);

      const res = await get("/gallery?page=2");
      expect(res.status).toBe(200);
      const items = gridItems(res.text);
      expect(items.map(textOf)).toEqual([
        "Job 25 in kitchen",
        "Job 26 in kitchen",
        "Job 27 in kitchen",
        "Job 28 in kitchen",
        "Job 29 in kitchen",
        "Job 30 in kitchen",
      ]);
      for (const item of items) expect(attribute(photoImg(item), "img", "loading")).toBe("lazy");
      expect(hrefOf(res.text, "Previous page")).toBe("/gallery");
      expect(hrefOf(res.text, "Next page")).toBeNull();
      expect(currentHref(elementByClass(res.text, "pagination"))).toBe("/gallery?page=2");
      expect(pathOf(canonical(res.text))).toBe(`/gallery?page=2`);
      expect(pathOf(metaContent(res.text, "og:url"))).toBe(`/gallery?page=2`);
      expect(res.headers["x-page-cache"]).toBeUndefined();
    });

    it("an unknown category, one without photos, or a page past the last is a 404 page; a malformed page number a 400 with a sentence", async () => {
      for (const path of ["/gallery?category=garage", "/gallery?category=fences", "/gallery?page=3", "/gallery?category=bathroom&page=2"]) {
        const res = await get(path);
        expect(res.status, path).toBe(404);
        expect(textOf(res.text), path).toContain("We couldn't find that page");
      }
      for (const page of ["abc", "0", "-1", "1.5", "2e3", "", "99999999"]) {
        const res = await get(`/gallery?page=${page}`);
        expect(res.status, page).toBe(400);
        expect(textOf(res.text)).toContain("That page number is not valid. Page numbers are whole numbers starting at 1.");
      }
    });

    it("a service page shows a few of its photos and links to them all; without photos it keeps its artwork", async () => {
      const kitchen = await get("/kitchen");
      const section = elementByClass(kitchen.text, "service-photos") ?? "";
      expect(textOf(section)).toContain("Kitchen Remodeling photos");
      expect(gridItems(section).map(textOf)).toEqual([
        "Job 5 in kitchen",
        "Job 6 in kitchen",
        "Job 7 in kitchen",
        "Job 8 in kitchen",
        "Job 9 in kitchen",
        "Job 10 in kitchen",
      ]);
      expect(hrefOf(kitchen.text, "See all 26 Kitchen Remodeling photos in our gallery")).toBe("/gallery?category=kitchen");
      // No cover chosen: the banner is the service's latest photo, not the drawing (ADR 060); the
      // link preview is the card drawn from the business name, as that photo is too small (ADR 058).
      expect(elementByClass(kitchen.text, "banner")).not.toContain("kitchen.svg");
      expect(elementByClass(kitchen.text, "banner")).toMatch(
        /<img class="banner__image" src="\/media\/photos\/[0-9a-f-]{36}\/[^"]+" width="\d+" height="\d+" alt="Finished kitchen number \d+"/,
      );
      expect(pathOf(metaContent(kitchen.text, "og:image"))).toMatch(/^\/og\/default\.png\?v=[0-9a-f]{12}$/);

      const fences = await get("/fences");
      expect(elementByClass(fences.text, "service-photos")).toBeNull();
      expect(fences.text).not.toContain("<picture");
      expect(withoutVisitNote(fences.text)).not.toContain("<script");
      expect(elementByClass(fences.text, "banner")).toMatch(
        /^<section class="banner banner--with-image" aria-labelledby="page-title">[\s\S]*<img class="banner__image" src="\/images\/services\/fences.svg" width="1200" height="800" alt="[^"]+" fetchPriority="high" decoding="async"\/><\/section>$/,
      );
    });

    it("a cover an admin picks becomes the service page's hero picture (too small to be its link preview)", async () => {
      const cover = photos[9]!; // Job 10, kitchen
      const before = await get("/kitchen");
      expect(before.headers["x-page-cache"]).toMatch(/HIT|MISS/);
      const res = await site.post("/admin/gallery", { intent: "cover", photoId: cover.id });
      expect(res.status).toBe(302);

      const kitchen = await get("/kitchen");
      expect(kitchen.headers["x-page-cache"]).toBe("MISS");
      const banner = elementByClass(kitchen.text, "banner") ?? "";
      expect(banner).not.toContain("kitchen.svg");
      expect(banner).toContain(
        `<source type="image/avif" srcSet="/media/photos/${cover.id}/v1/display-320.avif 320w, /media/photos/${cover.id}/v1/display-480.avif 480w, /media/photos/${cover.id}/v1/display-640.avif 640w" sizes="(min-width: 72rem) 520px, (min-width: 48rem) 45vw, 100vw"/>`,
      );
      const img = /<img class="banner__image"[^>]*>/.exec(banner)?.[0] ?? "";
      expect(attribute(img, "img", "fetchPriority")).toBe("high");
      expect(attribute(img, "img", "loading")).toBeNull();
      expect(attribute(img, "img", "alt")).toBe("Finished kitchen number 10");
      expect(attribute(img, "img", "width")).toBe("660");
      // The cover is 660 px wide: too small to share, so the card stays the link preview (ADR 058).
      expect(pathOf(metaContent(kitchen.text, "og:image"))).toMatch(/^\/og\/default\.png\?v=[0-9a-f]{12}$/);
      expect(metaContent(kitchen.text, "og:image:width")).toBe("1200");

      // Without the cover, the latest photo again: the drawing only for a service with no photo (ADR 060).
      await site.post("/admin/gallery", { intent: "uncover", service: "kitchen" });
      const uncovered = elementByClass((await get("/kitchen")).text, "banner") ?? "";
      expect(uncovered).not.toContain("kitchen.svg");
      expect(uncovered).toMatch(/<img class="banner__image" src="\/media\/photos\//);
    });

    it("a photo an admin publishes is on /gallery at once, though the page was cached", async () => {
      expect((await get("/gallery")).headers["x-page-cache"]).toMatch(/HIT|MISS/);
      const cached = await get("/gallery");
      expect(cached.headers["x-page-cache"]).toBe("HIT");
      expect(textOf(gridItems(cached.text)[0]!)).toBe("Job 1 in bathroom");

      const draft = await seed(site, { category: "tile", draft: true, width: 400, height: 300 });
      expect(textOf((await get("/gallery")).text)).not.toContain("Fresh tile job");
      const res = await site.post("/admin/gallery", {
        intent: "publish",
        photoId: draft.id,
        caption: "Fresh tile job",
        alt: "New tile floor",
        category: "tile",
      });
      expect(res.status).toBe(302);

      const after = await get("/gallery");
      expect(after.headers["x-page-cache"]).toBe("MISS");
      expect(textOf(gridItems(after.text)[0]!)).toBe("Fresh tile job");
      expect(hrefOf(after.text, "Ceramic & Porcelain Tiles (1)")).toBe("/gallery?category=tile");
      expect(hrefOf(after.text, "All (31)")).toBe("/gallery");

      // The home page's "Recent work" strip: the six latest published photos, the fresh one first.
      const home = await get("/");
      const recent = elementByClass(home.text, "recent-work") ?? "";
      expect(textOf(recent)).toContain("Recent work");
      const items = gridItems(recent);
      expect(items).toHaveLength(6);
      expect(textOf(items[0]!)).toBe("Fresh tile job");
      expect(recent).toContain('<source type="image/avif"');
      expect(hrefOf(recent, "See all our photos in the gallery")).toBe("/gallery");
    });
  });
}
