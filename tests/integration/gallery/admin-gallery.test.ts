/**
 * The admin gallery page (/admin/gallery, ADR 041) against the real server, on SQLite and (with
 * TEST_POSTGRES_URL) PostgreSQL, as a browser without JavaScript uses it: tiles that open an edit
 * view (`?edit=<id>`) with labelled fields; Save, Publish (a description for people who can't see
 * it is needed), Move, cover, Rotate (new keys, old ones gone, size turned) and Delete after a
 * confirmation; the bulk actions (publish all or nothing, move to a project, change service,
 * remove from project, delete through a confirmation step); uploads into a project; 48 photos a
 * page with filters, and the page under 1 MB of HTML with 500 photos. Only admins get the page.
 */
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { randomUUID } from "node:crypto";
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
import { request } from "#tests/support/server.ts";
import { createTestAccount } from "#tests/support/accounts.ts";
import { makeTestJpeg, openTestStorage, seedPhoto, type SeedPhotoOptions } from "#tests/support/photos.ts";
import type { BlobStore } from "#app/server/storage/blob-store.server.ts";
import { createProject } from "#app/server/repos/projects.server.ts";
import { parseVariants, type PhotoRow } from "#app/server/repos/photos.server.ts";

const targets = databaseTargets("admin-gallery", "admin gallery suite");

/** The ids of the tiles on the page, in order. */
function tileIds(html: string): string[] {
  const list = elementByClass(html, "gallery-tiles") ?? "";
  return [...list.matchAll(/id="open-([0-9a-f-]{36})"/g)].map((m) => m[1]!);
}

/** The raw HTML of one photo's tile. */
function tileOf(html: string, id: string): string {
  const at = html.indexOf(`data-photo-id="${id}"`);
  if (at < 0) return "";
  const start = html.lastIndexOf("<li", at);
  return html.slice(start, html.indexOf("</li>", at) + "</li>".length);
}

/** The edit view's section (without JavaScript it is part of the page). */
function editView(html: string): string {
  return elementByClass(html, "gallery-sheet") ?? "";
}

/** Each `for` of a label in `html` points at a field that exists. */
function expectLabelledFields(html: string, labels: string[]): void {
  for (const label of labels) {
    const match = new RegExp(`<label for="([^"]+)">${label}`).exec(html);
    expect(match, `label “${label}”`).not.toBeNull();
    expect(html).toMatch(new RegExp(`<(input|textarea|select)\\b[^>]*id="${match![1]}"`));
  }
}

