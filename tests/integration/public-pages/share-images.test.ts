/**
 * Share images (ADR 058), through the real server on SQLite and PostgreSQL. Every page the sitemap
 * lists (so never the 404 page) names an og:image that is an absolute address on PUBLIC_URL, can
 * be fetched, and is a PNG, JPEG or WebP of at least 1200 × 630 (read with sharp), with the size,
 * type and a non-empty alt its tags say, and twitter:card summary_large_image:
 * - on a fresh site, the card drawn from the business name; a new name draws a new card, at a
 *   new address, on every page at once;
 * - with photos, a page's own photo when it is big enough (a photo's page, a service's cover, a
 *   project's cover), else the home photo the owner chose.
 */
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseTargets } from "#tests/support/databases.ts";
import { get as getUrl } from "#tests/support/server.ts";
import { expectRedirect, setUpAdminSite, tearDownAdminSite, type AdminSite } from "#tests/support/admin-site.ts";
import { openTestStorage, seedPhoto, type SeedPhotoOptions } from "#tests/support/photos.ts";
import type { PhotoRow } from "#app/server/repos/photos.server.ts";
import { setPhotoChoice } from "#app/server/repos/site-profile.server.ts";
import { createProject, publishProject } from "#app/server/repos/projects.server.ts";
import { addPhotosToProject, setProjectCover } from "#app/server/repos/project-photos.server.ts";
import { defaultProfile } from "#app/content/company.ts";
import { profileToFields } from "#app/schemas/site.ts";

const ANONYMOUS = "";
const FORMATS: Record<string, string> = { "image/png": "png", "image/jpeg": "jpeg", "image/webp": "webp" };

const decode = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

function metaTag(html: string, attribute: "property" | "name", key: string): string | null {
  const found = new RegExp(`<meta ${attribute}="${key.replace(/[:.]/g, "\\$&")}" content="([^"]*)"`).exec(html)?.[1];
  return found === undefined ? null : decode(found);
}

interface Shared {
  url: string;
  width: number;
  height: number;
  type: string;
  alt: string;
}

