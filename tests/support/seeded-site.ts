/**
 * The seeded site of issue 25: what a contractor who filled everything in has, written into a
 * DATA_DIR (SQLite) through the app's own code, as the admin and the CLI write it: the profile
 * and testimonials through the site verbs (checked by the admin forms' own schemas), photos
 * through the gallery's upload and publish, the hero through the photo choice, and a project
 * with a before/after pair and two more projects through the project repositories: the fullest
 * home page an owner makes. Used by browser tests (tests/e2e/trust-at-a-glance.spec.ts,
 * tests/e2e/home-layout.spec.ts), the bench (scripts/bench/seeded.ts) and screenshots:
 *
 *   node tests/support/seeded-site.ts <dataDir>
 *
 * A server may already run on the DATA_DIR (the bench's does): the seeding ends by dropping its
 * cached pages, as an admin's save does. The ids it creates come back from `seedSite` (and, from the command line, are written to
 * <dataDir>/seeded.json), so a test can look for the "before" photo on every page.
 */
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { migrateToLatest, openDatabase, type Database } from "#app/server/db/index.server.ts";
import { createLogger } from "#app/server/logger.server.ts";
import { createPublicPages } from "#app/server/public-pages.server.ts";
import { createSite, type Site } from "#app/server/site/site.server.ts";
import { getPhoto } from "#app/server/repos/photos.server.ts";
import { createProject, publishProject } from "#app/server/repos/projects.server.ts";
import { addPhotosToProject, setProjectCover } from "#app/server/repos/project-photos.server.ts";
import { addProjectPair } from "#app/server/repos/project-pairs.server.ts";
import { ProfileFormSchema, TestimonialFormSchema, profileToFields, type BusinessProfile } from "#app/schemas/site.ts";
import type { ServiceSlug } from "#app/schemas/content.ts";
import { createPhotoFromUpload, publishPhoto } from "#app/server/gallery/photos.server.ts";
import { mediaUrlFor, toGalleryPhoto } from "#app/server/gallery/view.server.ts";
import { openTestStorage, testImageQueue } from "#tests/support/photos.ts";
import { makeScenePhoto, type SceneKind } from "#tests/support/scene-photos.ts";

/** Everything the owner fills in at /admin/site, as a Houston contractor would. */
export const SEEDED_PROFILE: BusinessProfile = {
  name: "Bayou City Remodeling",
  slogan: "Kitchens, baths and repairs done right, across Houston.",
  phone: "(832) 555-0199",
  publicEmail: "hello@bayoucityremodeling.com",
  leadInbox: "estimates@bayoucityremodeling.com",
  street: "2417 Yale St",
  city: "Houston",
  region: "TX",
  postalCode: "77008",
  // Fourteen places, as many as a fresh install lists: the "Where we work" band at its fullest.
  serviceCities: [
    "Houston",
    "Bellaire",
    "West University Place",
    "Katy",
    "Sugar Land",
    "Pearland",
    "The Woodlands",
    "Spring",
    "Cypress",
    "Pasadena",
    "Humble",
    "Missouri City",
    "League City",
    "Tomball",
  ],
  serviceZips: ["77008", "77007", "77009", "77018", "77401", "77005", "77450", "77479"],
  hours: {
    mon: { open: "07:00", close: "18:00" },
    tue: { open: "07:00", close: "18:00" },
    wed: { open: "07:00", close: "18:00" },
    thu: { open: "07:00", close: "18:00" },
    fri: { open: "07:00", close: "18:00" },
    sat: { open: "08:00", close: "14:00" },
    sun: null,
  },
  yearsInBusiness: 18,
  licences: [
    { label: "TDLR electrical contractor", number: "TECL 34567" },
    { label: "Texas master plumber", number: "M-41872" },
  ],
  insurance: "General liability insurance of $2 million and workers' compensation for every crew member.",
  warranty: "Two-year warranty on all our labor, in writing.",
  permits: "We pull the City of Houston permits and book every inspection.",
  paymentTerms: "10% deposit when you sign, progress payments at set milestones, and the last payment when you are happy.",
  familyRun: true,
  claimsReviewed: true,
  links: {
    google: "https://g.page/bayou-city-remodeling",
    facebook: "https://www.facebook.com/bayoucityremodeling",
    instagram: "",
    nextdoor: "",
    yelp: "",
    bbb: "",
  },
  // Kitchen, the slogan's first word, then the specification's four (as a fresh install; ADR 060).
  featuredServices: ["kitchen", "repair", "bathroom", "floor", "fences"],
  // The facts homeowners compare on (ADR 061).
  answerPromise: "We answer within one business day",
  reviewRating: 4.9,
  reviewCount: 37,
  reviewSource: "Google",
  reviewLink: "https://g.page/r/bayou-city-remodeling/review",
  reviewPlaceId: "",
  reviewWriteLink: "",
  priceRanges: { bathroom: { from: 8000, to: 15000 }, kitchen: { from: 18000, to: 45000 } },
  financingLink: "https://lender.example.com/bayou-city-remodeling",
  financingLabel: "Financing through Hearth",
  spanish: {},
};

