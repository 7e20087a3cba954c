/**
 * The seeded site of issue 25 (tests/support/seeded-site.ts), which the browser tests and the
 * bench judge the public pages on: seeded into the DATA_DIR of a server already running (as the
 * bench does), it holds what it says (the profile read back as the pages read it, 13 published
 * photos, the hero, three testimonials, three published projects, one of them with a pair whose
 * "before" photo is published), and the running server shows it without a restart. SQLite only: the seeding writes
 * a DATA_DIR, as the Playwright servers and the bench use.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { openDatabase } from "#app/server/db/index.server.ts";
import { readProfile } from "#app/server/site/profile.server.ts";
import { getPhotoChoices } from "#app/server/repos/site-profile.server.ts";
import { listTestimonials } from "#app/server/repos/testimonials.server.ts";
import { getPhoto } from "#app/server/repos/photos.server.ts";
import { getProjectBySlug } from "#app/server/repos/projects.server.ts";
import { listProjectPairs } from "#app/server/repos/project-pairs.server.ts";
import { SEEDED_PROFILE, SEEDED_PROJECT, seedSite, type SeededSite } from "#tests/support/seeded-site.ts";
import { get, startServer, stopAllServers, type ServerProcess } from "#tests/support/server.ts";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The page's HTML once it contains every one of `texts` (the server hears a change within about a
 * second). All of them: a photo can show in the page's grid of recent work before the site's
 * content (the name, the hero) is read again.
 */
async function pageShowing(server: ServerProcess, path: string, ...texts: string[]): Promise<string> {
  const until = Date.now() + 15_000;
  for (;;) {
    const html = (await get(`${server.url}${path}`)).text;
    if (texts.every((text) => html.includes(text)) || Date.now() > until) return html;
    await sleep(200);
  }
}

describe("the seeded site", () => {
  let server: ServerProcess;
  let seeded: SeededSite;

  beforeAll(async () => {
    server = await startServer();
    // Pages cached before the seeding: the seeding must drop them, as an admin's save does.
    expect((await get(`${server.url}/projects`)).text).not.toContain(SEEDED_PROJECT.title);
    expect((await get(`${server.url}/`)).text).not.toContain(SEEDED_PROFILE.name);
    seeded = await seedSite(server.dataDir);
  }, 300_000);

  afterAll(async () => {
    await stopAllServers();
  });

  test("holds the full profile, 13 published photos, the hero, three testimonials and three projects, one with its pair", async () => {
    const database = await openDatabase({ dataDir: server.dataDir });
    try {
      const { db } = database;
      const profile = await readProfile({ db });
      expect(profile).toEqual(SEEDED_PROFILE);
      expect(profile.licences).toHaveLength(2);

      expect(seeded.photos).toHaveLength(13);
      expect(new Set(seeded.photos.map((photo) => photo.category))).toEqual(new Set(["kitchen", "bathroom", "floor", "repair", "fences"]));
      for (const { id } of seeded.photos) expect((await getPhoto({ db, id }))?.status, `photo ${id}`).toBe("published");

      expect((await getPhotoChoices({ db })).get("hero")).toBe(seeded.heroPhotoId);
      const testimonials = await listTestimonials({ db });
      expect(testimonials.map((t) => t.id)).toEqual(seeded.testimonialIds);
      expect(testimonials.map((t) => t.name)).toEqual(["Maria G.", "Priya S.", "Dan R."]);

      const project = await getProjectBySlug({ db, slug: seeded.project.slug });
      expect(project?.status).toBe("published");
      const pairs = await listProjectPairs({ db, projectId: seeded.project.id });
      expect(pairs.map((pair) => [pair.before_photo_id, pair.after_photo_id])).toEqual([[seeded.beforePhotoId, seeded.afterPhotoId]]);
      expect(seeded.photos.map((photo) => photo.id)).toContain(seeded.beforePhotoId);

      // The home page's "Recent projects" at its fullest: three published projects.
      expect(seeded.projects).toHaveLength(3);
      expect(seeded.projects[0]).toEqual(seeded.project);
      for (const { slug } of seeded.projects) expect((await getProjectBySlug({ db, slug }))?.status, `project ${slug}`).toBe("published");
    } finally {
      await database.close();
    }
  });

  test("the server already running on it shows it without a restart", async () => {
    const home = await pageShowing(server, "/", `/photos/${seeded.heroPhotoId}/`, SEEDED_PROFILE.name);
    expect(home).toContain(`/photos/${seeded.heroPhotoId}/`);
    expect(home).toContain(SEEDED_PROFILE.name);
    // Written last, by the repositories alone: the list cached before the seeding must not hide it.
    expect(await pageShowing(server, "/projects", SEEDED_PROJECT.title)).toContain(SEEDED_PROJECT.title);
    const project = await get(`${server.url}/projects/${seeded.project.slug}`);
    expect(project.status).toBe(200);
    expect(project.text).toContain(seeded.beforePhotoId);
  });
});
