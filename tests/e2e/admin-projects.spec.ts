/**
 * The admin's projects in the browser (ADR 040), at a phone's 375 px and a desktop's 1280 px: a
 * contractor creates a project, ticks photos of the job from the gallery, takes one out again,
 * orders them, picks the cover, writes a draft's description, makes a
 * before/after pair, publishes the project with its draft, then deletes it after the question;
 * focus stays on the control used, nothing scrolls sideways, and axe finds nothing on the list,
 * the project page and the delete question. SCREENSHOTS=1 saves each state in test-results/.
 */
import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, test, waitForHydration } from "#tests/e2e/helpers.ts";
import {
  adminGalleryData,
  expectNoSidewaysScroll,
  ignoreDeletedPhotoThumbnails,
  ignoreRefusedFetcherPosts,
  newMarker,
  pageStatus,
  signInAdmin,
} from "#tests/e2e/admin-helpers.ts";
import { withSiteDatabase } from "#tests/support/accounts.ts";
import { openTestStorage, seedPhoto } from "#tests/support/photos.ts";
import { updatePhotoDetails } from "#app/server/repos/photos.server.ts";
import { adminGalleryURL } from "../../playwright.config.ts";

// The admin gallery's own server: photos published here must not reach the main server's gallery.
test.use({ baseURL: adminGalleryURL });
test.afterEach(({ consoleErrors }) => ignoreDeletedPhotoThumbnails(consoleErrors));

/** A published photo, or a draft with its caption and (unless `describe` is false) its description. */
async function seedJobPhoto(caption: string, options: { draft?: boolean; describe?: boolean } = {}) {
  const storage = await openTestStorage(adminGalleryData.dataDir);
  return withSiteDatabase(adminGalleryData, async (database) => {
    const photo = await seedPhoto(
      { database, storage, dataDir: adminGalleryData.dataDir },
      { caption, category: "kitchen", width: 400, height: 300, ...options },
    );
    const alt = options.describe === false ? "" : caption;
    if (options.draft) await updatePhotoDetails({ db: database.db, id: photo.id, details: { caption, alt, category: "kitchen" } });
    return photo;
  });
}

async function snap(page: Page, name: string): Promise<void> {
  if (process.env.SCREENSHOTS) await page.screenshot({ path: `test-results/admin-projects-${name}.png`, fullPage: true });
}

