/**
 * A project's page (issue 16, ADR 039): one published project with 12 photos and one
 * before/after pair, made through the app's own upload pipeline and repositories (photo-like
 * 1600 × 1200 photos, as the gallery section's). Then:
 * - Lighthouse mobile on /projects/<slug> (median of 3 runs, the lighthouse section's runner);
 *   the issue's target is 100 in each of performance, accessibility, best practices and SEO;
 * - what a first view of that page transfers in Chromium at a phone's and a desktop's size, cold
 *   cache, until the load event and a quiet network (the gallery-bytes section's counter).
 */
import { openDatabase } from "#app/server/db/index.server.ts";
import { createProject, publishProject } from "#app/server/repos/projects.server.ts";
import { addPhotosToProject } from "#app/server/repos/project-photos.server.ts";
import { addProjectPair } from "#app/server/repos/project-pairs.server.ts";
import { openTestStorage, seedPhoto } from "#tests/support/photos.ts";
import { emptyPageCache, firstViews, firstViewTable, type ViewFigures } from "#scripts/bench/gallery.ts";
import { lighthouseSection, lighthouseTable, runLighthouse } from "#scripts/bench/lighthouse.ts";
import type { BenchContext, SiteServer, BenchSection } from "#scripts/bench/types.ts";

const PROJECT_PHOTOS = 12;
const PHOTO_WIDTH = 1600;
const PHOTO_HEIGHT = 1200;
const TARGET_SCORE = 100;

/** A published kitchen project of PROJECT_PHOTOS photos, the first and the last its pair; its address. */
async function seedProject(ctx: BenchContext, server: SiteServer): Promise<string> {
  const database = await openDatabase({ dataDir: server.dataDir });
  try {
    const storage = await openTestStorage(server.dataDir);
    const ids: string[] = [];
    for (let i = 0; i < PROJECT_PHOTOS; i++) {
      const photo = await seedPhoto(
        { database, storage, dataDir: server.dataDir },
        {
          category: "kitchen",
          caption: `Kitchen in the Heights, step ${i + 1}`,
          alt: `Kitchen remodel in the Heights, photo ${i + 1} of ${PROJECT_PHOTOS}`,
          width: PHOTO_WIDTH,
          height: PHOTO_HEIGHT,
          hue: (i * 47) % 360,
          texture: true,
        },
      );
      ids.push(photo.id);
      if ((i + 1) % 4 === 0) ctx.log(`projects: ${i + 1} photos published`);
    }
    const { db, dialect } = database;
    const project = await createProject({
      db,
      fields: {
        title: "Open kitchen in the Heights",
        service: "kitchen",
        place: "Heights, Houston",
        finishedOn: "2026-04",
        description:
          "We took out the wall between the kitchen and the dining room.\n\nNew shaker cabinets, quartz tops and an island with seating for four.",
      },
    });
    await addPhotosToProject({ db, dialect, projectId: project.id, photoIds: ids });
    await addProjectPair({
      db,
      dialect,
      projectId: project.id,
      beforePhotoId: ids[0]!,
      afterPhotoId: ids.at(-1)!,
      caption: "The wall came out",
    });
    await publishProject({ db, dialect, id: project.id });
    return `/projects/${project.slug}`;
  } finally {
    await database.close();
  }
}

export const projectsSection: BenchSection = {
  name: "projects",
  title: `A project's page with ${PROJECT_PHOTOS} photos and a before/after pair: Lighthouse mobile, and the bytes of a first view`,
  preflight: lighthouseSection.preflight,

  async run(ctx) {
    const server = await ctx.startServer();
    ctx.log(`projects: uploading ${PROJECT_PHOTOS} photos of ${PHOTO_WIDTH} × ${PHOTO_HEIGHT} px into a project`);
    const pagePath = await seedProject(ctx, server);
    await emptyPageCache(server);
    const lighthouse = await runLighthouse(ctx, server.url, [pagePath]);
    const page = lighthouse.pages[0];

    let views: ViewFigures[];
    try {
      views = await firstViews(ctx, `${server.url}${pagePath}`, "projects");
    } finally {
      await server.stop();
    }

    const bytesTable = firstViewTable(
      `First view of a project's page with ${PROJECT_PHOTOS} photos and a pair (cold cache, until load and a quiet network)`,
      views,
    );
    const scores = page?.scores ?? {};
    const below = Object.entries(scores).filter(([, score]) => score !== TARGET_SCORE);
    const notes = [
      below.length === 0
        ? `Lighthouse mobile on the project's page: ${TARGET_SCORE} in every category (the issue's target).`
        : `Lighthouse mobile on the project's page BELOW TARGET (${TARGET_SCORE}): ${below.map(([name, score]) => `${name} ${score ?? "–"}`).join(", ")}.`,
      ...(page?.failingAudits ?? []).map(
        (audit) =>
          `Lighthouse failing audit ${audit.category}/${audit.id} "${audit.title}"` +
          `${audit.displayValue ? ` (${audit.displayValue})` : ""}${audit.examples.length ? `: ${audit.examples.slice(0, 3).join("; ")}` : ""}`,
      ),
      "KB are 1,024 bytes, as transferred (encoded, headers included).",
    ];
    return {
      figures: {
        photos: PROJECT_PHOTOS,
        photoSize: { width: PHOTO_WIDTH, height: PHOTO_HEIGHT },
        lighthouse: { version: lighthouse.lighthouseVersion, settings: lighthouse.settings, page },
        firstView: { views },
      },
      tables: [
        {
          ...lighthouseTable(lighthouse.pages),
          title: `Lighthouse mobile, a project's page (${PROJECT_PHOTOS} photos, one pair)`,
        },
        bytesTable,
      ],
      notes,
    };
  },
};
