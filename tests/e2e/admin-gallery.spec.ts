/**
 * The admin gallery page in the browser, as the contractor uses it: a phone photo (GPS, EXIF
 * orientation 6) chosen through the thumbnail, its preview and percentage progress on a slowed
 * upload, 'Upload Image' inert until the upload is done, then published with 'Image uploaded
 * successfully' and the page ready for the next; the served photo is upright and has no
 * metadata. Also: an iPhone HEIC (a placeholder, then the server's picture), several files at
 * once (one refused on its own), files dropped on the page; the photo grid (ADR 041): tiles that
 * open an edit dialog (focus back on the tile when it closes), three tiles selected by keyboard and
 * published together, rotating, reordering from the dialog and by drag, deleting through a dialog,
 * at 375 px and 1280 px, and axe on the grid, the dialog and the bulk confirmation.
 */
import type { Locator, Page } from "@playwright/test";
import sharp from "sharp";
import { expect, expectNoAxeViolations, test, waitForHydration } from "#tests/e2e/helpers.ts";
import {
  adminGalleryData,
  expectNoSidewaysScroll,
  ignoreDeletedPhotoThumbnails,
  newMarker,
  signInAdmin,
} from "#tests/e2e/admin-helpers.ts";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { EXIF_WITH_GPS, FIXTURES_DIR } from "#scripts/make-image-fixtures.ts";
import { withSiteDatabase } from "#tests/support/accounts.ts";
import { makeTestJpeg, openTestStorage, seedPhoto } from "#tests/support/photos.ts";
import { updatePhotoDetails } from "#app/server/repos/photos.server.ts";
import { createProject } from "#app/server/repos/projects.server.ts";
import { adminGalleryURL } from "../../playwright.config.ts";

// Its own server: the photos published here must not reach the main server's empty gallery.
test.use({ baseURL: adminGalleryURL });

