/**
 * Projects in Spanish through the real server (ADR 064), on SQLite and PostgreSQL: the admin
 * writes a project's title and story in Spanish and each pair's Spanish caption (forms posted
 * as without JavaScript; too long is refused with a sentence, nothing stored); /es/proyectos is
 * the Spanish twin of /projects; a project's Spanish page exists once both its title and story
 * are in Spanish (its words, dates, slider and JSON-LD in Spanish), and answers the Spanish 404
 * otherwise, while its English page then offers no Spanish; the sitemap pairs only those pages.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseTargets } from "#tests/support/databases.ts";
import { hrefOf, setUpAdminSite, tearDownAdminSite, textOf, type AdminSite } from "#tests/support/admin-site.ts";
import { openTestStorage, seedPhoto } from "#tests/support/photos.ts";
import { createProject, publishProject } from "#app/server/repos/projects.server.ts";
import { addPhotosToProject } from "#app/server/repos/project-photos.server.ts";
import { addProjectPair } from "#app/server/repos/project-pairs.server.ts";

const ANONYMOUS = "";

/** hreflang → path of the page's alternates. */
function alternates(html: string): Record<string, string> {
  return Object.fromEntries(
    [...html.matchAll(/<link rel="alternate" hrefLang="([^"]+)" href="([^"]+)"\/>/g)].map((m) => [m[1], new URL(m[2]!).pathname]),
  );
}

const switcher = (html: string) =>
  /<a [^>]*class="[^"]*language-switch[^"]*"[^>]*>|<a [^>]*hrefLang="(?:en|es)"[^>]*>(?:Español|English)<\/a>/.exec(html)?.[0] ?? null;

/** The cards' link, its hreflang and the title's markup. */
function cards(html: string): { href: string; hrefLang: string | null; title: string }[] {
  return [...html.matchAll(/<a class="project-card__link"([^>]*)>([\s\S]*?)<\/a>/g)].map((m) => ({
    href: / href="([^"]+)"/.exec(m[1]!)?.[1] ?? "",
    hrefLang: / hrefLang="(\w+)"/.exec(m[1]!)?.[1] ?? null,
    title: m[2]!,
  }));
}

const details = (overrides: Record<string, string> = {}) => ({
  intent: "save",
  title: "Open kitchen in the Heights",
  service: "kitchen",
  place: "Heights, Houston",
  month: "4",
  year: "2026",
  description: "We took out the wall.\n\nNew cabinets and an island.",
  ...overrides,
});

