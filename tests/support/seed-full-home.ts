/**
 * A home page as full as a contractor who filled everything makes it (issue 25's measure): the
 * whole profile (address, service area with ZIPs, years, two licences, insurance, warranty),
 * three testimonials, 13 published photos (one chosen as the hero) and three published
 * projects. Written through the app's own repos into a DATA_DIR before a server starts on it:
 *
 *   node tests/support/seed-full-home.ts <dataDir>
 */
import path from "node:path";
import { randomUUID } from "node:crypto";
import { migrateToLatest, openDatabase } from "#app/server/db/index.server.ts";
import { saveStoredProfile, setPhotoChoice } from "#app/server/repos/site-profile.server.ts";
import { addTestimonial } from "#app/server/repos/testimonials.server.ts";
import { createProject, publishProject } from "#app/server/repos/projects.server.ts";
import { addPhotosToProject, setProjectCover } from "#app/server/repos/project-photos.server.ts";
import { defaultProfile } from "#app/content/company.ts";
import type { ServiceSlug } from "#app/schemas/content.ts";
import { openTestStorage, seedPhoto } from "#tests/support/photos.ts";
import type { PhotoRow } from "#app/server/repos/photos.server.ts";

export const FULL_HOME = {
  name: "Bayou City Remodeling",
  slogan: "Kitchens, baths and repairs done right.",
  city: "Houston",
  photos: 13,
  testimonials: 3,
  projects: 3,
} as const;

const categories: ServiceSlug[] = ["kitchen", "bathroom", "floor", "tile", "fences", "outdoor", "repair"];

export async function seedFullHome(dataDir: string): Promise<{ heroId: string }> {
  const database = await openDatabase({ dataDir });
  try {
    await migrateToLatest(database);
    const storage = await openTestStorage(dataDir);
    const { db, dialect } = database;
    const photos: PhotoRow[] = [];
    for (let i = 0; i < FULL_HOME.photos; i++) {
      const category = categories[i % categories.length]!;
      photos.push(
        await seedPhoto(
          { database, storage, dataDir },
          {
            category,
            caption: `Finished ${category} job ${i + 1} in Houston`,
            alt: `Finished ${category} job ${i + 1} in a Houston home`,
            width: 1200,
            height: 900,
            hue: (i * 53) % 360,
          },
        ),
      );
    }
    const heroId = photos[0]!.id;
    await setPhotoChoice({ db, slot: "hero", photoId: heroId });

    const projects = [
      { title: "Open kitchen in the Heights", service: "kitchen", place: "Heights, Houston", finishedOn: "2026-04", photos: [0, 7] },
      { title: "Walk-in shower in Bellaire", service: "bathroom", place: "Bellaire", finishedOn: "2026-02", photos: [1, 8] },
      { title: "Oak floors in Katy", service: "floor", place: "Katy", finishedOn: "2025-11", photos: [2, 9] },
    ];
    for (const project of projects) {
      const row = await createProject({
        db,
        fields: {
          title: project.title,
          service: project.service,
          place: project.place,
          finishedOn: project.finishedOn,
          description: "What we did, where and when.",
        },
      });
      const ids = project.photos.map((n) => photos[n]!.id);
      await addPhotosToProject({ db, dialect, projectId: row.id, photoIds: ids });
      await setProjectCover({ db, projectId: row.id, photoId: ids[0]! });
      await publishProject({ db, dialect, id: row.id });
    }

    const reviews = [
      {
        name: "Maria G.",
        place: "Heights, Houston",
        service: "bathroom",
        quote: "They turned our tub into a walk-in shower in nine days and cleaned up every evening.",
      },
      {
        name: "Dan R.",
        place: "Katy",
        service: "fences",
        quote: "The new cedar fence went up in three days, and the gate still closes perfectly after the storms.",
      },
      {
        name: "Priya S.",
        place: "Sugar Land",
        service: "kitchen",
        quote: "Clear quote, no surprises, and the crew explained every step of the kitchen remodel.",
      },
    ];
    for (const [i, review] of reviews.entries()) {
      await addTestimonial({ db, id: randomUUID(), values: { ...review, givenOn: `2026-0${i + 3}-12`, link: null } });
    }

    await saveStoredProfile({
      db,
      data: {
        ...defaultProfile,
        name: FULL_HOME.name,
        slogan: FULL_HOME.slogan,
        phone: "(832) 555-0199",
        publicEmail: "hello@bayoucityremodeling.com",
        leadInbox: "jobs@bayoucityremodeling.com",
        street: "2400 Westheimer Rd",
        city: FULL_HOME.city,
        postalCode: "77098",
        serviceZips: ["77002", "77006", "77008", "77019", "77098", "77401", "77450", "77479"],
        yearsInBusiness: 14,
        licences: [
          { label: "TDLR electrical contractor", number: "TECL 12345" },
          { label: "City of Houston plumbing", number: "M-40213" },
        ],
        insurance: "General liability insurance, $2,000,000, with workers' compensation for the crew.",
        warranty: "Two years on our workmanship, in writing.",
        permits: "We pull the City of Houston permits the job needs.",
        paymentTerms: "A deposit at the start, the rest when the job is done and you are happy.",
        claimsReviewed: true,
      },
      updatedBy: null,
    });
    return { heroId };
  } finally {
    await database.close();
  }
}

if (import.meta.main) {
  if (!process.argv[2]) {
    console.error("Usage: node tests/support/seed-full-home.ts <dataDir>");
    process.exit(2);
  }
  const { heroId } = await seedFullHome(path.resolve(process.argv[2]));
  console.log(`seeded: hero photo ${heroId}`);
}