/** A phone-like photo: GPS in its EXIF, stored sideways with orientation 6, big enough (≈1 MB) to show progress. */
async function phoneJpeg(): Promise<Buffer> {
  const width = 900;
  const height = 600;
  const noise = Buffer.alloc(width * height * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = (i * 7919 + (i >> 7) * 104729) % 251;
  return sharp(noise, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 95 })
    .withExif(EXIF_WITH_GPS)
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

const PDF = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");

async function seedFencePhoto(caption: string, options: { draft?: boolean } = {}) {
  const storage = await openTestStorage(adminGalleryData.dataDir);
  return withSiteDatabase(adminGalleryData, async (database) => {
    const photo = await seedPhoto(
      { database, storage, dataDir: adminGalleryData.dataDir },
      { caption, category: "fences", width: 400, height: 300, ...options },
    );
    // A draft whose details were saved but which is not published yet.
    if (options.draft)
      await updatePhotoDetails({
        db: database.db,
        id: photo.id,
        details: { caption, alt: caption, category: "fences" },
      });
    return photo;
  });
}

test.afterEach(({ consoleErrors }) => ignoreDeletedPhotoThumbnails(consoleErrors));

/** A photo's tile in the grid. */
function tileOf(page: Page, text: string): Locator {
  return page.locator(".gallery-tiles > li").filter({ hasText: text });
}

/** Where a published photo's tile is among the published tiles on the page. */
async function indexOfTitle(page: Page, text: string): Promise<number> {
  const texts = await page.locator(".gallery-tiles > li").filter({ hasText: "Published" }).allTextContents();
  return texts.findIndex((title) => title.includes(text));
}

/** The ids of the published tiles, in the order the page shows them. */
function publishedTileIds(page: Page): Promise<string[]> {
  return page
    .locator(".gallery-tiles > li")
    .filter({ hasText: "Published" })
    .evaluateAll((tiles) => tiles.map((tile) => tile.getAttribute("data-photo-id") ?? ""));
}

/** The browser notes every 4xx answer to a background request on its console; these were expected. */
function dropExpectedConsoleErrors(consoleErrors: string[], status: number): void {
  const expected = consoleErrors.filter((e) => e.includes(`status of ${status}`) && e.includes("/admin/gallery/upload"));
  expect(expected.length).toBeGreaterThan(0);
  for (const entry of expected) consoleErrors.splice(consoleErrors.indexOf(entry), 1);
}

test("a phone photo uploads with preview and progress, then 'Upload Image' publishes it upright and without GPS", async ({
  page,
  context,
  baseURL,
}) => {
  const marker = newMarker("gal");
  await signInAdmin(context, baseURL, undefined, adminGalleryData);
  await page.goto("/admin/gallery");
  await waitForHydration(page);
  await expect(page.getByText(/Uploading photos needs JavaScript/)).toHaveCount(0);
  await expectNoAxeViolations(page, "/admin/gallery before uploading");
  await page.evaluate(() => {
    window.__e2eMarker = "same document";
    // Every value the progress bars take, as the admin would see them.
    const seen: number[] = [];
    (window as unknown as { __progress: number[] }).__progress = seen;
    new MutationObserver(() => document.querySelectorAll("progress").forEach((p) => seen.push(p.value))).observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
    });
  });

  // A slow upload (about 100 KB/s), so the percentage has time to show.
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 20,
    downloadThroughput: -1,
    uploadThroughput: 100 * 1024,
  });

  // Other tests publish on this server at the same time: the new photo must come before every
  // photo that was already published, whatever lands between the upload and the check.
  const publishedBefore = new Set(await publishedTileIds(page));
  await page.getByLabel("Service for new photos").selectOption("kitchen");
  const chooser = page.waitForEvent("filechooser");
  const pick = page.getByRole("button", { name: "Choose photos to upload" });
  await pick.focus();
  await page.keyboard.press("Enter");
  const fileChooser = await chooser;
  expect(fileChooser.isMultiple()).toBe(true);
  await fileChooser.setFiles({ name: `IMG_${marker}.jpg`, mimeType: "image/jpeg", buffer: await phoneJpeg() });

  const card = page.getByRole("listitem", { name: `IMG_${marker}.jpg` });
  await expect(card.getByRole("img", { name: `Preview of IMG_${marker}.jpg` })).toBeVisible();
  const uploadButton = card.getByRole("button", { name: "Upload Image" });
  // Before the upload is done the button is shown disabled, says why, and pressing it posts nothing.
  await expect(card.getByRole("progressbar")).toBeVisible();
  await expect(uploadButton).toHaveAttribute("aria-disabled", "true");
  await expect(uploadButton).toHaveAccessibleDescription("Upload Image works once the upload has finished.");
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname === "/admin/gallery") posts.push(request.url());
  });
  // A real click (force: Playwright itself waits for an aria-disabled button to become enabled).
  await uploadButton.click({ force: true });
  expect(posts).toEqual([]);
  await expect(card.locator(".gallery-progress__value")).toHaveText(/^\d{1,2}%$/);

  await expect(card.getByText("Uploaded. Add the details, then press Upload Image to publish it.")).toBeVisible({
    timeout: 30_000,
  });
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  const seen = await page.evaluate(() => (window as unknown as { __progress: number[] }).__progress);
  expect(
    seen.some((value) => value > 0 && value < 100),
    `progress values seen: ${seen.join(", ")}`,
  ).toBe(true);
  expect(seen).toContain(100);
  await expect(card.getByRole("progressbar")).toHaveCount(0);
  await expect(uploadButton).toHaveAttribute("aria-disabled", "false");

  // The description follows the caption until the admin writes their own.
  await card.getByLabel("Caption (optional)").fill(`New kitchen ${marker}`);
  await expect(card.getByLabel("Describe the photo for people who can't see it")).toHaveValue(`New kitchen ${marker}`);
  await expect(card.getByLabel("Service")).toHaveValue("kitchen");
  await uploadButton.click();

  await expect(page.locator(".admin-flash")).toHaveText("Image uploaded successfully");
  await expect(page.getByRole("status").filter({ hasText: "Image uploaded successfully" })).toBeVisible();
  await expect(card).toHaveCount(0);
  await expect(pick).toBeFocused();
  expect(await page.evaluate(() => window.__e2eMarker), "no full page load").toBe("same document");

  // Published, first in the gallery, upright (taller than wide), and the served file has no EXIF.
  const published = tileOf(page, `New kitchen ${marker}`);
  await expect(published).toHaveCount(1);
  const newId = await published.getAttribute("data-photo-id");
  const idsNow = await publishedTileIds(page);
  const firstOlder = idsNow.findIndex((id) => publishedBefore.has(id));
  expect(idsNow).toContain(newId);
  // Run alone, nothing was published before it; the "newer first" test below checks the order on its own.
  if (firstOlder !== -1)
    expect(idsNow.indexOf(newId!), "the new photo comes before every photo published before it").toBeLessThan(firstOlder);
  const image = published.locator("img");
  await image.scrollIntoViewIfNeeded(); // it loads lazily
  await expect(image).toHaveJSProperty("complete", true);
  const natural = await image.evaluate((img: HTMLImageElement) => ({
    width: img.naturalWidth,
    height: img.naturalHeight,
  }));
  expect(natural.width).toBeGreaterThan(0);
  expect(natural.width).toBeLessThan(natural.height);
  const src = await image.getAttribute("src");
  expect(src).toMatch(/^\/media\/photos\//);
  const served = await page.request.get(src!);
  expect(served.status()).toBe(200);
  const meta = await sharp(await served.body()).metadata();
  expect(meta.exif).toBeUndefined();
  expect(meta.orientation).toBeUndefined();
  expect(meta.width).toBeLessThan(meta.height!);

  // Ready for the next one.
  await expect(pick).toBeEnabled();

  // What a homeowner sees: the photo on /gallery (under its service) and on the service's page,
  // upright, and no file the browser can fetch for it carries EXIF (GPS) data.
  for (const address of ["/gallery?category=kitchen", "/kitchen"]) {
    await page.goto(address);
    // On the service's page the newest photo is also the banner's while it has no cover (ADR 060): the grid's.
    const shown = page.getByRole("link", { name: `New kitchen ${marker}` }).getByRole("img");
    await shown.scrollIntoViewIfNeeded();
    await expect(shown).toHaveJSProperty("complete", true);
    const size = await shown.evaluate((img: HTMLImageElement) => ({
      width: img.naturalWidth,
      height: img.naturalHeight,
      url: img.currentSrc,
    }));
    expect(size.width, `${address}: ${size.url}`).toBeGreaterThan(0);
    expect(size.width, `${address}: ${size.url}`).toBeLessThan(size.height);
    const urls = await shown.evaluate((img: HTMLImageElement) => {
      const sets = [...(img.parentElement?.querySelectorAll("source") ?? [])].map((s) => s.srcset);
      return [img.currentSrc, ...sets.flatMap((set) => set.split(",").map((entry) => entry.trim().split(" ")[0] ?? ""))];
    });
    expect(urls.length, address).toBeGreaterThan(2);
    for (const url of new Set(urls)) {
      const file = await page.request.get(url);
      expect(file.status(), url).toBe(200);
      const fileMeta = await sharp(await file.body()).metadata();
      expect(fileMeta.exif, url).toBeUndefined();
      expect(fileMeta.xmp, url).toBeUndefined();
    }
  }
});

