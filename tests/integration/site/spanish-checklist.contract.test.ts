/**
 * The go-live checklist's Spanish item read from a real database (ADR 064), on SQLite and
 * PostgreSQL: the published projects without a Spanish title or story (drafts are not counted),
 * the published photos without a Spanish description (drafts are not counted), the testimonials
 * without a Spanish quote and the profile's sentences without theirs, each kind with its links.
 */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Database } from "#app/server/db/index.server.ts";
import { createLogger } from "#app/server/logger.server.ts";
import type { BlobStore } from "#app/server/storage/blob-store.server.ts";
import { parseEnv } from "#app/server/env.server.ts";
import { createPublicPages } from "#app/server/public-pages.server.ts";
import { createSite, type Site } from "#app/server/site/site.server.ts";
import { goLiveChecklist } from "#app/server/site/checklist.server.ts";
import { createProject, publishProject } from "#app/server/repos/projects.server.ts";
import { addTestimonial } from "#app/server/repos/testimonials.server.ts";
import { saveStoredProfile } from "#app/server/repos/site-profile.server.ts";
import { countPublishedPhotosWithoutSpanish, publishedProjectsWithoutSpanish } from "#app/server/repos/spanish-gaps.server.ts";
import { createSiteClock } from "#app/server/time.server.ts";
import { openTestStorage, seedPhoto } from "#tests/support/photos.ts";
import { databaseTargets, setUpDatabase, tearDownDatabase } from "#tests/support/databases.ts";

const targets = databaseTargets("spanish-checklist", "Spanish checklist suite");
const logger = createLogger({ level: "silent" });

describe.each(targets)("the Spanish item from the database: $name", (target) => {
  let database: Database;
  let storage: BlobStore;
  let dataDir: string;
  let site: Site;
  const projectIds: Record<string, string> = {};
  let published = 0;

  /** A project with the given Spanish, published unless `draft`. */
  async function project(title: string, spanish: { title?: string; story?: string }, { draft = false, description = "A story." } = {}) {
    const row = await createProject({
      db: database.db,
      fields: { title, service: "outdoor", place: "Katy", finishedOn: "2026-03", description },
    });
    await database.db
      .updateTable("projects")
      .set({ title_es: spanish.title ?? "", description_es: spanish.story ?? "" })
      .where("id", "=", row.id)
      .execute();
    // Published a minute apart: the checklist names the newest first.
    published += 1;
    const now = new Date(Date.UTC(2026, 3, 1, 12, published));
    if (!draft) await publishProject({ db: database.db, dialect: database.dialect, id: row.id, now });
    projectIds[title] = row.id;
  }

  /** A photo with the given Spanish, published unless `draft`. */
  async function photo(spanish: { alt?: string; caption?: string }, { caption = "A finished job", draft = false } = {}) {
    const row = await seedPhoto({ database, storage, dataDir }, { caption, draft });
    await database.db
      .updateTable("photos")
      .set({ alt_es: spanish.alt ?? "", caption_es: spanish.caption ?? "" })
      .where("id", "=", row.id)
      .execute();
  }

  beforeAll(async () => {
    database = await setUpDatabase(target);
    dataDir = await mkdtemp(path.join(os.tmpdir(), "spanish-checklist-"));
    storage = await openTestStorage(dataDir);
    const config = parseEnv({ DATA_DIR: dataDir });
    site = createSite({ config, database, logger, gallery: { publishedPhoto: async () => null }, publicPages: createPublicPages() });

    // The oldest: beyond the first five the checklist names.
    for (const n of [1, 2, 3, 4]) await project(`More ${n}`, {});
    await project("Full Spanish", { title: "Todo en español", story: "Una historia." });
    await project("No title", { story: "Una historia." });
    await project("No story", { title: "Sin historia" });
    await project("Nothing", {});
    // No English story: only the title needs its Spanish.
    await project("Title only", { title: "Solo el título" }, { description: "" });
    await project("Draft", {}, { draft: true });

    await photo({ alt: "Una regadera", caption: "Un trabajo terminado" });
    await photo({}, { caption: "" });
    await photo({ alt: "Una regadera" });
    await photo({ alt: "Una regadera" }, { caption: "" });
    await photo({}, { draft: true });
  }, 120_000);

  afterAll(async () => {
    await storage?.close();
    await tearDownDatabase(target, database);
    await rm(dataDir, { recursive: true, force: true });
  });

  test("the repository finds the published projects and photos missing Spanish, drafts left out", async () => {
    const { total, items } = await publishedProjectsWithoutSpanish({ db: database.db, limit: 20 });
    expect(total).toBe(7);
    const byTitle = Object.fromEntries(items.map((item) => [item.title, [item.noTitle, item.noStory]]));
    expect(byTitle).toEqual({
      "No title": [true, false],
      "No story": [false, true],
      Nothing: [true, true],
      "More 1": [true, true],
      "More 2": [true, true],
      "More 3": [true, true],
      "More 4": [true, true],
    });
    expect((await publishedProjectsWithoutSpanish({ db: database.db, limit: 2 })).items).toHaveLength(2);
    // No alt text in Spanish, or a caption without its Spanish: 2 of the 4 published photos.
    expect(await countPublishedPhotosWithoutSpanish({ db: database.db })).toBe(2);
  });

  test("the checklist lists each kind with its count and its links", async () => {
    await addTestimonial({
      db: database.db,
      id: "00000000-0000-4000-8000-0000000000f1",
      values: { quote: "Great patio.", name: "Ana P.", place: "Katy", service: null, givenOn: "2026-03-14", link: null },
    });
    await addTestimonial({
      db: database.db,
      id: "00000000-0000-4000-8000-0000000000f2",
      values: { quote: "Great.", quoteEs: "Excelente.", name: "Luis", place: "", service: null, givenOn: "2026-03-14", link: null },
    });
    await saveStoredProfile({ db: database.db, data: { warranty: "Two years on labor." }, updatedBy: null });
    site.dropCache();

    const checks = await goLiveChecklist({
      config: parseEnv({ DATA_DIR: dataDir }),
      site,
      gallery: { countPublished: async () => 4 },
      disk: { readiness: async () => Promise.reject(new Error("not read here")) },
      mail: { trouble: async () => null, records: async () => Promise.reject(new Error("not read here")) },
      clock: createSiteClock("America/Chicago"),
    });
    // Unread disk and mail records leave their own items out, not the Spanish one.
    const spanish = checks.find((check) => check.id === "spanish");
    expect(spanish?.status).toBe("optional");
    expect(
      spanish?.missing?.map((group) => [group.kind, group.count, group.items.map((item) => item.href), group.more?.label ?? null]),
    ).toEqual([
      ["profile", 1, ["/admin/site#es-warranty"], null],
      [
        "testimonials",
        1,
        ["/admin/site/testimonials?edit=00000000-0000-4000-8000-0000000000f1#testimonial-00000000-0000-4000-8000-0000000000f1-es"],
        null,
      ],
      ["projects", 7, expect.any(Array), "and 2 more published projects"],
      ["photos", 2, ["/admin/gallery?spanish=missing"], null],
    ]);
    const projectLinks = spanish!.missing!.find((group) => group.kind === "projects")!.items;
    expect(projectLinks).toHaveLength(5);
    expect(projectLinks).toContainEqual({
      label: "No story: no Spanish story",
      href: `/admin/projects/${projectIds["No story"]}#project-spanish`,
    });
    expect(projectLinks.map((link) => link.label.split(":")[0])).toEqual(["Nothing", "No story", "No title", "More 4", "More 3"]);
  });
});