export interface SeededPhoto {
  id: string;
  category: ServiceSlug;
  caption: string;
  /** The Spanish caption, when the owner wrote the photo's words in Spanish too (then it has a Spanish page). */
  captionEs: string;
}

interface PhotoPlan {
  category: ServiceSlug;
  caption: string;
  alt: string;
  /** The owner's Spanish caption and description: a few photos have them, the rest wait (ADR 064). */
  captionEs?: string;
  altEs?: string;
  /** What the picture shows, when it is not the service's finished work. */
  scene?: SceneKind;
}

/** 13 published photos across services, in upload order. The first is the home hero. */
const PHOTOS: PhotoPlan[] = [
  {
    category: "kitchen",
    caption: "Open kitchen with a quartz island in the Heights",
    alt: "A bright open kitchen with white shaker cabinets and a quartz island",
    captionEs: "Cocina abierta con isla de cuarzo en The Heights",
    altEs: "Una cocina abierta y luminosa con gabinetes blancos estilo shaker y una isla de cuarzo",
  },
  {
    category: "kitchen",
    caption: "Navy cabinets and brass pulls in Bellaire",
    alt: "Navy kitchen cabinets with brass pulls and a white subway tile wall",
  },
  {
    category: "kitchen",
    caption: "Galley kitchen opened up in Montrose",
    alt: "A galley kitchen with new wood cabinets and under-cabinet lights",
  },
  {
    category: "bathroom",
    caption: "Walk-in shower with a glass door in Katy",
    alt: "A walk-in shower with grey tile and a frameless glass door",
    captionEs: "Ducha a ras de piso con puerta de vidrio en Katy",
    altEs: "Una ducha a ras de piso con azulejo gris y puerta de vidrio sin marco",
  },
  {
    category: "bathroom",
    caption: "Double vanity for a Sugar Land bathroom",
    alt: "A double vanity with two round mirrors and a quartz top",
  },
  {
    category: "floor",
    caption: "Wide oak planks through a Pearland living room",
    alt: "Wide light oak floor planks running through a living room",
  },
  {
    category: "floor",
    caption: "Luxury vinyl in a Spring kitchen",
    alt: "Waterproof vinyl plank floor in a kitchen and breakfast nook",
  },
  {
    category: "repair",
    caption: "Storm-damaged drywall repaired in Meyerland",
    alt: "A repaired and painted living room wall after storm damage",
  },
  {
    category: "repair",
    caption: "Rotten door frame replaced in Garden Oaks",
    alt: "A new painted exterior door frame with fresh trim",
  },
  {
    category: "fences",
    caption: "Cedar privacy fence in Katy",
    alt: "A new cedar privacy fence with a gate along a back yard",
  },
  {
    category: "fences",
    caption: "Board-on-board fence in Cypress",
    alt: "A stained board-on-board fence with steel posts",
  },
];

/** The project's pair: the bathroom before (published, so it could leak into grids) and after. */
const PAIR = {
  before: {
    category: "bathroom",
    scene: "before",
    caption: "Before: the old tub and cracked tile",
    alt: "An old bathtub with cracked beige tile before the remodel",
  },
  after: {
    category: "bathroom",
    caption: "After: the new walk-in shower",
    alt: "The same bathroom with a new walk-in shower and white tile",
  },
} as const satisfies Record<string, PhotoPlan>;

