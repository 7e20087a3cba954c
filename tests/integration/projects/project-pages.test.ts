/**
 * The public project pages through the real server on SQLite and PostgreSQL (ADR 039): /projects
 * (newest first, by service, pages of 12, 400 for a malformed page and 404 past the last, the
 * empty state), /projects/:slug (the story, the pairs of published photos, the photos in the
 * lightbox's grid, the CreativeWork JSON-LD, the card as og:image (its cover is too small to
 * share), 404 for unknown and malformed slugs), a draft: 404 for visitors and a preview for an
 * admin that is never cached nor indexed; the latest three on home, a service's projects on its
 * page, the project links on /gallery and on a photo's page, and the sitemap.
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
import { openTestStorage, seedPhoto, type SeedPhotoOptions } from "#tests/support/photos.ts";
import type { PhotoRow } from "#app/server/repos/photos.server.ts";
import { createPublicPages } from "#app/server/public-pages.server.ts";
import { createProject, publishProject, type ProjectFields, type ProjectRow } from "#app/server/repos/projects.server.ts";
import { addPhotosToProject, setProjectCover } from "#app/server/repos/project-photos.server.ts";
import { addProjectPair } from "#app/server/repos/project-pairs.server.ts";

const ANONYMOUS = "";

function metaContent(html: string, property: string): string | null {
  return new RegExp(`<meta property="${property}" content="([^"]*)"`).exec(html)?.[1]?.replace(/&amp;/g, "&") ?? null;
}

function canonical(html: string): string | null {
  return /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1]?.replace(/&amp;/g, "&") ?? null;
}

function pathOf(url: string | null): string | null {
  if (url === null) return null;
  const parsed = new URL(url);
  return parsed.pathname + parsed.search;
}

/** The cards' titles and links, in order, within `html` (a page or a section of it). */
function cards(html: string): { title: string; href: string; text: string }[] {
  return [...html.matchAll(/<article class="card project-card">([\s\S]*?)<\/article>/g)].map((m) => {
    const link = /<a class="project-card__link" href="([^"]+)"[^>]*>([\s\S]*?)<\/a>/.exec(m[1]!);
    return { title: textOf(link?.[2] ?? ""), href: link?.[1] ?? "", text: textOf(m[1]!) };
  });
}

/** The section labelled by the heading with this id. */
function section(html: string, headingId: string): string | null {
  const start = html.indexOf(`aria-labelledby="${headingId}"`);
  if (start === -1) return null;
  const open = html.lastIndexOf("<section", start);
  return elementByClass(html.slice(open), "page-section");
}

/** The grid's items: the photo each links to, and the item's text. */
function gridItems(html: string): { photoId: string; href: string; html: string }[] {
  const grid = elementByClass(html, "photo-grid") ?? "";
  return [...grid.matchAll(/<li id="photo-([^"]+)">([\s\S]*?)<\/li>/g)].map((m) => ({
    photoId: m[1]!,
    href: /<a class="photo__link" href="([^"]+)"/.exec(m[2]!)?.[1] ?? "",
    html: m[2]!,
  }));
}

function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1]!) as Record<string, unknown>,
  );
}

const fields = (overrides: Partial<ProjectFields>): ProjectFields => ({
  title: "A job",
  service: "repair",
  place: "Houston",
  finishedOn: "2025-01",
  description: "",
  ...overrides,
});

