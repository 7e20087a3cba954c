/**
 * The site content on SQLite and PostgreSQL: the profile, texts and testimonials repositories,
 * the photo choices (cleared when the photo goes), and the site service on top of them: one
 * cached read, dropped by every change; LEADS_TO over the profile's inbox; a saved default text
 * follows the default again; a stored profile missing fields reads them as defaults.
 */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Database } from "#app/server/db/index.server.ts";
import { createLogger } from "#app/server/logger.server.ts";
import type { BlobStore } from "#app/server/storage/blob-store.server.ts";
import { getStoredProfile, getPhotoChoices, saveStoredProfile, setPhotoChoice } from "#app/server/repos/site-profile.server.ts";
import { deleteText, listTexts, saveText } from "#app/server/repos/site-texts.server.ts";
import {
  addTestimonial,
  countTestimonials,
  deleteTestimonial,
  getTestimonial,
  listTestimonials,
  moveTestimonial,
  updateTestimonial,
} from "#app/server/repos/testimonials.server.ts";
import { deletePhoto } from "#app/server/gallery/photos.server.ts";
import { createGallery } from "#app/server/gallery/gallery.server.ts";
import { createSite, type Site } from "#app/server/site/site.server.ts";
import { createProject, deleteProject, publishProject } from "#app/server/repos/projects.server.ts";
import { createPublicPages } from "#app/server/public-pages.server.ts";
import { parseEnv } from "#app/server/env.server.ts";
import { defaultProfile } from "#app/content/company.ts";
import { openTestStorage, seedPhoto, testImageQueue } from "#tests/support/photos.ts";
import { databaseTargets, setUpDatabase, tearDownDatabase } from "#tests/support/databases.ts";

const targets = databaseTargets("site", "site content contract suite");
const logger = createLogger({ level: "silent" });

const review = {
  quote: "They rebuilt our shower in a week and left the house spotless.",
  name: "Maria G.",
  place: "Heights, Houston",
  service: "bathroom",
  givenOn: "2026-03-14",
  link: null,
};