test("several files at once: each has its own progress and error; a PDF named .jpg is refused on its own", async ({
  page,
  context,
  baseURL,
  consoleErrors,
}) => {
  const marker = newMarker("gal");
  await signInAdmin(context, baseURL, undefined, adminGalleryData);
  await page.goto("/admin/gallery");
  await waitForHydration(page);
  await page.locator('input[type="file"]').setInputFiles([
    { name: `good-${marker}.jpg`, mimeType: "image/jpeg", buffer: await makeTestJpeg({ label: marker }) },
    { name: `fake-${marker}.jpg`, mimeType: "image/jpeg", buffer: PDF },
  ]);
  const good = page.getByRole("listitem", { name: `good-${marker}.jpg` });
  const fake = page.getByRole("listitem", { name: `fake-${marker}.jpg` });
  await expect(fake.getByRole("alert")).toHaveText(
    "This file is not a photo we can read. Please upload a JPEG, PNG, WebP, AVIF, GIF or HEIC (iPhone) image.",
  );
  await expect(fake.getByRole("button", { name: "Upload Image" })).toHaveCount(0);
  await expect(good.getByText("Uploaded. Add the details, then press Upload Image to publish it.")).toBeVisible();
  await expect(good.getByRole("alert")).toHaveCount(0);
  dropExpectedConsoleErrors(consoleErrors, 415);

  // An error shown, at both widths: no axe violation, nothing scrolls sideways on a phone.
  await expectNoAxeViolations(page, "/admin/gallery with an upload error");
  await page.setViewportSize({ width: 375, height: 812 });
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page, "/admin/gallery with an upload error at 375 px");

  // The refused card can be cleared; the good one publishes.
  await fake.getByRole("button", { name: "Remove from the list" }).click();
  await expect(fake).toHaveCount(0);
  await good.getByLabel("Caption (optional)").fill(`Good one ${marker}`);
  await good.getByRole("button", { name: "Upload Image" }).click();
  await expect(page.locator(".admin-flash")).toHaveText("Image uploaded successfully");
  await expect(tileOf(page, `Good one ${marker}`)).toHaveCount(1);
});