for (const target of databaseTargets("share_images", "share images suite")) {
  describe(`share images (${target.name})`, () => {
    let site: AdminSite;
    let publicUrl: string;
    /** Each image fetched once per test run: its bytes and what sharp reads of them. */
    const images = new Map<string, Promise<{ body: Buffer; format: string | undefined; width: number; height: number }>>();

    beforeAll(async () => {
      site = await setUpAdminSite(target);
    }, 60_000);

    afterAll(() => tearDownAdminSite(target, site));

    const get = (path: string) => site.get(path, ANONYMOUS);

    async function sitemapPaths(): Promise<string[]> {
      const res = await get("/sitemap.xml");
      expect(res.status).toBe(200);
      const locs = [...res.text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(decode(match[1]!)));
      publicUrl = locs[0]!.origin;
      return locs.map((loc) => loc.pathname);
    }

    function fetchImage(url: string) {
      let image = images.get(url);
      if (!image) {
        image = (async () => {
          const { pathname, search } = new URL(url);
          const res = await get(`${pathname}${search}`);
          expect(res.status, url).toBe(200);
          const meta = await sharp(res.body).metadata();
          return { body: res.body, format: meta.format, width: meta.width, height: meta.height, type: res.headers["content-type"] };
        })();
        images.set(url, image);
      }
      return image;
    }

    /** A page's share image, checked against what the big social sites need. */
    async function sharedBy(path: string): Promise<Shared> {
      const page = await get(path);
      expect(page.status, path).toBe(200);
      const shared = {
        url: metaTag(page.text, "property", "og:image") ?? "",
        width: Number(metaTag(page.text, "property", "og:image:width")),
        height: Number(metaTag(page.text, "property", "og:image:height")),
        type: metaTag(page.text, "property", "og:image:type") ?? "",
        alt: metaTag(page.text, "property", "og:image:alt") ?? "",
      };
      expect(shared.url.startsWith(`${publicUrl}/`), `${path}: ${shared.url}`).toBe(true);
      expect(Object.keys(FORMATS), `${path}: ${shared.type}`).toContain(shared.type);
      expect(shared.alt.trim(), path).not.toBe("");
      expect(metaTag(page.text, "name", "twitter:card"), path).toBe("summary_large_image");
      const image = await fetchImage(shared.url);
      expect([image.format, image.width, image.height], `${path}: ${shared.url}`).toEqual([
        FORMATS[shared.type],
        shared.width,
        shared.height,
      ]);
      expect(image.width >= 1200 && image.height >= 630, `${path}: ${image.width} × ${image.height}`).toBe(true);
      return shared;
    }

    /** A photo's JPEG master on PUBLIC_URL. */
    const master = (photo: PhotoRow) => expect.stringMatching(new RegExp(`^${publicUrl}/media/photos/${photo.id}/v1/master-\\d+\\.jpg$`));

    async function rename(name: string) {
      expectRedirect(
        await site.post("/admin/site", { ...profileToFields(defaultProfile), intent: "save", name }),
        "/admin/site?done=saved",
      );
    }

    it("a fresh site: every page shares the card drawn from the business name, 1200 × 630", async () => {
      const paths = await sitemapPaths();
      expect(paths).toContain("/");
      expect(paths).toContain("/kitchen");
      const shared = await Promise.all(paths.map(sharedBy));
      const urls = new Set(shared.map((s) => s.url));
      expect([...urls]).toEqual([expect.stringMatching(new RegExp(`^${publicUrl}/og/default\\.png\\?v=[0-9a-f]{12}$`))]);
      expect(shared[0]).toMatchObject({ width: 1200, height: 630, type: "image/png" });
      expect(shared[0]!.alt).toBe("Example Home Remodeling, home repair and remodeling in Houston, TX. Call (713) 555-0147.");
    });

    it("a new business name draws a new card at a new address, on every page at once", async () => {
      const before = await sharedBy("/about");
      const oldCard = (await fetchImage(before.url)).body;
      await rename("Bayou City Builders");

      const after = await sharedBy("/about");
      expect(after.url).not.toBe(before.url);
      expect(after.alt).toContain("Bayou City Builders");
      expect((await fetchImage(after.url)).body.equals(oldCard)).toBe(false);
      expect((await sharedBy("/")).url).toBe(after.url);

      // The current version is kept for a year; an old link gets today's card, kept briefly.
      const current = await get(new URL(after.url).pathname + new URL(after.url).search);
      expect(current.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      const old = await get(new URL(before.url).pathname + new URL(before.url).search);
      expect(old.status).toBe(200);
      expect(old.headers["cache-control"]).toBe("public, max-age=300");
      expect(old.body.equals(current.body)).toBe(true);
      // Other sites' pages may show it (a share preview), and a browser that has it asks again cheaply.
      expect(current.headers["cross-origin-resource-policy"]).toBe("cross-origin");
      const etag = String(current.headers.etag);
      const again = await getUrl(`${site.server.url}${new URL(after.url).pathname}`, { "if-none-match": etag });
      expect([again.status, again.body.length]).toEqual([304, 0]);
    });

    it("with photos: a page's own photo when big enough, else the home photo", async () => {
      const seed = (options: SeedPhotoOptions): Promise<PhotoRow> =>
        site.db(async (database) =>
          seedPhoto({ database, storage: await openTestStorage(site.server.dataDir), dataDir: site.server.dataDir }, options),
        );
      const kitchen = await seed({
        category: "kitchen",
        caption: "New kitchen",
        alt: "A kitchen with a navy island",
        width: 1600,
        height: 1000,
      });
      const small = await seed({ category: "bathroom", caption: "New vanity", alt: "A small vanity", width: 800, height: 600 });
      const hero = await seed({ category: "repair", caption: "Our crew", alt: "Our crew at a house in Katy", width: 1800, height: 1200 });
      const slug = await site.db(async ({ db, dialect }) => {
        await setPhotoChoice({ db, slot: "hero", photoId: hero.id });
        const project = await createProject({
          db,
          fields: { title: "Kitchen in Katy", service: "kitchen", place: "Katy", finishedOn: "2026-04", description: "A new kitchen." },
        });
        await addPhotosToProject({ db, dialect, projectId: project.id, photoIds: [kitchen.id, small.id] });
        await setProjectCover({ db, projectId: project.id, photoId: kitchen.id });
        await publishProject({ db, dialect, id: project.id });
        return project.slug;
      });
      // Through the admin: the change drops every cached page, as the owner's changes do.
      expect((await site.post("/admin/gallery", { intent: "cover", photoId: kitchen.id })).status).toBe(302);

      const paths = await sitemapPaths();
      expect(paths).toEqual(expect.arrayContaining([`/gallery/photo/${kitchen.id}`, `/gallery/photo/${small.id}`, `/projects/${slug}`]));
      const shared = new Map(await Promise.all(paths.map(async (path) => [path, await sharedBy(path)] as const)));

      for (const path of [`/gallery/photo/${kitchen.id}`, "/kitchen", `/projects/${slug}`]) {
        expect(shared.get(path), path).toMatchObject({ url: master(kitchen), type: "image/jpeg", alt: "A kitchen with a navy island" });
      }
      for (const path of ["/", "/about", "/contact", "/bathroom", `/gallery/photo/${small.id}`]) {
        expect(shared.get(path), path).toMatchObject({ url: master(hero), width: 1800, height: 1200, alt: "Our crew at a house in Katy" });
      }
    }, 60_000);
  });
}