/** The testimonials, as the owner types them in the form; the first one links to its source. */
const TESTIMONIALS = [
  {
    quote: "They turned our old tub into a walk-in shower in nine days and cleaned up every evening.",
    name: "Maria G.",
    place: "Bellaire",
    service: "bathroom",
    given_on: "2026-03-12",
    link: "https://g.page/bayou-city-remodeling/review/1",
  },
  {
    quote: "Clear quote, no surprises, and the crew explained every step of our kitchen remodel.",
    name: "Priya S.",
    place: "Heights, Houston",
    service: "kitchen",
    given_on: "2026-04-02",
    link: "",
  },
  {
    quote: "The new cedar fence went up in three days, and the gate still closes perfectly after the storms.",
    name: "Dan R.",
    place: "Katy",
    service: "fences",
    given_on: "2025-11-20",
    link: "",
  },
];

export const SEEDED_PROJECT = {
  title: "Walk-in shower in Bellaire",
  service: "bathroom",
  place: "Bellaire",
  finishedOn: "2026-03",
  description:
    "The old tub and its cracked tile came out.\n\nA walk-in shower with a bench, a niche and a frameless glass door took its place.",
} as const;

/** The other published projects (no pair): the home page's "Recent projects" shows three. */
const MORE_PROJECTS = [
  {
    fields: {
      title: "Open kitchen in the Heights",
      service: "kitchen",
      place: "Heights, Houston",
      finishedOn: "2026-04",
      description: "A wall came down between the kitchen and the dining room.\n\nNew shaker cabinets and a quartz island went in.",
    },
    /** Indexes into PHOTOS; the first is the cover. */
    photos: [0, 1],
  },
  {
    fields: {
      title: "Oak floors in Pearland",
      service: "floor",
      place: "Pearland",
      finishedOn: "2025-11",
      description: "Old carpet out, wide oak planks in, through the living room and the hall.",
    },
    photos: [5, 6],
  },
] as const;

/** What `seedSite` made, for the tests to check against. */
export interface SeededSite {
  dataDir: string;
  profile: BusinessProfile;
  /** Every published photo (13), the pair's included. */
  photos: SeededPhoto[];
  /** The photo chosen as the home hero. */
  heroPhotoId: string;
  /** The pair's "before" photo: published, and to be seen only with its pair and on its project's page. */
  beforePhotoId: string;
  afterPhotoId: string;
  /** The project with the pair. */
  project: { id: string; slug: string; title: string };
  /** Every published project (3), the pair's first. */
  projects: { id: string; slug: string; title: string }[];
  testimonialIds: string[];
}

export interface SeedOptions {
  /** Saved over SEEDED_PROFILE (a test's own variation). */
  extraProfile?: Partial<BusinessProfile> & Record<string, unknown>;
  /**
   * MERGE POINT (issue 25): what is not in the profile (the featured services and their order,
   * for one) is set here once the other parts' verbs exist, with the site and the ids made.
   */
  extend?: (seeding: { database: Database; site: Site; seeded: SeededSite }) => Promise<void>;
}

function sceneOf(category: ServiceSlug): SceneKind {
  return category === "kitchen" || category === "bathroom" || category === "floor" || category === "fences" ? category : "repair";
}

function check<T>(what: string, result: { success: true; data: T } | { success: false; error: { issues: { message: string }[] } }): T {
  if (!result.success)
    throw new Error(`The seeded ${what} does not pass the admin form: ${result.error.issues.map((i) => i.message).join("; ")}`);
  return result.data;
}

async function saved(what: string, change: Promise<{ ok: true } | { ok: false; error: string }>): Promise<void> {
  const result = await change;
  if (!result.ok) throw new Error(`Seeding ${what} was refused: ${result.error}`);
}

