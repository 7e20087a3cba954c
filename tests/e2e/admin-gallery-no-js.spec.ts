/**
 * The admin gallery without JavaScript: the upload area says it needs JavaScript, and the photos
 * are still managed with plain form posts: save details, publish a draft (alt text required),
 * move up/down/to a position, and delete after a confirmation step.
 */
import { expect, test } from "#tests/e2e/helpers.ts";
import { adminGalleryURL } from "../../playwright.config.ts";
import { adminGalleryData, ignoreDeletedPhotoThumbnails, newMarker, signInAdmin } from "#tests/e2e/admin-helpers.ts";
import { withSiteDatabase } from "#tests/support/accounts.ts";
import { openTestStorage, seedPhoto, type SeedPhotoOptions } from "#tests/support/photos.ts";

test.use({ baseURL: adminGalleryURL, javaScriptEnabled: false, viewport: { width: 375, height: 812 } });
test.afterEach(({ consoleErrors }) => ignoreDeletedPhotoThumbnails(consoleErrors));

async function seed(options: SeedPhotoOptions) {
  const storage = await openTestStorage(adminGalleryData.dataDir);
  return withSiteDatabase(adminGalleryData, (database) =>
    seedPhoto({ database, storage, dataDir: adminGalleryData.dataDir }, { width: 400, height: 300, category: "bathroom", ...options }),
  );
}

test("drafts and published photos are managed with JavaScript off; uploading says it needs it", async ({ page, context, baseURL }) => {
  const marker = newMarker("nojs");
  await seed({ caption: `Tub ${marker}` });
  await seed({ caption: `Vanity ${marker}` });
  // Its own draft, found by id: other tests on this server have drafts of their own.
  const draft = await seed({ caption: "", draft: true });
  await signInAdmin(context, baseURL, undefined, adminGalleryData);

  await page.goto("/admin/gallery");
  expect(await page.evaluate(() => typeof (window as { __reactRouterContext?: unknown }).__reactRouterContext)).not.toBe("object");
  await expect(page.getByText("Uploading photos needs JavaScript. If no upload button appears here, turn JavaScript on")).toBeVisible();
  await expect(page.getByRole("button", { name: "Choose photos to upload" })).toHaveCount(0);

  // Publish the draft from its edit view: first without a description (refused, nothing changes), then with it.
  await page.goto("/admin/gallery?show=drafts");
  const needs = page.locator(`.gallery-tiles > li[data-photo-id="${draft.id}"]`);
  await expect(needs).toContainText("Needs a description");
  await needs.getByRole("link").click();
  await expect(page).toHaveURL(/edit=/);
  const view = page.locator("#edit-photo");
  await view.getByLabel("Caption (optional)").fill(`Shower ${marker}`);
  const describe = view.getByLabel("Describe the photo for people who can't see it");
  await describe.fill("");
  // The browser's own check would stop an empty required field; the server must refuse it too.
  await describe.evaluate((input) => input.removeAttribute("required"));
  await view.getByRole("button", { name: "Publish" }).click();
  await expect(view.getByRole("alert")).toHaveText("Please describe the photo for people who can't see it.");
  await expect(view.getByLabel("Caption (optional)")).toHaveValue(`Shower ${marker}`);
  await view.getByLabel("Describe the photo for people who can't see it").fill(`Walk-in shower ${marker}`);
  await view.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByRole("status")).toHaveText("Image uploaded successfully");
  await expect(view).toHaveCount(0);

  await page.goto("/admin/gallery?show=published");
  const tiles = page.locator(".gallery-tiles > li");
  const indexOf = async (text: string) => (await tiles.allTextContents()).findIndex((t) => t.includes(text));
  expect(await indexOf(`Shower ${marker}`)).toBe(0);

  // Save details.
  await tiles
    .filter({ hasText: `Tub ${marker}` })
    .getByRole("link")
    .click();
  await view.getByLabel("Caption (optional)").fill(`Clawfoot tub ${marker}`);
  await view.getByLabel("Service").selectOption("repair");
  await view.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status")).toHaveText("Saved the photo's details.");
  // Back on the list it came from.
  await expect(page).toHaveURL(/show=published/);
  await tiles
    .filter({ hasText: `Clawfoot tub ${marker}` })
    .getByRole("link")
    .click();
  await expect(view.getByLabel("Service")).toHaveValue("repair");
  await view.getByRole("link", { name: "Back to the photos" }).click();

  // Move: up, down, and to a position, from the edit view (it stays open). The list is read once
  // it has loaded again: reading the tiles does not wait for the navigation.
  await expect(tiles.filter({ hasText: `Vanity ${marker}` })).toBeVisible();
  const before = await indexOf(`Vanity ${marker}`);
  expect(before).toBeGreaterThan(0);
  await tiles
    .filter({ hasText: `Vanity ${marker}` })
    .getByRole("link")
    .click();
  await view.getByRole("button", { name: "Move up" }).click();
  await expect(page.getByRole("status")).toHaveText(new RegExp(`^Moved the photo to position ${before} of \\d+\\.$`));
  expect(await indexOf(`Vanity ${marker}`)).toBe(before - 1);
  await view.getByRole("button", { name: "Move down" }).click();
  await expect(page.getByRole("status")).toHaveText(new RegExp(`^Moved the photo to position ${before + 1} of \\d+\\.$`));
  expect(await indexOf(`Vanity ${marker}`)).toBe(before);
  await view.getByLabel(/^Position/).fill("1");
  await view.getByRole("button", { name: "Move", exact: true }).click();
  await expect(page.getByRole("status")).toHaveText(/^Moved the photo to position 1 of \d+\.$/);
  expect(await indexOf(`Vanity ${marker}`)).toBe(0);

  // Cover of its service page.
  await view.getByRole("button", { name: "Make it the cover of the Bathroom Remodeling page" }).click();
  await expect(page.getByRole("status")).toHaveText("This photo is now the cover of the Bathroom Remodeling page.");
  await expect(view.getByText("Cover of the Bathroom Remodeling page", { exact: true })).toBeVisible();
});

