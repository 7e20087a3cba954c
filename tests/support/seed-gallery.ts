/**
 * Fills a fresh DATA_DIR with published gallery photos, before a server starts on it (the
 * gallery browser tests' own server, playwright.config.ts):
 *
 *   node tests/support/seed-gallery.ts <dataDir>
 *
 * 30 photos: 26 kitchen and 4 bathroom ones, so /gallery has two pages and two filters. In
 * gallery order: "Bathroom photo 1" to 4, then "Kitchen photo 1" to 26.
 */
import path from "node:path";
import { migrateToLatest, openDatabase } from "#app/server/db/index.server.ts";
import { openTestStorage, seedPhoto } from "#tests/support/photos.ts";
import type { ServiceSlug } from "#app/schemas/content.ts";

export const GALLERY_SEED: { category: ServiceSlug; count: number }[] = [
  { category: "kitchen", count: 26 },
  { category: "bathroom", count: 4 },
];

const dataDir = path.resolve(process.argv[2] ?? "");
if (!process.argv[2]) {
  console.error("Usage: node tests/support/seed-gallery.ts <dataDir>");
  process.exit(2);
}

const database = await openDatabase({ dataDir });
try {
  await migrateToLatest(database);
  const storage = await openTestStorage(dataDir);
  // Each published photo goes first, so the last one seeded is photo 1.
  for (const { category, count } of GALLERY_SEED) {
    for (let n = count; n >= 1; n--) {
      const title = category === "kitchen" ? "Kitchen" : "Bathroom";
      await seedPhoto(
        { database, storage, dataDir },
        {
          category,
          caption: `${title} photo ${n}`,
          alt: `${title} job ${n}, finished`,
          width: 640,
          height: 480,
          hue: (n * 37) % 360,
        },
      );
    }
  }
} finally {
  await database.close();
}
