/**
 * The admin gallery page (/admin/gallery) against the real server, on SQLite and (with
 * TEST_POSTGRES_URL) PostgreSQL: what it shows (drafts with their age, published photos in order,
 * labelled forms, the no-JavaScript note about uploads), and each of its forms as a browser without
 * JavaScript posts them: save, publish (alt text required), move up/down/to a position, cover and
 * uncover, and delete (only after a confirmation; every file goes). Only admins get the page.
 */
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { databaseTargets } from "./helpers/databases.ts";
import { elementByClass, expectRedirect, expectServerHealthy, startAdminSite, statusLine, textOf, type AdminSite } from "./helpers/admin.ts";
import { createTestAccount } from "../support/accounts.ts";
import { openTestStorage, seedPhoto, type SeedPhotoOptions } from "../support/photos.ts";
import type { BlobStore } from "../../app/server/storage/blob-store.server.ts";

const targets = databaseTargets("admin-gallery", "admin gallery suite");

/** The ids of the published photos, in the page's order. */
function publishedOrder(html: string): string[] {
  const list = elementByClass(html, "gallery-published") ?? "";
  return [...list.matchAll(/id="photo-([0-9a-f-]{36})-title"/g)].map((m) => m[1]!);
}

/** The raw HTML of one photo's card. */
function cardOf(html: string, id: string): string {
  const at = html.indexOf(`aria-labelledby="photo-${id}-title"`);
  if (at < 0) return "";
  const start = html.lastIndexOf("<li", at);
  return html.slice(start, html.indexOf("</li>", at) + "</li>".length);
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
    await target.setup();
    site = await startAdminSite(target, { DRAFT_MAX_AGE_HOURS: "24" });
    storage = await openTestStorage(site.server.dataDir);
  });

  afterAll(async () => {
    await site?.stop();
    await target.teardown();
  });

  const seed = (options: SeedPhotoOptions) =>
    site.db((database) => seedPhoto({ database, storage, dataDir: site.server.dataDir }, { width: 400, height: 300, ...options }));
  const rowOf = (id: string) => site.db(({ db }) => db.selectFrom("photos").selectAll().where("id", "=", id).executeTakeFirst());
  const filesOf = (id: string) => {
    const dir = path.join(site.server.dataDir, "media", "photos", id);
    return existsSync(dir) ? readdirSync(dir, { recursive: true }) : [];
  };

  test("anonymous visitors are sent to sign in, customers are refused", async () => {
    const anonymous = await site.get("/admin/gallery", "");
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.location).toMatch(/^\/login\?redirectTo=/);
    const customer = await createTestAccount(site.target, { role: "customer" });
    expect((await site.get("/admin/gallery", customer.cookie)).status).toBe(403);
    const post = await site.post("/admin/gallery", { intent: "uncover", service: "kitchen" }, { cookie: customer.cookie });
    expect(post.status).toBe(403);
  });

  test("the empty page says so, and says uploading needs JavaScript", async () => {
    const res = await site.get("/admin/gallery");
    expect(res.status).toBe(200);
    const text = textOf(res.text);
    expect(text).toContain("0 published photos and 0 drafts.");
    expect(text).toContain("No drafts: every uploaded photo is published.");
    expect(text).toContain("No published photos yet.");
    // Replaced by the upload button once the page's JavaScript runs.
    expect(text).toContain("Uploading photos needs JavaScript. If no upload button appears here, turn JavaScript on in this browser.");
    // The admin navigation leads here.
    const nav = elementByClass(res.text, "admin-nav") ?? "";
    expect(nav).toMatch(/<a(?=[^>]*href="\/admin\/gallery")(?=[^>]*aria-current="page")[^>]*>Gallery<\/a>/);
  });

  test("drafts and published photos are listed with labelled forms, and every form does its job", async () => {
    const first = await seed({ caption: "Fence A", category: "fences" });
    const second = await seed({ caption: "Fence B", category: "fences" });
    const third = await seed({ caption: "Fence C", category: "fences" });
    const draft = await seed({ caption: "", category: "kitchen", draft: true });

    let page = await site.get("/admin/gallery");
    let text = textOf(page.text);
    expect(text).toContain("3 published photos and 1 draft.");
    // Newest published first.
    expect(publishedOrder(page.text)).toEqual([third.id, second.id, first.id]);
    const draftCard = cardOf(page.text, draft.id);
    expect(textOf(draftCard)).toContain("Uploaded less than an hour ago. Removed in about 24 hours unless you publish it.");
    expect(textOf(draftCard)).toContain("Publish");
    // The alt text is pre-filled with a suggestion the admin can change.
    expect(draftCard).toContain('value="Kitchen Remodeling job finished by our team in Houston"');
    expectLabelledFields(draftCard, ["Caption", "Alt text", "Service"]);
    const publishedCard = cardOf(page.text, second.id);
    expectLabelledFields(publishedCard, ["Caption", "Alt text", "Service", "Position"]);
    expect(textOf(publishedCard)).toMatch(/Move up: Fence B Move down: Fence B Position \(1–3\): Fence B Move: Fence B/);
    expect(textOf(publishedCard)).toContain("Use as cover of the Fences page");
    expect(publishedCard).toContain(`href="/admin/gallery?delete=${second.id}#confirm-delete"`);
    // The first cannot go up, the last cannot go down.
    expect(cardOf(page.text, third.id)).toMatch(/id="move-up-[^"]+"[^>]*disabled/);
    expect(cardOf(page.text, first.id)).toMatch(/id="move-down-[^"]+"[^>]*disabled/);

    // Save: the details change; an empty alt text is refused, in the card, with what was typed.
    const refused = await site.post("/admin/gallery", { intent: "save", photoId: second.id, caption: "Cedar fence", alt: " ", category: "fences" });
    expect(refused.status).toBe(400);
    const refusedCard = cardOf(refused.text, second.id);
    expect(refusedCard).toMatch(/role="alert"/);
    expect(textOf(refusedCard)).toContain("Please describe the photo for people who cannot see it (alt text).");
    expect(refusedCard).toContain(">Cedar fence</textarea>");
    const saved = await site.post("/admin/gallery", { intent: "save", photoId: second.id, caption: "Cedar fence", alt: "A new cedar privacy fence", category: "outdoor" });
    expectRedirect(saved, `/admin/gallery?done=saved&photo=${second.id}`);
    page = await site.get(saved.headers.location!);
    expect(statusLine(page.text)).toBe("Saved the photo's details.");
    expect(await rowOf(second.id)).toMatchObject({ caption: "Cedar fence", alt: "A new cedar privacy fence", category: "outdoor" });

    // Publish needs alt text; then the draft goes first in the gallery.
    const noAlt = await site.post("/admin/gallery", { intent: "publish", photoId: draft.id, caption: "New cabinets", alt: "", category: "kitchen" });
    expect(noAlt.status).toBe(400);
    expect(textOf(cardOf(noAlt.text, draft.id))).toContain("(alt text)");
    expect((await rowOf(draft.id))?.status).toBe("draft");
    const published = await site.post("/admin/gallery", { intent: "publish", photoId: draft.id, caption: "New cabinets", alt: "White shaker kitchen cabinets", category: "kitchen" });
    expectRedirect(published, `/admin/gallery?done=published&photo=${draft.id}`);
    page = await site.get(published.headers.location!);
    expect(statusLine(page.text)).toBe("Image uploaded successfully");
    expect(publishedOrder(page.text)).toEqual([draft.id, third.id, second.id, first.id]);
    expect(textOf(page.text)).toContain("4 published photos and 0 drafts.");

    // Move down, up, and to a position.
    expectRedirect(await site.post("/admin/gallery", { intent: "move", photoId: draft.id, direction: "down" }), `/admin/gallery?done=moved&photo=${draft.id}`);
    expectRedirect(await site.post("/admin/gallery", { intent: "move", photoId: first.id, direction: "up" }), `/admin/gallery?done=moved&photo=${first.id}`);
    page = await site.get("/admin/gallery");
    expect(publishedOrder(page.text)).toEqual([third.id, draft.id, first.id, second.id]);
    const moved = await site.post("/admin/gallery", { intent: "move", photoId: second.id, position: "1" });
    expectRedirect(moved, `/admin/gallery?done=moved&photo=${second.id}`);
    page = await site.get(moved.headers.location!);
    expect(statusLine(page.text)).toBe("Moved the photo to position 1 of 4.");
    expect(publishedOrder(page.text)).toEqual([second.id, third.id, draft.id, first.id]);
    // Dropped on another photo: it takes that photo's place.
    expectRedirect(await site.post("/admin/gallery", { intent: "move", photoId: first.id, to: third.id }), `/admin/gallery?done=moved&photo=${first.id}`);
    expect(publishedOrder((await site.get("/admin/gallery")).text)).toEqual([second.id, first.id, third.id, draft.id]);
    expectRedirect(await site.post("/admin/gallery", { intent: "move", photoId: first.id, to: draft.id }), `/admin/gallery?done=moved&photo=${first.id}`);
    expect(publishedOrder((await site.get("/admin/gallery")).text)).toEqual([second.id, third.id, draft.id, first.id]);
    const gone = await site.post("/admin/gallery", { intent: "move", photoId: first.id, to: "00000000-0000-4000-8000-000000000000" });
    expect(gone.status).toBe(409);
    const firstUp = await site.post("/admin/gallery", { intent: "move", photoId: second.id, direction: "up" });
    expect(firstUp.status).toBe(409);
    // Shown in the photo's own card.
    expect(cardOf(firstUp.text, second.id)).toMatch(/role="alert"><p>This photo is already first\.<\/p>/);

    // Cover of its service page, then back to the artwork.
    const cover = await site.post("/admin/gallery", { intent: "cover", photoId: third.id });
    expectRedirect(cover, `/admin/gallery?done=cover&photo=${third.id}&service=fences`);
    page = await site.get(cover.headers.location!);
    expect(statusLine(page.text)).toBe("This photo is now the cover of the Fences page.");
    const coverCard = textOf(cardOf(page.text, third.id));
    expect(coverCard).toContain("Cover of the Fences page");
    expect(coverCard).toContain("Remove cover of the Fences page");
    expect(textOf(cardOf(page.text, first.id))).toContain("Use as cover of the Fences page");
    const uncover = await site.post("/admin/gallery", { intent: "uncover", service: "fences" });
    expectRedirect(uncover, "/admin/gallery?done=uncover&service=fences");
    page = await site.get(uncover.headers.location!);
    expect(statusLine(page.text)).toBe("The Fences page shows its artwork again.");
    expect(textOf(cardOf(page.text, third.id))).not.toContain("Cover of the Fences page");

    // Delete: a confirmation first (a mis-click deletes nothing), then every file goes.
    expect(filesOf(first.id).length).toBeGreaterThan(0);
    const unconfirmed = await site.post("/admin/gallery", { intent: "delete", photoId: first.id });
    expect(unconfirmed.status).toBe(400);
    expect(textOf(cardOf(unconfirmed.text, first.id))).toContain("Please confirm with “Yes, delete this photo”. Nothing was deleted.");
    expect(await rowOf(first.id)).toBeDefined();
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
    expect(publishedOrder(page.text)).toEqual([second.id, third.id, draft.id]);
    expect(textOf(page.text)).toContain("3 published photos and 0 drafts.");

    await expectServerHealthy(site);
  });

  test("a link to confirm deleting a photo that is gone shows no question", async () => {
    const page = await site.get("/admin/gallery?delete=00000000-0000-4000-8000-000000000000");
    expect(page.status).toBe(200);
    expect(elementByClass(page.text, "gallery-confirm")).toBeNull();
  });
});
