/**
 * Fills a fresh DATA_DIR with published projects, before a server starts on it (the project
 * browser tests' own server, playwright.config.ts `projectsURL`):
 *
 *   node tests/support/seed-projects.ts <dataDir>
 *
 * "Open kitchen in the Heights" (kitchen, April 2026): 6 photos, the third its cover, one
 * before/after pair (photos 1 and 2). "Walk-in shower in Bellaire" (bathroom, February 2026):
 * 1 photo. "Cedar fence in Katy" (fences, May 2025): no photo yet. Plus one photo on its own.
 * The kitchen is written in Spanish too (title, story, its pair's caption, its cover's alt text:
 * /es/proyectos/open-kitchen-in-the-heights, tests/e2e/projects-spanish.spec.ts); the others are not.
 */
import path from "node:path";
import { migrateToLatest, openDatabase } from "#app/server/db/index.server.ts";
import { createProject, publishProject } from "#app/server/repos/projects.server.ts";
import { addPhotosToProject, setProjectCover } from "#app/server/repos/project-photos.server.ts";
import { addProjectPair } from "#app/server/repos/project-pairs.server.ts";
import { openTestStorage, seedPhoto } from "#tests/support/photos.ts";

export const KITCHEN_PROJECT = {
  slug: "open-kitchen-in-the-heights",
  title: "Open kitchen in the Heights",
  titleEs: "Cocina abierta en the Heights",
  pairCaptionEs: "Quitamos la pared",
  photos: 6,
};

const dataDir = path.resolve(process.argv[2] ?? "");
if (!process.argv[2]) {
  console.error("Usage: node tests/support/seed-projects.ts <dataDir>");
  process.exit(2);
}

const database = await openDatabase({ dataDir });
try {
  await migrateToLatest(database);
  const storage = await openTestStorage(dataDir);
  const site = { database, storage, dataDir };
  const { db, dialect } = database;
  const photo = (caption: string, category: "kitchen" | "bathroom" | "floor", n: number, draft = false) =>
    seedPhoto(site, {
      category,
      caption,
      alt: `${caption}, finished`,
      width: 640,
      height: 480,
      hue: (n * 47) % 360,
      draft,
    });

  const kitchenPhotos = [];
  for (let n = 1; n <= KITCHEN_PROJECT.photos; n++) kitchenPhotos.push(await photo(`Kitchen step ${n}`, "kitchen", n));
  const kitchen = await createProject({
    db,
    fields: {
      title: KITCHEN_PROJECT.title,
      service: "kitchen",
      place: "Heights, Houston",
      finishedOn: "2026-04",
      description:
        "We took out the wall between the kitchen and the dining room.\n\nNew shaker cabinets, quartz tops and an island with seating for four.",
      titleEs: KITCHEN_PROJECT.titleEs,
      descriptionEs:
        "Quitamos la pared entre la cocina y el comedor.\n\nGabinetes nuevos estilo shaker, cubiertas de cuarzo y una isla con lugar para cuatro.",
    },
  });
  await addPhotosToProject({ db, dialect, projectId: kitchen.id, photoIds: kitchenPhotos.map((p) => p.id) });
  await addProjectPair({
    db,
    dialect,
    projectId: kitchen.id,
    beforePhotoId: kitchenPhotos[0]!.id,
    afterPhotoId: kitchenPhotos[1]!.id,
    caption: "The wall came out",
    captionEs: KITCHEN_PROJECT.pairCaptionEs,
  });
  await db.updateTable("photos").set({ alt_es: "Cocina terminada, paso 3" }).where("id", "=", kitchenPhotos[2]!.id).execute();
  await setProjectCover({ db, projectId: kitchen.id, photoId: kitchenPhotos[2]!.id });
  await publishProject({ db, dialect, id: kitchen.id });

  const shower = await photo("Walk-in shower", "bathroom", 9);
  const bath = await createProject({
    db,
    fields: {
      title: "Walk-in shower in Bellaire",
      service: "bathroom",
      place: "Bellaire",
      finishedOn: "2026-02",
      description: "A tub became a walk-in shower.",
    },
  });
  await addPhotosToProject({ db, dialect, projectId: bath.id, photoIds: [shower.id] });
  await publishProject({ db, dialect, id: bath.id });

  const fence = await createProject({
    db,
    fields: { title: "Cedar fence in Katy", service: "fences", place: "Katy", finishedOn: "2025-05", description: "" },
  });
  await publishProject({ db, dialect, id: fence.id });

  await photo("Oak floor", "floor", 11);
} finally {
  await database.close();
}