/** Seeds a DATA_DIR (migrating it first, when no server has yet). */
export async function seedSite(dataDir: string, options: SeedOptions = {}): Promise<SeededSite> {
  const database = await openDatabase({ dataDir });
  try {
    await migrateToLatest(database);
    const { db, dialect } = database;
    const storage = await openTestStorage(dataDir);
    const logger = createLogger({ level: "silent" });
    // Through the database's change counter, as the CLI's saves: a server already running on
    // this DATA_DIR drops its cached pages within about a second.
    const publicPages = createPublicPages({ database, logger });
    const site = createSite({
      config: { env: {} as Parameters<typeof createSite>[0]["config"]["env"] },
      database,
      logger,
      // The photo choice asks whether the photo is published, as the gallery answers it.
      gallery: {
        publishedPhoto: async (id) => {
          const row = await getPhoto({ db, id });
          return row?.status === "published" ? toGalleryPhoto(row, mediaUrlFor(storage)) : null;
        },
      },
      publicPages,
    });

    // Uploaded and published as the admin's gallery does it: the same pipeline, the same variants.
    const deps = { db, dialect, blobStore: storage, logger, images: testImageQueue() };
    const photos: SeededPhoto[] = [];
    const upload = async (plan: PhotoPlan, n: number) => {
      // Phone-photo sized, so page weights and LCP are a real photo's.
      const image = await makeScenePhoto({ kind: plan.scene ?? sceneOf(plan.category), hue: (n * 47) % 360 });
      const draft = await createPhotoFromUpload({
        deps,
        limits: { maxBytes: 50 * 1024 * 1024, maxPixels: 50_000_000, dataDir },
        body: new Blob([new Uint8Array(image)]).stream(),
        category: plan.category,
        uploadedBy: null,
      });
      const details = {
        caption: plan.caption,
        alt: plan.alt,
        captionEs: plan.captionEs ?? "",
        altEs: plan.altEs ?? "",
        category: plan.category,
      };
      const photo = await publishPhoto({ deps, id: draft.id, details });
      if (!photo) throw new Error(`Seeding: the photo "${plan.caption}" could not be published`);
      photos.push({ id: photo.id, category: plan.category, caption: plan.caption, captionEs: details.captionEs });
      return photo;
    };
    for (const [n, plan] of PHOTOS.entries()) await upload(plan, n);
    const before = await upload(PAIR.before, PHOTOS.length);
    const after = await upload(PAIR.after, PHOTOS.length + 1);
    const heroPhotoId = photos[0]!.id;

    // The profile as the admin form would take it, then saved whole (with a test's own variation over it).
    const form = check("profile", ProfileFormSchema.safeParse(profileToFields(SEEDED_PROFILE)));
    const profile = { ...form, ...options.extraProfile } as BusinessProfile;
    await saved("the profile", site.saveProfile({ profile, by: null }));
    await saved("the hero photo", site.choosePhoto({ slot: "hero", photoId: heroPhotoId }));
    // Added newest first, so the list shows them in the order above.
    for (const values of TESTIMONIALS.toReversed()) {
      await saved("a testimonial", site.addTestimonial({ values: check("testimonial", TestimonialFormSchema.safeParse(values)) }));
    }
    const testimonialIds = (await site.testimonials()).map((t) => t.id);

    const project = await createProject({ db, fields: { ...SEEDED_PROJECT } });
    await addPhotosToProject({ db, dialect, projectId: project.id, photoIds: [before.id, after.id] });
    await addProjectPair({
      db,
      dialect,
      projectId: project.id,
      beforePhotoId: before.id,
      afterPhotoId: after.id,
      caption: "The tub became a shower",
    });
    await setProjectCover({ db, projectId: project.id, photoId: after.id });
    await publishProject({ db, dialect, id: project.id });
    const projects = [{ id: project.id, slug: project.slug, title: project.title }];
    for (const more of MORE_PROJECTS) {
      const row = await createProject({ db, fields: { ...more.fields } });
      const ids = more.photos.map((n) => photos[n]!.id);
      await addPhotosToProject({ db, dialect, projectId: row.id, photoIds: ids });
      await setProjectCover({ db, projectId: row.id, photoId: ids[0]! });
      await publishProject({ db, dialect, id: row.id });
      projects.push({ id: row.id, slug: row.slug, title: row.title });
    }

    const seeded: SeededSite = {
      dataDir,
      profile,
      photos,
      heroPhotoId,
      beforePhotoId: before.id,
      afterPhotoId: after.id,
      project: projects[0]!,
      projects,
      testimonialIds,
    };
    await options.extend?.({ database, site, seeded });
    // The photos and the project were written by the repositories, which drop no page themselves.
    await publicPages.invalidate();
    return seeded;
  } finally {
    await database.close();
  }
}

/** Where the command line writes the ids (a server never reads it). */
export const SEEDED_JSON = "seeded.json";

if (import.meta.main) {
  if (!process.argv[2]) {
    console.error("Usage: node tests/support/seeded-site.ts <dataDir>");
    process.exit(2);
  }
  const dataDir = path.resolve(process.argv[2]);
  const seeded = await seedSite(dataDir);
  await writeFile(path.join(dataDir, SEEDED_JSON), `${JSON.stringify(seeded, null, 2)}\n`);
  console.log(
    `Seeded ${dataDir}: ${seeded.photos.length} photos, ${seeded.testimonialIds.length} testimonials, ${seeded.projects.length} projects (the pair's /projects/${seeded.project.slug})`,
  );
}
