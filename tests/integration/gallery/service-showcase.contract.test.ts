/**
 * The contractor's work first (ADR 060), on SQLite and PostgreSQL: each service's photo for its
 * card, tile and banner (the cover the owner chose > its latest published photo > none, never a
 * before photo), and a before photo kept out of everything that shows finished work (the
 * gallery's pages, counts and filters, a service's photos, the home page's latest, the sitemap's
 * ids, a cover) while its own page keeps its place among its project's photos.
 */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Database } from "#app/server/db/index.server.ts";
import { parseEnv } from "#app/server/env.server.ts";
import { createLogger } from "#app/server/logger.server.ts";
import { createPublicPages } from "#app/server/public-pages.server.ts";
import type { BlobStore } from "#app/server/storage/blob-store.server.ts";
import { createGallery, type Gallery } from "#app/server/gallery/gallery.server.ts";
import { loadGalleryPage, loadPhotoView, loadServicePhotos } from "#app/server/gallery/view.server.ts";
import {
  countPublishedPhotos,
  listPublishedPhotoIds,
  listRecentlyPublishedPhotos,
  listServiceShowcasePhotos,
} from "#app/server/repos/photo-lists.server.ts";
import { getServiceCover, setServiceCover } from "#app/server/repos/service-covers.server.ts";
import { createProject, publishProject, unpublishProject } from "#app/server/repos/projects.server.ts";
import { addPhotosToProject } from "#app/server/repos/project-photos.server.ts";
import { addProjectPair } from "#app/server/repos/project-pairs.server.ts";
import type { PhotoRow } from "#app/server/repos/photos.server.ts";
import type { ServiceSlug } from "#app/schemas/content.ts";
import { openTestStorage, seedPhoto, testImageQueue } from "#tests/support/photos.ts";
import { databaseTargets, setUpDatabase, tearDownDatabase } from "#tests/support/databases.ts";

const targets = databaseTargets("service-showcase", "service photos contract suite");
const mediaUrl = (key: string) => `/media/${key}`;

