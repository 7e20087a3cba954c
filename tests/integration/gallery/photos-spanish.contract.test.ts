/**
 * A gallery photo's Spanish caption and description (photos.caption_es, photos.alt_es; ADR 064)
 * on SQLite and PostgreSQL: stored by publishing and editing, kept when a save leaves them out
 * (a project's quick description), read by the pages, and the lists that depend on them: the
 * sitemap's photos with a Spanish page, and the admin's `?spanish=missing`.
 */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Database } from "#app/server/db/index.server.ts";
import { createLogger } from "#app/server/logger.server.ts";
import type { BlobStore } from "#app/server/storage/blob-store.server.ts";
import { editPhoto, publishPhoto, type GalleryDeps } from "#app/server/gallery/photos.server.ts";
import { loadPhotoView, mediaUrlFor } from "#app/server/gallery/view.server.ts";
import { getPhoto, updatePhotoDetails } from "#app/server/repos/photos.server.ts";
import { countAdminPhotos, listAdminPhotos, listPublishedPhotoIds } from "#app/server/repos/photo-lists.server.ts";
import { openTestStorage, seedPhoto } from "#tests/support/photos.ts";
import { databaseTargets, setUpDatabase, tearDownDatabase } from "#tests/support/databases.ts";

const targets = databaseTargets("photos_spanish", "photos Spanish contract suite");

describe.each(targets)("a photo's Spanish words: $name", (target) => {
  let database: Database;
  let storage: BlobStore;
  let dataDir: string;
  let deps: GalleryDeps;
  const site = () => ({ database, storage, dataDir });

  beforeAll(async () => {
    database = await setUpDatabase(target);
    dataDir = await mkdtemp(path.join(os.tmpdir(), "photos-spanish-"));
    storage = await openTestStorage(dataDir);
    deps = { db: database.db, dialect: database.dialect, blobStore: storage, logger: createLogger({ level: "silent" }) };
  });
  afterAll(async () => {
    await storage?.close();
    await tearDownDatabase(target, database);
    await rm(dataDir, { recursive: true, force: true });
  });

  test("round trip: published with its Spanish, edited, kept when a save leaves them out, shown by the pages", async () => {
    const draft = await seedPhoto(site(), { draft: true, caption: "Shower" });
    expect(draft).toMatchObject({ caption_es: "", alt_es: "" });
    const details = { caption: "New walk-in shower", alt: "Walk-in shower with grey tile", category: "bathroom" };
    await publishPhoto({ deps, id: draft.id, details: { ...details, captionEs: "Nueva ducha", altEs: "Ducha con azulejo gris" } });
    expect(await getPhoto({ db: database.db, id: draft.id })).toMatchObject({
      status: "published",
      caption_es: "Nueva ducha",
      alt_es: "Ducha con azulejo gris",
    });

    // Accents and the ñ come back as written.
    await editPhoto({ deps, id: draft.id, details: { ...details, captionEs: "Baño renovado, señora Núñez", altEs: "Ducha" } });
    expect(await getPhoto({ db: database.db, id: draft.id })).toMatchObject({ caption_es: "Baño renovado, señora Núñez", alt_es: "Ducha" });

    // A save without the Spanish fields (the project page's description) leaves them as they were.
    await updatePhotoDetails({ db: database.db, id: draft.id, details: { ...details, alt: "Walk-in shower, grey tile" } });
    const kept = await getPhoto({ db: database.db, id: draft.id });
    expect(kept).toMatchObject({ alt: "Walk-in shower, grey tile", caption_es: "Baño renovado, señora Núñez", alt_es: "Ducha" });

    const view = await loadPhotoView({ db: database.db, mediaUrl: mediaUrlFor(storage), id: draft.id });
    expect(view?.photo).toMatchObject({ captionEs: "Baño renovado, señora Núñez", altEs: "Ducha" });

    // Emptied again: not written.
    await editPhoto({ deps, id: draft.id, details: { ...details, captionEs: "", altEs: "" } });
    expect(await getPhoto({ db: database.db, id: draft.id })).toMatchObject({ caption_es: "", alt_es: "" });
  });

  test("the photos with a Spanish page, and those still missing words, as the sitemap and the admin list them", async () => {
    const full = await seedPhoto(site(), { caption: "Kitchen", captionEs: "Cocina", altEs: "Cocina con isla" });
    const noCaption = await seedPhoto(site(), { caption: "", alt: "Fence", altEs: "Cerca de cedro" });
    const captionMissing = await seedPhoto(site(), { caption: "Floor", altEs: "Piso de madera" });
    const none = await seedPhoto(site(), { caption: "Tile" });
    const draft = await seedPhoto(site(), { caption: "Draft", draft: true });

    const inSpanish = await listPublishedPhotoIds({ db: database.db, inSpanish: true });
    expect(inSpanish).toEqual(expect.arrayContaining([full.id, noCaption.id]));
    expect(inSpanish).not.toContain(captionMissing.id);
    expect(inSpanish).not.toContain(none.id);

    const filter = { status: "published" as const, spanishMissing: true };
    const missing = (await listAdminPhotos({ db: database.db, filter, limit: 100, offset: 0 })).map((row) => row.id);
    expect(missing).toEqual(expect.arrayContaining([captionMissing.id, none.id]));
    for (const id of [full.id, noCaption.id, draft.id]) expect(missing).not.toContain(id);
    expect(await countAdminPhotos({ db: database.db, filter })).toBe(missing.length);
  });
});
