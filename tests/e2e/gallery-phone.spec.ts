/**
 * The gallery on a phone (docs/decisions/063-gallery-on-a-phone-and-site-icons.md), against the
 * projects' own server (tests/support/seed-projects.ts: 8 published photos, 6 kitchen and 1
 * bathroom photo in projects, 1 floor photo in none): the filters in one row, a photo's page
 * with the photo first, the lightbox's links to the project and to an estimate for the service,
 * by keyboard, with axe in each state. And the site's icons, linked from every public page.
 */
import type { Locator, Page } from "@playwright/test";
import sharp from "sharp";
import { projectsURL } from "../../playwright.config.ts";
import { signInAdmin } from "#tests/e2e/admin-helpers.ts";
import { expect, expectH1, expectNoAxeViolations, publicPaths, test } from "#tests/e2e/helpers.ts";

const KITCHEN = "/projects/open-kitchen-in-the-heights";
const BATHROOM = "/projects/walk-in-shower-in-bellaire";

const filters = (page: Page) => page.getByRole("navigation", { name: "Photo categories" });
const photoLink = (page: Page, caption: string) =>
  page.locator("#gallery-photos li").filter({ hasText: caption }).locator("a[data-lightbox-item]");
const dialog = (page: Page) => page.locator("dialog.lightbox");
const estimateLink = (scope: Locator | Page, service: string) => scope.getByRole("link", { name: `Get a free estimate for ${service}` });
const projectLink = (scope: Locator | Page, title: string) => scope.getByRole("link", { name: `See the project: ${title}` });

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  expect(found, `${locator.toString()} has a box`).not.toBeNull();
  return found!;
}

/** The photo page's address of the grid photo with this caption. */
async function photoPage(page: Page, caption: string): Promise<string> {
  await page.goto("/gallery");
  return photoLink(page, caption).evaluate((a: HTMLAnchorElement) => new URL(a.href).pathname);
}

