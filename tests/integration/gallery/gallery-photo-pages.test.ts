/**
 * Every published photo's own page, /gallery/photo/:id, through the real server on SQLite and
 * PostgreSQL: 200 for a published photo (large picture, caption, service link, previous/next in
 * gallery order, the way back to the right grid page, Share, canonical and Open Graph), 404 for a
 * draft, an unknown or a malformed id; the grid's links and the lightbox's neighbours across
 * pages (lightbox.json); the sitemap; and the cached page dropped on every gallery change.
 * docs/decisions/036-photo-pages.md
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseTargets } from "#tests/support/databases.ts";
import { elementByClass, hrefOf, setUpAdminSite, tearDownAdminSite, textOf, type AdminSite } from "#tests/support/admin-site.ts";
import { withoutVisitNote } from "#tests/support/server.ts";
import { openTestStorage, seedPhoto, type SeedPhotoOptions } from "#tests/support/photos.ts";
import type { PhotoRow } from "#app/server/repos/photos.server.ts";

const ANONYMOUS = "";
const UNKNOWN_ID = "6f1c0a52-3f5e-4d4e-9a57-0c6b1d2e3f40";

const photoPath = (photo: PhotoRow) => `/gallery/photo/${photo.id}`;

function seed(site: AdminSite, options: SeedPhotoOptions): Promise<PhotoRow> {
  return site.db(async (database) =>
    seedPhoto({ database, storage: await openTestStorage(site.server.dataDir), dataDir: site.server.dataDir }, options),
  );
}

/** The opening tag of the first element matching `pattern`, and one attribute of it. */
function attributeOf(html: string, pattern: RegExp, name: string): string | null {
  const tag = pattern.exec(html)?.[0] ?? "";
  const value = new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
  return value === undefined ? null : value.replace(/&amp;/g, "&");
}

function metaContent(html: string, property: string): string | null {
  return new RegExp(`<meta property="${property}" content="([^"]*)"`).exec(html)?.[1]?.replace(/&amp;/g, "&") ?? null;
}

function canonical(html: string): string | null {
  return /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1] ?? null;
}

function pathOf(url: string | null): string | null {
  return url === null ? null : new URL(url).pathname + new URL(url).search;
}

/** The grid's photo links (href) and their items' ids, in order. */
function gridLinks(html: string): { itemId: string; href: string; photoId: string }[] {
  const grid = elementByClass(html, "photo-grid") ?? "";
  return [...grid.matchAll(/<li id="([^"]+)">[\s\S]*?<a class="photo__link" href="([^"]+)"[^>]*data-photo-id="([^"]+)"/g)].map((m) => ({
    itemId: m[1]!,
    href: m[2]!,
    photoId: m[3]!,
  }));
}