for (const target of databaseTargets("project_pages", "project pages suite")) {
  describe(`the public project pages (${target.name})`, () => {
    let site: AdminSite;
    const get = (path: string) => site.get(path, ANONYMOUS);
    const photos: Record<string, PhotoRow> = {};
    let kitchen: ProjectRow;
    let secret: ProjectRow;
    const KITCHEN = "/projects/open-kitchen-in-the-heights";

    function seed(options: SeedPhotoOptions): Promise<PhotoRow> {
      return site.db(async (database) =>
        seedPhoto(
          { database, storage: await openTestStorage(site.server.dataDir), dataDir: site.server.dataDir },
          { width: 480, height: 360, ...options },
        ),
      );
    }

    /**
     * Seeded straight into the database: tells the server as the admin side does, through the
     * shared counter, and waits until a page it had cached is rendered anew.
     */
    async function dropCache() {
      await get("/about");
      expect((await get("/about")).headers["x-page-cache"]).toBe("HIT");
      await site.db((database) => createPublicPages({ database }).invalidate());
      for (let i = 0; i < 50; i++) {
        if ((await get("/about")).headers["x-page-cache"] === "MISS") return;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error("the server never dropped its cached pages");
    }

    beforeAll(async () => {
      site = await setUpAdminSite(target);
    }, 60_000);

    afterAll(() => tearDownAdminSite(target, site));

    it("with no project yet: an empty state that still leads to an estimate, and nothing on home", async () => {
      const res = await get("/projects");
      expect(res.status).toBe(200);
      const text = textOf(res.text);
      expect(text).toContain("Our Projects");
      expect(text).toContain("Our project stories are on their way");
      expect(hrefOf(res.text, "Request a free estimate")).toBe("/contact");
      expect(hrefOf(res.text, "See the photo gallery")).toBe("/gallery");
      expect(cards(res.text)).toEqual([]);
      // Page 1 of nothing exists (the empty state); page 2 does not.
      expect((await get("/projects?page=2")).status).toBe(404);
      const home = await get("/");
      expect(textOf(home.text)).not.toContain("Recent projects");
      // The header links to the projects, next to the gallery.
      const nav = elementByClass(home.text, "site-nav") ?? home.text;
      expect(hrefOf(nav, "Projects")).toBe("/projects");
    });

    it("seeds: a kitchen story with a pair, a bathroom, a fence, eleven repairs and a draft", { timeout: 120_000 }, async () => {
      for (const [name, alt] of [
        ["k1", "Kitchen before, dark cabinets"],
        ["k2", "Kitchen after, white cabinets"],
        ["k3", "Kitchen island finished"],
        ["k4", "Kitchen pantry"],
      ] as const) {
        // Published with their descriptions, then put in the project (the admin checks drafts have one).
        photos[name] = await seed({ category: "kitchen", caption: alt, alt, hue: name.charCodeAt(1) * 40 });
      }
      photos.bath = await seed({
        category: "bathroom",
        caption: "Walk-in shower",
        alt: "Walk-in shower with glass door",
      });
      photos.alone = await seed({ category: "floor", caption: "Oak floor", alt: "Oak floor in a hallway" });
      photos.secretPublished = await seed({ category: "outdoor", caption: "Deck rails", alt: "Deck rails in cedar" });
      photos.secretDraft = await seed({
        category: "outdoor",
        caption: "Deck stairs",
        alt: "Deck stairs",
        draft: true,
      });

      await site.db(async ({ db, dialect }) => {
        kitchen = await createProject({
          db,
          fields: fields({
            title: "Open kitchen in the Heights",
            service: "kitchen",
            place: "Heights, Houston",
            finishedOn: "2026-04",
            description: "We took out the wall between the kitchen and the dining room.\n\nNew cabinets, quartz tops and an island.",
          }),
        });
        await addPhotosToProject({
          db,
          dialect,
          projectId: kitchen.id,
          photoIds: ["k1", "k2", "k3", "k4"].map((n) => photos[n]!.id),
        });
        await addProjectPair({
          db,
          dialect,
          projectId: kitchen.id,
          beforePhotoId: photos.k1!.id,
          afterPhotoId: photos.k2!.id,
          caption: "The wall came out",
        });
        await setProjectCover({ db, projectId: kitchen.id, photoId: photos.k3!.id });
        await publishProject({ db, dialect, id: kitchen.id, now: new Date("2026-05-01T10:00:00Z") });
        // A photo added after publishing stays a draft: neither it nor its pair is shown.
        photos.k5 = await seed({ category: "kitchen", caption: "Not yet", alt: "Kitchen draft photo", draft: true });
        await addPhotosToProject({ db, dialect, projectId: kitchen.id, photoIds: [photos.k5.id] });
        await addProjectPair({
          db,
          dialect,
          projectId: kitchen.id,
          beforePhotoId: photos.k4!.id,
          afterPhotoId: photos.k5.id,
          caption: "Hidden pair",
        });

        const bath = await createProject({
          db,
          fields: fields({
            title: "Bathroom in Bellaire",
            service: "bathroom",
            place: "Bellaire",
            finishedOn: "2026-02",
          }),
        });
        await addPhotosToProject({ db, dialect, projectId: bath.id, photoIds: [photos.bath!.id] });
        await publishProject({ db, dialect, id: bath.id });
        const fence = await createProject({
          db,
          fields: fields({ title: "Cedar fence in Katy", service: "fences", place: "Katy", finishedOn: "2024-05" }),
        });
        await publishProject({ db, dialect, id: fence.id });
        for (let n = 1; n <= 11; n++) {
          const repair = await createProject({
            db,
            fields: fields({ title: `Repair job ${n}`, finishedOn: `2025-${String(n).padStart(2, "0")}` }),
          });
          await publishProject({ db, dialect, id: repair.id });
        }
        secret = await createProject({
          db,
          fields: fields({
            title: "Secret deck",
            service: "outdoor",
            place: "Spring",
            finishedOn: "2026-09",
            description: "Not yet.",
          }),
        });
        await addPhotosToProject({
          db,
          dialect,
          projectId: secret.id,
          photoIds: [photos.secretPublished!.id, photos.secretDraft!.id],
        });
      });
      await dropCache();
    });

    it("/projects: newest first by the month finished, 12 a page, with cover, service, place, month and photo count", async () => {
      const res = await get("/projects");
      expect(res.status).toBe(200);
      const first = cards(res.text);
      expect(first).toHaveLength(12);
      expect(first.map((c) => c.title).slice(0, 4)).toEqual([
        "Open kitchen in the Heights",
        "Bathroom in Bellaire",
        "Repair job 11",
        "Repair job 10",
      ]);
      expect(first[0]!.href).toBe(KITCHEN);
      expect(first[0]!.text).toContain("Kitchen Remodeling · Heights, Houston · April 2026");
      // Four published photos; the one added later is a draft.
      expect(first[0]!.text).toContain("4 photos");
      const card = /<article class="card project-card">[\s\S]*?<\/article>/.exec(res.text)![0];
      // The chosen cover.
      expect(card).toContain(`alt="${photos.k3!.alt}"`);
      expect(card).toContain(`/media/photos/${photos.k3!.id}/`);
      // No cover at all: the service's drawing.
      const fenceless = /<article class="card project-card">(?:(?!<\/article>)[\s\S])*?Repair job 11[\s\S]*?<\/article>/.exec(res.text)![0];
      expect(fenceless).toContain('src="/images/services/repair.svg"');
      expect(textOf(res.text)).not.toContain("Secret deck");

      const second = await get("/projects?page=2");
      expect(second.status).toBe(200);
      expect(cards(second.text).map((c) => c.title)).toEqual(["Repair job 1", "Cedar fence in Katy"]);
      expect(hrefOf(second.text, "Previous page")).toBe("/projects");
      expect(hrefOf(res.text, "Next page")).toBe("/projects?page=2");
      expect(pathOf(canonical(second.text))).toBe("/projects?page=2");
      expect(second.headers["x-page-cache"]).toBeUndefined();
      expect((await get("/projects")).headers["x-page-cache"]).toBe("HIT");
    });

    it("/projects filters by service, as links that work without JavaScript, listing only services with projects", async () => {
      const res = await get("/projects");
      const filters = elementByClass(res.text, "gallery-filters") ?? "";
      expect(textOf(filters)).toBe("All (14) Fences (1) Kitchen Remodeling (1) Bathroom Remodeling (1) Repair & Remodeling (11)");
      expect(hrefOf(filters, "Bathroom Remodeling (1)")).toBe("/projects?service=bathroom");
      const bath = await get("/projects?service=bathroom");
      expect(bath.status).toBe(200);
      expect(cards(bath.text).map((c) => c.title)).toEqual(["Bathroom in Bellaire"]);
      const current = [...bath.text.matchAll(/<a\b[^>]*aria-current="page"[^>]*>/g)]
        .map((m) => m[0])
        .filter((tag) => tag.includes("gallery-filters__link"));
      expect(current).toHaveLength(1);
      expect(current[0]).toContain('href="/projects?service=bathroom"');
      expect(textOf(bath.text)).toContain("Bathroom Remodeling projects");
      // Only a draft of that service, and a service we do not offer: no such listing.
      expect((await get("/projects?service=outdoor")).status).toBe(404);
      expect((await get("/projects?service=pools")).status).toBe(404);
    });

    it("/projects answers 400 with a sentence for a malformed page and 404 past the last", async () => {
      for (const page of ["0", "abc", "-1", "1.5", ""]) {
        const res = await get(`/projects?page=${page}`);
        expect(res.status, page).toBe(400);
        expect(textOf(res.text)).toContain("That page number is not valid");
      }
      expect((await get("/projects?page=3")).status).toBe(404);
      expect((await get("/projects?service=repair&page=2")).status).toBe(404);
    });

    it("a project's page: the story, the pair, the photos in the lightbox's grid, the estimate, canonical and a share image", async () => {
      const res = await get(KITCHEN);
      expect(res.status).toBe(200);
      const text = textOf(res.text);
      expect(textOf(/<h1[^>]*>[\s\S]*?<\/h1>/.exec(res.text)![0])).toBe("Open kitchen in the Heights");
      expect(text).toContain("Heights, Houston · April 2026");
      expect(textOf(elementByClass(res.text, "project-facts") ?? "")).toBe(
        "Service Kitchen Remodeling Where Heights, Houston Finished April 2026",
      );
      expect(res.text).toContain('<time dateTime="2026-04">April 2026</time>');
      expect(text).toContain("We took out the wall between the kitchen and the dining room. New cabinets, quartz tops and an island.");

      // One pair: both published; the one with a draft is left out.
      const pairs = elementByClass(res.text, "project-pairs__list") ?? "";
      const items = [...pairs.matchAll(/<li class="project-pair">([\s\S]*?)<\/li>/g)].map((m) => m[1]!);
      expect(items).toHaveLength(1);
      // The slider (ADR 038): the caption as the pair's heading, both photos with their own
      // description and label, and a range starting at half that names the pair.
      expect(textOf(items[0]!)).toMatch(/^The wall came out Before After Before and after: The wall came out/);
      expect(items[0]!).toMatch(/<h3 class="before-after__title">The wall came out<\/h3>/);
      expect(items[0]!).toMatch(new RegExp(`alt="${photos.k1!.alt}"[\\s\\S]*Before[\\s\\S]*alt="${photos.k2!.alt}"[\\s\\S]*After`));
      expect(items[0]!).toMatch(/<input[^>]*type="range"[^>]*>/);
      const range = /<input[^>]*type="range"[^>]*>/.exec(items[0]!)![0];
      expect(range).toContain('value="50"');
      expect(range).toContain('aria-valuetext="50% after"');
      expect(res.text).not.toContain("Hidden pair");
      expect(res.text).not.toContain(photos.k5!.id);

      // The photos, in story order, each linked to its page and opened by the gallery's lightbox.
      const grid = gridItems(res.text);
      expect(grid.map((g) => g.photoId)).toEqual(["k1", "k2", "k3", "k4"].map((n) => photos[n]!.id));
      expect(grid[0]!.href).toBe(`/gallery/photo/${photos.k1!.id}`);
      expect(grid[0]!.html).toContain("data-lightbox-item");
      expect(res.text).toContain('<dialog class="lightbox" data-lightbox=""');
      expect(textOf(res.text)).toContain("All 4 photos");

      // The estimate opens with the project's service chosen (ADR 060).
      expect(hrefOf(res.text, "Request a free estimate")).toBe("/contact?service=kitchen");
      expect(hrefOf(res.text, "More about our Kitchen Remodeling service")).toBe("/kitchen");
      expect(textOf(res.text)).toContain("Want a job like this one?");
      expect(hrefOf(res.text, "See all our projects")).toBe("/projects");
      expect(pathOf(canonical(res.text))).toBe(KITCHEN);
      // The cover is 480 px wide: too small to share, so the card drawn from the business name
      // is the link preview (ADR 058; tests/integration/public-pages/share-images.test.ts has a big cover).
      expect(pathOf(metaContent(res.text, "og:image"))).toMatch(/^\/og\/default\.png\?v=[0-9a-f]{12}$/);
      expect(metaContent(res.text, "og:image:alt")).toMatch(/, home repair and remodeling in Houston, TX\. Call /);
      expect(res.text).not.toContain('content="noindex"');
      expect(res.headers["x-robots-tag"]).toBeUndefined();
      // A normal public page: kept in the cache, with no nonce in it.
      const again = await get(KITCHEN);
      expect(again.headers["x-page-cache"]).toBe("HIT");
      expect(again.text).not.toContain("nonce=");
    });

    it("a project's page carries CreativeWork JSON-LD: name, description, cover, month, place, service and the business", async () => {
      const res = await get(KITCHEN);
      const work = jsonLd(res.text).find((ld) => ld["@type"] === "CreativeWork");
      expect(work).toBeDefined();
      const publicUrl = new URL(canonical(res.text)!).origin;
      expect(work).toEqual({
        "@context": "https://schema.org",
        "@type": "CreativeWork",
        name: "Open kitchen in the Heights",
        description: "We took out the wall between the kitchen and the dining room.\n\nNew cabinets, quartz tops and an island.",
        inLanguage: "en-US",
        url: `${publicUrl}${KITCHEN}`,
        image: `${publicUrl}/media/photos/${photos.k3!.id}/v1/master-480.jpg`,
        dateCreated: "2026-04",
        temporalCoverage: "2026-04",
        locationCreated: { "@type": "Place", name: "Heights, Houston" },
        about: { "@type": "Service", name: "Kitchen Remodeling", url: `${publicUrl}/kitchen` },
        creator: {
          "@type": "HomeAndConstructionBusiness",
          "@id": `${publicUrl}/#business`,
          name: expect.any(String),
          url: `${publicUrl}/`,
        },
      });
      const home = jsonLd((await get("/")).text).find((ld) => ld["@type"] === "HomeAndConstructionBusiness");
      expect((work!.creator as { name: string }).name).toBe(home!.name);
    });

    it("404 for an unknown slug and for slugs we could never make", async () => {
      for (const path of [
        "/projects/no-such-job",
        "/projects/Open-Kitchen",
        "/projects/a--b",
        "/projects/bad_slug",
        `/projects/${"a".repeat(81)}`,
        "/projects/%20",
        "/projects/-x",
      ]) {
        const res = await get(path);
        expect(res.status, path).toBe(404);
      }
    });

    it("a draft: 404 for visitors; for an admin a preview with a banner, never cached and never indexed", async () => {
      const slug = `/projects/${secret.slug}`;
      const visitor = await get(slug);
      expect(visitor.status).toBe(404);
      expect(textOf(visitor.text)).not.toContain("Secret deck");

      const admin = await site.get(slug);
      expect(admin.status).toBe(200);
      expect(admin.headers["cache-control"]).toBe("private, no-store");
      expect(admin.headers["x-robots-tag"]).toBe("noindex");
      expect(admin.headers["x-page-cache"]).toBeUndefined();
      expect(admin.text).toContain('<meta name="robots" content="noindex"');
      expect(textOf(elementByClass(admin.text, "draft-banner") ?? "")).toBe("Draft: only admins can see this page. Edit the project");
      expect(hrefOf(admin.text, "Edit the project")).toBe(`/admin/projects/${secret.id}`);
      // The preview shows what publishing will show: its draft photos too.
      expect(gridItems(admin.text).map((g) => g.photoId)).toEqual([photos.secretPublished!.id, photos.secretDraft!.id]);

      // Nothing of the preview was kept for the next visitor.
      const later = await get(slug);
      expect(later.status).toBe(404);
      expect(later.text).not.toContain("Secret deck");
      // The draft is nowhere public.
      expect(textOf((await get("/outdoor")).text)).not.toContain("Secret deck");
      expect(textOf((await get("/")).text)).not.toContain("Secret deck");
    });

    it("home shows the latest three projects and a link to all of them", async () => {
      const res = await get("/");
      const recent = section(res.text, "recent-projects-title") ?? "";
      expect(textOf(recent)).toContain("Recent projects");
      expect(cards(recent).map((c) => c.title)).toEqual(["Open kitchen in the Heights", "Bathroom in Bellaire", "Repair job 11"]);
      expect(hrefOf(recent, "See all our projects")).toBe("/projects");
    });

    it("a service page shows up to three of its projects and a link to all of them; one without projects shows none", async () => {
      const repair = await get("/repair");
      const projects = section(repair.text, "service-projects-title") ?? "";
      expect(cards(projects).map((c) => c.title)).toEqual(["Repair job 11", "Repair job 10", "Repair job 9"]);
      expect(hrefOf(projects, "See all 11 Repair & Remodeling projects")).toBe("/projects?service=repair");
      const kitchenPage = await get("/kitchen");
      const one = section(kitchenPage.text, "service-projects-title") ?? "";
      expect(cards(one).map((c) => c.href)).toEqual([KITCHEN]);
      expect(hrefOf(one, "See the Kitchen Remodeling project")).toBe("/projects?service=kitchen");
      expect(section((await get("/floor")).text, "service-projects-title")).toBeNull();
    });

    it("/gallery links each photo of a published project to it; a photo page and the lightbox link to it and to an estimate", async () => {
      const res = await get("/gallery");
      const items = new Map(gridItems(res.text).map((g) => [g.photoId, g.html]));
      const k2 = items.get(photos.k2!.id)!;
      expect(hrefOf(k2, "From the project: Open kitchen in the Heights")).toBe(KITCHEN);
      // Outside the photo's figure: the lightbox reads the figure's caption, never the project link.
      expect(k2).toMatch(/<\/figure><p class="photo__project">/);
      // The before photos (of the shown pair, and of the pair waiting for its draft) are not
      // finished work: they show in their pair and on the project's page only (ADR 060).
      expect(items.has(photos.k1!.id)).toBe(false);
      expect(items.has(photos.k4!.id)).toBe(false);
      const bath = items.get(photos.bath!.id)!;
      expect(textOf(/<figcaption[^>]*>[\s\S]*?<\/figcaption>/.exec(bath)![0])).toBe("Walk-in shower");
      expect(hrefOf(bath, "From the project: Bathroom in Bellaire")).toBe("/projects/bathroom-in-bellaire");
      expect(textOf(items.get(photos.alone!.id)!)).not.toContain("From the project");
      // A published photo of a draft project: no link to a page visitors cannot see.
      expect(textOf(items.get(photos.secretPublished!.id)!)).not.toContain("From the project");

      // The lightbox reads the project and the estimate's address from the photo's link (ADR 063).
      expect(k2).toContain(`data-project-href="${KITCHEN}"`);
      expect(k2).toContain('data-project-title="Open kitchen in the Heights"');
      expect(k2).toContain('data-estimate-href="/contact?service=kitchen"');
      expect(items.get(photos.alone!.id)!).not.toContain("data-project-href");

      // The before photo's own page, linked from the project's grid: its place is among the
      // project's photos (ADR 060), and it carries the lightbox's two links (ADR 063).
      const page = await get(`/gallery/photo/${photos.k1!.id}`);
      expect(page.status).toBe(200);
      expect(textOf(elementByClass(page.text, "photo-page__meta") ?? "")).toContain("Photo 1 of 4 · Kitchen Remodeling");
      const ways = elementByClass(page.text, "photo-page__ways") ?? "";
      expect(hrefOf(ways, "See the project: Open kitchen in the Heights")).toBe(KITCHEN);
      expect(hrefOf(ways, "Get a free estimate for Kitchen Remodeling")).toBe("/contact?service=kitchen");
      const lone = await get(`/gallery/photo/${photos.secretPublished!.id}`);
      expect(textOf(lone.text)).not.toContain("See the project");

      // A photo off the grid's page comes from lightbox.json, with the same two ways on.
      const json = JSON.parse((await get(`/gallery/photo/${photos.k1!.id}/lightbox.json`)).text);
      expect(json).toMatchObject({
        service: "Kitchen Remodeling",
        estimateHref: "/contact?service=kitchen",
        project: { href: KITCHEN, title: "Open kitchen in the Heights" },
      });
      const secretJson = JSON.parse((await get(`/gallery/photo/${photos.secretPublished!.id}/lightbox.json`)).text);
      expect(secretJson.project).toBeNull();
    });

    it("the sitemap lists /projects and every published project, never a draft", async () => {
      const res = await get("/sitemap.xml");
      const locs = [...res.text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
      expect(locs).toContain("/projects");
      const projects = locs.filter((path) => path.startsWith("/projects/"));
      expect(projects).toHaveLength(14);
      expect(projects[0]).toBe(KITCHEN);
      expect(projects).not.toContain(`/projects/${secret.slug}`);
    });
    it("answers 503 with a sentence, never cached, while the projects cannot be read; home still opens", async () => {
      await renameTable(site, "projects", "projects_away");
      try {
        // The cached copies would still be served (as they should): drop them first.
        await dropCache();
        for (const path of ["/projects", KITCHEN]) {
          const res = await get(path);
          expect(res.status, path).toBe(503);
          expect(res.headers["cache-control"]).toBe("no-store");
          expect(res.headers["retry-after"]).toBe("60");
          expect(res.headers["x-page-cache"]).toBeUndefined();
          expect(textOf(res.text)).toContain("We can’t show our projects right now");
          expect(res.text).toContain('<meta name="robots" content="noindex"');
        }
        // Whether the project has a Spanish page is unknown: no offer of it, only the way back to English.
        expect((await get(KITCHEN)).text).not.toContain("/es/proyectos/");
        const spanish = await get(KITCHEN.replace("/projects/", "/es/proyectos/"));
        expect(spanish.status).toBe(503);
        expect(textOf(spanish.text)).toContain("Por ahora no podemos mostrar nuestros proyectos");
        expect(spanish.text).toContain(`href="${KITCHEN}" lang="en" hrefLang="en">English</a>`);
        const home = await site.get("/", ANONYMOUS);
        expect(home.status).toBe(200);
      } finally {
        await renameTable(site, "projects_away", "projects");
      }
      await dropCache();
      expect((await get("/projects")).status).toBe(200);
      expect(cards((await get("/")).text).length).toBe(3);
    });
  });
}
