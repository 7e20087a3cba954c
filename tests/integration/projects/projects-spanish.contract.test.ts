/**
 * A project's words in Spanish on SQLite and PostgreSQL (ADR 064, migration 0020): the title and
 * the story (projects.title_es, description_es) and each pair's caption (project_pairs.caption_es)
 * are stored, kept when a save leaves them out, read by the public pages (cards, a project's page,
 * the sitemap's Spanish pages, a photo's and a testimonial's project), and a photo's Spanish alt text
 * (photos.alt_es) reaches the Spanish page, else its English one marked English.
 */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Database } from "#app/server/db/index.server.ts";
import type { BlobStore } from "#app/server/storage/blob-store.server.ts";
import { createProject, getProject, listPublishedProjectSlugs, publishProject, updateProject } from "#app/server/repos/projects.server.ts";
import { addPhotosToProject } from "#app/server/repos/project-photos.server.ts";
import { addProjectPair, listProjectPairs, updateProjectPairCaptions } from "#app/server/repos/project-pairs.server.ts";
import { addTestimonial, listTestimonials } from "#app/server/repos/testimonials.server.ts";
import { createProjectPages } from "#app/server/projects/public.server.ts";
import { openTestStorage, seedPhoto } from "#tests/support/photos.ts";
import { databaseTargets, setUpDatabase, tearDownDatabase } from "#tests/support/databases.ts";

const targets = databaseTargets("projects-spanish", "projects in Spanish contract suite");

const base = { service: "kitchen", place: "Heights, Houston", finishedOn: "2026-04", description: "We took out a wall." };

