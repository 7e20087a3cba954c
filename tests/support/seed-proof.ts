/**
 * Fills a fresh DATA_DIR with a contractor who entered everything the proof shows (ADR 061),
 * before a server starts on it (the proof browser tests' own server, playwright.config.ts
 * `proofURL`):
 *
 *   node tests/support/seed-proof.ts <dataDir>
 *
 * The profile: 12 years, two licences, insurance, warranty, the answer time, a Google rating, a
 * typical bathroom price and a financing link. One published bathroom project with a photo, and a
 * testimonial about it posted on Google.
 */
import path from "node:path";
import { migrateToLatest, openDatabase } from "#app/server/db/index.server.ts";
import { createProject, publishProject } from "#app/server/repos/projects.server.ts";
import { addPhotosToProject } from "#app/server/repos/project-photos.server.ts";
import { saveStoredProfile } from "#app/server/repos/site-profile.server.ts";
import { addTestimonial } from "#app/server/repos/testimonials.server.ts";
import { ProfileFormSchema, profileToFields } from "#app/schemas/site.ts";
import { defaultProfile } from "#app/content/company.ts";
import { openTestStorage, seedPhoto } from "#tests/support/photos.ts";
import { PROOF_FIELDS, PROOF_PROJECT, PROOF_TESTIMONIAL } from "#tests/support/proof-profile.ts";

const dataDir = path.resolve(process.argv[2] ?? "");
if (!process.argv[2]) {
  console.error("Usage: node tests/support/seed-proof.ts <dataDir>");
  process.exit(2);
}

const database = await openDatabase({ dataDir });
try {
  await migrateToLatest(database);
  const { db, dialect } = database;
  const profile = ProfileFormSchema.parse({ ...profileToFields(defaultProfile), ...PROOF_FIELDS });
  await saveStoredProfile({ db, data: { ...profile }, updatedBy: null });

  const storage = await openTestStorage(dataDir);
  const shower = await seedPhoto(
    { database, storage, dataDir },
    { category: "bathroom", caption: "Walk-in shower", alt: "A walk-in shower with white tile", width: 1200, height: 800, hue: 200 },
  );
  const project = await createProject({
    db,
    fields: {
      title: PROOF_PROJECT.title,
      service: "bathroom",
      place: "Bellaire",
      finishedOn: "2026-02",
      description: "A tub became a walk-in shower.",
    },
  });
  await addPhotosToProject({ db, dialect, projectId: project.id, photoIds: [shower.id] });
  await publishProject({ db, dialect, id: project.id });
  await addTestimonial({
    db,
    id: "5b1e0c3a-7d2f-4e8a-9c61-0a4b8d2e6f13",
    values: { ...PROOF_TESTIMONIAL, projectId: project.id },
  });
} finally {
  await database.close();
}