test("an iPhone HEIC shows a placeholder while it uploads, then the server's picture", async ({ page, context, baseURL }) => {
  const marker = newMarker("gal");
  await signInAdmin(context, baseURL, undefined, adminGalleryData);
  await page.goto("/admin/gallery");
  await waitForHydration(page);
  const heic = await readFile(path.join(FIXTURES_DIR, "photo.heic"));
  // The upload waits until the placeholder has been seen.
  const { promise: held, resolve: release } = Promise.withResolvers<void>();
  await page.route(
    (url) => url.pathname === "/admin/gallery/upload",
    async (route) => {
      await held;
      await route.continue();
    },
  );
  await page.locator('input[type="file"]').setInputFiles({ name: `IMG_${marker}.HEIC`, mimeType: "image/heic", buffer: heic });
  const card = page.getByRole("listitem", { name: `IMG_${marker}.HEIC` });
  await expect(card.getByText("The preview appears when the upload is done")).toBeVisible();
  release();
  await expect(card.getByText("Uploaded. Add the details, then press Upload Image to publish it.")).toBeVisible();
  const preview = card.getByRole("img", { name: `Preview of IMG_${marker}.HEIC` });
  await expect(preview).toHaveAttribute("src", /^\/media\/photos\/.+\.webp$/);
  await expect(preview).toHaveJSProperty("complete", true);
  expect(await preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
});

test("files dropped anywhere on the page upload, with a hint while dragging", async ({ page, context, baseURL }) => {
  const marker = newMarker("gal");
  await signInAdmin(context, baseURL, undefined, adminGalleryData);
  await page.goto("/admin/gallery");
  await waitForHydration(page);
  const jpeg = (await makeTestJpeg({ label: marker, width: 400, height: 300 })).toString("base64");
  await page.evaluate(
    ({ base64, name }) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const transfer = new DataTransfer();
      transfer.items.add(new File([bytes], name, { type: "image/jpeg" }));
      (window as unknown as { __drop: DataTransfer }).__drop = transfer;
      document.querySelector("h1")!.dispatchEvent(new DragEvent("dragenter", { dataTransfer: transfer, bubbles: true }));
    },
    { base64: jpeg, name: `dropped-${marker}.jpg` },
  );
  await expect(page.getByText("Drop the photos to upload them")).toBeVisible();
  await page.evaluate(() => {
    const transfer = (window as unknown as { __drop: DataTransfer }).__drop;
    document.querySelector("h1")!.dispatchEvent(new DragEvent("drop", { dataTransfer: transfer, bubbles: true, cancelable: true }));
  });
  await expect(page.getByText("Drop the photos to upload them")).toHaveCount(0);
  const card = page.getByRole("listitem", { name: `dropped-${marker}.jpg` });
  await expect(card.getByText("Uploaded. Add the details, then press Upload Image to publish it.")).toBeVisible();
});