describe.each(targets)("site content: $name", (target) => {
  let database: Database;
  let storage: BlobStore;
  let dataDir: string;

  function makeSite(env: Record<string, string> = {}) {
    const config = parseEnv({ DATA_DIR: dataDir, ...env });
    const publicPages = createPublicPages();
    let dropped = 0;
    publicPages.onInvalidate(() => (dropped += 1));
    const gallery = createGallery({
      config,
      database,
      blobStore: storage,
      images: testImageQueue(),
      logger,
      publicPages,
    });
    // A long cache, so a test sees the cache unless a change dropped it.
    const site = createSite({ config, database, logger, gallery, publicPages, cacheMs: 60_000 });
    return { site, publicPages, dropped: () => dropped };
  }

  beforeAll(async () => {
    database = await setUpDatabase(target);
    dataDir = await mkdtemp(path.join(os.tmpdir(), "site-contract-"));
    storage = await openTestStorage(dataDir);
  });
  afterAll(async () => {
    await storage?.close();
    await tearDownDatabase(target, database);
    await rm(dataDir, { recursive: true, force: true });
  });

  describe("profile repository", () => {
    test("empty on a fresh install, then saved and replaced as one row", async () => {
      expect(await getStoredProfile({ db: database.db })).toBeNull();
      await saveStoredProfile({
        db: database.db,
        data: { name: "First" },
        updatedBy: null,
        now: new Date("2026-11-01T00:00:00Z"),
      });
      await saveStoredProfile({
        db: database.db,
        data: { name: "Second", city: "Katy" },
        updatedBy: null,
        now: new Date("2026-11-02T00:00:00Z"),
      });
      expect(await getStoredProfile({ db: database.db })).toEqual({
        data: { name: "Second", city: "Katy" },
        updatedAt: "2026-11-02T00:00:00.000Z",
        updatedBy: null,
      });
    });
  });

  describe("texts repository", () => {
    test("saves per key and language, replaces, lists one language, deletes", async () => {
      const db = database.db;
      await saveText({ db, key: "home.headline", locale: "en", value: "Houston's tile people", updatedBy: null });
      await saveText({ db, key: "home.headline", locale: "es", value: "Los de la cerámica", updatedBy: null });
      await saveText({ db, key: "home.headline", locale: "en", value: "Houston's tile crew", updatedBy: null });
      await saveText({ db, key: "about.heading", locale: "en", value: "Who we are", updatedBy: null });
      expect((await listTexts({ db, locale: "en" })).map((t) => [t.key, t.value])).toEqual([
        ["about.heading", "Who we are"],
        ["home.headline", "Houston's tile crew"],
      ]);
      expect((await listTexts({ db, locale: "es" })).map((t) => t.value)).toEqual(["Los de la cerámica"]);
      expect(await deleteText({ db, key: "home.headline", locale: "en" })).toBe(true);
      expect(await deleteText({ db, key: "home.headline", locale: "en" })).toBe(false);
      expect((await listTexts({ db, locale: "en" })).map((t) => t.key)).toEqual(["about.heading"]);
      await deleteText({ db, key: "about.heading", locale: "en" });
      await deleteText({ db, key: "home.headline", locale: "es" });
    });
  });

  describe("testimonials repository", () => {
    test("new ones go first; update, move and delete", async () => {
      const db = database.db;
      const a = await addTestimonial({
        db,
        id: "00000000-0000-4000-8000-00000000000a",
        values: { ...review, name: "A" },
      });
      const b = await addTestimonial({
        db,
        id: "00000000-0000-4000-8000-00000000000b",
        values: { ...review, name: "B", service: null },
      });
      const c = await addTestimonial({
        db,
        id: "00000000-0000-4000-8000-00000000000c",
        values: { ...review, name: "C", link: "https://g.page/r/x" },
      });
      expect((await listTestimonials({ db })).map((t) => t.name)).toEqual(["C", "B", "A"]);
      expect(await countTestimonials({ db })).toBe(3);
      expect(await getTestimonial({ db, id: b.id })).toMatchObject({ name: "B", service: null, givenOn: "2026-03-14" });
      expect(await getTestimonial({ db, id: c.id })).toMatchObject({ link: "https://g.page/r/x" });

      expect(await moveTestimonial({ db, id: a.id, direction: "up" })).toBe(true);
      expect((await listTestimonials({ db })).map((t) => t.name)).toEqual(["C", "A", "B"]);
      expect(await moveTestimonial({ db, id: c.id, direction: "up" })).toBe(false);
      expect(await moveTestimonial({ db, id: b.id, direction: "down" })).toBe(false);

      expect(await updateTestimonial({ db, id: a.id, values: { ...review, name: "A2", place: "Katy" } })).toBe(true);
      expect(await updateTestimonial({ db, id: "00000000-0000-4000-8000-0000000000ff", values: review })).toBe(false);
      expect(await getTestimonial({ db, id: a.id })).toMatchObject({ name: "A2", place: "Katy" });

      expect(await deleteTestimonial({ db, id: c.id })).toBe(true);
      expect(await deleteTestimonial({ db, id: c.id })).toBe(false);
      expect((await listTestimonials({ db })).map((t) => t.name)).toEqual(["A2", "B"]);
      for (const t of await listTestimonials({ db })) await deleteTestimonial({ db, id: t.id });
    });
  });

  describe("photo choices", () => {
    test("set, replace, clear; deleting the photo clears the choice", async () => {
      const db = database.db;
      const first = await seedPhoto({ database, storage, dataDir }, { caption: "Kitchen after" });
      const second = await seedPhoto({ database, storage, dataDir }, { caption: "Porch after" });
      await setPhotoChoice({ db, slot: "hero", photoId: first.id });
      await setPhotoChoice({ db, slot: "hero", photoId: second.id });
      await setPhotoChoice({ db, slot: "about", photoId: first.id });
      expect(Object.fromEntries(await getPhotoChoices({ db }))).toEqual({ hero: second.id, about: first.id });
      await setPhotoChoice({ db, slot: "about", photoId: null });
      expect(Object.fromEntries(await getPhotoChoices({ db }))).toEqual({ hero: second.id });
      await deletePhoto({ deps: { db, dialect: database.dialect, blobStore: storage, logger }, id: second.id });
      expect(Object.fromEntries(await getPhotoChoices({ db }))).toEqual({});
      await deletePhoto({ deps: { db, dialect: database.dialect, blobStore: storage, logger }, id: first.id });
    });
  });

  describe("site service", () => {
    let site: Site;
    let dropped: () => number;
    beforeAll(() => {
      ({ site, dropped } = makeSite());
    });

    test("a fresh install shows the defaults", async () => {
      await saveStoredProfile({ db: database.db, data: {}, updatedBy: null });
      const content = await site.content();
      expect(content.profile).toMatchObject({
        name: defaultProfile.name,
        phone: defaultProfile.phone,
        location: "Houston TX, USA",
      });
      expect(content.texts.home.headline).toBe(defaultProfile.name);
      expect(content.testimonials).toEqual([]);
      expect(content.photos).toEqual({ hero: null, about: null, contact: null });
      expect(await site.leadInbox()).toBe(defaultProfile.leadInbox);
    });

    test("a saved profile shows on the next read, without waiting for the cache", async () => {
      await site.content();
      const before = dropped();
      const result = await site.saveProfile({
        profile: {
          ...defaultProfile,
          name: "Bayou City Tile & Bath",
          phone: "(832) 555-0199",
          leadInbox: "jobs@bayoucitytile.com",
        },
        by: null,
      });
      expect(result).toEqual({ ok: true });
      expect(dropped()).toBe(before + 1);
      const content = await site.content();
      expect(content.profile).toMatchObject({ name: "Bayou City Tile & Bath", phoneHref: "tel:+18325550199" });
      // The headline follows the name while it is the default.
      expect(content.texts.home.headline).toBe("Bayou City Tile & Bath");
      expect(await site.leadInbox()).toBe("jobs@bayoucitytile.com");
      expect(await makeSite({ LEADS_TO: "owner@bayoucitytile.com" }).site.leadInbox()).toBe("owner@bayoucitytile.com");
    });

    test("a write behind the service's back shows only once the cache is dropped", async () => {
      await site.content();
      await saveStoredProfile({
        db: database.db,
        data: { ...defaultProfile, name: "Written elsewhere" },
        updatedBy: null,
      });
      expect((await site.content()).profile.name).not.toBe("Written elsewhere");
      site.dropCache();
      expect((await site.content()).profile.name).toBe("Written elsewhere");
    });

    test("the profile's Spanish lines (ADR 064) are stored with it and read back; a stored value of the wrong shape reads as none", async () => {
      await site.saveProfile({
        profile: { ...defaultProfile, warranty: "Two years on labor.", spanish: { warranty: "Dos años en la mano de obra." } },
        by: null,
      });
      expect((await site.profile()).spanish).toEqual({ warranty: "Dos años en la mano de obra." });
      expect((await site.content()).profile.spanish).toEqual({ warranty: "Dos años en la mano de obra." });
      await saveStoredProfile({
        db: database.db,
        data: { ...defaultProfile, spanish: { warranty: 2, slogan: "  ", nope: "x", insurance: "Asegurados." } },
        updatedBy: null,
      });
      site.dropCache();
      expect((await site.profile()).spanish).toEqual({ insurance: "Asegurados." });
      await saveStoredProfile({ db: database.db, data: { ...defaultProfile, spanish: "nada" }, updatedBy: null });
      expect((await site.profile()).spanish).toEqual({});
    });

    test("essentials from the setup step keep the rest of the profile", async () => {
      await site.saveProfile({ profile: { ...defaultProfile, warranty: "Two years on labor." }, by: null });
      await site.saveEssentials({
        values: {
          name: "Gulf Coast Remodeling",
          phone: "(281) 555-0123",
          public_email: "hello@gulfcoastremodel.com",
          lead_inbox: "leads@gulfcoastremodel.com",
          city: "Pearland",
          service_cities: ["Pearland", "Friendswood"],
          service_zips: ["77581"],
        },
        by: null,
      });
      expect(await site.profile()).toMatchObject({
        name: "Gulf Coast Remodeling",
        city: "Pearland",
        serviceCities: ["Pearland", "Friendswood"],
        serviceZips: ["77581"],
        warranty: "Two years on labor.",
      });
      expect(await site.profileSavedAt()).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    });

    test("texts: save, the default words follow the default again, restore, unknown keys", async () => {
      expect(await site.saveText({ key: "home.intro", value: "Tile and **bathrooms** in Pearland.", by: null })).toEqual({ ok: true });
      expect((await site.content()).texts.home.intro).toBe("Tile and **bathrooms** in Pearland.");
      const intro = (await site.adminTexts()).find((t) => t.key === "home.intro");
      expect(intro).toMatchObject({ isDefault: false, value: "Tile and **bathrooms** in Pearland." });

      // Saving the headline's default (the name) stores nothing: it keeps following the name.
      const name = (await site.profile()).name;
      await site.saveText({ key: "home.headline", value: name, by: null });
      expect((await site.adminTexts()).find((t) => t.key === "home.headline")?.isDefault).toBe(true);

      expect(await site.restoreText({ key: "home.intro" })).toEqual({ ok: true });
      expect((await site.adminTexts()).find((t) => t.key === "home.intro")?.isDefault).toBe(true);
      expect(await site.saveText({ key: "nope", value: "x", by: null })).toMatchObject({ ok: false, status: 404 });
      expect(await site.saveText({ key: "about.heading", value: "two\nlines", by: null })).toMatchObject({
        ok: false,
        status: 400,
      });
      expect((await site.content()).texts.services.floor.list).toContain("Travertine");
    });

    test("texts in Spanish (ADR 064): an optional version beside the English, removed when saved empty", async () => {
      expect((await site.adminTexts()).find((t) => t.key === "home.intro")?.spanish).toBe("");
      expect(await site.saveText({ key: "home.intro", value: "Baños y pisos en Pearland.", by: null, locale: "es" })).toEqual({ ok: true });
      const intro = (await site.adminTexts()).find((t) => t.key === "home.intro");
      // The English stays what it was: the Spanish is a version of it, not a replacement.
      expect(intro).toMatchObject({ spanish: "Baños y pisos en Pearland.", isDefault: true });
      expect((await site.content()).spanishTexts).toEqual({ "home.intro": "Baños y pisos en Pearland." });
      expect(await site.saveText({ key: "about.heading", value: "dos\nlíneas", by: null, locale: "es" })).toMatchObject({
        ok: false,
        status: 400,
      });
      expect(await site.saveText({ key: "nope", value: "x", by: null, locale: "es" })).toMatchObject({ ok: false, status: 404 });
      // Saved empty: no Spanish version any more.
      expect(await site.saveText({ key: "home.intro", value: "", by: null, locale: "es" })).toEqual({ ok: true });
      expect((await site.adminTexts()).find((t) => t.key === "home.intro")?.spanish).toBe("");
      expect((await site.content()).spanishTexts).toEqual({});
      // The English may not be emptied.
      expect(await site.saveText({ key: "home.intro", value: "", by: null })).toMatchObject({ ok: false, status: 400 });
    });

    test("testimonials through the service: a known service only, 404 for unknown ids", async () => {
      const values = {
        quote: "Great fence.",
        quote_es: "",
        name: "Dan R.",
        place: "Katy",
        service: "fences",
        project: "",
        given_on: "2026-05-02",
        link: "",
      };
      expect(await site.addTestimonial({ values })).toEqual({ ok: true });
      expect(await site.addTestimonial({ values: { ...values, service: "rockets" } })).toMatchObject({
        ok: false,
        status: 400,
      });
      const [added] = await site.testimonials();
      expect(added).toMatchObject({ name: "Dan R.", service: "fences", link: null });
      expect((await site.content()).testimonials.map((t) => t.name)).toEqual(["Dan R."]);
      expect(await site.removeTestimonial({ id: "not-an-id" })).toMatchObject({ ok: false, status: 404 });
      expect(await site.moveTestimonial({ id: added!.id, direction: "sideways" })).toMatchObject({
        ok: false,
        status: 400,
      });
      expect(await site.removeTestimonial({ id: added!.id })).toEqual({ ok: true });
      expect((await site.content()).testimonials).toEqual([]);
    });

    test("a testimonial about a project links to its page while published, and is kept on its own when the project is deleted", async () => {
      const db = database.db;
      const project = await createProject({
        db,
        fields: {
          title: "Heights fence rebuild",
          service: "fences",
          place: "Heights",
          finishedOn: "2026-04",
          description: "New cedar fence.",
        },
      });
      const other = await createProject({
        db,
        fields: { title: "Katy patio", service: "outdoor", place: "Katy", finishedOn: "2026-03", description: "A covered patio." },
      });
      expect((await site.testimonialProjects()).map((p) => [p.title, p.isPublished])).toEqual([
        ["Heights fence rebuild", false],
        ["Katy patio", false],
      ]);
      const values = {
        quote: "Solid fence.",
        quote_es: "",
        name: "Ana P.",
        place: "Heights",
        service: "fences",
        given_on: "2026-05-02",
        link: "",
      };
      // A project that is not there is refused in words, and nothing is stored.
      expect(await site.addTestimonial({ values: { ...values, project: "8b0f4a52-8f5e-4d3c-9a7e-2f1d6c5b4a39" } })).toEqual({
        ok: false,
        status: 400,
        error: "That project is no longer there: it may have been deleted. Please choose another, or “No project”.",
      });
      expect(await site.addTestimonial({ values: { ...values, project: "not-an-id" } })).toMatchObject({ ok: false, status: 400 });
      expect(await site.testimonials()).toEqual([]);

      expect(await site.addTestimonial({ values: { ...values, project: project.id } })).toEqual({ ok: true });
      const [added] = await site.testimonials();
      // A draft's page is not linked: the choice is kept until it is published.
      expect(added).toMatchObject({ projectId: project.id, project: null });
      await publishProject({ db, dialect: database.dialect, id: project.id });
      site.dropCache();
      expect((await site.content()).testimonials[0]).toMatchObject({
        projectId: project.id,
        project: { slug: project.slug, title: "Heights fence rebuild" },
      });

      // Changed to the other project, then back to none, by editing.
      expect(await site.updateTestimonial({ id: added!.id, values: { ...values, project: other.id } })).toEqual({ ok: true });
      expect((await site.testimonials())[0]).toMatchObject({ projectId: other.id, project: null });
      expect(await site.updateTestimonial({ id: added!.id, values: { ...values, project: project.id } })).toEqual({ ok: true });

      expect(await deleteProject({ db, id: project.id })).toBe(true);
      const [kept] = await site.testimonials();
      expect(kept).toMatchObject({ id: added!.id, quote: "Solid fence.", projectId: null, project: null });
      await deleteProject({ db, id: other.id });
      expect(await site.removeTestimonial({ id: added!.id })).toEqual({ ok: true });
    });

    test("photo choices: only a published photo; the drawing when cleared", async () => {
      const published = await seedPhoto({ database, storage, dataDir }, { caption: "Hero kitchen", category: "kitchen" });
      const draft = await seedPhoto({ database, storage, dataDir }, { caption: "Not yet", draft: true });
      expect(await site.choosePhoto({ slot: "hero", photoId: draft.id })).toMatchObject({ ok: false, status: 404 });
      expect(await site.choosePhoto({ slot: "roof", photoId: published.id })).toMatchObject({ ok: false, status: 400 });
      expect(await site.choosePhoto({ slot: "hero", photoId: published.id })).toEqual({ ok: true });
      const hero = (await site.content()).photos.hero;
      expect(hero).toMatchObject({ id: published.id, alt: "Hero kitchen" });
      expect(hero?.avif.length).toBeGreaterThan(0);
      expect(await site.photoChoices()).toEqual({ hero: published.id, about: null, contact: null });
      expect(await site.choosePhoto({ slot: "hero", photoId: "" })).toEqual({ ok: true });
      expect((await site.content()).photos.hero).toBeNull();
    });

    test("a stored profile missing fields or with wrong shapes reads them as defaults", async () => {
      await saveStoredProfile({
        db: database.db,
        data: { name: "Partial Co", hours: { mon: "all day" }, serviceCities: "Katy" },
        updatedBy: null,
      });
      site.dropCache();
      const { profile } = await site.content();
      expect(profile.name).toBe("Partial Co");
      expect(profile.hours.mon).toEqual(defaultProfile.hours.mon);
      expect(profile.serviceCities).toEqual(defaultProfile.serviceCities);
      expect(profile.phone).toBe(defaultProfile.phone);
    });
  });
});
