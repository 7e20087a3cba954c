/**
 * The contractor's whole round (issue 16), at a phone's and a desktop's width, on the admin
 * gallery's server: a new project, six photos uploaded straight into it, each described, one
 * before/after pair, the project published with its drafts in one go, and then the homeowner's
 * side: the project on home, on /projects, on its service page and linked from /gallery, its
 * pair a slider. docs/decisions/039-projects.md, 040-admin-projects.md, 041-gallery-admin-for-volume.md
 */
import { adminGalleryURL } from "../../playwright.config.ts";
import { makeTestJpeg } from "#tests/support/photos.ts";
import { adminGalleryData, ignoreDeletedPhotoThumbnails, newMarker, pageStatus, signInAdmin } from "#tests/e2e/admin-helpers.ts";
import { expect, expectNoAxeViolations, test, waitForHydration } from "#tests/e2e/helpers.ts";

test.use({ baseURL: adminGalleryURL });
test.afterEach(({ consoleErrors }) => ignoreDeletedPhotoThumbnails(consoleErrors));

const PHOTOS = 6;

for (const width of [375, 1280]) {
  test(`at ${width} px: six uploads become a published project with a pair, found on home, /projects, its service page and /gallery`, async ({
    page,
    context,
    baseURL,
  }) => {
    test.setTimeout(150_000);
    await page.setViewportSize({ width, height: 900 });
    const marker = newMarker(`flow${width}`);
    const title = `${marker} Walk-in shower in Montrose`;
    await signInAdmin(context, baseURL, "Alex Admin", adminGalleryData);

    // 1. The project, then its page.
    await page.goto("/admin/projects");
    await waitForHydration(page);
    await page.getByLabel("Title", { exact: true }).fill(title);
    await page.getByLabel("Service", { exact: true }).selectOption("bathroom");
    await page.getByLabel("Neighbourhood or city").fill("Montrose, Houston");
    await page.getByLabel("What was done (optional)").fill("The old tub became a curbless walk-in shower with a bench.");
    await page.getByRole("button", { name: "Create project" }).click();
    await expect(page).toHaveURL(/\/admin\/projects\/[0-9a-f-]{36}\?done=created$/);
    const projectPage = new URL(page.url()).pathname;

    // 2. Six photos uploaded into it from the gallery's uploader, which the project page links to.
    await page.getByRole("link", { name: "Upload photos into this project" }).click();
    await expect(page).toHaveURL(/\/admin\/gallery\?project=/);
    await waitForHydration(page);
    await expect(page.getByLabel("Project for new photos")).toHaveValue(projectPage.split("/").at(-1)!);
    const files = [];
    for (let n = 1; n <= PHOTOS; n++) {
      files.push({
        name: `shower-${marker}-${n}.jpg`,
        mimeType: "image/jpeg",
        buffer: await makeTestJpeg({ width: 800, height: 600, hue: n * 50, label: `${n}` }),
      });
    }
    await page.locator('input[type="file"]').setInputFiles(files);
    for (const file of files) {
      await expect(page.getByRole("listitem", { name: file.name }).getByText(/^Uploaded\./)).toBeVisible({
        timeout: 60_000,
      });
    }

    // 3. Back on the project: six drafts, each described on its tile (the suggestion edited).
    await page.goto(projectPage);
    await waitForHydration(page);
    const tiles = page.locator(".project-photos > li");
    await expect(tiles).toHaveCount(PHOTOS);
    for (let n = 1; n <= PHOTOS; n++) {
      const field = page.getByLabel(new RegExp(`^Describe the photo for people who can't see it\\W+${n}$`));
      await field.fill(`Montrose shower, step ${n} of ${PHOTOS}`);
      await page.getByRole("button", { name: new RegExp(`^Save the description of photo ${n}$`) }).click();
      await expect(pageStatus(page)).toHaveText("Saved the photo's description.");
      await expect(field).toHaveCount(0);
    }

    // 4. One before/after pair: the first photo before, the last after.
    const pairForm = page.locator("form", { has: page.getByRole("button", { name: "Add pair" }) });
    await pairForm
      .getByRole("group", { name: "Before photo" })
      .getByRole("radio", { name: /step 1 of/ })
      .check();
    await pairForm
      .getByRole("group", { name: "After photo" })
      .getByRole("radio", { name: new RegExp(`step ${PHOTOS} of`) })
      .check();
    await pairForm.getByLabel("Caption (optional)").fill("Tub out, shower in");
    await pairForm.getByRole("button", { name: "Add pair" }).click();
    await expect(pageStatus(page)).toHaveText("Added the before/after pair.");

    // 5. Published with its six drafts in one go.
    await page.getByRole("button", { name: `Publish project and its ${PHOTOS} draft photos` }).click();
    await expect(pageStatus(page)).toHaveText(`Published the project with ${PHOTOS} draft photos. It is on the site now.`);
    const href = await page.getByRole("link", { name: /View on site/ }).getAttribute("href");
    expect(href).toMatch(/^\/projects\/[a-z0-9-]+$/);

    // 6. What a homeowner finds, signed out.
    await context.clearCookies();
    await page.goto("/");
    const recent = page.locator(".recent-projects");
    await expect(recent.getByRole("link", { name: title })).toBeVisible();

    await page.goto("/projects");
    await expect(page.locator(".project-card", { hasText: title })).toContainText(`${PHOTOS} photos`);

    await page.goto("/bathroom");
    await expect(page.getByRole("link", { name: title })).toBeVisible();

    await page.goto("/gallery");
    const fromProject = page.getByRole("link", { name: `From the project: ${title}` });
    await expect(fromProject.first()).toBeVisible();
    await fromProject.first().click();
    await expect(page).toHaveURL(new RegExp(`${href!}$`));

    // The story: its pair is a slider that moves by keyboard, its photos in the grid.
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(page.locator("#project-photos a[data-lightbox-item]")).toHaveCount(PHOTOS);
    const slider = page.locator(".project-pair").getByRole("slider");
    await expect(slider).toHaveAttribute("aria-valuetext", "50% after");
    await slider.focus();
    await page.keyboard.press("ArrowRight");
    await expect(slider).toHaveAttribute("aria-valuetext", "51% after");
    await expectNoAxeViolations(page, `a published project at ${width} px`);
  });
}
