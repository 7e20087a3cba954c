/**
 * The admin's projects (/admin/projects, /admin/projects/:id; ADR 040) against the real server,
 * on SQLite and (with TEST_POSTGRES_URL) PostgreSQL, each form posted as a browser without
 * JavaScript posts it: create (bad input refused with a sentence, nothing stored), add photos
 * from the gallery, order, cover, before/after pairs (two different photos of this project),
 * publish (refused while a draft has no description; then the drafts and the project together,
 * and the page cache is emptied), unpublish, delete (only after a "yes"; the photos stay), 404s
 * for unknown and malformed ids, and every action refused to anyone but an admin.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { databaseTargets } from "#tests/support/databases.ts";
import {
  elementByClass,
  expectRedirect,
  expectServerHealthy,
  setUpAdminSite,
  tearDownAdminSite,
  statusLine,
  textOf,
  type AdminSite,
} from "#tests/support/admin-site.ts";
import { get } from "#tests/support/server.ts";
import { createTestAccount } from "#tests/support/accounts.ts";
import { openTestStorage, seedPhoto, type SeedPhotoOptions } from "#tests/support/photos.ts";
import type { BlobStore } from "#app/server/storage/blob-store.server.ts";
import { updatePhotoDetails } from "#app/server/repos/photos.server.ts";

const targets = databaseTargets("admin-projects", "admin projects suite");

const UNKNOWN = "00000000-0000-4000-8000-000000000000";

/** This month and next month, as the form posts them. */
function months() {
  const now = new Date();
  const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 2, 1));
  return {
    month: String(now.getUTCMonth() + 1),
    year: String(now.getUTCFullYear()),
    futureMonth: String(next.getUTCMonth() + 1),
    futureYear: String(next.getUTCFullYear()),
  };
}

const details = (overrides: Record<string, string> = {}) => ({
  intent: "create",
  title: "Kitchen opened up in the Heights",
  service: "kitchen",
  place: "Heights, Houston",
  month: "4",
  year: "2026",
  description: "We took out a wall and put in an island.",
  ...overrides,
});