describe.each(targets)("projects in Spanish: $name", (target) => {
  let database: Database;
  let storage: BlobStore;
  let dataDir: string;
  const db = () => database.db;
  const dialect = () => database.dialect;
  const pages = () => createProjectPages({ database, mediaUrl: (key) => `/media/${key}` });

  beforeAll(async () => {
    database = await setUpDatabase(target);
    dataDir = await mkdtemp(path.join(os.tmpdir(), "projects-spanish-"));
    storage = await openTestStorage(dataDir);
  });
  afterAll(async () => {
    await storage?.close();
    await tearDownDatabase(target, database);
    await rm(dataDir, { recursive: true, force: true });
  });

  test("the Spanish title and story are stored, read back, and kept by a save that leaves them out", async () => {
    const plain = await createProject({ db: db(), fields: { ...base, title: "Plain kitchen" } });
    expect([plain.title_es, plain.description_es]).toEqual(["", ""]);
    const project = await createProject({
      db: db(),
      fields: { ...base, title: "Open kitchen", titleEs: "Cocina abierta", descriptionEs: "Quitamos una pared.\n\nY pusimos una isla." },
    });
    expect(await getProject({ db: db(), id: project.id })).toMatchObject({
      title_es: "Cocina abierta",
      description_es: "Quitamos una pared.\n\nY pusimos una isla.",
    });
    // A save without them (an older form) keeps them; one with them replaces them, empty included.
    await updateProject({ db: db(), id: project.id, fields: { ...base, title: "Open kitchen" } });
    expect((await getProject({ db: db(), id: project.id }))?.title_es).toBe("Cocina abierta");
    await updateProject({
      db: db(),
      id: project.id,
      fields: { ...base, title: "Open kitchen", titleEs: "Cocina nueva", descriptionEs: "" },
    });
    expect(await getProject({ db: db(), id: project.id })).toMatchObject({ title_es: "Cocina nueva", description_es: "" });
  });

  test("a pair's Spanish caption is stored when added and rewritten with the English one, only in its own project", async () => {
    const project = await createProject({ db: db(), fields: { ...base, title: "Pairs in Spanish" } });
    const other = await createProject({ db: db(), fields: { ...base, title: "Someone else's" } });
    const [before, after] = [
      await seedPhoto({ database, storage, dataDir }, { caption: "before", width: 240, height: 180 }),
      await seedPhoto({ database, storage, dataDir }, { caption: "after", width: 240, height: 180 }),
    ];
    await addPhotosToProject({ db: db(), dialect: dialect(), projectId: project.id, photoIds: [before.id, after.id] });
    const pair = await addProjectPair({
      db: db(),
      dialect: dialect(),
      projectId: project.id,
      beforePhotoId: before.id,
      afterPhotoId: after.id,
      caption: "The wall came out",
      captionEs: "Quitamos la pared",
    });
    expect(pair?.caption_es).toBe("Quitamos la pared");
    expect((await listProjectPairs({ db: db(), projectId: project.id })).map((p) => [p.caption, p.caption_es])).toEqual([
      ["The wall came out", "Quitamos la pared"],
    ]);
    expect(await updateProjectPairCaptions({ db: db(), projectId: other.id, pairId: pair!.id, caption: "x", captionEs: "y" })).toBe(false);
    expect(
      await updateProjectPairCaptions({ db: db(), projectId: project.id, pairId: pair!.id, caption: "Wall gone", captionEs: "Sin pared" }),
    ).toBe(true);
    expect((await listProjectPairs({ db: db(), projectId: project.id })).map((p) => [p.caption, p.caption_es])).toEqual([
      ["Wall gone", "Sin pared"],
    ]);
  });

  test("the public side: cards, a project's page in Spanish with the photos' Spanish alt text, the sitemap's and a testimonial's project", async () => {
    const site = { database, storage, dataDir };
    const withAlt = await seedPhoto(site, { caption: "", alt: "White cabinets", width: 240, height: 180 });
    const withoutAlt = await seedPhoto(site, { caption: "", alt: "Quartz tops", width: 240, height: 180 });
    await db().updateTable("photos").set({ alt_es: "Gabinetes blancos" }).where("id", "=", withAlt.id).execute();
    const spanish = await createProject({
      db: db(),
      fields: { ...base, title: "Bilingual kitchen", titleEs: "Cocina bilingüe", descriptionEs: "Una cocina nueva." },
    });
    const halfway = await createProject({ db: db(), fields: { ...base, title: "Halfway kitchen", titleEs: "Cocina a medias" } });
    await addPhotosToProject({ db: db(), dialect: dialect(), projectId: spanish.id, photoIds: [withAlt.id, withoutAlt.id] });
    await addProjectPair({
      db: db(),
      dialect: dialect(),
      projectId: spanish.id,
      beforePhotoId: withoutAlt.id,
      afterPhotoId: withAlt.id,
      caption: "Cabinets",
      captionEs: "Gabinetes",
    });
    for (const id of [spanish.id, halfway.id]) await publishProject({ db: db(), dialect: dialect(), id });

    const cards = (await pages().list({ service: null, page: 1 })).projects;
    expect(cards.find((card) => card.slug === spanish.slug)).toMatchObject({
      titleEs: "Cocina bilingüe",
      descriptionEs: "Una cocina nueva.",
    });
    expect(cards.find((card) => card.slug === halfway.slug)).toMatchObject({ titleEs: "Cocina a medias", descriptionEs: "" });

    const view = await pages().project(spanish.slug);
    expect(view?.pairs.map((pair) => [pair.caption, pair.captionEs])).toEqual([["Cabinets", "Gabinetes"]]);
    // Each photo carries both descriptions; the page shows its language's (app/i18n/photo-text.ts).
    const alts = new Map(view?.photos.map((photo) => [photo.id, [photo.alt, photo.altEs]]));
    expect(alts.get(withAlt.id)).toEqual(["White cabinets", "Gabinetes blancos"]);
    expect(alts.get(withoutAlt.id)).toEqual(["Quartz tops", ""]);

    expect((await pages().projectsOfPhotos([withAlt.id])).get(withAlt.id)).toEqual({
      slug: spanish.slug,
      title: "Bilingual kitchen",
      titleEs: "Cocina bilingüe",
      descriptionEs: "Una cocina nueva.",
    });
    const slugs = await pages().publishedSlugs();
    expect(slugs).toContainEqual({ slug: spanish.slug, spanish: true });
    expect(slugs).toContainEqual({ slug: halfway.slug, spanish: false });
    expect((await listPublishedProjectSlugs({ db: db() })).find((row) => row.slug === spanish.slug)?.title_es).toBe("Cocina bilingüe");

    await addTestimonial({
      db: db(),
      id: randomUUID(),
      values: {
        quote: "Great job.",
        name: "Ana R.",
        place: "Heights",
        service: "kitchen",
        givenOn: "2026-05-01",
        link: null,
        projectId: spanish.id,
      },
    });
    const testimonial = (await listTestimonials({ db: db() })).find((t) => t.projectId === spanish.id);
    expect(testimonial?.project).toEqual({
      slug: spanish.slug,
      title: "Bilingual kitchen",
      titleEs: "Cocina bilingüe",
      descriptionEs: "Una cocina nueva.",
    });
  });
});
