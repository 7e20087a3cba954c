/**
 * /projects and a project's page in a real browser, at a phone's and a desktop's width, against
 * their own server filled before it started (tests/support/seed-projects.ts; playwright.config.ts
 * `projectsURL`): the cards, the story, the before/after pair, the photos opening the gallery's
 * lightbox and focus coming back, and axe on both pages. docs/decisions/039-projects.md
 */
import type { Page } from "@playwright/test";
import { projectsURL } from "../../playwright.config.ts";
import { expect, expectH1, expectNoAxeViolations, test } from "#tests/e2e/helpers.ts";

test.use({ baseURL: projectsURL });

const KITCHEN = "/projects/open-kitchen-in-the-heights";
const cards = (page: Page) => page.locator(".project-card");
const photoLinks = (page: Page) => page.locator("#project-photos a[data-lightbox-item]");
const dialog = (page: Page) => page.locator("dialog.lightbox");

for (const width of [375, 1280]) {
  test.describe(`projects at ${width} px`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    });

    test("/projects lists the projects newest first as cards leading to their stories", async ({ page }) => {
      expect((await page.goto("/projects"))?.status()).toBe(200);
      await expectH1(page, "Our Projects");
      await expect(cards(page)).toHaveCount(3);
      await expect(cards(page).first()).toContainText("Open kitchen in the Heights");
      await expect(cards(page).first()).toContainText("Kitchen Remodeling · Heights, Houston · April 2026");
      await expect(cards(page).first()).toContainText("6 photos");
      await expect(cards(page).nth(2)).toContainText("Cedar fence in Katy");
      // The cover has loaded, and no card is wider than the screen.
      const cover = cards(page).first().locator("img");
      await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await expectNoAxeViolations(page, `/projects at ${width} px`);

      const filters = page.getByRole("navigation", { name: "Projects by service" });
      await filters.getByRole("link", { name: "Bathroom Remodeling (1)" }).click();
      await expect(page).toHaveURL(/\/projects\?service=bathroom$/);
      await expect(cards(page)).toHaveCount(1);
      await filters.getByRole("link", { name: "All (3)" }).click();

      // The whole card opens the story: the title's link lies over the cover (force: a click at the
      // cover's centre, which the link receives).
      await cards(page).first().locator("img").click({ force: true });
      await expect(page).toHaveURL(new RegExp(`${KITCHEN}$`));
      await expectH1(page, "Open kitchen in the Heights");
    });

    test("a project's page: story, pair, photos in the lightbox with focus coming back, and an estimate", async ({ page }) => {
      expect((await page.goto(KITCHEN))?.status()).toBe(200);
      await expectH1(page, "Open kitchen in the Heights");
      await expect(page.locator(".project-facts")).toContainText("Heights, Houston");
      await expect(page.getByText("New shaker cabinets, quartz tops")).toBeVisible();

      const pair = page.locator(".project-pair").first();
      await expect(pair.getByText("Before", { exact: true })).toBeVisible();
      await expect(pair.getByText("After", { exact: true })).toBeVisible();
      await expect(pair.getByRole("img", { name: "Kitchen step 1, finished" })).toBeVisible();
      await expect(pair.getByRole("img", { name: "Kitchen step 2, finished" })).toBeVisible();

      // The pair is a slider (ADR 038): the range starts at half, and the keys move it.
      const slider = pair.getByRole("slider");
      await expect(slider).toHaveAttribute("aria-valuetext", "50% after");
      await slider.focus();
      await page.keyboard.press("ArrowRight");
      await expect(slider).toHaveAttribute("aria-valuetext", "51% after");
      await page.keyboard.press("End");
      await expect(slider).toHaveAttribute("aria-valuetext", "100% after");
      await page.keyboard.press("Home");
      await expect(slider).toHaveAttribute("aria-valuetext", "0% after");
      await page.keyboard.press("PageUp");
      await expect(slider).toHaveAttribute("aria-valuetext", "10% after");

      await expect(photoLinks(page)).toHaveCount(6);
      await expectNoAxeViolations(page, `${KITCHEN} at ${width} px`);

      const third = photoLinks(page).nth(2);
      await third.scrollIntoViewIfNeeded();
      await third.click();
      await expect(dialog(page)).toBeVisible();
      await expect(dialog(page).locator("[data-lightbox-position]")).toHaveText("Photo 3 of 6");
      await expect(dialog(page).locator("[data-lightbox-img]")).toHaveAttribute("alt", "Kitchen step 3, finished");
      await dialog(page).getByRole("button", { name: "Next photo" }).click();
      await expect(dialog(page).locator("[data-lightbox-position]")).toHaveText("Photo 4 of 6");
      await expectNoAxeViolations(page, `${KITCHEN}'s lightbox at ${width} px`);
      await page.keyboard.press("Escape");
      await expect(dialog(page)).toBeHidden();
      // Closed on the fourth photo: its thumbnail has the focus, the page's address is back.
      await expect(photoLinks(page).nth(3)).toBeFocused();
      await expect(page).toHaveURL(new RegExp(`${KITCHEN}$`));

      const cta = page.locator(".estimate-cta");
      await expect(cta.getByRole("link", { name: "Request a free estimate" })).toHaveAttribute("href", "/contact?service=kitchen");
      await expect(cta.getByRole("link", { name: "More about our Kitchen Remodeling service" })).toHaveAttribute("href", "/kitchen");
    });
  });
}