// Drafts, so no public page of another test running now loses a photo it shows.
test("without JavaScript, several photos are selected with their checkboxes and deleted after a confirmation step", async ({
  page,
  context,
  baseURL,
}) => {
  const marker = newMarker("nojsbulk");
  const doomed = [await seed({ caption: `Blurry ${marker}`, draft: true }), await seed({ caption: `Dark ${marker}`, draft: true })];
  // One that stays, so the list is not empty after the delete whatever other tests do.
  const kept = await seed({ caption: `Keeper ${marker}`, draft: true });
  await signInAdmin(context, baseURL, undefined, adminGalleryData);
  await page.goto("/admin/gallery?show=drafts");
  const boxOf = (id: string) => page.locator(`[data-photo-id="${id}"] input[type="checkbox"]`);
  for (const photo of doomed) await boxOf(photo.id).check();
  const chosen = doomed.map((photo) => photo.id);
  await page.locator(".gallery-bulk").getByRole("button", { name: "Delete…" }).click();
  // The confirmation step: a page of its own.
  await expect(page.getByRole("heading", { name: "Delete 2 photos? This can't be undone." })).toBeVisible();
  await expect(page).toHaveURL(/delete=.*delete=/);
  await page.getByRole("link", { name: "Cancel" }).click();
  await expect(page.getByRole("heading", { name: /^Delete 2 photos/ })).toHaveCount(0);
  // Cancel kept them (other tests on this server add and delete drafts of their own meanwhile).
  for (const photo of doomed) await expect(page.locator(`[data-photo-id="${photo.id}"]`)).toHaveCount(1);

  for (const photo of doomed) await boxOf(photo.id).check();
  await page.locator(".gallery-bulk").getByRole("button", { name: "Delete…" }).click();
  await page.getByRole("button", { name: "Yes, delete 2 photos" }).click();
  await expect(page.getByRole("status")).toHaveText("Deleted 2 photos and their files.");
  for (const id of chosen) await expect(page.locator(`[data-photo-id="${id}"]`)).toHaveCount(0);

  // "Select all on this page" is a link that comes back with every box ticked.
  await expect(page.locator(`[data-photo-id="${kept.id}"]`)).toHaveCount(1);
  await page.getByRole("link", { name: "Select all on this page" }).click();
  await expect(boxOf(kept.id)).toBeChecked();
  await expect(page.locator(".gallery-tiles input[type='checkbox']:not(:checked)")).toHaveCount(0);
});