test("a published photo moves from its edit dialog and by drag onto another tile", async ({ page, context, baseURL }) => {
  const marker = newMarker("gal");
  await seedFencePhoto(`Older ${marker}`);
  await seedFencePhoto(`Newer ${marker}`);
  await signInAdmin(context, baseURL, undefined, adminGalleryData);
  await page.goto("/admin/gallery?show=published");
  await waitForHydration(page);
  // Other tests publish photos at the same time, so only the two photos' relative order is checked.
  const order = async () =>
    (await indexOfTitle(page, `Newer ${marker}`)) < (await indexOfTitle(page, `Older ${marker}`)) ? "newer first" : "older first";
  expect(await order()).toBe("newer first");

  // From the dialog, by keyboard: the older photo goes to the first place. A place taken from the
  // page would be stale as soon as another test publishes a photo; the first place stays ahead of
  // the newer photo whatever else is published meanwhile.
  const olderTile = tileOf(page, `Older ${marker}`);
  const newerTile = tileOf(page, `Newer ${marker}`);
  await olderTile.getByRole("link").focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: `Edit photo: Older ${marker}` });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel(/^Position/).fill("1");
  await dialog.getByRole("button", { name: "Move", exact: true }).click();
  await expect(page.locator(".admin-flash")).toHaveText(/^Moved the photo to position \d+ of \d+\.$/);
  await expect.poll(order).toBe("older first");
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();

  // By drag: the newer photo dropped on the older one takes its place again.
  // The drag's events, as the browser sends them, with one DataTransfer (a mouse drag scrolls mid-drag).
  await expect(newerTile).toHaveAttribute("draggable", "true");
  const transfer = await page.evaluateHandle(() => new DataTransfer());
  await newerTile.dispatchEvent("dragstart", { dataTransfer: transfer });
  await olderTile.dispatchEvent("dragenter", { dataTransfer: transfer });
  await olderTile.dispatchEvent("dragover", { dataTransfer: transfer });
  await expect(olderTile).toHaveClass(/gallery-tile--over/);
  await olderTile.dispatchEvent("drop", { dataTransfer: transfer });
  await newerTile.dispatchEvent("dragend", { dataTransfer: transfer });
  await expect.poll(order).toBe("newer first");
});