describe.each(targets)("the services' photos: $name", (target) => {
  let database: Database;
  let storage: BlobStore;
  let dataDir: string;
  let gallery: Gallery;
  const db = () => database.db;
  const names = new Map<string, string>();
  const named = (rows: readonly { id: string }[]) => rows.map((row) => names.get(row.id) ?? row.id);
  const namedIds = (ids: readonly string[]) => ids.map((id) => names.get(id) ?? id);
  /** Minutes after this, each photo is "published": the order of "latest" does not hang on the clock. */
  const start = Date.parse("2026-05-01T12:00:00Z");
  let minute = 0;

  async function photo(name: string, category: ServiceSlug): Promise<PhotoRow> {
    const row = await seedPhoto({ database, storage, dataDir }, { caption: name, category, width: 240, height: 180 });
    minute += 1;
    await db()
      .updateTable("photos")
      .set({ published_at: new Date(start + minute * 60_000).toISOString() })
      .where("id", "=", row.id)
      .execute();
    names.set(row.id, name);
    return row;
  }

  beforeAll(async () => {
    database = await setUpDatabase(target);
    dataDir = await mkdtemp(path.join(os.tmpdir(), "service-showcase-"));
    storage = await openTestStorage(dataDir);
    gallery = createGallery({
      config: parseEnv({ DATA_DIR: dataDir }),
      database,
      blobStore: storage,
      images: testImageQueue(),
      logger: createLogger({ level: "silent" }),
      publicPages: createPublicPages(),
    });
  });
  afterAll(async () => {
    await storage?.close();
    await tearDownDatabase(target, database);
    await rm(dataDir, { recursive: true, force: true });
  });

  test("a service's photo: the cover, else its latest, else none; a before photo never", async () => {
    const services = ["kitchen", "bathroom", "fences", "tile"];
    expect(await listServiceShowcasePhotos({ db: db(), services })).toEqual(new Map());

    const oldKitchen = await photo("Old kitchen", "kitchen");
    await photo("Island", "kitchen");
    const shower = await photo("Shower", "bathroom");
    await photo("Vanity", "bathroom");
    let chosen = await listServiceShowcasePhotos({ db: db(), services });
    expect(Object.fromEntries([...chosen].map(([service, row]) => [service, names.get(row.id)]))).toEqual({
      kitchen: "Island",
      bathroom: "Vanity",
    });

    // The owner's cover wins over the latest photo.
    expect(await setServiceCover({ db: db(), dialect: database.dialect, service: "bathroom", photoId: shower.id })).toBe(true);
    chosen = await listServiceShowcasePhotos({ db: db(), services });
    expect(names.get(chosen.get("bathroom")!.id)).toBe("Shower");

    // The latest kitchen photo becomes the before side of a pair: the card takes the next one.
    const project = await createProject({
      db: db(),
      fields: { title: "Kitchen in Meyerland", service: "kitchen", place: "Meyerland", finishedOn: "2026-04", description: "" },
    });
    const before = await photo("Kitchen before", "kitchen");
    const after = await photo("Kitchen after", "kitchen");
    await addPhotosToProject({ db: db(), dialect: database.dialect, projectId: project.id, photoIds: [before.id, after.id] });
    await publishProject({ db: db(), dialect: database.dialect, id: project.id });
    await db()
      .updateTable("photos")
      .set({ published_at: new Date(start + 99 * 60_000).toISOString() })
      .where("id", "=", before.id)
      .execute();
    expect(names.get((await listServiceShowcasePhotos({ db: db(), services })).get("kitchen")!.id)).toBe("Kitchen before");
    await addProjectPair({
      db: db(),
      dialect: database.dialect,
      projectId: project.id,
      beforePhotoId: before.id,
      afterPhotoId: after.id,
      caption: "",
    });
    expect(names.get((await listServiceShowcasePhotos({ db: db(), services })).get("kitchen")!.id)).toBe("Kitchen after");

    // A cover that is a before photo is passed over (and the gallery refuses to make one).
    expect(await setServiceCover({ db: db(), dialect: database.dialect, service: "kitchen", photoId: before.id })).toBe(true);
    expect(await getServiceCover({ db: db(), service: "kitchen" })).toBeNull();
    expect(names.get((await listServiceShowcasePhotos({ db: db(), services })).get("kitchen")!.id)).toBe("Kitchen after");
    const refused = await gallery.setCover({ photoId: before.id });
    expect(refused).toMatchObject({
      ok: false,
      status: 409,
      error: "This is the “before” photo of a before/after pair: choose a photo of the finished work as the page's cover.",
    });
    expect((await gallery.setCover({ photoId: oldKitchen.id })).ok).toBe(true);
    expect(names.get((await listServiceShowcasePhotos({ db: db(), services })).get("kitchen")!.id)).toBe("Old kitchen");

    // Through the gallery, as the pages read it: photos with their addresses, by slug.
    const shown = await gallery.showcasePhotos(services);
    expect([...shown.keys()].toSorted()).toEqual(["bathroom", "kitchen"]);
    expect(shown.get("kitchen")?.large.url).toMatch(new RegExp(`^/media/photos/${oldKitchen.id}/`));
  });

  test("a before photo shows nowhere as finished work, only in its pair and on its project's page", async () => {
    const before = [...names].find(([, name]) => name === "Kitchen before")![0];
    const after = [...names].find(([, name]) => name === "Kitchen after")![0];

    const page = await loadGalleryPage({ db: db(), mediaUrl, category: null, page: 1 });
    expect(named(page.photos)).not.toContain("Kitchen before");
    expect(named(page.photos)).toContain("Kitchen after");
    expect(page.total).toBe(page.photos.length);
    expect(page.categories.find((c) => c.category === "kitchen")?.count).toBe(3);
    expect(await countPublishedPhotos({ db: db(), category: "kitchen" })).toBe(4);
    expect(await countPublishedPhotos({ db: db(), category: "kitchen", finishedOnly: true })).toBe(3);

    const service = await loadServicePhotos({ db: db(), mediaUrl, service: "kitchen" });
    expect(named(service.photos).toSorted()).toEqual(["Island", "Kitchen after", "Old kitchen"]);
    expect(service.total).toBe(3);
    expect(names.get(service.cover!.id)).toBe("Old kitchen");

    expect(named(await listRecentlyPublishedPhotos({ db: db(), limit: 10 }))).not.toContain("Kitchen before");
    expect(namedIds(await gallery.publishedPhotoIds())).not.toContain("Kitchen before");
    // The admin's lists still have it.
    expect(await listPublishedPhotoIds({ db: db() })).toContain(before);

    // Its own page: not in the gallery's sequence, but in its project's, while the project is published.
    const view = await loadPhotoView({ db: db(), mediaUrl, id: before });
    expect(view).toMatchObject({ position: 1, total: 2, previousId: null, nextId: after });
    expect(await loadPhotoView({ db: db(), mediaUrl, id: before, category: "bathroom" })).toBeNull();
    const afterView = await loadPhotoView({ db: db(), mediaUrl, id: after });
    expect(afterView?.total).toBe(page.total);
    const project = await db().selectFrom("photos").select("project_id").where("id", "=", before).executeTakeFirstOrThrow();
    await unpublishProject({ db: db(), id: project.project_id! });
    expect(await loadPhotoView({ db: db(), mediaUrl, id: before })).toBeNull();
  });
});
