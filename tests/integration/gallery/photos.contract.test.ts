/**
 * The gallery's rows and files kept in step, on SQLite and PostgreSQL (files on the local disk;
 * gallery-s3.test.ts runs uploads against S3): publishing puts a photo first, ordering and
 * moving, covers (only a published photo of that service; dropped when it changes service or
 * goes away), deleting, and stale drafts removed with their files while published photos stay.
 */
import { mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Database } from "#app/server/db/index.server.ts";
import { createLogger } from "#app/server/logger.server.ts";
import type { BlobStore } from "#app/server/storage/blob-store.server.ts";
import { deletePhoto, editPhoto, publishPhoto, removeStaleDrafts, type GalleryDeps } from "#app/server/gallery/photos.server.ts";
import { loadGalleryPage, loadServicePhotos, mediaUrlFor } from "#app/server/gallery/view.server.ts";
import { getPhoto } from "#app/server/repos/photos.server.ts";
import { clearServiceCover, getServiceCover, setServiceCover } from "#app/server/repos/service-covers.server.ts";
import { listPublishedPhotos } from "#app/server/repos/photo-lists.server.ts";
import { movePhoto } from "#app/server/repos/photo-order.server.ts";
import { openTestStorage, seedPhoto } from "#tests/support/photos.ts";
import { databaseTargets, setUpDatabase, tearDownDatabase } from "#tests/support/databases.ts";

const targets = databaseTargets("photos", "photos contract suite");