for (const width of [375, 1280]) {
  test(`at ${width} px: three tiles selected by keyboard are published together; the edit dialog returns focus to its tile; axe finds nothing`, async ({
    page,
    context,
    baseURL,
  }) => {
    // Four axe runs on a page of tiles: slower than one step of a test.
    test.setTimeout(120_000);
    const marker = newMarker(`bulk${width}`);
    const height = width === 375 ? 812 : 900;
    await page.setViewportSize({ width, height });
    for (const name of ["Deck", "Porch", "Patio"]) await seedFencePhoto(`${name} ${marker}`, { draft: true });
    await signInAdmin(context, baseURL, undefined, adminGalleryData);
    await page.goto("/admin/gallery?show=drafts");
    await waitForHydration(page);
    await expectNoSidewaysScroll(page);
    // Three columns on a phone, more on a wide screen.
    const columns = await page.locator(".gallery-tiles").evaluate((list) => getComputedStyle(list).gridTemplateColumns.split(" ").length);
    if (width === 375) expect(columns).toBe(3);
    else expect(columns).toBeGreaterThan(4);
    await expectNoAxeViolations(page, `the grid at ${width} px`);

    // The edit dialog: opened from the tile's link, closed with Esc, focus back on the tile.
    const deck = tileOf(page, `Deck ${marker}`);
    await deck.getByRole("link").focus();
    await page.keyboard.press("Enter");
    const sheet = page.getByRole("dialog", { name: `Edit photo: Deck ${marker}` });
    await expect(sheet).toBeVisible();
    await expect(sheet.getByLabel("Describe the photo for people who can't see it")).toHaveValue(`Deck ${marker}`);
    await expect(sheet.getByRole("button", { name: "Publish" })).toBeVisible();
    await expectNoAxeViolations(page, `the edit dialog at ${width} px`);
    await page.screenshot({ path: `test-results/admin-gallery-sheet-${width}.png` });
    await page.keyboard.press("Escape");
    await expect(sheet).toBeHidden();
    await expect(deck.getByRole("link")).toBeFocused();
    await expect(page).not.toHaveURL(/edit=/);

    // Select the three by keyboard: focus each checkbox, Space.
    const bar = page.locator(".gallery-bulk");
    await expect(bar).toBeHidden();
    for (const [i, name] of ["Deck", "Porch", "Patio"].entries()) {
      const box = page.getByRole("checkbox", { name: `Select ${name} ${marker}` });
      await box.focus();
      await page.keyboard.press("Space");
      await expect(box).toBeChecked();
      await expect(bar.getByRole("status")).toHaveText(`${i + 1} selected`);
    }
    await expect(bar).toBeVisible();
    if (width === 375) {
      // Sticky at the bottom of the phone's screen.
      const box = await bar.boundingBox();
      expect(box!.y + box!.height).toBeLessThanOrEqual(height + 1);
    }
    await expectNoAxeViolations(page, `the grid with the bulk bar at ${width} px`);
    await page.screenshot({ path: `test-results/admin-gallery-bulk-${width}.png` });

    // The bulk Delete asks first; Cancel keeps them, still selected.
    await bar.getByRole("button", { name: "Delete…" }).click();
    const confirm = page.getByRole("dialog", { name: "Delete 3 photos? This can't be undone." });
    await expect(confirm).toBeVisible();
    await expectNoAxeViolations(page, `the bulk delete confirmation at ${width} px`);
    await page.screenshot({ path: `test-results/admin-gallery-confirm-${width}.png` });
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(confirm).toBeHidden();
    await expect(bar.getByRole("status")).toHaveText("3 selected");
    await expect(bar.getByRole("button", { name: "Delete…" })).toBeFocused();

    // Publish the three together.
    await bar.getByRole("button", { name: "Publish" }).click();
    await expect(page.locator(".admin-flash")).toHaveText("Published 3 photos.");
    for (const name of ["Deck", "Porch", "Patio"]) await expect(tileOf(page, `${name} ${marker}`)).toHaveCount(0);
    await page.goto("/admin/gallery?show=published");
    for (const name of ["Deck", "Porch", "Patio"]) await expect(tileOf(page, `${name} ${marker}`)).toContainText("Published");
  });
}

test("rotating a photo from its edit dialog turns its picture", async ({ page, context, baseURL }) => {
  const marker = newMarker("rot");
  await seedFencePhoto(`Gate ${marker}`, { draft: true });
  await signInAdmin(context, baseURL, undefined, adminGalleryData);
  await page.goto("/admin/gallery?show=drafts");
  await waitForHydration(page);
  await tileOf(page, `Gate ${marker}`).getByRole("link").click();
  const sheet = page.getByRole("dialog", { name: `Edit photo: Gate ${marker}` });
  const picture = sheet.locator(".gallery-editor__image");
  await expect(picture).toHaveJSProperty("complete", true);
  const size = () => picture.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight]);
  const [w, h] = await size();
  expect(w).toBeGreaterThan(h!);
  const before = await picture.getAttribute("src");
  await sheet.getByRole("button", { name: "Rotate right" }).click();
  await expect(page.locator(".admin-flash")).toHaveText("Turned the photo. Its pages show it the new way round.");
  await expect(picture).toHaveAttribute("src", /\/v2\//);
  // Taller than wide now.
  await expect
    .poll(async () => {
      const [width, height] = await size();
      return width! < height!;
    })
    .toBe(true);
  expect((await page.request.get(before!)).status()).toBe(404);
});

