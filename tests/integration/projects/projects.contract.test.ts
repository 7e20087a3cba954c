/**
 * Projects, their photos and their before/after pairs, on SQLite and PostgreSQL (ADR 039): the
 * slug (unique, follows the title while a draft, fixed once published), a photo in one project
 * at a time with its place in the story, pairs only of the project's own photos, publishing a
 * project with its drafts in one go, and what deleting a photo or a project leaves behind.
 */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Database } from "#app/server/db/index.server.ts";
import { createLogger } from "#app/server/logger.server.ts";
import type { BlobStore } from "#app/server/storage/blob-store.server.ts";
import { deletePhoto } from "#app/server/gallery/photos.server.ts";
import { getPhoto } from "#app/server/repos/photos.server.ts";
import { listPublishedPhotos } from "#app/server/repos/photo-lists.server.ts";
import {
  countProjects,
  createProject,
  deleteProject,
  getProject,
  getProjectBySlug,
  listProjects,
  listPublishedProjectServices,
  listPublishedProjectSlugs,
  publishProject,
  unpublishProject,
  updateProject,
  type ProjectFields,
} from "#app/server/repos/projects.server.ts";
import {
  addPhotosToProject,
  countPhotosOutsideProjects,
  countProjectPhotos,
  listProjectCovers,
  listPhotosOutsideProjects,
  listProjectPhotos,
  moveProjectPhoto,
  projectsOfPhotos,
  removePhotosFromProjects,
  setProjectCover,
} from "#app/server/repos/project-photos.server.ts";
import { addProjectPair, deleteProjectPair, listProjectPairs } from "#app/server/repos/project-pairs.server.ts";
import { openTestStorage, seedPhoto } from "#tests/support/photos.ts";
import { databaseTargets, setUpDatabase, tearDownDatabase } from "#tests/support/databases.ts";

const targets = databaseTargets("projects", "projects contract suite");

const fields = (overrides: Partial<ProjectFields> = {}): ProjectFields => ({
  title: "Kitchen opened up in the Heights",
  service: "kitchen",
  place: "Heights, Houston",
  finishedOn: "2026-04",
  description: "We took out a wall.",
  ...overrides,
});