describe.each(targets)("photos: $name", (target) => {
  let database: Database;
  let storage: BlobStore;
  let dataDir: string;
  let deps: GalleryDeps;
  const site = () => ({ database, storage, dataDir });

  async function filesOf(id: string): Promise<string[]> {
    try {
      return await readdir(path.join(dataDir, "media", "photos", id), { recursive: true });
    } catch {
      return [];
    }
  }
  async function order(category?: string): Promise<string[]> {
    return (await listPublishedPhotos({ db: database.db, category, limit: 100 })).map((p) => p.caption);
  }

  beforeAll(async () => {
    database = await setUpDatabase(target);
    dataDir = await mkdtemp(path.join(os.tmpdir(), "photos-contract-"));
    storage = await openTestStorage(dataDir);
    deps = {
      db: database.db,
      dialect: database.dialect,
      blobStore: storage,
      logger: createLogger({ level: "silent" }),
    };
  });
  afterAll(async () => {
    await storage?.close();
    await tearDownDatabase(target, database);
    await rm(dataDir, { recursive: true, force: true });
  });

  test("a published photo goes first; moving renumbers; a draft has no place", async () => {
    for (const caption of ["A", "B", "C", "D"]) await seedPhoto(site(), { caption, category: "kitchen", width: 400, height: 300 });
    const draft = await seedPhoto(site(), { caption: "draft", draft: true, width: 400, height: 300 });
    expect(await order()).toEqual(["D", "C", "B", "A"]);
    const a = (await listPublishedPhotos({ db: database.db, limit: 10 })).find((p) => p.caption === "A")!;
    expect(await movePhoto({ db: database.db, dialect: database.dialect, id: a.id, position: 0 })).toBe(0);
    expect(await order()).toEqual(["A", "D", "C", "B"]);
    expect(await movePhoto({ db: database.db, dialect: database.dialect, id: a.id, position: 99 })).toBe(3);
    expect(await order()).toEqual(["D", "C", "B", "A"]);
    expect(await movePhoto({ db: database.db, dialect: database.dialect, id: a.id, position: 2 })).toBe(2);
    expect(await order()).toEqual(["D", "C", "A", "B"]);
    expect(await movePhoto({ db: database.db, dialect: database.dialect, id: draft.id, position: 0 })).toBeNull();
  });

  test("the gallery page and service photos: categories, counts, paging", async () => {
    await seedPhoto(site(), { caption: "fence 1", category: "fences", width: 400, height: 300 });
    const media = mediaUrlFor(storage);
    const all = await loadGalleryPage({ db: database.db, mediaUrl: media, category: null, page: 1, pageSize: 3 });
    expect(all.total).toBe(5);
    expect(all.pageCount).toBe(2);
    expect(all.photos.map((p) => p.caption)).toEqual(["fence 1", "D", "C"]);
    expect(all.categories.toSorted((x, y) => x.category.localeCompare(y.category))).toEqual([
      { category: "fences", count: 1 },
      { category: "kitchen", count: 4 },
    ]);
    const second = await loadGalleryPage({ db: database.db, mediaUrl: media, category: null, page: 2, pageSize: 3 });
    expect(second.photos.map((p) => p.caption)).toEqual(["A", "B"]);
    const fences = await loadGalleryPage({ db: database.db, mediaUrl: media, category: "fences", page: 1 });
    expect(fences.photos.map((p) => p.caption)).toEqual(["fence 1"]);
    const photo = fences.photos[0]!;
    expect(photo.avif.map((s) => s.width)).toEqual([320]);
    expect(photo.avif[0]!.url).toMatch(new RegExp(`^/media/photos/${photo.id}/v1/display-320\\.avif$`));
    expect(photo.large.url).toMatch(/display-320\.webp$/);
  });

  test("a cover is a published photo of that service; it goes when the photo changes service or is deleted", async () => {
    const kitchen = (await listPublishedPhotos({ db: database.db, category: "kitchen", limit: 1 }))[0]!;
    const draft = await seedPhoto(site(), {
      caption: "draft kitchen",
      category: "kitchen",
      draft: true,
      width: 400,
      height: 300,
    });
    const args = { db: database.db, dialect: database.dialect };
    expect(await setServiceCover({ ...args, service: "bathroom", photoId: kitchen.id })).toBe(false);
    expect(await setServiceCover({ ...args, service: "kitchen", photoId: draft.id })).toBe(false);
    expect(await setServiceCover({ ...args, service: "kitchen", photoId: kitchen.id })).toBe(true);
    const media = mediaUrlFor(storage);
    expect((await loadServicePhotos({ db: database.db, mediaUrl: media, service: "kitchen" })).cover?.id).toBe(kitchen.id);
    // Moved to another service: no longer the kitchen's cover.
    await editPhoto({
      deps,
      id: kitchen.id,
      details: { caption: kitchen.caption, alt: kitchen.alt, category: "tile" },
    });
    expect(await getServiceCover({ db: database.db, service: "kitchen" })).toBeNull();
    await editPhoto({
      deps,
      id: kitchen.id,
      details: { caption: kitchen.caption, alt: kitchen.alt, category: "kitchen" },
    });
    expect(await setServiceCover({ ...args, service: "kitchen", photoId: kitchen.id })).toBe(true);
    await clearServiceCover({ db: database.db, service: "kitchen" });
    expect(await getServiceCover({ db: database.db, service: "kitchen" })).toBeNull();
    expect(await setServiceCover({ ...args, service: "kitchen", photoId: kitchen.id })).toBe(true);
    expect((await filesOf(kitchen.id)).length).toBeGreaterThan(0);
    expect(await deletePhoto({ deps, id: kitchen.id })).toBe(true);
    expect(await getServiceCover({ db: database.db, service: "kitchen" })).toBeNull();
    expect(await getPhoto({ db: database.db, id: kitchen.id })).toBeNull();
    expect(await filesOf(kitchen.id)).toEqual([]);
    expect(await deletePhoto({ deps, id: kitchen.id })).toBe(false);
  });

  test("drafts older than the limit go with their files; newer drafts and published photos stay", async () => {
    const oldDraft = await seedPhoto(site(), { caption: "old draft", draft: true, width: 400, height: 300 });
    const newDraft = await seedPhoto(site(), { caption: "new draft", draft: true, width: 400, height: 300 });
    const published = await seedPhoto(site(), { caption: "old published", width: 400, height: 300 });
    // Make two of them a day and a minute old.
    const dayAgo = new Date(Date.now() - 24 * 3600 * 1000 - 60_000).toISOString();
    await database.db.updateTable("photos").set({ created_at: dayAgo }).where("id", "in", [oldDraft.id, published.id]).execute();

    const removed = await removeStaleDrafts({ deps, maxAgeMs: 24 * 3600 * 1000 });
    expect(removed).toBeGreaterThanOrEqual(1);
    expect(await getPhoto({ db: database.db, id: oldDraft.id })).toBeNull();
    expect(await filesOf(oldDraft.id)).toEqual([]);
    expect((await getPhoto({ db: database.db, id: newDraft.id }))?.status).toBe("draft");
    expect((await filesOf(newDraft.id)).length).toBeGreaterThan(0);
    expect((await getPhoto({ db: database.db, id: published.id }))?.status).toBe("published");
    expect((await filesOf(published.id)).length).toBeGreaterThan(0);
  });

  test("publishing twice only updates the details and keeps the place", async () => {
    const photo = await seedPhoto(site(), { caption: "twice", width: 400, height: 300 });
    const before = await getPhoto({ db: database.db, id: photo.id });
    const again = await publishPhoto({
      deps,
      id: photo.id,
      details: { caption: "twice, renamed", alt: "x", category: "bathroom" },
    });
    expect(again).toMatchObject({
      status: "published",
      caption: "twice, renamed",
      sort_order: before!.sort_order,
      published_at: before!.published_at,
    });
    expect(
      await publishPhoto({
        deps,
        id: "00000000-0000-4000-8000-000000000000",
        details: { caption: "", alt: "x", category: "bathroom" },
      }),
    ).toBeNull();
  });
});
