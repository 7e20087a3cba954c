/**
 * The admin gallery without JavaScript: the upload area says it needs JavaScript, and the photos
 * are still managed with plain form posts: save details, publish a draft (alt text required),
 * move up/down/to a position, and delete after a confirmation step.
 */
import { expect, test } from "./helpers.ts";
import { adminGalleryURL } from "../../playwright.config.ts";
import { adminGalleryData, ignoreDeletedPhotoThumbnails, newMarker, signInAdmin } from "./admin-helpers.ts";
import { withSiteDatabase } from "../support/accounts.ts";
import { openTestStorage, seedPhoto, type SeedPhotoOptions } from "../support/photos.ts";

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
  const draft = await seed({ caption: "", draft: true });
  // Deleted at the end: a draft, so no public page of another test running now loses a photo it shows.
  const unwanted = await seed({ draft: true });
  await signInAdmin(context, baseURL, undefined, adminGalleryData);

  await page.goto("/admin/gallery");
  expect(await page.evaluate(() => typeof (window as { __reactRouterContext?: unknown }).__reactRouterContext)).not.toBe("object");
  await expect(page.getByText("Uploading photos needs JavaScript. If no upload button appears here, turn JavaScript on")).toBeVisible();
  await expect(page.getByRole("button", { name: "Choose photos to upload" })).toHaveCount(0);

  // Publish the draft: first without alt text (refused, nothing changes), then with it.
  const draftCard = page.getByRole("listitem").filter({ has: page.locator(`[id="photo-${draft.id}-title"]`) });
  await draftCard.getByLabel("Caption (optional)").fill(`Shower ${marker}`);
  await draftCard.getByLabel("Alt text").fill("");
  // The browser's own check would stop an empty required field; the server must refuse it too.
  await draftCard.getByLabel("Alt text").evaluate((input) => input.removeAttribute("required"));
  await draftCard.getByRole("button", { name: "Publish" }).click();
  await expect(draftCard.getByRole("alert")).toHaveText("Please describe the photo for people who cannot see it (alt text).");
  await expect(draftCard.getByLabel("Caption (optional)")).toHaveValue(`Shower ${marker}`);
  await draftCard.getByLabel("Alt text").fill(`Walk-in shower ${marker}`);
  await draftCard.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByRole("status")).toHaveText("Image uploaded successfully");
  const published = page.locator(".gallery-published > li");
  const titles = () => published.locator("h3").allTextContents();
  const indexOf = async (text: string) => (await titles()).findIndex((t) => t.includes(text));
  expect(await indexOf(`Shower ${marker}`)).toBe(0);

  // Save details.
  const tub = published.filter({ hasText: `Tub ${marker}` });
  await tub.getByLabel("Caption (optional)").fill(`Clawfoot tub ${marker}`);
  await tub.getByLabel("Service").selectOption("repair");
  await tub.getByRole("button", { name: /^Save/ }).click();
  await expect(page.getByRole("status")).toHaveText("Saved the photo's details.");
  const clawfoot = published.filter({ hasText: `Clawfoot tub ${marker}` });
  await expect(clawfoot.getByLabel("Service")).toHaveValue("repair");

  // Move: up, down, and to a position.
  const vanity = published.filter({ hasText: `Vanity ${marker}` });
  const before = await indexOf(`Vanity ${marker}`);
  await vanity.getByRole("button", { name: /^Move up/ }).click();
  await expect(page.getByRole("status")).toHaveText(`Moved the photo to position ${before} of ${await published.count()}.`);
  expect(await indexOf(`Vanity ${marker}`)).toBe(before - 1);
  await vanity.getByRole("button", { name: /^Move down/ }).click();
  expect(await indexOf(`Vanity ${marker}`)).toBe(before);
  await vanity.getByLabel(/^Position/).fill("1");
  await vanity.getByRole("button", { name: new RegExp(`^Move\\W+Vanity ${marker}$`) }).click();
  await expect(page.getByRole("status")).toHaveText(/^Moved the photo to position 1 of \d+\.$/);
  expect(await indexOf(`Vanity ${marker}`)).toBe(0);

  // Cover of its service page.
  await vanity.getByRole("button", { name: /^Use as cover of the Bathroom Remodeling page/ }).click();
  await expect(page.getByRole("status")).toHaveText("This photo is now the cover of the Bathroom Remodeling page.");
  await expect(vanity.getByText("Cover of the Bathroom Remodeling page", { exact: true })).toBeVisible();

  // Delete: a confirmation step first; "No" keeps it.
  const blurry = page.getByRole("listitem").filter({ has: page.locator(`[id="photo-${unwanted.id}-title"]`) });
  await blurry.getByRole("link", { name: /^Delete…/ }).click();
  await expect(page.getByRole("heading", { name: "Delete this photo?" })).toBeVisible();
  await expect(page.locator("#confirm-delete")).toContainText("and all its files will be deleted. This cannot be undone.");
  await expect(page.locator("#confirm-delete input[name=photoId]")).toHaveValue(unwanted.id);
  await page.getByRole("link", { name: "No, keep it" }).click();
  await expect(page.getByRole("heading", { name: "Delete this photo?" })).toHaveCount(0);
  await expect(blurry).toHaveCount(1);
  await blurry.getByRole("link", { name: /^Delete…/ }).click();
  await page.getByRole("button", { name: "Yes, delete this photo" }).click();
  await expect(page.getByRole("status")).toHaveText("Deleted the photo and all its files.");
  await expect(blurry).toHaveCount(0);
});