test("the gallery links a project's photo to its story, and home shows the latest projects", async ({ page }) => {
  await page.goto("/gallery");
  await page.getByRole("link", { name: "From the project: Open kitchen in the Heights" }).first().click();
  await expect(page).toHaveURL(new RegExp(`${KITCHEN}$`));
  await page.goto("/");
  const recent = page.locator(".recent-projects");
  await expect(recent.locator(".project-card")).toHaveCount(3);
  await recent.getByRole("link", { name: "See all our projects" }).click();
  await expect(page).toHaveURL(/\/projects$/);
});

test("on a phone the pair's and the grid's photos are fetched only once the cover is on screen, and nothing moves when they come", async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  const requested = new Set<string>();
  page.on("request", (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith("/media/photos/")) requested.add(pathname);
  });
  // Every photo's file waits until the test lets it go: while it waits only the cover is asked for.
  const { promise: held, resolve: letGo } = Promise.withResolvers<void>();
  await page.route(
    (url) => url.pathname.startsWith("/media/photos/"),
    async (route) => {
      await held;
      await route.continue();
    },
  );
  await page.goto(KITCHEN, { waitUntil: "domcontentloaded" });
  const pairs = page.locator(".project-pairs");
  const grid = page.locator(".project-photos");
  await expect(page.locator(".before-after--slider")).toHaveCount(1);
  await page.waitForTimeout(1000);
  const cover = page.locator(".banner__image");
  // Its file is not known before it is in (currentSrc is empty): one of its sources' files.
  const coverFiles = await cover.evaluate((img: HTMLImageElement) =>
    [...img.parentElement!.querySelectorAll("source")].flatMap((source) =>
      source.srcset.split(",").map((item) => new URL(item.trim().split(" ")[0]!, location.href).pathname),
    ),
  );
  expect(requested.size).toBe(1);
  expect(coverFiles).toContain([...requested][0]);
  const boxes = async () => ({ pairs: await pairs.boundingBox(), grid: await grid.boundingBox() });
  const whileWaiting = await boxes();

  letGo();
  await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 1)).toBe(true);
  // Then the photos below come, lazily as ever: the pair and the grid's first row as they near the screen.
  const afterPhoto = page.locator(".project-pair").first().getByRole("img", { name: "Kitchen step 2, finished" });
  await afterPhoto.scrollIntoViewIfNeeded();
  await expect.poll(() => afterPhoto.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 1)).toBe(true);
  expect(await afterPhoto.evaluate((img: HTMLImageElement) => new URL(img.currentSrc).pathname)).toMatch(/^\/media\/photos\/.+\.avif$/);
  const firstInGrid = photoLinks(page).first().locator("img.photo__img");
  await firstInGrid.scrollIntoViewIfNeeded();
  await expect.poll(() => firstInGrid.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 1)).toBe(true);
  expect(requested.size).toBeGreaterThan(2);
  expect(await page.locator("source[data-later]").count()).toBe(0);
  // The boxes held the photos' shapes while they waited.
  await page.evaluate(() => window.scrollTo(0, 0));
  expect(await boxes()).toEqual(whileWaiting);
});

test.describe("a project's pair without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  for (const width of [375, 1280]) {
    test(`shows both photos with their labels, no slider, at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      expect((await page.goto(KITCHEN))?.status()).toBe(200);
      const pair = page.locator(".project-pair").first();
      await expect(pair.locator(".before-after--slider")).toHaveCount(0);
      const before = pair.getByRole("img", { name: "Kitchen step 1, finished" });
      const after = pair.getByRole("img", { name: "Kitchen step 2, finished" });
      await expect(before).toBeVisible();
      await expect(after).toBeVisible();
      await expect(pair.getByText("Before", { exact: true })).toBeVisible();
      await expect(pair.getByText("After", { exact: true })).toBeVisible();
      const [a, b] = [await before.boundingBox(), await after.boundingBox()];
      // Side by side on a wide screen, one above the other on a phone; never on top of each other.
      if (width >= 1280) expect(Math.abs(a!.y - b!.y)).toBeLessThan(2);
      else expect(b!.y).toBeGreaterThanOrEqual(a!.y + a!.height - 1);
      // The photos that wait for the cover where scripts run are not held back here.
      for (const image of [before, after, photoLinks(page).first().locator("img.photo__img")]) {
        await image.scrollIntoViewIfNeeded();
        await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 1)).toBe(true);
        expect(await image.evaluate((img: HTMLImageElement) => new URL(img.currentSrc).pathname)).toMatch(/^\/media\/photos\//);
      }
    });
  }
});