describe.each(targets)("admin projects on $name", (target) => {
  let site: AdminSite;
  let storage: BlobStore;

  beforeAll(async () => {
    site = await setUpAdminSite(target);
    storage = await openTestStorage(site.server.dataDir);
  });

  afterAll(() => tearDownAdminSite(target, site));

  const seed = (options: SeedPhotoOptions) =>
    site.db((database) =>
      seedPhoto({ database, storage, dataDir: site.server.dataDir }, { width: 400, height: 300, category: "kitchen", ...options }),
    );
  /** A draft that has its description (alt text) but is not published yet. */
  const seedDescribedDraft = async (caption: string) => {
    const photo = await seed({ caption, draft: true });
    await site.db(({ db }) =>
      updatePhotoDetails({ db, id: photo.id, details: { caption, alt: `${caption}, described`, category: "kitchen" } }),
    );
    return photo;
  };
  const photoRow = (id: string) => site.db(({ db }) => db.selectFrom("photos").selectAll().where("id", "=", id).executeTakeFirstOrThrow());
  const projectRow = (id: string) => site.db(({ db }) => db.selectFrom("projects").selectAll().where("id", "=", id).executeTakeFirst());
  const projectCount = () => site.db(async ({ db }) => (await db.selectFrom("projects").select("id").execute()).length);
  const storyOf = (projectId: string) =>
    site.db(async ({ db }) =>
      (await db.selectFrom("photos").select("id").where("project_id", "=", projectId).orderBy("project_position").execute()).map(
        (r) => r.id,
      ),
    );

  async function createProject(fields: Record<string, string> = {}): Promise<string> {
    const res = await site.post("/admin/projects", details(fields));
    expect(res.status, textOf(res.text).slice(0, 300)).toBe(302);
    const id = /^\/admin\/projects\/([0-9a-f-]{36})\?done=created$/.exec(res.headers.location ?? "")?.[1];
    expect(id).toBeDefined();
    return id!;
  }

  test("anonymous visitors are sent to sign in; customers are refused every page and every action", async () => {
    const projectId = await createProject({ title: "Guarded project" });
    const photo = await seed({ caption: "Guarded photo" });
    for (const path of ["/admin/projects", `/admin/projects/${projectId}`]) {
      const anonymous = await site.get(path, "");
      expect(anonymous.status).toBe(302);
      expect(anonymous.headers.location).toMatch(/^\/login\?redirectTo=/);
    }
    const customer = await createTestAccount(site.target, { role: "customer" });
    expect((await site.get("/admin/projects", customer.cookie)).status).toBe(403);
    expect((await site.get(`/admin/projects/${projectId}`, customer.cookie)).status).toBe(403);
    const before = await projectCount();
    expect((await site.post("/admin/projects", details({ title: "Sneaky" }), { cookie: customer.cookie })).status).toBe(403);
    const posts: Record<string, string>[] = [
      { ...details({ title: "Renamed" }), intent: "save" },
      { intent: "add-photos", photoId: photo.id },
      { intent: "publish" },
      { intent: "unpublish" },
      { intent: "delete", confirm: "yes" },
    ];
    for (const fields of posts) {
      const res = await site.post(`/admin/projects/${projectId}`, fields, { cookie: customer.cookie });
      expect(res.status, fields.intent).toBe(403);
      expect((await site.post(`/admin/projects/${projectId}`, fields, { cookie: "" })).status, fields.intent).toBe(302);
    }
    expect(await projectCount()).toBe(before);
    expect((await projectRow(projectId))?.title).toBe("Guarded project");
    expect((await photoRow(photo.id)).project_id).toBeNull();
    await site.post(`/admin/projects/${projectId}`, { intent: "delete", confirm: "yes" });
  });

  test("a new project: bad input is refused with a sentence and nothing is stored; good input opens its page", async () => {
    const list = await site.get("/admin/projects");
    expect(list.status).toBe(200);
    // The admin navigation has Projects after Gallery, current here.
    const nav = elementByClass(list.text, "admin-nav") ?? "";
    expect(textOf(nav)).toMatch(/Gallery Projects/);
    expect(nav).toMatch(/<a(?=[^>]*href="\/admin\/projects")(?=[^>]*aria-current="page")[^>]*>Projects<\/a>/);
    for (const label of ["Title", "Service", "Neighbourhood or city", "Month", "Year", "What was done (optional)"]) {
      const match = new RegExp(`<label for="([^"]+)">${label.replace(/[()]/g, "\\$&")}`).exec(list.text);
      expect(match, label).not.toBeNull();
      expect(list.text).toMatch(new RegExp(`<(input|textarea|select)\\b[^>]*id="${match![1]}"`));
    }

    const before = await projectCount();
    const { futureMonth, futureYear } = months();
    const cases: [Record<string, string>, string, string][] = [
      [{ title: "  " }, "Please give the project a title", "new-project-title"],
      [{ place: "1234 Elm St, Houston" }, "not a street address", "new-project-place"],
      [{ place: "Westheimer Road" }, "not a street address", "new-project-place"],
      [{ month: futureMonth, year: futureYear }, "The month the job was finished can't be in the future.", "new-project-month"],
      [{ service: "spaceships" }, "Please choose which service this project was.", "new-project-service"],
    ];
    for (const [fields, sentence, fieldId] of cases) {
      const res = await site.post("/admin/projects", details(fields));
      expect(res.status, sentence).toBe(400);
      const alert = /<div class="admin-alert" role="alert" id="new-project-error"><p>([^<]*)<\/p>/.exec(res.text)?.[1] ?? "";
      expect(textOf(alert)).toContain(sentence);
      // The field is marked and points at the sentence; what was typed is kept.
      expect(res.text).toMatch(new RegExp(`id="${fieldId}"[^>]*aria-invalid="true"`));
      if (fields.place) expect(res.text).toContain(`value="${fields.place}"`);
    }
    expect(await projectCount()).toBe(before);

    const { month, year } = months();
    const id = await createProject({
      title: "Bathroom in Bellaire",
      service: "bathroom",
      place: "Bellaire",
      month,
      year,
    });
    const page = await site.get(`/admin/projects/${id}?done=created`);
    expect(page.status).toBe(200);
    expect(statusLine(page.text)).toBe("Created the project “Bathroom in Bellaire”. Now add its photos.");
    expect(await projectRow(id)).toMatchObject({
      title: "Bathroom in Bellaire",
      service: "bathroom",
      place: "Bellaire",
      finished_on: `${year}-${month.padStart(2, "0")}`,
      status: "draft",
      slug: "bathroom-in-bellaire",
    });
    expect(page.text).toContain('href="/projects/bathroom-in-bellaire"');
    expect(page.text).toContain(`href="/admin/gallery?project=${id}"`);

    const listed = textOf(elementByClass((await site.get("/admin/projects")).text, "project-list") ?? "");
    expect(listed).toContain("Bathroom in Bellaire Draft 0 photos Bellaire ·");

    // Saving details: refused with what was typed, then saved; the draft's address follows the title.
    const refused = await site.post(`/admin/projects/${id}`, {
      ...details({ title: "Bath in Bellaire", place: "4410 Bellaire Blvd" }),
      intent: "save",
    });
    expect(refused.status).toBe(400);
    expect(textOf(refused.text)).toContain("not a street address");
    expect(refused.text).toContain('value="Bath in Bellaire"');
    expect((await projectRow(id))?.title).toBe("Bathroom in Bellaire");
    const saved = await site.post(`/admin/projects/${id}`, {
      ...details({ title: "Bath in Bellaire", service: "bathroom", place: "Bellaire" }),
      intent: "save",
    });
    expect(saved.status).toBe(200);
    expect(statusLine(saved.text)).toBe("Saved the project's details.");
    expect(await projectRow(id)).toMatchObject({
      title: "Bath in Bellaire",
      slug: "bath-in-bellaire",
      finished_on: "2026-04",
    });
    await site.post(`/admin/projects/${id}`, { intent: "delete", confirm: "yes" });
  });

  test("photos are added from the gallery, ordered, made cover and paired; pairs only of this project's two different photos", async () => {
    const projectId = await createProject({ title: "Pairs project" });
    const otherId = await createProject({ title: "Other project" });
    const a = await seed({ caption: "Step A" });
    const b = await seedDescribedDraft("Step B");
    const c = await seed({ caption: "Step C" });
    const elsewhere = await seed({ caption: "Elsewhere" });
    await site.post(`/admin/projects/${otherId}`, { intent: "add-photos", photoId: elsewhere.id });

    let page = await site.get(`/admin/projects/${projectId}`);
    const offered = elementByClass(page.text, "project-pick__grid") ?? "";
    for (const photo of [a, b, c]) expect(offered).toContain(`value="${photo.id}"`);
    // A photo already in a project is not offered.
    expect(offered).not.toContain(`value="${elsewhere.id}"`);
    expect(textOf(offered)).toContain("Step B (draft)");

    // The list is paged by 24 (?page=): rows copied from a photo, older than every other upload.
    const copies = await site.db(async ({ db }) => {
      const row = await db.selectFrom("photos").selectAll().where("id", "=", a.id).executeTakeFirstOrThrow();
      const ids: string[] = [];
      for (let i = 0; i < 24; i++) {
        const id = crypto.randomUUID();
        ids.push(id);
        await db
          .insertInto("photos")
          .values({
            ...row,
            id,
            caption: `Old copy ${i}`,
            created_at: new Date(Date.UTC(2001, 0, 1, 0, i)).toISOString(),
          })
          .execute();
      }
      return ids;
    });
    const firstPage = await site.get(`/admin/projects/${projectId}`);
    expect(textOf(firstPage.text)).toMatch(/Page 1 of 2 Older photos →/);
    expect(elementByClass(firstPage.text, "project-pick__grid") ?? "").not.toContain(`value="${copies[0]}"`);
    const secondPage = await site.get(`/admin/projects/${projectId}?page=2`);
    expect(secondPage.status).toBe(200);
    expect(textOf(secondPage.text)).toMatch(/← Newer photos Page 2 of 2/);
    expect(elementByClass(secondPage.text, "project-pick__grid") ?? "").toContain(`value="${copies[0]}"`);
    // A page past the end shows the last one.
    expect(textOf((await site.get(`/admin/projects/${projectId}?page=99`)).text)).toContain("Page 2 of 2");
    await site.db(({ db }) => db.deleteFrom("photos").where("id", "in", copies).execute());

    const none = await site.post(`/admin/projects/${projectId}`, { intent: "add-photos" });
    expect(none.status).toBe(400);
    expect(textOf(none.text)).toContain("Please tick at least one photo to add.");
    const added = await site.post(`/admin/projects/${projectId}`, [
      ["intent", "add-photos"],
      ["photoId", a.id],
      ["photoId", b.id],
      ["photoId", c.id],
    ]);
    expect(added.status).toBe(200);
    expect(statusLine(added.text)).toBe("Added 3 photos to the project.");
    expect(await storyOf(projectId)).toEqual([a.id, b.id, c.id]);
    // Added photos leave the list of photos to add, and show as tiles in story order.
    expect(elementByClass(added.text, "project-pick__grid") ?? "").not.toContain(`value="${a.id}"`);
    expect(textOf(elementByClass(added.text, "project-photos") ?? "")).toMatch(/1\. Step A Cover .*2\. Step B Draft .*3\. Step C/);

    // Move: down, up, refused past the ends.
    const down = await site.post(`/admin/projects/${projectId}`, { intent: "move", photoId: a.id, direction: "down" });
    expect(down.status).toBe(200);
    expect(statusLine(down.text)).toBe("Moved the photo to place 2 of 3.");
    expect(await storyOf(projectId)).toEqual([b.id, a.id, c.id]);
    const first = await site.post(`/admin/projects/${projectId}`, { intent: "move", photoId: b.id, direction: "up" });
    expect(first.status).toBe(409);
    expect(textOf(first.text)).toContain("This photo is already first.");
    await site.post(`/admin/projects/${projectId}`, { intent: "move", photoId: c.id, direction: "first" });
    expect(await storyOf(projectId)).toEqual([c.id, b.id, a.id]);
    const notOurs = await site.post(`/admin/projects/${projectId}`, {
      intent: "move",
      photoId: elsewhere.id,
      direction: "up",
    });
    expect(notOurs.status).toBe(404);

    // Cover.
    const cover = await site.post(`/admin/projects/${projectId}`, { intent: "cover", photoId: a.id });
    expect(cover.status).toBe(200);
    expect(statusLine(cover.text)).toBe("This photo is now the project's cover.");
    expect((await projectRow(projectId))?.cover_photo_id).toBe(a.id);
    expect((await site.post(`/admin/projects/${projectId}`, { intent: "cover", photoId: elsewhere.id })).status).toBe(404);

    // Pairs.
    const same = await site.post(`/admin/projects/${projectId}`, {
      intent: "pair-add",
      before: a.id,
      after: a.id,
      caption: "",
    });
    expect(same.status).toBe(400);
    expect(textOf(same.text)).toContain("Please choose two different photos: one from before the work and one from after.");
    const other = await site.post(`/admin/projects/${projectId}`, {
      intent: "pair-add",
      before: a.id,
      after: elsewhere.id,
      caption: "",
    });
    expect(other.status).toBe(400);
    expect(textOf(other.text)).toContain("Both photos of a pair must be photos of this project.");
    const missing = await site.post(`/admin/projects/${projectId}`, { intent: "pair-add", before: a.id, caption: "" });
    expect(missing.status).toBe(400);
    expect(textOf(missing.text)).toContain("Please choose the After photo.");
    const tooLong = await site.post(`/admin/projects/${projectId}`, {
      intent: "pair-add",
      before: c.id,
      after: a.id,
      caption: "x".repeat(201),
    });
    expect(tooLong.status).toBe(400);
    expect(await site.db(({ db }) => db.selectFrom("project_pairs").select("id").where("project_id", "=", projectId).execute())).toEqual(
      [],
    );
    const pair = await site.post(`/admin/projects/${projectId}`, {
      intent: "pair-add",
      before: c.id,
      after: a.id,
      caption: "The wall came out",
    });
    expect(pair.status).toBe(200);
    expect(statusLine(pair.text)).toBe("Added the before/after pair.");
    const pairs = await site.db(({ db }) => db.selectFrom("project_pairs").selectAll().where("project_id", "=", projectId).execute());
    expect(pairs).toMatchObject([{ before_photo_id: c.id, after_photo_id: a.id, caption: "The wall came out" }]);
    expect(textOf(elementByClass(pair.text, "project-pairs") ?? "")).toContain("Before After The wall came out");

    // Removing a photo of the pair takes the pair and the cover with it; the photo stays in the gallery.
    const removed = await site.post(`/admin/projects/${projectId}`, { intent: "remove-photo", photoId: a.id });
    expect(removed.status).toBe(200);
    expect(statusLine(removed.text)).toBe("Took the photo out of the project. It is still in the gallery.");
    expect(await storyOf(projectId)).toEqual([c.id, b.id]);
    expect((await photoRow(a.id)).status).toBe("published");
    expect((await projectRow(projectId))?.cover_photo_id).toBeNull();
    expect(await site.db(({ db }) => db.selectFrom("project_pairs").select("id").where("project_id", "=", projectId).execute())).toEqual(
      [],
    );

    const again = await site.post(`/admin/projects/${projectId}`, {
      intent: "pair-add",
      before: c.id,
      after: b.id,
      caption: "",
    });
    expect(again.status).toBe(200);
    const pairId = (
      await site.db(({ db }) => db.selectFrom("project_pairs").select("id").where("project_id", "=", projectId).executeTakeFirstOrThrow())
    ).id;
    const gone = await site.post(`/admin/projects/${projectId}`, { intent: "pair-remove", pairId });
    expect(gone.status).toBe(200);
    expect(statusLine(gone.text)).toBe("Removed the pair. Its photos stay in the project.");
    expect((await site.post(`/admin/projects/${projectId}`, { intent: "pair-remove", pairId })).status).toBe(404);

    await site.post(`/admin/projects/${projectId}`, { intent: "delete", confirm: "yes" });
    await site.post(`/admin/projects/${otherId}`, { intent: "delete", confirm: "yes" });
  });

  test("publish waits for every draft's description, then publishes the drafts and the project together and empties the page cache", async () => {
    const projectId = await createProject({ title: "Deck in Katy", service: "outdoor", place: "Katy" });
    const empty = await site.post(`/admin/projects/${projectId}`, { intent: "publish" });
    expect(empty.status).toBe(409);
    expect(textOf(empty.text)).toContain("Add at least one photo to the project, then publish.");

    const described = await seedDescribedDraft("Deck frame");
    const bare1 = await seed({ caption: "", draft: true, category: "outdoor" });
    const bare2 = await seed({ caption: "", draft: true, category: "outdoor" });
    const live = await seed({ caption: "Deck stain", category: "outdoor" });
    await site.post(`/admin/projects/${projectId}`, [
      ["intent", "add-photos"],
      ["photoId", described.id],
      ["photoId", bare1.id],
      ["photoId", bare2.id],
      ["photoId", live.id],
    ]);
    let page = await site.get(`/admin/projects/${projectId}`);
    expect(textOf(page.text)).toContain("Publish project and its 3 draft photos");
    expect(textOf(page.text)).toContain("2 draft photos need a description for people who can't see it");

    const refused = await site.post(`/admin/projects/${projectId}`, { intent: "publish" });
    expect(refused.status).toBe(409);
    expect(textOf(refused.text)).toContain("2 photos still need a description for people who can't see them: add it, then publish.");
    expect((await projectRow(projectId))?.status).toBe("draft");
    expect((await photoRow(described.id)).status).toBe("draft");

    // A draft's description is written on its tile: the suggestion is there to keep or change.
    page = await site.get(`/admin/projects/${projectId}`);
    expect(page.text).toMatch(new RegExp(`<label for="describe-${bare1.id}">Describe the photo for people who can(&#x27;|')t see it`));
    expect(page.text).toMatch(new RegExp(`id="describe-${bare1.id}"[^>]*value="Outdoor Living job finished by our team in Houston"`));
    expect(page.text).not.toContain(`id="describe-${described.id}"`);
    const blank = await site.post(`/admin/projects/${projectId}`, { intent: "describe", photoId: bare1.id, alt: "  " });
    expect(blank.status).toBe(400);
    expect(textOf(blank.text)).toContain("Please describe the photo for people who can't see it");
    const stranger = await seed({ caption: "Not in it", draft: true });
    expect((await site.post(`/admin/projects/${projectId}`, { intent: "describe", photoId: stranger.id, alt: "A deck" })).status).toBe(404);
    const describedNow = await site.post(`/admin/projects/${projectId}`, {
      intent: "describe",
      photoId: bare1.id,
      alt: "Old deck boards",
    });
    expect(describedNow.status).toBe(200);
    expect(statusLine(describedNow.text)).toBe("Saved the photo's description.");
    expect(await photoRow(bare1.id)).toMatchObject({ alt: "Old deck boards", status: "draft" });
    expect(textOf((await site.post(`/admin/projects/${projectId}`, { intent: "publish" })).text)).toContain(
      "1 photo still needs a description for people who can't see it: add it, then publish.",
    );
    await site.db(({ db }) =>
      updatePhotoDetails({ db, id: bare2.id, details: { caption: "", alt: "New deck boards", category: "outdoor" } }),
    );

    // The public gallery is cached, then publishing the project empties the cache.
    await get(`${site.server.url}/gallery`);
    const cached = await get(`${site.server.url}/gallery`);
    expect(cached.headers["x-page-cache"]).toBe("HIT");
    const published = await site.post(`/admin/projects/${projectId}`, { intent: "publish" });
    expect(published.status).toBe(200);
    expect(statusLine(published.text)).toBe("Published the project with 3 draft photos. It is on the site now.");
    expect((await projectRow(projectId))?.status).toBe("published");
    for (const photo of [described, bare1, bare2, live]) expect((await photoRow(photo.id)).status).toBe("published");
    const after = await get(`${site.server.url}/gallery`);
    expect(after.headers["x-page-cache"]).toBe("MISS");
    expect(textOf(after.text)).toContain("Deck frame");
    expect(textOf(published.text)).toContain("Take off the site");
    expect(textOf(published.text)).toContain("View on site");

    // Unpublish: the project is a draft again, its photos stay in the gallery; the cache is emptied again.
    expect((await get(`${site.server.url}/gallery`)).headers["x-page-cache"]).toBe("HIT");
    const unpublished = await site.post(`/admin/projects/${projectId}`, { intent: "unpublish" });
    expect(unpublished.status).toBe(200);
    expect(statusLine(unpublished.text)).toBe("Took the project off the site. Its photos stay in the gallery.");
    expect((await projectRow(projectId))?.status).toBe("draft");
    expect((await photoRow(described.id)).status).toBe("published");
    expect((await get(`${site.server.url}/gallery`)).headers["x-page-cache"]).toBe("MISS");
    expect((await site.post(`/admin/projects/${projectId}`, { intent: "unpublish" })).status).toBe(409);
    await site.post(`/admin/projects/${projectId}`, { intent: "delete", confirm: "yes" });
  });

  test("delete asks first and needs the yes; the photos stay in the gallery", async () => {
    const projectId = await createProject({ title: "Fence to delete", service: "fences" });
    const photo = await seed({ caption: "Fence photo", category: "fences" });
    await site.post(`/admin/projects/${projectId}`, { intent: "add-photos", photoId: photo.id });

    const page = await site.get(`/admin/projects/${projectId}`);
    expect(page.text).toContain(`href="/admin/projects/${projectId}?confirm=delete#confirm-delete"`);
    const question = await site.get(`/admin/projects/${projectId}?confirm=delete`);
    const section = elementByClass(question.text, "admin-danger") ?? "";
    expect(textOf(section)).toContain(
      "Delete this project? “Fence to delete” and its before/after pairs will be deleted. Its photo stays in the gallery. This cannot be undone.",
    );
    expect(textOf(section)).toContain("Yes, delete this project No, keep it");

    const unconfirmed = await site.post(`/admin/projects/${projectId}`, { intent: "delete" });
    expect(unconfirmed.status).toBe(400);
    expect(textOf(unconfirmed.text)).toContain("Please confirm with “Yes, delete this project”. Nothing was deleted.");
    expect(await projectRow(projectId)).toBeDefined();

    const deleted = await site.post(`/admin/projects/${projectId}`, { intent: "delete", confirm: "yes" });
    expectRedirect(deleted, "/admin/projects?done=deleted");
    expect(statusLine((await site.get(deleted.headers.location!)).text)).toBe("Deleted the project. Its photos are still in the gallery.");
    expect(await projectRow(projectId)).toBeUndefined();
    expect(await photoRow(photo.id)).toMatchObject({ status: "published", project_id: null, project_position: null });
  });

  test("unknown and malformed project ids are 404 for the page and for every action", async () => {
    for (const id of [UNKNOWN, "not-a-uuid", "1%27%20OR%201%3D1"]) {
      const page = await site.get(`/admin/projects/${id}`);
      expect(page.status, id).toBe(404);
      expect(textOf(page.text)).toContain("We couldn't find that project. It may have been deleted.");
      for (const intent of ["save", "publish", "unpublish", "delete", "add-photos", "move"]) {
        const res = await site.post(`/admin/projects/${id}`, {
          ...details(),
          intent,
          confirm: "yes",
          photoId: UNKNOWN,
          direction: "up",
        });
        expect(res.status, `${intent} on ${id}`).toBe(404);
      }
    }
    // An unknown intent is a 400 with what the page can do.
    const projectId = await createProject({ title: "Intent project" });
    const res = await site.post(`/admin/projects/${projectId}`, { intent: "explode" });
    expect(res.status).toBe(400);
    await site.post(`/admin/projects/${projectId}`, { intent: "delete", confirm: "yes" });
    await expectServerHealthy(site);
  });
});
