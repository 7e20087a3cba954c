/**
 * A published project written in Spanish too (ADR 064), seeded into a new DATA_DIR (under the
 * system's temporary directory) for a server to start on: four kitchen photos (one with its alt
 * text in Spanish), a pair with its Spanish caption and one without. Returns the directory (the
 * caller's to remove) and the project's slug.
 */
import { mkdtemp } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { migrateToLatest, openDatabase } from "#app/server/db/index.server.ts";
import { createProject, publishProject } from "#app/server/repos/projects.server.ts";
import { addPhotosToProject } from "#app/server/repos/project-photos.server.ts";
import { addProjectPair } from "#app/server/repos/project-pairs.server.ts";
import { openTestStorage, seedPhoto } from "#tests/support/photos.ts";

export const SPANISH_PROJECT = {
  title: "Open kitchen in the Heights",
  titleEs: "Cocina abierta en the Heights",
  descriptionEs:
    "Quitamos la pared entre la cocina y el comedor.\n\nGabinetes nuevos, cubiertas de cuarzo y una isla con lugar para cuatro.",
  pairCaptionEs: "Sin la pared",
};

export async function seedSpanishProject(): Promise<{ dataDir: string; slug: string }> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "spanish-project-"));
  const database = await openDatabase({ dataDir });
  const storage = await openTestStorage(dataDir);
  try {
    await migrateToLatest(database);
    const { db, dialect } = database;
    const photos = [];
    for (const [n, alt] of ["Dark kitchen before", "White kitchen after", "Old pantry", "New pantry"].entries()) {
      photos.push(
        await seedPhoto({ database, storage, dataDir }, { category: "kitchen", caption: alt, alt, width: 640, height: 480, hue: n * 60 }),
      );
    }
    await db.updateTable("photos").set({ alt_es: "Cocina blanca, después" }).where("id", "=", photos[1]!.id).execute();
    const project = await createProject({
      db,
      fields: {
        title: SPANISH_PROJECT.title,
        service: "kitchen",
        place: "Heights, Houston",
        finishedOn: "2026-04",
        description: "We took out the wall between the kitchen and the dining room.",
        titleEs: SPANISH_PROJECT.titleEs,
        descriptionEs: SPANISH_PROJECT.descriptionEs,
      },
    });
    await addPhotosToProject({ db, dialect, projectId: project.id, photoIds: photos.map((photo) => photo.id) });
    await addProjectPair({
      db,
      dialect,
      projectId: project.id,
      beforePhotoId: photos[0]!.id,
      afterPhotoId: photos[1]!.id,
      caption: "The wall came out",
      captionEs: SPANISH_PROJECT.pairCaptionEs,
    });
    await addProjectPair({
      db,
      dialect,
      projectId: project.id,
      beforePhotoId: photos[2]!.id,
      afterPhotoId: photos[3]!.id,
      caption: "Pantry",
    });
    await publishProject({ db, dialect, id: project.id });
    return { dataDir, slug: project.slug };
  } finally {
    await storage.close();
    await database.close();
  }
}