for (const target of databaseTargets("gallery_photo_pages", "photo pages suite")) {
  describe(`a photo's own page (${target.name})`, () => {
    let site: AdminSite;
    /** In gallery order: 4 bathroom photos, then kitchen ones. */
    const photos: PhotoRow[] = [];
    const get = (path: string) => site.get(path, ANONYMOUS);
    /** Seeded straight into the database: an admin action empties the page cache, as publishing does. */
    const dropCache = async () => expect((await site.post("/admin/gallery", { intent: "uncover", service: "fences" })).status).toBe(302);

    beforeAll(async () => {
      site = await setUpAdminSite(target);
    }, 60_000);

    afterAll(() => tearDownAdminSite(target, site));

    it("with one photo: its page has no Previous or Next, and the grid has no neighbours for the lightbox", async () => {
      photos.push(
        await seed(site, {
          category: "kitchen",
          caption: "Job 26 in kitchen",
          alt: "Finished kitchen number 26",
          width: 480,
          height: 360,
        }),
      );
      await dropCache();
      const res = await get(photoPath(photos[0]!));
      expect(res.status).toBe(200);
      expect(elementByClass(res.text, "photo-page__nav")).toBeNull();
      expect(hrefOf(res.text, "Previous photo")).toBeNull();
      expect(hrefOf(res.text, "Next photo")).toBeNull();
      expect(textOf(res.text)).toContain("Photo 1 of 1");

      const gallery = await get("/gallery");
      const root = /<div class="photo-gallery" id="gallery-photos"[^>]*>/.exec(gallery.text)?.[0] ?? "";
      expect(root).toContain('data-offset="0"');
      expect(root).toContain('data-total="1"');
      expect(root).not.toContain("data-before");
      expect(root).not.toContain("data-after");

      const json = await get(`${photoPath(photos[0]!)}/lightbox.json`);
      expect(json.status).toBe(200);
      expect(JSON.parse(json.text)).toMatchObject({
        id: photos[0]!.id,
        previousId: null,
        nextId: null,
        position: 1,
        total: 1,
      });
    });

    it(
      "a published photo's page: large picture, caption, service, neighbours, the way back, Share, canonical and Open Graph",
      { timeout: 120_000 },
      async () => {
        // Each published photo goes first: kitchen 25..1, then bathroom 4..1, after the one above (26).
        for (let n = 25; n >= 1; n--) {
          photos.unshift(
            await seed(site, {
              category: "kitchen",
              caption: `Job ${n} in kitchen`,
              alt: `Finished kitchen number ${n}`,
              width: 480,
              height: 360,
              hue: n * 13,
            }),
          );
        }
        for (let n = 4; n >= 1; n--) {
          photos.unshift(
            await seed(site, {
              category: "bathroom",
              caption: `Bath ${n}`,
              alt: `Finished bathroom number ${n}`,
              width: 480,
              height: 360,
              hue: n * 29,
            }),
          );
        }
        await dropCache();
        expect(photos).toHaveLength(30);

        const first = photos[0]!;
        const res = await get(photoPath(first));
        expect(res.status).toBe(200);
        expect(res.headers["content-type"]).toMatch(/^text\/html/);
        expect(textOf(elementByClass(res.text, "photo-page__title") ?? "")).toBe("Bath 1");
        const img = /<img class="photo-page__img"[^>]*>/.exec(res.text)?.[0] ?? "";
        expect(attributeOf(img, /<img[^>]*>/, "width")).toBe("480");
        expect(attributeOf(img, /<img[^>]*>/, "height")).toBe("360");
        expect(attributeOf(img, /<img[^>]*>/, "alt")).toBe("Finished bathroom number 1");
        expect(attributeOf(img, /<img[^>]*>/, "fetchPriority")).toBe("high");
        expect(res.text).toContain(
          `<source type="image/avif" srcSet="/media/photos/${first.id}/v1/display-320.avif 320w, /media/photos/${first.id}/v1/display-480.avif 480w"`,
        );
        expect(res.text).toContain(
          `<source type="image/webp" srcSet="/media/photos/${first.id}/v1/display-320.webp 320w, /media/photos/${first.id}/v1/display-480.webp 480w"`,
        );
        expect(hrefOf(res.text, "Bathroom Remodeling")).toBe("/bathroom");
        expect(textOf(res.text)).toContain("Photo 1 of 30");
        // The first photo has no Previous; Next is the second in gallery order.
        expect(hrefOf(res.text, "Previous photo")).toBeNull();
        expect(hrefOf(res.text, "Next photo")).toBe(photoPath(photos[1]!));
        expect(hrefOf(res.text, "Back to the gallery")).toBe(`/gallery#photo-${first.id}`);
        expect(pathOf(hrefOf(res.text, "Share this photo"))).toBe(photoPath(first));
        expect(hrefOf(res.text, "Request a free estimate")).toBe("/contact");
        expect(pathOf(canonical(res.text))).toBe(photoPath(first));
        expect(pathOf(metaContent(res.text, "og:url"))).toBe(photoPath(first));
        // A photo under 1200 × 630 gives way to the card drawn from the business name (ADR 058).
        expect(pathOf(metaContent(res.text, "og:image"))).toMatch(/^\/og\/default\.png\?v=[0-9a-f]{12}$/);
        expect(metaContent(res.text, "og:image:alt")).toMatch(/, home repair and remodeling in Houston, TX\. Call /);
        expect(res.text).toMatch(/<title>Bath 1 \| Bathroom Remodeling photo \| [^<]+<\/title>/);
        expect(res.text).not.toContain('name="robots"');
        // One inline module (Share) besides the visit note, allowed by its hash once cached.
        expect(withoutVisitNote(res.text).match(/<script\b/g)).toHaveLength(1);
        expect(res.headers["content-security-policy"]).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+'/);

        // The 25th photo is on page 2 of the grid; the last has no Next.
        const middle = await get(photoPath(photos[24]!));
        expect(textOf(middle.text)).toContain("Photo 25 of 30");
        expect(hrefOf(middle.text, "Previous photo")).toBe(photoPath(photos[23]!));
        expect(hrefOf(middle.text, "Next photo")).toBe(photoPath(photos[25]!));
        expect(hrefOf(middle.text, "Back to the gallery")).toBe(`/gallery?page=2#photo-${photos[24]!.id}`);
        const last = await get(photoPath(photos[29]!));
        expect(hrefOf(last.text, "Previous photo")).toBe(photoPath(photos[28]!));
        expect(hrefOf(last.text, "Next photo")).toBeNull();
      },
    );

    it("a draft, a deleted or unknown id and a malformed id are the 404 page", async () => {
      const draft = await seed(site, { category: "tile", draft: true, width: 320, height: 240 });
      for (const path of [
        `/gallery/photo/${draft.id}`,
        `/gallery/photo/${UNKNOWN_ID}`,
        "/gallery/photo/abc",
        `/gallery/photo/${photos[0]!.id.toUpperCase()}x`,
        "/gallery/photo/%00",
      ]) {
        const res = await get(path);
        expect(res.status, path).toBe(404);
        expect(textOf(res.text), path).toContain("We couldn't find that page");
        expect(res.headers["x-page-cache"], path).toBeUndefined();
      }
      const json = await get(`/gallery/photo/${draft.id}/lightbox.json`);
      expect(json.status).toBe(404);
      expect(json.headers["content-type"]).toMatch(/^application\/json/);
      expect(JSON.parse(json.text).error).toMatch(/no such photo/);
    });

    it("the grid links every photo to its page, and tells the lightbox its neighbours beyond the page", async () => {
      const page1 = await get("/gallery");
      const links = gridLinks(page1.text);
      expect(links).toHaveLength(24);
      expect(links[0]).toEqual({
        itemId: `photo-${photos[0]!.id}`,
        href: photoPath(photos[0]!),
        photoId: photos[0]!.id,
      });
      const root1 = /<div class="photo-gallery" id="gallery-photos"[^>]*>/.exec(page1.text)?.[0] ?? "";
      expect(attributeOf(root1, /<div[^>]*>/, "data-offset")).toBe("0");
      expect(attributeOf(root1, /<div[^>]*>/, "data-total")).toBe("30");
      expect(attributeOf(root1, /<div[^>]*>/, "data-before")).toBeNull();
      expect(attributeOf(root1, /<div[^>]*>/, "data-after")).toBe(photos[24]!.id);

      const page2 = await get("/gallery?page=2");
      expect(gridLinks(page2.text).map((l) => l.photoId)).toEqual(photos.slice(24).map((p) => p.id));
      const root2 = /<div class="photo-gallery" id="gallery-photos"[^>]*>/.exec(page2.text)?.[0] ?? "";
      expect(attributeOf(root2, /<div[^>]*>/, "data-offset")).toBe("24");
      expect(attributeOf(root2, /<div[^>]*>/, "data-before")).toBe(photos[23]!.id);
      expect(attributeOf(root2, /<div[^>]*>/, "data-after")).toBeNull();

      // A category's listing: its own neighbours and count.
      const kitchen = await get("/gallery?category=kitchen");
      const root3 = /<div class="photo-gallery" id="gallery-photos"[^>]*>/.exec(kitchen.text)?.[0] ?? "";
      expect(attributeOf(root3, /<div[^>]*>/, "data-category")).toBe("kitchen");
      expect(attributeOf(root3, /<div[^>]*>/, "data-total")).toBe("26");
      expect(attributeOf(root3, /<div[^>]*>/, "data-after")).toBe(photos[28]!.id);

      // Service pages link to the photo pages too.
      const service = await get("/kitchen");
      expect(gridLinks(elementByClass(service.text, "service-photos") ?? "")[0]?.href).toBe(photoPath(photos[4]!));
    });

    it("lightbox.json gives a photo off the page with its neighbours, in the whole gallery or one service's photos", async () => {
      const res = await get(`${photoPath(photos[24]!)}/lightbox.json`);
      expect(res.status).toBe(200);
      expect(res.headers["cache-control"]).toBe("no-store");
      const photo = photos[24]!;
      expect(JSON.parse(res.text)).toEqual({
        id: photo.id,
        href: photoPath(photo),
        src: `/media/photos/${photo.id}/v1/display-480.webp`,
        srcset: `/media/photos/${photo.id}/v1/display-320.webp 320w, /media/photos/${photo.id}/v1/display-480.webp 480w`,
        width: 480,
        height: 360,
        alt: "Finished kitchen number 21",
        altLang: "",
        caption: "Job 21 in kitchen",
        captionLang: "",
        previousId: photos[23]!.id,
        nextId: photos[25]!.id,
        position: 25,
        total: 30,
        // The ways on from it (ADR 063): an estimate for its service; it is in no project.
        service: "Kitchen Remodeling",
        estimateHref: "/contact?service=kitchen",
        project: null,
      });
      // The lightbox of a Spanish page asks in Spanish (ADR 064): the service's name and form in Spanish.
      expect(JSON.parse((await get(`${photoPath(photo)}/lightbox.json?hl=es`)).text)).toMatchObject({
        service: "Remodelación de cocinas",
        estimateHref: "/es/contacto?service=kitchen",
      });
      expect(JSON.parse((await get(`${photoPath(photo)}/lightbox.json?category=kitchen&hl=es`)).text)).toMatchObject({
        service: "Remodelación de cocinas",
        position: 21,
      });
      const inKitchen = JSON.parse((await get(`${photoPath(photos[4]!)}/lightbox.json?category=kitchen`)).text);
      expect(inKitchen).toMatchObject({ previousId: null, nextId: photos[5]!.id, position: 1, total: 26 });
      // A photo of another service is not in that listing; an unknown service is not a listing.
      expect((await get(`${photoPath(photos[0]!)}/lightbox.json?category=kitchen`)).status).toBe(404);
      const unknown = await get(`${photoPath(photos[0]!)}/lightbox.json?category=garage`);
      expect(unknown.status).toBe(404);
      expect(JSON.parse(unknown.text).error).toBe("There is no such photo category.");
    });

    it("the sitemap lists every published photo's page once, and no draft", async () => {
      const res = await get("/sitemap.xml");
      expect(res.status).toBe(200);
      const locs = [...res.text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
      const photoLocs = locs.filter((path) => path.startsWith("/gallery/photo/"));
      expect(photoLocs).toEqual(photos.map(photoPath));
      expect(locs).toContain("/gallery");
    });

    it("a cached photo page follows every gallery change: edit, move, publish and delete", { timeout: 60_000 }, async () => {
      const photo = photos[1]!;
      await get(photoPath(photo));
      const cached = await get(photoPath(photo));
      expect(cached.headers["x-page-cache"]).toBe("HIT");
      expect(hrefOf(cached.text, "Next photo")).toBe(photoPath(photos[2]!));

      // Edited: the new caption at once.
      const saved = await site.post("/admin/gallery", {
        intent: "save",
        photoId: photo.id,
        caption: "Bath 2, new tile",
        alt: "Finished bathroom number 2",
        category: "bathroom",
      });
      expect(saved.status).toBe(302);
      const edited = await get(photoPath(photo));
      expect(edited.headers["x-page-cache"]).toBe("MISS");
      expect(textOf(elementByClass(edited.text, "photo-page__title") ?? "")).toBe("Bath 2, new tile");

      // Moved first: no Previous any more.
      expect((await site.post("/admin/gallery", { intent: "move", photoId: photo.id, direction: "first" })).status).toBe(302);
      const moved = await get(photoPath(photo));
      expect(textOf(moved.text)).toContain("Photo 1 of 30");
      expect(hrefOf(moved.text, "Previous photo")).toBeNull();
      expect(hrefOf(moved.text, "Next photo")).toBe(photoPath(photos[0]!));

      // A new photo published goes first: it becomes this one's Previous.
      const draft = await seed(site, { category: "tile", draft: true, width: 320, height: 240 });
      expect((await get(`/gallery/photo/${draft.id}`)).status).toBe(404);
      const published = await site.post("/admin/gallery", {
        intent: "publish",
        photoId: draft.id,
        caption: "Fresh tile job",
        alt: "New tile floor",
        category: "tile",
      });
      expect(published.status).toBe(302);
      expect((await get(`/gallery/photo/${draft.id}`)).status).toBe(200);
      expect(hrefOf((await get(photoPath(photo))).text, "Previous photo")).toBe(`/gallery/photo/${draft.id}`);
      expect((await get("/sitemap.xml")).text).toContain(`/gallery/photo/${draft.id}</loc>`);

      // Deleted (the way a photo leaves the public site): its cached page is gone, 404.
      await get(`/gallery/photo/${draft.id}`);
      expect((await get(`/gallery/photo/${draft.id}`)).headers["x-page-cache"]).toBe("HIT");
      const deleted = await site.post("/admin/gallery", { intent: "delete", photoId: draft.id, confirm: "yes" });
      expect(deleted.status).toBe(302);
      expect((await get(`/gallery/photo/${draft.id}`)).status).toBe(404);
      expect(hrefOf((await get(photoPath(photo))).text, "Previous photo")).toBeNull();
      expect((await get("/sitemap.xml")).text).not.toContain(draft.id);
    });
  });
}
