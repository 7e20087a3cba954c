/**
 * The home page as a contractor makes it theirs: one of their published photos chosen as the
 * hero, a "Recent work" strip, three testimonials and a changed business name. Lighthouse
 * mobile, median of three runs, to compare with the default home page in the lighthouse section.
 */
import { randomUUID } from "node:crypto";
import { openTestStorage, seedPhoto } from "#tests/support/photos.ts";
import { openDatabase } from "#app/server/db/index.server.ts";
import { setPhotoChoice, saveStoredProfile } from "#app/server/repos/site-profile.server.ts";
import { addTestimonial } from "#app/server/repos/testimonials.server.ts";
import { defaultProfile } from "#app/content/company.ts";
import { emptyPageCache } from "#scripts/bench/gallery.ts";
import { lighthouseSection, lighthouseTable, runLighthouse } from "#scripts/bench/lighthouse.ts";
import type { BenchContext, BenchSection, SiteServer } from "#scripts/bench/types.ts";

const PHOTOS = 8;

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

/** Seeds the owner's content into the server's database, then empties its caches through an admin action. */
async function makeItTheirs(ctx: BenchContext, server: SiteServer): Promise<string> {
  const database = await openDatabase({ dataDir: server.dataDir });
  let heroId = "";
  try {
    const storage = await openTestStorage(server.dataDir);
    for (let i = 0; i < PHOTOS; i++) {
      const category = (["kitchen", "bathroom", "fences", "outdoor"] as const)[i % 4]!;
      const photo = await seedPhoto(
        { database, storage, dataDir: server.dataDir },
        {
          category,
          caption: `Finished ${category} job ${i + 1} in Houston`,
          alt: `Finished ${category} job ${i + 1}: new work in a Houston home`,
          width: 1600,
          height: 1200,
          hue: (i * 53) % 360,
          texture: true,
        },
      );
      if (i === 0) heroId = photo.id;
    }
    await setPhotoChoice({ db: database.db, slot: "hero", photoId: heroId });
    for (const [i, review] of reviews.entries()) {
      await addTestimonial({
        db: database.db,
        id: randomUUID(),
        values: { ...review, givenOn: `2026-0${i + 3}-12`, link: null },
      });
    }
    await saveStoredProfile({
      db: database.db,
      data: {
        ...defaultProfile,
        name: "Bayou City Remodeling",
        phone: "(832) 555-0199",
        publicEmail: "hello@bayoucityremodeling.com",
      },
      updatedBy: null,
    });
  } finally {
    await database.close();
  }
  // Written straight into the database: an admin action empties the page and site caches, as a save does.
  await emptyPageCache(server, "the caches");
  ctx.log(`home-hero: ${PHOTOS} photos published, photo ${heroId} is the hero, ${reviews.length} testimonials`);
  return heroId;
}

export const homeHeroSection: BenchSection = {
  name: "home-hero",
  title: "Home page made the owner's: a published photo as the hero, recent work, testimonials (Lighthouse mobile, median of 3)",
  preflight: lighthouseSection.preflight,

  async run(ctx) {
    const server = await ctx.startServer();
    const heroId = await makeItTheirs(ctx, server);
    const html = await (await fetch(`${server.url}/`)).text();
    const heroShown = html.includes(`/photos/${heroId}/`);
    if (!heroShown) throw new Error("the chosen hero photo is not on the home page");
    const lighthouse = await runLighthouse(ctx, server.url, ["/"]);
    const home = lighthouse.pages[0];
    const notes = (home?.failingAudits ?? []).map(
      (audit) =>
        `Lighthouse / (photo hero) failing audit ${audit.category}/${audit.id} "${audit.title}"` +
        `${audit.displayValue ? ` (${audit.displayValue})` : ""}${audit.examples.length ? `: ${audit.examples.slice(0, 3).join("; ")}` : ""}`,
    );
    if (notes.length === 0) notes.push("Lighthouse / with a photo hero: no failing audit.");
    return {
      figures: {
        photos: PHOTOS,
        heroId,
        version: lighthouse.lighthouseVersion,
        settings: lighthouse.settings,
        page: home,
      },
      tables: [{ ...lighthouseTable(lighthouse.pages), title: "Lighthouse mobile, / with a published photo as the hero" }],
      notes,
    };
  },
};