describe.each(targets)("admin gallery page on $name", (target) => {
  let site: AdminSite;
  let storage: BlobStore;

  beforeAll(async () => {
    site = await setUpAdminSite(target, { DRAFT_MAX_AGE_HOURS: "24" });
    storage = await openTestStorage(site.server.dataDir);
  });

  afterAll(async () => {
    await storage?.close();
    await tearDownAdminSite(target, site);
  });

  const seed = (options: SeedPhotoOptions) =>
    site.db((database) => seedPhoto({ database, storage, dataDir: site.server.dataDir }, { width: 400, height: 300, ...options }));
  const rowOf = (id: string) => site.db(({ db }) => db.selectFrom("photos").selectAll().where("id", "=", id).executeTakeFirst());
  const filesOf = (id: string) => {
    const dir = path.join(site.server.dataDir, "media", "photos", id);
    return existsSync(dir)
      ? (readdirSync(dir, { recursive: true }) as string[]).filter((f) => f.includes(".")).map((f) => f.split(path.sep).join("/"))
      : [];
  };
  const project = (title: string) =>
    site.db(({ db }) =>
      createProject({
        db,
        fields: { title, service: "kitchen", place: "Heights", finishedOn: "2026-04", description: "A kitchen." },
      }),
    );
  const bulk = (intent: string, ids: string[], extra: [string, string][] = [], address = "/admin/gallery") =>
    site.post(address, [["intent", intent], ...ids.map((id): [string, string] => ["ids", id]), ...extra]);
  const deleteAll = () =>
    site.db(async ({ db }) => {
      await db.deleteFrom("service_covers").execute();
      await db.deleteFrom("photos").execute();
      await db.deleteFrom("projects").execute();
    });

  test("anonymous visitors are sent to sign in, customers are refused, for every new intent too", async () => {
    const anonymous = await site.get("/admin/gallery", "");
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.location).toMatch(/^\/login\?redirectTo=/);
    const customer = await createTestAccount(site.target, { role: "customer" });
    expect((await site.get("/admin/gallery", customer.cookie)).status).toBe(403);
    for (const intent of [
      "uncover",
      "rotate",
      "upload-choice",
      "bulk-publish",
      "bulk-project",
      "bulk-service",
      "bulk-unproject",
      "bulk-delete",
    ]) {
      const post = await site.post("/admin/gallery", { intent, service: "kitchen", ids: randomUUID() }, { cookie: customer.cookie });
      expect(post.status, intent).toBe(403);
      expect((await site.post("/admin/gallery", { intent }, { cookie: "" })).status, intent).toBe(302);
    }
  });

  test("the empty page says so, and says uploading needs JavaScript", async () => {
    const res = await site.get("/admin/gallery");
    expect(res.status).toBe(200);
    const text = textOf(res.text);
    expect(text).toContain("0 published photos and 0 drafts.");
    expect(text).toContain("No photos yet. Upload some above.");
    expect(text).toContain("Uploading photos needs JavaScript. If no upload button appears here, turn JavaScript on in this browser.");
    const nav = elementByClass(res.text, "admin-nav") ?? "";
    expect(nav).toMatch(/<a(?=[^>]*href="\/admin\/gallery")(?=[^>]*aria-current="page")[^>]*>Gallery<\/a>/);
  });

  test("tiles open an edit view whose forms do their job: save, publish, move, cover, rotate, delete", async () => {
    await deleteAll();
    const first = await seed({ caption: "Fence A", category: "fences" });
    const second = await seed({ caption: "Fence B", category: "fences" });
    const third = await seed({ caption: "Fence C", category: "fences" });
    const draft = await seed({ caption: "", category: "kitchen", draft: true });

    let page = await site.get("/admin/gallery");
    expect(textOf(page.text)).toContain("3 published photos and 1 draft.");
    // Drafts first, then newest published first.
    expect(tileIds(page.text)).toEqual([draft.id, third.id, second.id, first.id]);
    const draftTile = tileOf(page.text, draft.id);
    expect(textOf(draftTile)).toContain("Needs a description");
    expect(textOf(draftTile)).toContain("Draft");
    // A real checkbox, labelled with the photo, in the bulk form; a link to its edit view.
    const checkbox = new RegExp(`<input type="checkbox"[^>]*id="select-${draft.id}"[^>]*>`).exec(draftTile)?.[0] ?? "";
    expect(checkbox).toContain('form="gallery-bulk"');
    expect(checkbox).toContain(`name="ids" value="${draft.id}"`);
    expect(draftTile).toContain(`<label for="select-${draft.id}">`);
    expect(draftTile).toContain(`href="/admin/gallery?edit=${draft.id}"`);
    expect(textOf(tileOf(page.text, second.id))).toContain("Select Fence B Edit: Fence B Published · #2");
    // No edit forms on the list itself: one view at a time.
    expect(page.text).not.toContain('name="caption"');

    // The draft's edit view: the description is suggested and the fields are labelled.
    page = await site.get(`/admin/gallery?edit=${draft.id}`);
    let view = editView(page.text);
    expect(view).toContain('value="Kitchen Remodeling job finished by our team in Houston"');
    expectLabelledFields(view, ["Caption", "Describe the photo for people who can&#x27;t see it", "Service", "Project"]);
    expect(textOf(view)).toContain("Save Publish");
    expect(textOf(view)).toContain("Rotate left Rotate right");
    expect(textOf(view)).not.toContain("Move up");
    expect(textOf(view)).toContain("Uploaded less than an hour ago. Removed in about 24 hours unless you publish it.");
    const publishedView = editView((await site.get(`/admin/gallery?edit=${second.id}`)).text);
    expectLabelledFields(publishedView, ["Caption", "Describe the photo", "Service", "Project", "Position"]);
    expect(textOf(publishedView)).toContain("Make it the cover of the Fences page");
    expect(textOf(publishedView)).toMatch(/Project No project Save Rotate left/);
    expect(publishedView).toContain(`href="/admin/gallery?delete=${second.id}#confirm-delete"`);

    // Save: an empty description is refused in the edit view, with what was typed.
    const refused = await site.post(`/admin/gallery?edit=${second.id}`, {
      intent: "save",
      photoId: second.id,
      caption: "Cedar fence",
      alt: " ",
      category: "fences",
    });
    expect(refused.status).toBe(400);
    view = editView(refused.text);
    expect(view).toMatch(/role="alert"/);
    expect(textOf(view)).toContain("Please describe the photo for people who can't see it.");
    expect(view).toContain(">Cedar fence</textarea>");
    const saved = await site.post(`/admin/gallery?edit=${second.id}`, {
      intent: "save",
      photoId: second.id,
      caption: "Cedar fence",
      alt: "A new cedar privacy fence",
      category: "outdoor",
    });
    // Saved: back to the list (the edit view closed).
    expectRedirect(saved, `/admin/gallery?done=saved&photo=${second.id}`);
    page = await site.get(saved.headers.location!);
    expect(statusLine(page.text)).toBe("Saved the photo's details.");
    expect(await rowOf(second.id)).toMatchObject({
      caption: "Cedar fence",
      alt: "A new cedar privacy fence",
      category: "outdoor",
    });

    // Publish needs the description; then the draft goes first in the gallery.
    const noAlt = await site.post("/admin/gallery", {
      intent: "publish",
      photoId: draft.id,
      caption: "New cabinets",
      alt: "",
      category: "kitchen",
    });
    expect(noAlt.status).toBe(400);
    expect((await rowOf(draft.id))?.status).toBe("draft");
    const published = await site.post("/admin/gallery", {
      intent: "publish",
      photoId: draft.id,
      caption: "New cabinets",
      alt: "White shaker kitchen cabinets",
      category: "kitchen",
    });
    expectRedirect(published, `/admin/gallery?done=published&photo=${draft.id}`);
    page = await site.get(published.headers.location!);
    expect(statusLine(page.text)).toBe("Image uploaded successfully");
    expect(tileIds(page.text)).toEqual([draft.id, third.id, second.id, first.id]);
    expect(textOf(page.text)).toContain("4 published photos and 0 drafts.");

    // Move from the edit view: it stays open on the photo.
    expectRedirect(
      await site.post(`/admin/gallery?edit=${draft.id}`, { intent: "move", photoId: draft.id, direction: "down" }),
      `/admin/gallery?done=moved&photo=${draft.id}&edit=${draft.id}`,
    );
    const moved = await site.post("/admin/gallery", { intent: "move", photoId: first.id, position: "1" });
    expectRedirect(moved, `/admin/gallery?done=moved&photo=${first.id}`);
    page = await site.get(moved.headers.location!);
    expect(statusLine(page.text)).toBe("Moved the photo to position 1 of 4.");
    expect(tileIds(page.text)).toEqual([first.id, third.id, draft.id, second.id]);
    // Dropped on another photo (the drag): it takes that photo's place.
    expectRedirect(
      await site.post("/admin/gallery", { intent: "move", photoId: second.id, to: third.id }),
      `/admin/gallery?done=moved&photo=${second.id}`,
    );
    expect(tileIds((await site.get("/admin/gallery")).text)).toEqual([first.id, second.id, third.id, draft.id]);
    const firstUp = await site.post(`/admin/gallery?edit=${first.id}`, {
      intent: "move",
      photoId: first.id,
      direction: "up",
    });
    expect(firstUp.status).toBe(409);
    expect(editView(firstUp.text)).toMatch(/role="alert"><p>This photo is already first\.<\/p>/);

    // Cover of its service page, then back to the artwork.
    const cover = await site.post("/admin/gallery", { intent: "cover", photoId: third.id });
    expectRedirect(cover, `/admin/gallery?done=cover&photo=${third.id}&service=fences`);
    expect(statusLine((await site.get(cover.headers.location!)).text)).toBe("This photo is now the cover of the Fences page.");
    expect(textOf(editView((await site.get(`/admin/gallery?edit=${third.id}`)).text))).toContain("Remove cover of the Fences page");
    expectRedirect(
      await site.post("/admin/gallery", { intent: "uncover", service: "fences" }),
      "/admin/gallery?done=uncover&service=fences",
    );

    // Rotate right: every file is made again under version 2, the old ones go, the size turns.
    const before = (await rowOf(first.id)) as PhotoRow;
    const oldFiles = filesOf(first.id);
    expect(oldFiles.every((f) => f.startsWith("v1/"))).toBe(true);
    const badTurn = await site.post(`/admin/gallery?edit=${first.id}`, {
      intent: "rotate",
      photoId: first.id,
      direction: "sideways",
    });
    expect(badTurn.status).toBe(400);
    expect(textOf(editView(badTurn.text))).toContain("Please say which way to turn the photo: left or right.");
    const rotated = await site.post(`/admin/gallery?edit=${first.id}`, {
      intent: "rotate",
      photoId: first.id,
      direction: "right",
    });
    expectRedirect(rotated, `/admin/gallery?done=rotated&photo=${first.id}&edit=${first.id}`);
    expect(statusLine((await site.get(rotated.headers.location!)).text)).toBe("Turned the photo. Its pages show it the new way round.");
    const after = (await rowOf(first.id)) as PhotoRow;
    expect(after).toMatchObject({
      version: 2,
      width: before.height,
      height: before.width,
      master_width: before.master_height,
      master_height: before.master_width,
    });
    expect(after.master_key).toMatch(new RegExp(`^photos/${first.id}/v2/master-`));
    expect(parseVariants(after).every((v) => v.key.startsWith(`photos/${first.id}/v2/`) && v.height > v.width)).toBe(true);
    expect(after.placeholder).not.toBe(before.placeholder);
    const newFiles = filesOf(first.id);
    expect(newFiles.length).toBe(oldFiles.length);
    expect(newFiles.every((f) => f.startsWith("v2/"))).toBe(true);
    expect((await site.get(`/media/${before.master_key}`)).status).toBe(404);
    expect((await site.get(`/media/${after.master_key}`)).status).toBe(200);
    // The public gallery shows the new files at once (its cache was dropped).
    const publicGallery = await site.get("/gallery", "");
    expect(publicGallery.text).toContain(`photos/${first.id}/v2/`);
    expect(publicGallery.text).not.toContain(`photos/${first.id}/v1/`);
    expect(await site.db(({ db }) => db.selectFrom("blob_deletions").selectAll().execute())).toEqual([]);

    // Delete: a confirmation first (a mis-click deletes nothing), then every file goes.
    const unconfirmed = await site.post("/admin/gallery", { intent: "delete", photoId: first.id });
    expect(unconfirmed.status).toBe(400);
    expect(textOf(unconfirmed.text)).toContain("Please confirm with “Yes, delete this photo”. Nothing was deleted.");
    const confirm = await site.get(`/admin/gallery?delete=${first.id}`);
    const question = elementByClass(confirm.text, "gallery-confirm") ?? "";
    expect(textOf(question)).toContain("Delete this photo? “Fence A” and all its files will be deleted, and it leaves the gallery.");
    expect(question).toMatch(/name="confirm" value="yes"/);
    expect(textOf(question)).toContain("Yes, delete this photo No, keep it");
    const deleted = await site.post("/admin/gallery", { intent: "delete", photoId: first.id, confirm: "yes" });
    expectRedirect(deleted, "/admin/gallery?done=deleted");
    page = await site.get(deleted.headers.location!);
    expect(statusLine(page.text)).toBe("Deleted the photo and all its files.");
    expect(await rowOf(first.id)).toBeUndefined();
    expect(filesOf(first.id)).toEqual([]);
    expect(tileIds(page.text)).toEqual([second.id, third.id, draft.id]);

    await expectServerHealthy(site);
  });

  test("bulk actions: publish all or nothing, move to a project, change service, remove from project, delete after a confirmation", async () => {
    await deleteAll();
    const described = await seed({ caption: "Counter", category: "kitchen", draft: true });
    await site.db(({ db }) =>
      db.updateTable("photos").set({ caption: "Counter", alt: "A quartz counter" }).where("id", "=", described.id).execute(),
    );
    const bare = await seed({ caption: "Sink", category: "kitchen", draft: true });
    await site.db(({ db }) => db.updateTable("photos").set({ caption: "Sink" }).where("id", "=", bare.id).execute());
    const live = await seed({ caption: "Island", category: "kitchen" });
    const job = await project("Heights kitchen");

    // Nothing selected, too many, a bad intent.
    expect((await bulk("bulk-publish", [])).status).toBe(400);
    expect(textOf((await bulk("bulk-publish", [])).text)).toContain("Please select at least one photo first.");
    expect((await bulk("bulk-sideways", [live.id])).status).toBe(400);

    // Publish all or nothing: one has no description, so nothing is published and it is named.
    const refused = await bulk("bulk-publish", [described.id, bare.id, live.id]);
    expect(refused.status).toBe(409);
    expect(textOf(refused.text)).toContain(
      "Nothing was published: 1 of the selected photos needs a description for people who can't see it first (“Sink”).",
    );
    expect((await rowOf(described.id))?.status).toBe("draft");
    await site.db(({ db }) => db.updateTable("photos").set({ alt: "A farmhouse sink" }).where("id", "=", bare.id).execute());
    const publishedAll = await bulk("bulk-publish", [described.id, bare.id, live.id]);
    expectRedirect(publishedAll, "/admin/gallery?done=bulk-published&n=2&k=1");
    expect(statusLine((await site.get(publishedAll.headers.location!)).text)).toBe("Published 2 photos. 1 photo was already published.");
    expect((await rowOf(described.id))?.status).toBe("published");
    // The first selected goes first in the gallery.
    const order = tileIds((await site.get("/admin/gallery?show=published")).text);
    expect(order).toEqual([described.id, bare.id, live.id]);

    // Move to a project, from a filtered list: the answer goes back to that list.
    const moved = await bulk("bulk-project", [described.id, bare.id], [["projectId", job.id]], "/admin/gallery?show=published");
    expectRedirect(moved, `/admin/gallery?done=bulk-moved&named=${job.id}&n=2&show=published`);
    expect(statusLine((await site.get(moved.headers.location!)).text)).toBe("Moved 2 photos to the project “Heights kitchen”.");
    expect((await rowOf(bare.id))?.project_id).toBe(job.id);
    const inProject = await site.get(`/admin/gallery?project=${job.id}`);
    expect(tileIds(inProject.text)).toEqual([described.id, bare.id]);
    expect(textOf(tileOf(inProject.text, bare.id))).toContain("Heights kitchen");
    expect((await bulk("bulk-project", [live.id], [["projectId", randomUUID()]])).status).toBe(404);

    // Change service.
    const service = await bulk("bulk-service", [described.id, live.id], [["category", "outdoor"]]);
    expectRedirect(service, "/admin/gallery?done=bulk-service&named=outdoor&n=2");
    expect(statusLine((await site.get(service.headers.location!)).text)).toBe("2 photos now show Outdoor Living.");
    expect((await rowOf(live.id))?.category).toBe("outdoor");
    expect((await bulk("bulk-service", [live.id], [["category", "garage"]])).status).toBe(400);

    // Remove from project.
    const out = await bulk("bulk-unproject", [bare.id, live.id]);
    expectRedirect(out, "/admin/gallery?done=bulk-unprojected&n=1");
    expect(statusLine((await site.get(out.headers.location!)).text)).toBe("Took 1 photo out of its project; it stays in the gallery.");
    expect((await rowOf(bare.id))?.project_id).toBeNull();

    // Delete: without the "yes", the confirmation step (a page without JavaScript).
    const ask = await bulk("bulk-delete", [bare.id, live.id], [], "/admin/gallery?show=published");
    expectRedirect(ask, `/admin/gallery?show=published&delete=${bare.id}&delete=${live.id}`);
    const step = await site.get(ask.headers.location!);
    const question = elementByClass(step.text, "gallery-confirm") ?? "";
    expect(textOf(question)).toContain("Delete 2 photos? This can't be undone.");
    expect(textOf(question)).toContain("Yes, delete 2 photos Cancel");
    expect(question).toContain(`name="ids" value="${bare.id}"`);
    expect(await rowOf(bare.id)).toBeDefined();
    const gone = await bulk("bulk-delete", [bare.id, live.id], [["confirm", "yes"]], "/admin/gallery?show=published");
    expectRedirect(gone, "/admin/gallery?done=bulk-deleted&n=2&show=published");
    expect(statusLine((await site.get(gone.headers.location!)).text)).toBe("Deleted 2 photos and their files.");
    expect(await rowOf(bare.id)).toBeUndefined();
    expect(filesOf(bare.id)).toEqual([]);
    expect(filesOf(live.id)).toEqual([]);
    expect((await rowOf(described.id))?.status).toBe("published");
    await expectServerHealthy(site);
  });

  test("an upload into a project joins it as a draft, and ?project= preselects and filters it", async () => {
    await deleteAll();
    const job = await project("Bellaire bath");
    const jpeg = await makeTestJpeg({ width: 500, height: 400 });
    const upload = (query: string) =>
      request(`${site.server.url}/admin/gallery/upload${query}`, {
        method: "POST",
        headers: {
          origin: site.server.url,
          cookie: site.admin.cookie,
          "content-type": "application/octet-stream",
          "content-length": String(jpeg.length),
        },
        body: jpeg,
      });
    const res = await upload(`?category=bathroom&project=${job.id}`);
    expect(res.status).toBe(201);
    const { photo } = JSON.parse(res.text) as { photo: { id: string } };
    expect(await rowOf(photo.id)).toMatchObject({
      status: "draft",
      category: "bathroom",
      project_id: job.id,
      project_position: 0,
    });
    const missing = await upload(`?category=bathroom&project=${randomUUID()}`);
    expect(missing.status).toBe(404);
    expect(JSON.parse(missing.text).error).toContain("The project chosen for this upload no longer exists.");
    const filtered = await site.get(`/admin/gallery?project=${job.id}`);
    expect(tileIds(filtered.text)).toEqual([photo.id]);
    expect(textOf(filtered.text)).toContain("1 photo in the project “Bellaire bath”.");
    expect((await site.get(`/admin/gallery?project=${randomUUID()}`)).status).toBe(404);
  });

  test("500 photos: 48 a page, filters, bad pages refused, and the page stays under 1 MB of HTML", async () => {
    await deleteAll();
    // One real photo; 499 more rows share its files (the page only reads rows).
    const model = await seed({ caption: "Model", category: "bathroom" });
    const job = await project("Big job");
    await site.db(async ({ db }) => {
      const rows: PhotoRow[] = [];
      for (let i = 1; i < 500; i++) {
        const draft = i % 5 === 0;
        rows.push({
          ...model,
          id: randomUUID(),
          status: draft ? "draft" : "published",
          caption: `Photo number ${i} of a long list, with a caption of ordinary length`,
          alt: i % 7 === 0 ? "" : `A described photo ${i}`,
          category: i % 2 === 0 ? "kitchen" : "bathroom",
          sort_order: i,
          published_at: draft ? null : model.published_at,
          project_id: i < 30 ? job.id : null,
          project_position: i < 30 ? i : null,
        });
      }
      for (let i = 0; i < rows.length; i += 50)
        await db
          .insertInto("photos")
          .values(rows.slice(i, i + 50))
          .execute();
    });
    const first = await site.get("/admin/gallery");
    expect(first.status).toBe(200);
    expect(textOf(first.text)).toContain("500 photos, page 1 of 11.");
    expect(tileIds(first.text)).toHaveLength(48);
    // A budget, not a timing: the whole document, with its data for the page's script.
    expect(Buffer.byteLength(first.text)).toBeLessThan(1024 * 1024);
    const last = await site.get("/admin/gallery?page=11");
    expect(tileIds(last.text)).toHaveLength(500 - 480);
    const pager = elementByClass(last.text, "gallery-pager") ?? "";
    expect(textOf(pager)).toContain("Page 11 of 11");
    expect(pager).toContain('href="/admin/gallery?page=10"');
    expect(pager).not.toContain("Next page");
    // Past the end (photos deleted since): the last page.
    expect(tileIds((await site.get("/admin/gallery?page=40")).text)).toHaveLength(20);
    for (const bad of ["?page=0", "?page=abc", "?show=everything", "?service=garage"]) {
      expect((await site.get(`/admin/gallery${bad}`)).status, bad).toBe(400);
    }
    const drafts = await site.get("/admin/gallery?show=drafts");
    expect(textOf(drafts.text)).toContain("99 photos, page 1 of 3.");
    const kitchen = await site.get("/admin/gallery?service=kitchen&show=published");
    expect(tileIds(kitchen.text)).toHaveLength(48);
    expect(textOf(kitchen.text)).toContain("of Kitchen Remodeling, page 1 of");
    const projectPage = await site.get(`/admin/gallery?project=${job.id}`);
    expect(tileIds(projectPage.text)).toHaveLength(29);
    // The next page's links keep the filter.
    expect(kitchen.text).toContain('href="/admin/gallery?show=published&amp;service=kitchen&amp;page=2"');
  });
});