test.describe("at 375 × 812", () => {
  test.use({ baseURL: projectsURL, viewport: { width: 375, height: 812 } });

  test("the filters are one row that scrolls sideways; Tab walks it and leaves it, the chosen one shows", async ({ page }) => {
    await page.goto("/gallery");
    const links = filters(page).getByRole("link");
    // The kitchen pair's "before" photo is not counted: it shows in its pair only (ADR 060).
    await expect(links).toHaveText(["All (7)", "Kitchen Remodeling (5)", "Bathroom Remodeling (1)", "Flooring (1)"]);
    // One row: every link on the same line, the row no taller than one link and its focus ring.
    const row = filters(page).locator("ul");
    const boxes = await Promise.all((await links.all()).map(box));
    for (const b of boxes) expect(Math.abs(b.y - boxes[0]!.y)).toBeLessThan(1);
    expect((await box(row)).height).toBeLessThanOrEqual(boxes[0]!.height + 2 * 6 + 1);
    // Four links are wider than a phone: the row scrolls, the page does not.
    expect(await row.evaluate((ul) => ul.scrollWidth > ul.clientWidth)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    // The first photos follow the filters closely (they took 304 px when they wrapped).
    const firstPhoto = await box(page.locator("#gallery-photos a[data-lightbox-item]").first());
    expect(firstPhoto.y - boxes[0]!.y).toBeLessThan(110);
    await expectNoAxeViolations(page, "/gallery at 375 px");

    // Tab reaches every filter, each scrolled into view with its focus ring unclipped, then leaves the row.
    await links.first().focus();
    for (let i = 0; i < 4; i++) {
      if (i > 0) await page.keyboard.press("Tab");
      const link = links.nth(i);
      await expect(link).toBeFocused();
      expect(await link.evaluate((a) => getComputedStyle(a).outlineStyle)).not.toBe("none");
      const [linkBox, rowBox] = [await box(link), await box(row)];
      expect(linkBox.x).toBeGreaterThanOrEqual(0);
      expect(linkBox.x + linkBox.width).toBeLessThanOrEqual(375);
      // The ring (3 px, 2 px away) lies inside the scrolling box, which would cut it off.
      expect(linkBox.y - 5).toBeGreaterThanOrEqual(rowBox.y);
      expect(linkBox.y + linkBox.height + 5).toBeLessThanOrEqual(rowBox.y + rowBox.height);
    }
    await page.keyboard.press("Tab");
    await expect(page.locator("#gallery-photos a[data-lightbox-item]").first()).toBeFocused();

    // The last filter chosen: its page opens with it on screen, and it is a plain link's address.
    await links.nth(3).click();
    await expect(page).toHaveURL(/\/gallery\?category=floor$/);
    const chosen = filters(page).getByRole("link", { name: "Flooring (1)" });
    await expect(chosen).toHaveAttribute("aria-current", "page");
    const chosenBox = await box(chosen);
    expect(chosenBox.x + chosenBox.width).toBeLessThanOrEqual(375);
    await expect(page.locator("#gallery-photos a[data-lightbox-item]")).toHaveCount(1);
    await expectNoAxeViolations(page, "/gallery?category=floor at 375 px");
  });

  test("a photo's page shows the photo first, its caption and details under it, and the two ways on", async ({ page }) => {
    const path = await photoPage(page, "Kitchen step 6");
    await page.goto(path);
    await expectH1(page, "Kitchen step 6");
    const photo = await box(page.locator("img.photo-page__img"));
    const heading = await box(page.getByRole("heading", { level: 1 }));
    const meta = await box(page.locator(".photo-page__meta"));
    expect(photo.y + photo.height).toBeLessThanOrEqual(heading.y);
    expect(heading.y + heading.height).toBeLessThanOrEqual(meta.y);
    // The whole photo is in the first screen, under at most the header and the way back.
    expect(photo.y).toBeLessThan(200);
    expect(photo.y + photo.height).toBeLessThanOrEqual(812);
    await expect(estimateLink(page, "Kitchen Remodeling")).toHaveAttribute("href", "/contact?service=kitchen");
    await expect(projectLink(page, "Open kitchen in the Heights")).toHaveAttribute("href", KITCHEN);
    await expect(page.locator(".photo-page__meta")).toHaveText("Photo 3 of 7 · Kitchen Remodeling");
    await expectNoAxeViolations(page, "a project's photo's page at 375 px");

    // A photo in no project: the estimate, and no project link.
    await page.goto(await photoPage(page, "Oak floor"));
    await expect(estimateLink(page, "Flooring")).toHaveAttribute("href", "/contact?service=floor");
    await expect(page.getByRole("link", { name: /^See the project/ })).toHaveCount(0);
  });

  test("the lightbox links to the photo's project and to an estimate for its service; Tab stays inside, Esc closes", async ({ page }) => {
    await page.goto("/gallery");
    const opener = photoLink(page, "Kitchen step 6");
    await opener.focus();
    await page.keyboard.press("Enter");
    const lightbox = dialog(page);
    await expect(lightbox.locator("[data-lightbox-position]")).toHaveText("Photo 3 of 7");
    await expect(estimateLink(lightbox, "Kitchen Remodeling")).toHaveAttribute("href", "/contact?service=kitchen");
    await expect(projectLink(lightbox, "Open kitchen in the Heights")).toHaveAttribute("href", KITCHEN);
    await expect(lightbox.locator("[data-lightbox-img]")).toHaveJSProperty("complete", true);
    await expectNoAxeViolations(page, "the lightbox on a project's photo at 375 px");

    // Close (focused on opening) → the estimate → the project → Previous → Next → Share → Close: never out of the dialog.
    const order = [
      lightbox.getByRole("button", { name: "Close" }),
      estimateLink(lightbox, "Kitchen Remodeling"),
      projectLink(lightbox, "Open kitchen in the Heights"),
      lightbox.getByRole("button", { name: "Previous photo" }),
      lightbox.getByRole("button", { name: "Next photo" }),
      lightbox.getByRole("link", { name: "Share this photo" }),
      lightbox.getByRole("button", { name: "Close" }),
    ];
    await expect(order[0]!).toBeFocused();
    for (const control of order.slice(1)) {
      await page.keyboard.press("Tab");
      await expect(control).toBeFocused();
    }
    for (const control of order.toReversed().slice(1)) {
      await page.keyboard.press("Shift+Tab");
      await expect(control).toBeFocused();
    }
    // Each link shows where the focus is, and lies on screen.
    await page.keyboard.press("Shift+Tab");
    await expect(order[5]!).toBeFocused();
    for (const link of order.slice(1, 3)) {
      await link.focus();
      expect(await link.evaluate((a) => getComputedStyle(a).outlineStyle)).not.toBe("none");
      const b = await box(link);
      expect(b.y + b.height).toBeLessThanOrEqual(812);
      expect(b.x + b.width).toBeLessThanOrEqual(375);
    }

    // The links follow the photo shown: a bathroom photo of another project, then a photo in none.
    await page.keyboard.press("ArrowLeft");
    await expect(lightbox.locator("[data-lightbox-position]")).toHaveText("Photo 2 of 7");
    await expect(estimateLink(lightbox, "Bathroom Remodeling")).toHaveAttribute("href", "/contact?service=bathroom");
    await expect(projectLink(lightbox, "Walk-in shower in Bellaire")).toHaveAttribute("href", BATHROOM);
    await page.keyboard.press("ArrowLeft");
    await expect(lightbox.locator("[data-lightbox-position]")).toHaveText("Photo 1 of 7");
    await expect(estimateLink(lightbox, "Flooring")).toHaveAttribute("href", "/contact?service=floor");
    await expect(lightbox.getByRole("link", { name: /^See the project/ })).toBeHidden();
    // The project link had the focus and went away with it: Close has it now.
    await expect(lightbox.getByRole("button", { name: "Close" })).toBeFocused();
    await expect(lightbox.locator("[data-lightbox-img]")).toHaveJSProperty("complete", true);
    await expectNoAxeViolations(page, "the lightbox on a photo in no project at 375 px");
    // Tab skips the hidden project link: Close → the estimate → Next (no Previous on the first photo).
    await page.keyboard.press("Tab");
    await expect(estimateLink(lightbox, "Flooring")).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(lightbox.getByRole("button", { name: "Next photo" })).toBeFocused();

    await page.keyboard.press("Escape");
    await expect(lightbox).toBeHidden();
    await expect(page).toHaveURL(/\/gallery$/);
    await expect(photoLink(page, "Oak floor")).toBeFocused();

    // Each link goes where it says.
    await photoLink(page, "Kitchen step 6").click();
    await projectLink(lightbox, "Open kitchen in the Heights").click();
    await expect(page).toHaveURL(new RegExp(`${KITCHEN}$`));
    await expectH1(page, "Open kitchen in the Heights");
    await page.goto("/gallery");
    await photoLink(page, "Walk-in shower").click();
    await estimateLink(lightbox, "Bathroom Remodeling").click();
    await expect(page).toHaveURL(/\/contact\?service=bathroom$/);
  });
});

test.describe("without JavaScript", () => {
  test.use({ baseURL: projectsURL, javaScriptEnabled: false, viewport: { width: 375, height: 812 } });

  test("a photo is a link to its page, which carries the lightbox's two links", async ({ page }) => {
    await page.goto("/gallery");
    await photoLink(page, "Walk-in shower").click();
    await expectH1(page, "Walk-in shower");
    await expect(estimateLink(page, "Bathroom Remodeling")).toHaveAttribute("href", "/contact?service=bathroom");
    await projectLink(page, "Walk-in shower in Bellaire").click();
    await expect(page).toHaveURL(new RegExp(`${BATHROOM}$`));
  });
});

test.describe("the site's icons", () => {
  const icons = [
    { selector: 'link[rel="apple-touch-icon"]', href: "/apple-touch-icon.png", size: 180 },
    { selector: 'link[rel="icon"][sizes="32x32"]', href: "/icons/site-32.png", size: 32 },
    { selector: 'link[rel="icon"][sizes="192x192"]', href: "/icons/site-192.png", size: 192 },
    { selector: 'link[rel="icon"][sizes="512x512"]', href: "/icons/site-512.png", size: 512 },
  ];

  test("every public page links them, and each is a PNG of its size; the apple-touch-icon is opaque", async ({ page, request }) => {
    test.slow();
    for (const path of publicPaths) {
      await page.goto(path);
      // One of each (a strict locator fails on two): a home screen has no second one to choose.
      for (const icon of icons) await expect(page.locator(icon.selector), `${icon.selector} on ${path}`).toHaveAttribute("href", icon.href);
    }
    for (const icon of icons) {
      const response = await request.get(icon.href);
      expect(response.status(), icon.href).toBe(200);
      expect(response.headers()["content-type"]).toBe("image/png");
      const meta = await sharp(await response.body()).metadata();
      expect([meta.format, meta.width, meta.height], icon.href).toEqual(["png", icon.size, icon.size]);
      if (icon.size >= 180) expect(meta.hasAlpha, `${icon.href} is opaque`).toBe(false);
    }
  });

  test("the back office keeps its own apple-touch-icon, the only one on its pages", async ({ page, context, baseURL }) => {
    await signInAdmin(context, baseURL);
    await page.goto("/admin");
    await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute("href", "/icons/admin-192.png");
    await page.goto("/gallery");
    await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute("href", "/apple-touch-icon.png");
  });
});