describe.each(targets)("projects: $name", (target) => {
  let database: Database;
  let storage: BlobStore;
  let dataDir: string;
  const site = () => ({ database, storage, dataDir });
  const db = () => database.db;
  const dialect = () => database.dialect;

  /** What each photo is called in these tests: a draft has no caption yet. */
  const names = new Map<string, string>();
  const named = (rows: { id: string }[]) => rows.map((row) => names.get(row.id) ?? row.id);
  async function photo(name: string, draft = true) {
    const row = await seedPhoto(site(), { caption: name, draft, category: "kitchen", width: 240, height: 180 });
    names.set(row.id, name);
    return row;
  }

  beforeAll(async () => {
    database = await setUpDatabase(target);
    dataDir = await mkdtemp(path.join(os.tmpdir(), "projects-contract-"));
    storage = await openTestStorage(dataDir);
  });
  afterAll(async () => {
    await storage?.close();
    await tearDownDatabase(target, database);
    await rm(dataDir, { recursive: true, force: true });
  });

  test("slugs are unique, follow the title while a draft and stay once published", async () => {
    const a = await createProject({ db: db(), fields: fields({ title: "Bathroom redo" }) });
    const b = await createProject({ db: db(), fields: fields({ title: "Bathroom redo!" }) });
    expect(a.slug).toBe("bathroom-redo");
    expect(b.slug).toBe("bathroom-redo-2");
    expect(a.status).toBe("draft");

    const renamed = await updateProject({ db: db(), id: b.id, fields: fields({ title: "Bath & shower in Bellaire" }) });
    expect(renamed?.slug).toBe("bath-and-shower-in-bellaire");
    expect((await getProjectBySlug({ db: db(), slug: "bath-and-shower-in-bellaire" }))?.id).toBe(b.id);

    await publishProject({ db: db(), dialect: dialect(), id: b.id });
    const again = await updateProject({ db: db(), id: b.id, fields: fields({ title: "Something else" }) });
    expect(again?.slug).toBe("bath-and-shower-in-bellaire");
    expect(again?.title).toBe("Something else");
    expect(await updateProject({ db: db(), id: "00000000-0000-4000-8000-000000000000", fields: fields() })).toBeNull();

    await deleteProject({ db: db(), id: a.id });
    await deleteProject({ db: db(), id: b.id });
  });

  test("photos join a project in order, move within it, and leave one project for another", async () => {
    const project = await createProject({ db: db(), fields: fields() });
    const other = await createProject({ db: db(), fields: fields({ title: "Other job" }) });
    const [p1, p2, p3] = [await photo("one"), await photo("two"), await photo("three")];
    expect(
      await addPhotosToProject({
        db: db(),
        dialect: dialect(),
        projectId: project.id,
        photoIds: [p1.id, p2.id, p1.id],
      }),
    ).toBe(2);
    expect(await addPhotosToProject({ db: db(), dialect: dialect(), projectId: project.id, photoIds: [p3.id, "nope"] })).toBe(1);
    expect(named(await listProjectPhotos({ db: db(), projectId: project.id }))).toEqual(["one", "two", "three"]);

    expect(await moveProjectPhoto({ db: db(), dialect: dialect(), projectId: project.id, photoId: p3.id, position: 0 })).toBe(0);
    expect((await listProjectPhotos({ db: db(), projectId: project.id })).map((p) => [names.get(p.id), p.project_position])).toEqual([
      ["three", 0],
      ["one", 1],
      ["two", 2],
    ]);
    expect(await moveProjectPhoto({ db: db(), dialect: dialect(), projectId: other.id, photoId: p3.id, position: 0 })).toBeNull();

    // A pair and the cover in the first project go when the photo moves to another one.
    const pair = await addProjectPair({
      db: db(),
      dialect: dialect(),
      projectId: project.id,
      beforePhotoId: p1.id,
      afterPhotoId: p2.id,
      caption: "Wall gone",
    });
    expect(pair?.position).toBe(0);
    expect(await setProjectCover({ db: db(), projectId: project.id, photoId: p2.id })).toBe(true);
    expect(await addPhotosToProject({ db: db(), dialect: dialect(), projectId: other.id, photoIds: [p2.id] })).toBe(1);
    expect(await listProjectPairs({ db: db(), projectId: project.id })).toEqual([]);
    expect((await getProject({ db: db(), id: project.id }))?.cover_photo_id).toBeNull();
    expect((await getPhoto({ db: db(), id: p2.id }))?.project_id).toBe(other.id);

    const counts = await countProjectPhotos({ db: db(), projectIds: [project.id, other.id] });
    expect(counts.get(project.id)).toBe(2);
    expect(counts.get(other.id)).toBe(1);
    const owners = await projectsOfPhotos({ db: db(), photoIds: [p1.id, p2.id] });
    expect(owners.get(p1.id)?.slug).toBe(project.slug);
    expect(owners.get(p2.id)?.title).toBe("Other job");

    expect(await removePhotosFromProjects({ db: db(), photoIds: [p1.id, p2.id, p3.id] })).toBe(3);
    expect(await listProjectPhotos({ db: db(), projectId: project.id })).toEqual([]);
    expect((await getPhoto({ db: db(), id: p1.id }))?.project_position).toBeNull();
    await deleteProject({ db: db(), id: project.id });
    await deleteProject({ db: db(), id: other.id });
  });

  test("a pair is two different photos of the same project; a cover is one of its photos", async () => {
    const project = await createProject({ db: db(), fields: fields() });
    const inside = await photo("inside");
    const inside2 = await photo("inside 2");
    const outside = await photo("outside");
    await addPhotosToProject({
      db: db(),
      dialect: dialect(),
      projectId: project.id,
      photoIds: [inside.id, inside2.id],
    });
    const pair = (beforePhotoId: string, afterPhotoId: string) =>
      addProjectPair({ db: db(), dialect: dialect(), projectId: project.id, beforePhotoId, afterPhotoId, caption: "" });
    expect(await pair(inside.id, inside.id)).toBeNull();
    expect(await pair(inside.id, outside.id)).toBeNull();
    const first = await pair(inside.id, inside2.id);
    const second = await pair(inside2.id, inside.id);
    expect([first?.position, second?.position]).toEqual([0, 1]);
    expect(await setProjectCover({ db: db(), projectId: project.id, photoId: outside.id })).toBe(false);
    expect(await setProjectCover({ db: db(), projectId: project.id, photoId: inside2.id })).toBe(true);

    expect(await deleteProjectPair({ db: db(), projectId: project.id, pairId: first!.id })).toBe(true);
    expect(await deleteProjectPair({ db: db(), projectId: project.id, pairId: first!.id })).toBe(false);
    expect((await listProjectPairs({ db: db(), projectId: project.id })).map((p) => p.id)).toEqual([second!.id]);

    // Deleting a photo (row and files) takes its pairs with it and clears the cover.
    const deps = { db: db(), dialect: dialect(), blobStore: storage, logger: createLogger({ level: "silent" }) };
    await deletePhoto({ deps, id: inside2.id });
    expect(await listProjectPairs({ db: db(), projectId: project.id })).toEqual([]);
    expect((await getProject({ db: db(), id: project.id }))?.cover_photo_id).toBeNull();

    // Deleting the project leaves its photos in the gallery, on their own.
    expect(await deleteProject({ db: db(), id: project.id })).toBe(true);
    expect(await deleteProject({ db: db(), id: project.id })).toBe(false);
    expect((await getPhoto({ db: db(), id: inside.id }))?.project_id).toBeNull();
    await deletePhoto({ deps, id: inside.id });
    await deletePhoto({ deps, id: outside.id });
  });

  test("publishing a project publishes its drafts together, on top of the gallery in story order", async () => {
    const earlier = await photo("already public", false);
    const project = await createProject({ db: db(), fields: fields({ title: "Deck in Katy", service: "decks" }) });
    const [d1, d2, d3] = [await photo("step 1"), await photo("step 2"), await photo("step 3")];
    await addPhotosToProject({
      db: db(),
      dialect: dialect(),
      projectId: project.id,
      photoIds: [d1.id, d2.id, d3.id, earlier.id],
    });
    const result = await publishProject({ db: db(), dialect: dialect(), id: project.id });
    expect(result).toEqual({ photosPublished: 3 });
    const gallery = named(await listPublishedPhotos({ db: db(), limit: 100 }));
    expect(gallery.slice(0, 4)).toEqual(["step 1", "step 2", "step 3", "already public"]);
    const published = await getProject({ db: db(), id: project.id });
    expect(published?.status).toBe("published");
    expect(published?.published_at).not.toBeNull();
    // Again: nothing left to publish, the project stays published.
    expect(await publishProject({ db: db(), dialect: dialect(), id: project.id })).toEqual({ photosPublished: 0 });
    expect(await publishProject({ db: db(), dialect: dialect(), id: "00000000-0000-4000-8000-000000000000" })).toBeNull();

    expect(await unpublishProject({ db: db(), id: project.id })).toBe(true);
    expect((await getProject({ db: db(), id: project.id }))?.status).toBe("draft");
    // Its photos stay published in the gallery.
    expect((await getPhoto({ db: db(), id: d1.id }))?.status).toBe("published");
    await deleteProject({ db: db(), id: project.id });
  });

  test("lists are newest first by the month finished, filter by service and count", async () => {
    const made = [];
    for (const [title, service, finishedOn] of [
      ["Old fence", "fences", "2024-05"],
      ["New kitchen", "kitchen", "2026-03"],
      ["Mid kitchen", "kitchen", "2025-08"],
      ["Draft deck", "decks", "2026-10"],
    ] as const) {
      made.push(await createProject({ db: db(), fields: fields({ title, service, finishedOn }) }));
    }
    for (const project of made.slice(0, 3)) await publishProject({ db: db(), dialect: dialect(), id: project.id });
    const titles = async (options: { service?: string; limit?: number; offset?: number } = {}) =>
      (await listProjects({ db: db(), status: "published", limit: options.limit ?? 10, ...options })).map((p) => p.title);
    expect(await titles()).toEqual(["New kitchen", "Mid kitchen", "Old fence"]);
    expect(await titles({ service: "kitchen" })).toEqual(["New kitchen", "Mid kitchen"]);
    expect(await titles({ limit: 1, offset: 1 })).toEqual(["Mid kitchen"]);
    expect(await countProjects({ db: db(), status: "published" })).toBe(3);
    expect(await countProjects({ db: db(), status: "published", service: "kitchen" })).toBe(2);
    expect(await countProjects({ db: db() })).toBe(4);
    expect((await listProjects({ db: db(), limit: 10 })).map((p) => p.title)[0]).toBe("Draft deck");
    expect((await listPublishedProjectServices({ db: db() })).toSorted((a, b) => a.service.localeCompare(b.service))).toEqual([
      { service: "fences", count: 1 },
      { service: "kitchen", count: 2 },
    ]);
    expect((await listPublishedProjectSlugs({ db: db() })).map((p) => p.slug)).toEqual(["new-kitchen", "mid-kitchen", "old-fence"]);
    for (const project of made) await deleteProject({ db: db(), id: project.id });
  });

  test("a card's cover: the chosen photo when published, else the first published photo in story order", async () => {
    const chosen = await createProject({ db: db(), fields: fields({ title: "Cover chosen" }) });
    const first = await createProject({ db: db(), fields: fields({ title: "Cover first" }) });
    const empty = await createProject({ db: db(), fields: fields({ title: "No photo out" }) });
    const [a, b, c] = [await photo("cover a", false), await photo("cover b", false), await photo("cover c")];
    const [d, e] = [await photo("cover d"), await photo("cover e", false)];
    const hidden = await photo("cover hidden");
    await addPhotosToProject({ db: db(), dialect: dialect(), projectId: chosen.id, photoIds: [a.id, b.id, c.id] });
    await addPhotosToProject({ db: db(), dialect: dialect(), projectId: first.id, photoIds: [d.id, e.id] });
    await addPhotosToProject({ db: db(), dialect: dialect(), projectId: empty.id, photoIds: [hidden.id] });
    await setProjectCover({ db: db(), projectId: chosen.id, photoId: b.id });
    const projects = async () => Promise.all([chosen, first, empty].map(async (p) => (await getProject({ db: db(), id: p.id }))!));
    let covers = await listProjectCovers({ db: db(), projects: await projects() });
    expect(names.get(covers.get(chosen.id)!.id)).toBe("cover b");
    // d is a draft: the first published photo is e.
    expect(names.get(covers.get(first.id)!.id)).toBe("cover e");
    expect(covers.has(empty.id)).toBe(false);
    // A chosen cover that is a draft is not shown: the first published photo is.
    await setProjectCover({ db: db(), projectId: chosen.id, photoId: c.id });
    covers = await listProjectCovers({ db: db(), projects: await projects() });
    expect(names.get(covers.get(chosen.id)!.id)).toBe("cover a");
    expect(await listProjectCovers({ db: db(), projects: [] })).toEqual(new Map());
    for (const project of [chosen, first, empty]) await deleteProject({ db: db(), id: project.id });
  });

  test("photos outside any project are listed newest first, paged, and counted (what may be added to one)", async () => {
    const project = await createProject({ db: db(), fields: fields({ title: "Outside list" }) });
    const before = await countPhotosOutsideProjects({ db: db() });
    const [older, newer, taken] = [await photo("older outside"), await photo("newer outside", false), await photo("taken")];
    // Upload times a minute apart, so the order does not hang on the clock's resolution.
    for (const [row, minutes] of [
      [older, 3],
      [newer, 4],
      [taken, 1],
    ] as const) {
      await db()
        .updateTable("photos")
        .set({ created_at: new Date(Date.now() + minutes * 60_000).toISOString() })
        .where("id", "=", row.id)
        .execute();
    }
    await addPhotosToProject({ db: db(), dialect: dialect(), projectId: project.id, photoIds: [taken.id] });
    expect(await countPhotosOutsideProjects({ db: db() })).toBe(before + 2);
    expect(named(await listPhotosOutsideProjects({ db: db(), limit: 2 }))).toEqual(["newer outside", "older outside"]);
    const second = await listPhotosOutsideProjects({ db: db(), limit: 1, offset: 1 });
    expect(named(second)).toEqual(["older outside"]);
    const all = await listPhotosOutsideProjects({ db: db(), limit: 1000 });
    expect(all.map((row) => row.id)).not.toContain(taken.id);
    expect(all).toHaveLength(before + 2);
    await deleteProject({ db: db(), id: project.id });
    expect(await countPhotosOutsideProjects({ db: db() })).toBe(before + 3);
  });
});