test("the service and project for new uploads are remembered after a reload; an upload joins the project; ?project= preselects it", async ({
  page,
  context,
  baseURL,
}) => {
  const marker = newMarker("pick");
  const job = await withSiteDatabase(adminGalleryData, (database) =>
    createProject({
      db: database.db,
      fields: {
        title: `Deck job ${marker}`,
        service: "outdoor",
        place: "Katy",
        finishedOn: "2026-05",
        description: "A new deck.",
      },
    }),
  );
  // Each test signs in a new admin, whose choices start empty.
  await signInAdmin(context, baseURL, undefined, adminGalleryData);
  await page.goto("/admin/gallery");
  await waitForHydration(page);
  const saved = () => page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/admin/gallery.data");
  let answer = saved();
  await page.getByLabel("Service for new photos").selectOption("outdoor");
  await answer;
  answer = saved();
  await page.getByLabel("Project for new photos").selectOption(job.id);
  await answer;
  await page.reload();
  await waitForHydration(page);
  await expect(page.getByLabel("Service for new photos")).toHaveValue("outdoor");
  await expect(page.getByLabel("Project for new photos")).toHaveValue(job.id);

  // An upload goes into the project as a draft.
  await page.locator('input[type="file"]').setInputFiles({
    name: `deck-${marker}.jpg`,
    mimeType: "image/jpeg",
    buffer: await makeTestJpeg({ label: marker }),
  });
  await expect(page.getByRole("listitem", { name: `deck-${marker}.jpg` }).getByText(/^Uploaded\./)).toBeVisible();
  await page.goto(`/admin/gallery?project=${job.id}`);
  await expect(page.locator(".gallery-tiles > li")).toHaveCount(1);
  await expect(page.locator(".gallery-tiles > li")).toContainText(`Deck job ${marker}`);

  // Back to no project; then /admin/gallery?project=<id> preselects it for this visit.
  await waitForHydration(page);
  answer = saved();
  await page.getByLabel("Project for new photos").selectOption("");
  await answer;
  await page.goto("/admin/gallery");
  await waitForHydration(page);
  await expect(page.getByLabel("Project for new photos")).toHaveValue("");
  await page.goto(`/admin/gallery?project=${job.id}`);
  await waitForHydration(page);
  await expect(page.getByLabel("Project for new photos")).toHaveValue(job.id);
});

// A draft, so pages of other tests running now (the public gallery) never lose a photo they show.
test("deleting asks first in a dialog; 'No' keeps the photo, 'Yes' deletes it and its files", async ({ page, context, baseURL }) => {
  const marker = newMarker("gal");
  await seedFencePhoto(`Doomed ${marker}`, { draft: true });
  await signInAdmin(context, baseURL, undefined, adminGalleryData);
  await page.goto("/admin/gallery?show=drafts");
  await waitForHydration(page);
  const tile = tileOf(page, `Doomed ${marker}`);
  const src = await tile.locator("img").getAttribute("src");
  const sheet = page.getByRole("dialog", { name: `Edit photo: Doomed ${marker}` });

  await tile.getByRole("link").click();
  await sheet.getByRole("link", { name: "Delete…" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete this photo?" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(`“Doomed ${marker}” and all its files will be deleted. This cannot be undone.`);
  await expectNoAxeViolations(page, "/admin/gallery with the delete dialog");
  await dialog.getByRole("button", { name: "No, keep it" }).click();
  await expect(dialog).toBeHidden();
  await expect(tile).toHaveCount(1);
  // Focus is back on the photo's tile.
  await expect(tile.getByRole("link")).toBeFocused();

  await tile.getByRole("link").click();
  await sheet.getByRole("link", { name: "Delete…" }).click();
  await dialog.getByRole("button", { name: "Yes, delete this photo" }).click();
  await expect(page.locator(".admin-flash")).toHaveText("Deleted the photo and all its files.");
  await expect(tile).toHaveCount(0);
  await expect(dialog).toBeHidden();
  expect((await page.request.get(src!)).status()).toBe(404);
});

test("at 375 px the page with photos and uploads does not scroll sideways, and axe finds nothing", async ({ page, context, baseURL }) => {
  const marker = newMarker("gal");
  await seedFencePhoto(`A long caption without spaces ${"x".repeat(80)} ${marker}`);
  await page.setViewportSize({ width: 375, height: 812 });
  await signInAdmin(context, baseURL, undefined, adminGalleryData);
  await page.goto("/admin/gallery");
  await waitForHydration(page);
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: `phone-${marker}.jpg`, mimeType: "image/jpeg", buffer: await makeTestJpeg() });
  await expect(page.getByRole("listitem", { name: `phone-${marker}.jpg` }).getByText(/^Uploaded\./)).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page, "/admin/gallery at 375 px");
  await expect(page.getByRole("button", { name: "Choose photos to upload" })).toBeInViewport();
});