for (const width of [375, 1280]) {
  test(`at ${width} px: create a project, add photos from the gallery, order, pair, publish, delete`, async ({
    page,
    context,
    baseURL,
    consoleErrors,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height: 900 });
    const marker = newMarker("prj");
    const before = `${marker} old kitchen`;
    const during = `${marker} walls open`;
    const after = `${marker} new kitchen`;
    // Seeded oldest first: the list of photos to add shows the newest first.
    await seedJobPhoto(after);
    await seedJobPhoto(during, { draft: true, describe: false });
    await seedJobPhoto(before);
    // One more photo that stays out of the project, so the list of photos to add is not emptied,
    // and one added and then taken out again.
    await seedJobPhoto(`${marker} another job`);
    const stray = `${marker} stray photo`;
    await seedJobPhoto(stray);
    await signInAdmin(context, baseURL, "Alex Admin", adminGalleryData);

    await page.goto("/admin/projects");
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1, name: "Projects" })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page, `/admin/projects at ${width} px`);
    await snap(page, `list-${width}`);

    // A street address is refused, and focus goes to the field to fix.
    await page.getByLabel("Title", { exact: true }).fill(`${marker} Kitchen opened up`);
    await page.getByLabel("Service", { exact: true }).selectOption("kitchen");
    await page.getByLabel("Neighbourhood or city").fill("1234 Elm St");
    await page.getByLabel("What was done (optional)").fill("We took out a wall.");
    await page.getByRole("button", { name: "Create project" }).click();
    await expect(page.getByRole("alert")).toContainText("not a street address");
    await expect(page.getByLabel("Neighbourhood or city")).toBeFocused();
    await expect(page.getByLabel("Title", { exact: true })).toHaveValue(`${marker} Kitchen opened up`);
    ignoreRefusedFetcherPosts(consoleErrors, 400);
    await page.getByLabel("Neighbourhood or city").fill("Heights, Houston");
    await page.getByRole("button", { name: "Create project" }).click();
    await expect(page).toHaveURL(/\/admin\/projects\/[0-9a-f-]{36}\?done=created$/);
    await expect(pageStatus(page)).toHaveText(`Created the project “${marker} Kitchen opened up”. Now add its photos.`);
    await waitForHydration(page);

    // Tick the photos of the job in the gallery list and add them.
    const pick = page.locator("section", { has: page.getByRole("heading", { name: "Add photos from the gallery" }) });
    for (const name of [before, during, after, stray]) await pick.getByRole("checkbox", { name: new RegExp(name) }).check();
    const add = page.getByRole("button", { name: "Add to project" });
    await add.click();
    await expect(pageStatus(page)).toHaveText("Added 4 photos to the project.");
    await expect(add).toBeFocused();
    const tiles = page.locator(".project-photos > li");
    await expect(tiles).toHaveCount(4);
    await expect(tiles.nth(0)).toContainText(stray);

    // Taken out again: its tile goes, focus goes to the photos' heading, the photo stays in the gallery.
    await page.getByRole("button", { name: new RegExp(`^Remove from project\\s?: ${stray}$`) }).click();
    await expect(pageStatus(page)).toHaveText("Took the photo out of the project. It is still in the gallery.");
    await expect(tiles).toHaveCount(3);
    await expect(page.getByRole("heading", { name: "Photos (3)" })).toBeFocused();
    await expect(pick.getByRole("checkbox", { name: new RegExp(stray) })).toBeVisible();
    await expect(tiles.nth(0)).toContainText(before);

    // Move the first down by keyboard: focus stays on its button.
    const down = page.getByRole("button", { name: new RegExp(`^Move down\\s?: ${before}$`) });
    await down.focus();
    await page.keyboard.press("Enter");
    await expect(pageStatus(page)).toHaveText("Moved the photo to place 2 of 3.");
    await expect(tiles.nth(1)).toContainText(before);
    await expect(down).toBeFocused();
    await page.getByRole("button", { name: new RegExp(`^Move up\\s?: ${before}$`) }).click();
    await expect(tiles.nth(0)).toContainText(before);

    // The last photo as the cover: its Make cover goes, focus moves on to its Remove.
    await page.getByRole("button", { name: new RegExp(`^Make cover\\s?: ${after}$`) }).click();
    await expect(pageStatus(page)).toHaveText("This photo is now the project's cover.");
    await expect(page.getByRole("button", { name: new RegExp(`^Remove from project\\s?: ${after}$`) })).toBeFocused();
    await expect(tiles.nth(2)).toContainText("Cover");

    // The before/after pair.
    const pairForm = page.locator("form", { has: page.getByRole("button", { name: "Add pair" }) });
    await pairForm
      .getByRole("group", { name: "Before photo" })
      .getByRole("radio", { name: new RegExp(before) })
      .check();
    await pairForm
      .getByRole("group", { name: "After photo" })
      .getByRole("radio", { name: new RegExp(after) })
      .check();
    await pairForm.getByLabel("Caption (optional)").fill("The wall came out");
    await page.getByRole("button", { name: "Add pair" }).click();
    await expect(pageStatus(page)).toHaveText("Added the before/after pair.");
    await expect(page.locator(".project-pairs > li")).toHaveCount(1);
    await expect(page.locator(".project-pairs")).toContainText("The wall came out");
    await expect(page.getByRole("button", { name: "Add pair" })).toBeFocused();

    // Publishing waits for the draft's description, which is written on its tile.
    const publish = page.getByRole("button", { name: "Publish project and its draft photo" });
    await publish.click();
    await expect(page.getByRole("alert")).toHaveText(
      "1 photo still needs a description for people who can't see it: add it, then publish.",
    );
    await expect(publish).toBeFocused();
    ignoreRefusedFetcherPosts(consoleErrors, 409);
    const describe = page.getByLabel(/^Describe the photo for people who can't see it/);
    await expect(describe).toHaveValue(during);
    await describe.fill("Kitchen walls opened to the studs");
    await page.getByRole("button", { name: /^Save the description of photo 2$/ }).click();
    await expect(pageStatus(page)).toHaveText("Saved the photo's description.");
    await expect(describe).toHaveCount(0);
    await expect(page.getByRole("button", { name: new RegExp(`^Move down\\s?: ${during}$`) })).toBeFocused();
    await publish.click();
    await expect(pageStatus(page)).toHaveText("Published the project with 1 draft photo. It is on the site now.");
    const takeOff = page.getByRole("button", { name: "Take off the site" });
    await expect(takeOff).toBeFocused();
    await expect(page.getByRole("link", { name: /View on site/ })).toHaveAttribute(
      "href",
      new RegExp(`^/projects/${marker}-kitchen-opened-up$`),
    );
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page, `the project page at ${width} px`);
    await snap(page, `project-${width}`);

    // Delete: the question first (focus on it), then the yes.
    await page.getByRole("link", { name: "Delete project…" }).click();
    const question = page.getByRole("heading", { name: "Delete this project?" });
    await expect(question).toBeFocused();
    await expect(page.locator("#confirm-delete")).toContainText("Its 3 photos stay in the gallery.");
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page, `the delete question at ${width} px`);
    await snap(page, `delete-${width}`);
    await page.getByRole("button", { name: "Yes, delete this project" }).click();
    await expect(page).toHaveURL(/\/admin\/projects\?done=deleted$/);
    await expect(pageStatus(page)).toHaveText("Deleted the project. Its photos are still in the gallery.");
    await expect(page.getByRole("link", { name: `${marker} Kitchen opened up` })).toHaveCount(0);
  });
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 375, height: 812 } });

  test("every form is a plain post that shows the same sentence: create, add, pair, publish, delete", async ({
    page,
    context,
    baseURL,
  }) => {
    const marker = newMarker("prn");
    await seedJobPhoto(`${marker} after`);
    await seedJobPhoto(`${marker} before`);
    await signInAdmin(context, baseURL, "Alex Admin", adminGalleryData);

    await page.goto("/admin/projects");
    await page.getByLabel("Title", { exact: true }).fill(`${marker} Bath`);
    await page.getByLabel("Service", { exact: true }).selectOption("bathroom");
    await page.getByLabel("Neighbourhood or city").fill("Bellaire");
    await page.getByRole("button", { name: "Create project" }).click();
    await expect(pageStatus(page)).toHaveText(`Created the project “${marker} Bath”. Now add its photos.`);

    for (const name of ["before", "after"]) await page.getByRole("checkbox", { name: new RegExp(`${marker} ${name}`) }).check();
    await page.getByRole("button", { name: "Add to project" }).click();
    await expect(pageStatus(page)).toHaveText("Added 2 photos to the project.");

    // A pair of one photo twice is refused, with the sentence next to the form.
    const pairForm = page.locator("form", { has: page.getByRole("button", { name: "Add pair" }) });
    await pairForm
      .getByRole("group", { name: "Before photo" })
      .getByRole("radio", { name: new RegExp(`${marker} before`) })
      .check();
    await pairForm
      .getByRole("group", { name: "After photo" })
      .getByRole("radio", { name: new RegExp(`${marker} before`) })
      .check();
    await page.getByRole("button", { name: "Add pair" }).click();
    await expect(page.getByRole("alert")).toHaveText("Please choose two different photos: one from before the work and one from after.");
    await pairForm
      .getByRole("group", { name: "After photo" })
      .getByRole("radio", { name: new RegExp(`${marker} after`) })
      .check();
    await page.getByRole("button", { name: "Add pair" }).click();
    await expect(pageStatus(page)).toHaveText("Added the before/after pair.");

    await page.getByRole("button", { name: "Publish project" }).click();
    await expect(pageStatus(page)).toHaveText("Published the project. It is on the site now.");

    await page.getByRole("link", { name: "Delete project…" }).click();
    await expect(page.getByRole("heading", { name: "Delete this project?" })).toBeVisible();
    await page.getByRole("button", { name: "Yes, delete this project" }).click();
    await expect(page).toHaveURL(/\/admin\/projects\?done=deleted$/);
    await expect(pageStatus(page)).toHaveText("Deleted the project. Its photos are still in the gallery.");
  });
});