for (const target of databaseTargets("projects_spanish_pages", "projects in Spanish pages suite")) {
  describe(`projects in Spanish (${target.name})`, () => {
    let site: AdminSite;
    const get = (path: string) => site.get(path, ANONYMOUS);
    const ids: Record<string, string> = {};
    const KITCHEN = "open-kitchen-in-the-heights";

    beforeAll(async () => {
      site = await setUpAdminSite(target);
      const storage = await openTestStorage(site.server.dataDir);
      await site.db(async (database) => {
        const { db, dialect } = database;
        const photo = (caption: string, alt: string) =>
          seedPhoto({ database, storage, dataDir: site.server.dataDir }, { category: "kitchen", caption, alt, width: 480, height: 360 });
        const [before, after, before2, after2] = [
          await photo("", "Dark kitchen before"),
          await photo("", "White kitchen after"),
          await photo("", "Old pantry"),
          await photo("", "New pantry"),
        ];
        await db.updateTable("photos").set({ alt_es: "Cocina blanca, después" }).where("id", "=", after.id).execute();
        const kitchen = await createProject({ db, fields: { ...details(), finishedOn: "2026-04", description: details().description } });
        await addPhotosToProject({ db, dialect, projectId: kitchen.id, photoIds: [before.id, after.id, before2.id, after2.id] });
        const { id: pairId } = (await addProjectPair({
          db,
          dialect,
          projectId: kitchen.id,
          beforePhotoId: before.id,
          afterPhotoId: after.id,
          caption: "The wall came out",
        }))!;
        await addProjectPair({ db, dialect, projectId: kitchen.id, beforePhotoId: before2.id, afterPhotoId: after2.id, caption: "Pantry" });
        const fence = await createProject({
          db,
          fields: { title: "Cedar fence in Katy", service: "fences", place: "Katy", finishedOn: "2025-05", description: "Six-foot cedar." },
        });
        const deck = await createProject({
          db,
          fields: { title: "Deck in Cypress", service: "outdoor", place: "Cypress", finishedOn: "2025-03", description: "" },
        });
        for (const id of [kitchen.id, fence.id, deck.id]) await publishProject({ db, dialect, id });
        Object.assign(ids, { kitchen: kitchen.id, fence: fence.id, pair: pairId });
      });
    }, 120_000);

    afterAll(() => tearDownAdminSite(target, site));

    it("before any Spanish: /es/proyectos lists every card with its English title marked English, linking to the English page", async () => {
      const res = await get("/es/proyectos");
      expect(res.status).toBe(200);
      expect(res.text).toContain('<html lang="es">');
      expect(alternates(res.text)).toEqual({ en: "/projects", es: "/es/proyectos", "x-default": "/projects" });
      expect(cards(res.text)).toContainEqual({
        href: `/projects/${KITCHEN}`,
        hrefLang: "en",
        title: '<span lang="en">Open kitchen in the Heights</span>',
      });
      expect(textOf(res.text)).toContain("Nuestros proyectos");
      expect(res.text).toContain(`aria-label="Proyectos por servicio"`);
      // No Spanish page yet: the Spanish address is the Spanish 404; the English page offers no Spanish.
      const missing = await get(`/es/proyectos/${KITCHEN}`);
      expect(missing.status).toBe(404);
      expect(missing.text).toContain('<html lang="es">');
      const english = await get(`/projects/${KITCHEN}`);
      expect(english.status).toBe(200);
      expect(alternates(english.text)).toEqual({});
      expect(switcher(english.text)).toBeNull();
      expect(english.text).not.toContain("/es/proyectos/");
    });

    it("the admin's Spanish fields: too long is refused with a sentence and nothing stored; saved, they show again", async () => {
      const page = `/admin/projects/${ids.kitchen}`;
      const form = await site.get(page);
      expect(form.text).toMatch(/<fieldset class="admin-fieldset" id="project-spanish"/);
      expect(textOf(form.text)).toContain("No Spanish page yet.");
      const tooLong = await site.post(page, details({ titleEs: "x".repeat(121), descriptionEs: "Quitamos la pared." }));
      expect(tooLong.status).toBe(400);
      expect(textOf(tooLong.text)).toContain("Please keep the Spanish title under 121 characters.");
      expect(tooLong.text).toMatch(/id="project-titleEs"[^>]*aria-invalid="true"/);
      const stored = await site.db(({ db }) =>
        db.selectFrom("projects").select(["title_es", "description_es"]).where("id", "=", ids.kitchen!).executeTakeFirstOrThrow(),
      );
      expect(stored).toEqual({ title_es: "", description_es: "" });

      // Only the title: still no Spanish page.
      expect((await site.post(page, details({ titleEs: "Cocina abierta en the Heights" }))).status).toBe(200);
      expect((await get(`/es/proyectos/${KITCHEN}`)).status).toBe(404);
      const saved = await site.post(
        page,
        details({ titleEs: "Cocina abierta en the Heights", descriptionEs: "Quitamos la pared.\n\nGabinetes nuevos y una isla." }),
      );
      expect(saved.status).toBe(200);
      expect(textOf(saved.text)).toContain("Saved the project's details.");
      const again = await site.get(page);
      expect(again.text).toContain('value="Cocina abierta en the Heights"');
      expect(hrefOf(again.text, `/es/proyectos/${KITCHEN}`)).toBe(`/es/proyectos/${KITCHEN}`);

      // The first pair's Spanish caption; too long refused, nothing stored.
      const long = await site.post(page, {
        intent: "pair-captions",
        pairId: ids.pair!,
        caption: "The wall came out",
        captionEs: "y".repeat(201),
      });
      expect(long.status).toBe(400);
      expect(textOf(long.text)).toContain("Please keep the pair's Spanish caption under 201 characters.");
      const captioned = await site.post(page, {
        intent: "pair-captions",
        pairId: ids.pair!,
        caption: "The wall came out",
        captionEs: "Quitamos la pared",
      });
      expect(captioned.status).toBe(200);
      expect(
        await site.db(({ db }) =>
          db.selectFrom("project_pairs").select("caption_es").where("id", "=", ids.pair!).executeTakeFirstOrThrow(),
        ),
      ).toEqual({
        caption_es: "Quitamos la pared",
      });
      const unknown = await site.post(page, {
        intent: "pair-captions",
        pairId: "00000000-0000-4000-8000-000000000000",
        caption: "",
        captionEs: "",
      });
      expect(unknown.status).toBe(404);
      // The fence gets only its Spanish title.
      const fence = await site.post(`/admin/projects/${ids.fence}`, {
        ...details({
          title: "Cedar fence in Katy",
          service: "fences",
          place: "Katy",
          month: "5",
          year: "2025",
          description: "Six-foot cedar.",
        }),
        titleEs: "Cerca de cedro en Katy",
      });
      expect(fence.status).toBe(200);
    });

    it("the Spanish project page: its words, dates, captions, slider and JSON-LD in Spanish, twinned with the English page", async () => {
      const path = `/es/proyectos/${KITCHEN}`;
      const res = await get(path);
      expect(res.status).toBe(200);
      expect(res.text).toContain('<html lang="es">');
      expect(alternates(res.text)).toEqual({ en: `/projects/${KITCHEN}`, es: path, "x-default": `/projects/${KITCHEN}` });
      expect(res.text).toContain(`href="/projects/${KITCHEN}" lang="en" hrefLang="en">English</a>`);
      const text = textOf(res.text);
      for (const words of [
        "Cocina abierta en the Heights",
        "Quitamos la pared.",
        "Gabinetes nuevos y una isla.",
        "Sobre este proyecto",
        "Servicio",
        "Dónde",
        "Terminado",
        "abril de 2026",
        "Antes y después",
        "Antes",
        "Después",
        "Quitamos la pared",
        "¿Quiere un trabajo como este?",
        "Ver todos nuestros proyectos",
      ])
        expect(text).toContain(words);
      expect(text).not.toContain("We took out the wall");
      expect(text).not.toContain("About this project");
      // The second pair has no Spanish caption: its English one, marked English; so is an alt text without Spanish.
      expect(res.text).toContain('<span lang="en">Pantry</span>');
      expect(res.text).toMatch(/<img[^>]*alt="Cocina blanca, después"/);
      expect(res.text).toMatch(/<img[^>]*alt="Dark kitchen before"[^>]*lang="en"/);
      expect(res.text).toContain('data-valuetext="{percent}% después"');
      expect(hrefOf(res.text, "Remodelación de cocinas")).toBe("/es/cocinas");
      const ld = [...res.text.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)]
        .map((m) => JSON.parse(m[1]!) as Record<string, unknown>)
        .find((entry) => entry["@type"] === "CreativeWork");
      expect(ld).toMatchObject({ name: "Cocina abierta en the Heights", inLanguage: "es-US" });
      expect(new URL(String(ld?.url)).pathname).toBe(path);

      // The English page now offers its Spanish twin.
      const english = await get(`/projects/${KITCHEN}`);
      expect(alternates(english.text)).toEqual(alternates(res.text));
      expect(english.text).toContain(`href="${path}" lang="es" hrefLang="es">Español</a>`);
    });

    it("the cards on Spanish pages: the Spanish title when written, the Spanish page only when it exists", async () => {
      for (const path of ["/es/proyectos", "/es/", "/es/cocinas"]) {
        const found = cards((await get(path)).text);
        const kitchen = found.find((card) => card.href.endsWith(KITCHEN));
        expect(kitchen, path).toEqual({ href: `/es/proyectos/${KITCHEN}`, hrefLang: null, title: "Cocina abierta en the Heights" });
      }
      const list = cards((await get("/es/proyectos")).text);
      expect(list).toContainEqual({ href: "/projects/cedar-fence-in-katy", hrefLang: "en", title: "Cerca de cedro en Katy" });
      expect(list).toContainEqual({ href: "/projects/deck-in-cypress", hrefLang: "en", title: '<span lang="en">Deck in Cypress</span>' });
      expect((await get("/es/proyectos/cedar-fence-in-katy")).status).toBe(404);
      expect((await get("/es/proyectos/no-such-project")).status).toBe(404);
      // A malformed page number is refused in Spanish.
      const bad = await get("/es/proyectos?page=abc");
      expect(bad.status).toBe(400);
      expect(textOf(bad.text)).toContain("Ese número de página no es válido.");
    });

    it("the sitemap: /es/proyectos with /projects, and only the project with its Spanish page twinned", async () => {
      const xml = (await get("/sitemap.xml")).text;
      const entry = (path: string) => new RegExp(`<url><loc>[^<]*${path.replace(/\//g, "\\/")}</loc>([^]*?)</url>`).exec(xml)?.[1] ?? null;
      expect(entry("/es/proyectos")).toContain('hreflang="en" href="');
      expect(entry(`/es/proyectos/${KITCHEN}`)).toMatch(new RegExp(`hreflang="en" href="[^"]*/projects/${KITCHEN}"`));
      expect(entry(`/projects/${KITCHEN}`)).toMatch(new RegExp(`hreflang="es" href="[^"]*/es/proyectos/${KITCHEN}"`));
      expect(entry("/projects/cedar-fence-in-katy")).toBe("");
      expect(xml).not.toContain("/es/proyectos/cedar-fence-in-katy");
      expect(xml).not.toContain("/es/proyectos/deck-in-cypress");
    });
  });
}
