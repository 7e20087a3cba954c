/**
 * /gallery with photos, in a real browser, against its own server filled before it started
 * (tests/support/seed-gallery.ts: 30 photos, 26 kitchen and 4 bathroom; playwright.config.ts
 * `galleryURL`), so the main server's gallery stays empty for the other specs.
 * docs/decisions/013-public-gallery.md
 */
import { AxeBuilder } from "@axe-core/playwright";
import type { Locator, Page } from "@playwright/test";
import { resolve } from "node:path";
import { galleryURL } from "../../playwright.config.ts";
import { signInAdmin } from "#tests/e2e/admin-helpers.ts";
import { expect, expectH1, menuToggle, test } from "#tests/e2e/helpers.ts";

test.use({ baseURL: galleryURL });

const grid = (page: Page) => page.locator("#gallery-photos .photo-grid > li");
const photoLink = (page: Page, n: number) => page.locator("#gallery-photos a[data-lightbox-item]").nth(n - 1);
const dialog = (page: Page) => page.locator("dialog.lightbox");
const filters = (page: Page) => page.getByRole("navigation", { name: "Photo categories" });
const pages = (page: Page) => page.getByRole("navigation", { name: "Gallery pages" });

/** The absolute address of the n-th grid photo's own page. */
async function photoPageOf(page: Page, n: number): Promise<string> {
  return photoLink(page, n).evaluate((a: HTMLAnchorElement) => a.href);
}

const axeTags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"];

async function axeClean(page: Page, label: string) {
  const results = await new AxeBuilder({ page })
    .withTags(axeTags)
    .options({ resultTypes: ["violations"] })
    .analyze();
  expect(results.passes.length).toBeGreaterThan(10);
  const found = results.violations.map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  expect.soft(found, `axe violations on ${label}`).toEqual([]);
}

async function expectFocused(locator: Locator) {
  await expect(locator).toBeFocused();
}

/** The lightbox shows this photo: position, caption and the image's alt text. */
async function expectShowing(page: Page, position: string, caption: string) {
  const box = dialog(page);
  await expect(box).toBeVisible();
  await expect(box.locator("[data-lightbox-position]")).toHaveText(position);
  await expect(box.locator("[data-lightbox-caption]")).toHaveText(caption);
  await expect(box.locator("[data-lightbox-img]")).toHaveAttribute("alt", caption.replace("photo", "job") + ", finished");
}

test.describe("the gallery's pages and filters", () => {
  test("page 1 has 24 photos as responsive pictures, loaded in order of need, and page 2 the other 6", async ({ page }) => {
    expect((await page.goto("/gallery"))?.status()).toBe(200);
    await expectH1(page, "Remodeling Gallery");
    await expect(grid(page)).toHaveCount(24);
    await expect(grid(page).first()).toContainText("Bathroom photo 1");

    const first = grid(page).first().locator("img.photo__img");
    await expect(first).toHaveAttribute("fetchpriority", "high");
    await expect(first).not.toHaveAttribute("loading", "lazy");
    await expect(grid(page).nth(3).locator("img.photo__img")).not.toHaveAttribute("loading", "lazy");
    await expect(grid(page).nth(4).locator("img.photo__img")).toHaveAttribute("loading", "lazy");
    await expect(grid(page).nth(23).locator("img.photo__img")).toHaveAttribute("decoding", "async");
    // Chromium takes the AVIF source, at a width that fits the cell.
    await expect.poll(() => first.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(await first.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/\/media\/photos\/.+\.avif$/);
    // The placeholder is under the photo, the photo on top of it.
    const placeholder = grid(page).first().locator("img.photo__placeholder");
    await expect(placeholder).toHaveAttribute("src", /^data:image\/webp;base64,/);

    await expect(filters(page).getByRole("link", { name: "All (30)" })).toHaveAttribute("aria-current", "page");
    await expect(pages(page).getByRole("link", { name: "Page 1", exact: true })).toHaveAttribute("aria-current", "page");
    await pages(page).getByRole("link", { name: "Next page" }).click();
    await expect(page).toHaveURL(/\/gallery\?page=2$/);
    await expect(grid(page)).toHaveCount(6);
    await expect(grid(page).first()).toContainText("Kitchen photo 21");
    await expect(pages(page).getByRole("link", { name: "Page 2", exact: true })).toHaveAttribute("aria-current", "page");
    // Nothing is loaded eagerly on a later page.
    await expect(grid(page).first().locator("img.photo__img")).toHaveAttribute("loading", "lazy");
    await pages(page).getByRole("link", { name: "Previous page" }).click();
    await expect(page).toHaveURL(/\/gallery$/);
  });

  test("filters are links with counts; the active one is marked, and a category has its own pages", async ({ page }) => {
    await page.goto("/gallery");
    await expect(filters(page).getByRole("link")).toHaveText(["All (30)", "Kitchen Remodeling (26)", "Bathroom Remodeling (4)"]);
    await filters(page).getByRole("link", { name: "Bathroom Remodeling (4)" }).click();
    await expect(page).toHaveURL(/\/gallery\?category=bathroom$/);
    await expect(grid(page)).toHaveCount(4);
    await expect(filters(page).getByRole("link", { name: "Bathroom Remodeling (4)" })).toHaveAttribute("aria-current", "page");
    await expect(filters(page).getByRole("link", { name: "All (30)" })).not.toHaveAttribute("aria-current", /.*/);
    await expect(pages(page)).toHaveCount(0);

    await filters(page).getByRole("link", { name: "Kitchen Remodeling (26)" }).click();
    await expect(grid(page)).toHaveCount(24);
    await pages(page).getByRole("link", { name: "Page 2", exact: true }).click();
    await expect(page).toHaveURL(/\/gallery\?category=kitchen&page=2$/);
    await expect(grid(page)).toHaveText([/Kitchen photo 25/, /Kitchen photo 26/]);
  });

  test("an unknown category or a page past the last is a 404 page; a malformed page number a 400 with a sentence", async ({ page }) => {
    for (const path of ["/gallery?category=nothing", "/gallery?category=fences", "/gallery?page=3"]) {
      expect((await page.goto(path))?.status(), path).toBe(404);
      await expectH1(page, "We couldn't find that page");
    }
    expect((await page.goto("/gallery?page=abc"))?.status()).toBe(400);
    await expectH1(page, "That page number is not valid. Page numbers are whole numbers starting at 1.");
  });

  test("a service page shows its photos and links to its category in the gallery", async ({ page }) => {
    await page.goto("/kitchen");
    const section = page.getByRole("region", { name: "Kitchen Remodeling photos" });
    await expect(section.locator(".photo-grid > li")).toHaveCount(6);
    await section.getByRole("link", { name: "See all 26 Kitchen Remodeling photos in our gallery" }).click();
    await expect(page).toHaveURL(/\/gallery\?category=kitchen$/);
    // In the service pages the lightbox works too.
    await page.goto("/kitchen");
    await section.locator("a[data-lightbox-item]").first().click();
    await expect(page.locator("#service-photos dialog")).toBeVisible();
    await expect(page.locator("#service-photos [data-lightbox-position]")).toHaveText("Photo 1 of 6");
  });
});

test.describe("the lightbox", () => {
  test("by keyboard: Enter opens, arrows move, Tab stays inside, Esc closes and focus returns", async ({ page }) => {
    await page.goto("/gallery");
    // The page loads no script file: the lightbox is its one inline module.
    await photoLink(page, 3).focus();
    await page.keyboard.press("Enter");
    await expectShowing(page, "Photo 3 of 30", "Bathroom photo 3");
    await expectFocused(dialog(page).getByRole("button", { name: "Close" }));
    // The address bar shows the photo's own page.
    await expect(page).toHaveURL(await photoPageOf(page, 3));

    await page.keyboard.press("ArrowRight");
    await expectShowing(page, "Photo 4 of 30", "Bathroom photo 4");
    await expect(page).toHaveURL(await photoPageOf(page, 4));
    await page.keyboard.press("ArrowRight");
    await expectShowing(page, "Photo 5 of 30", "Kitchen photo 1");
    await expect(dialog(page).locator("[data-lightbox-img]")).toHaveAttribute(
      "src",
      (await photoLink(page, 5).getAttribute("data-src")) ?? "",
    );
    await page.keyboard.press("ArrowLeft");
    await expectShowing(page, "Photo 4 of 30", "Bathroom photo 4");

    // Close → the estimate for the photo's service (ADR 063) → Previous → Next → Share → Close
    // again, and backwards: Tab never leaves the dialog.
    const controls = [
      dialog(page).getByRole("button", { name: "Close" }),
      dialog(page).getByRole("link", { name: "Get a free estimate for Bathroom Remodeling" }),
      dialog(page).getByRole("button", { name: "Previous photo" }),
      dialog(page).getByRole("button", { name: "Next photo" }),
      dialog(page).getByRole("link", { name: "Share this photo" }),
      dialog(page).getByRole("button", { name: "Close" }),
    ];
    for (const control of controls.slice(1)) {
      await page.keyboard.press("Tab");
      await expectFocused(control);
    }
    await page.keyboard.press("Shift+Tab");
    await expectFocused(controls[4]!);
    await page.keyboard.press("Shift+Tab");
    await expectFocused(controls[3]!);
    // Each control shows where the focus is.
    expect(await controls[3]!.evaluate((el) => getComputedStyle(el).outlineStyle)).not.toBe("none");
    await page.keyboard.press("Enter");
    await expectShowing(page, "Photo 5 of 30", "Kitchen photo 1");

    // Closed on another photo of this page: its thumbnail gets the focus, the grid's address is back.
    await page.keyboard.press("Escape");
    await expect(dialog(page)).toBeHidden();
    await expectFocused(photoLink(page, 5));
    await expect(page).toHaveURL(/\/gallery$/);

    await photoLink(page, 3).click();
    await page.keyboard.press("Escape");
    await expectFocused(photoLink(page, 3));
  });

  for (const width of [375, 1280]) {
    test(`Next and Previous cross the grid's pages, with the address following, at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
      await page.goto("/gallery");
      await photoLink(page, 23).click();
      await expectShowing(page, "Photo 23 of 30", "Kitchen photo 19");
      // The first photo of page 2 comes from the server: not on this page.
      const firstOfPage2 = await page.locator("#gallery-photos").getAttribute("data-after");
      expect(firstOfPage2).toMatch(/^[0-9a-f-]{36}$/);
      await dialog(page).getByRole("button", { name: "Next photo" }).click();
      await expectShowing(page, "Photo 24 of 30", "Kitchen photo 20");
      await dialog(page).getByRole("button", { name: "Next photo" }).click();
      await expectShowing(page, "Photo 25 of 30", "Kitchen photo 21");
      await expect(page).toHaveURL(new RegExp(`/gallery/photo/${firstOfPage2}$`));
      // Read from lightbox.json, with the way to an estimate for its service (ADR 063).
      await expect(dialog(page).getByRole("link", { name: "Get a free estimate for Kitchen Remodeling" })).toHaveAttribute(
        "href",
        "/contact?service=kitchen",
      );
      for (let n = 26; n <= 30; n++) {
        await page.keyboard.press("ArrowRight");
        await expectShowing(page, `Photo ${n} of 30`, `Kitchen photo ${n - 4}`);
      }
      // The last photo: no Next; the focus moved off the button that went away.
      await expect(dialog(page).getByRole("button", { name: "Next photo" })).toBeHidden();
      await expect(dialog(page).getByRole("button", { name: "Previous photo" })).toBeVisible();
      await expect(page).toHaveURL(/\/gallery\/photo\/[0-9a-f-]{36}$/);
      const lastUrl = page.url();
      await page.keyboard.press("ArrowRight");
      await expectShowing(page, "Photo 30 of 30", "Kitchen photo 26");
      expect(page.url()).toBe(lastUrl);
      await axeClean(page, `the lightbox on a photo of page 2, opened from page 1, at ${width} px`);

      // Closed on a photo of another page: the focus goes back to the photo that opened it.
      await page.keyboard.press("Escape");
      await expect(dialog(page)).toBeHidden();
      await expect(page).toHaveURL(/\/gallery$/);
      await expectFocused(photoLink(page, 23));

      // From page 2 backwards onto page 1.
      await page.goto("/gallery?page=2");
      await photoLink(page, 1).click();
      await expectShowing(page, "Photo 25 of 30", "Kitchen photo 21");
      await dialog(page).getByRole("button", { name: "Previous photo" }).click();
      await expectShowing(page, "Photo 24 of 30", "Kitchen photo 20");
      await dialog(page).getByRole("button", { name: "Next photo" }).click();
      await expectShowing(page, "Photo 25 of 30", "Kitchen photo 21");
      await page.keyboard.press("Escape");
      await expect(page).toHaveURL(/\/gallery\?page=2$/);
    });
  }

  test("the browser's Back closes the lightbox and Forward opens the photo's page", async ({ page }) => {
    await page.goto("/gallery");
    await photoLink(page, 2).click();
    await expectShowing(page, "Photo 2 of 30", "Bathroom photo 2");
    const photoUrl = await photoPageOf(page, 2);
    await expect(page).toHaveURL(photoUrl);
    await page.goBack();
    await expect(dialog(page)).toBeHidden();
    await expect(page).toHaveURL(/\/gallery$/);
    await expectFocused(photoLink(page, 2));
    await page.goForward();
    await expect(page).toHaveURL(photoUrl);
    await expectH1(page, "Bathroom photo 2");
  });

  test("the first photo has no Previous, and a single photo neither Previous nor Next", async ({ page }) => {
    await page.goto("/gallery");
    await photoLink(page, 1).click();
    await expect(dialog(page).locator("[data-lightbox-position]")).toHaveAttribute("aria-live", "polite");
    await expectShowing(page, "Photo 1 of 30", "Bathroom photo 1");
    await expect(dialog(page)).toHaveAccessibleName("Photo 1 of 30");
    await expect(dialog(page).getByRole("button", { name: "Previous photo" })).toBeHidden();
    await expect(dialog(page).getByRole("button", { name: "Next photo" })).toBeVisible();
    await page.keyboard.press("ArrowLeft");
    await expectShowing(page, "Photo 1 of 30", "Bathroom photo 1");

    // A service page's few photos, cut down to one in the page: nothing to move to.
    await page.goto("/bathroom");
    await page.locator("#service-photos .photo-grid > li").evaluateAll((items) => items.slice(1).forEach((li) => li.remove()));
    await page.locator("#service-photos a[data-lightbox-item]").click();
    const box = page.locator("#service-photos dialog");
    await expect(box.locator("[data-lightbox-position]")).toHaveText("Photo 1 of 1");
    await expect(box.getByRole("button", { name: "Previous photo" })).toBeHidden();
    await expect(box.getByRole("button", { name: "Next photo" })).toBeHidden();
  });

  test("by mouse and touch: buttons, a sideways swipe, the backdrop and the close button", async ({ page }) => {
    await page.goto("/gallery");
    await photoLink(page, 2).click();
    await expectShowing(page, "Photo 2 of 30", "Bathroom photo 2");
    await dialog(page).getByRole("button", { name: "Next photo" }).click();
    await expectShowing(page, "Photo 3 of 30", "Bathroom photo 3");
    await dialog(page).getByRole("button", { name: "Previous photo" }).click();
    await expectShowing(page, "Photo 2 of 30", "Bathroom photo 2");

    const swipe = (dx: number) =>
      dialog(page)
        .locator("[data-lightbox-img]")
        .evaluate((img, distance) => {
          const at = (type: string, x: number) =>
            img.dispatchEvent(
              new PointerEvent(type, {
                bubbles: true,
                pointerType: "touch",
                isPrimary: true,
                clientX: x,
                clientY: 300,
              }),
            );
          at("pointerdown", 200);
          at("pointermove", 200 + distance / 2);
          at("pointerup", 200 + distance);
        }, dx);
    await swipe(-120);
    await expectShowing(page, "Photo 3 of 30", "Bathroom photo 3");
    await swipe(120);
    await expectShowing(page, "Photo 2 of 30", "Bathroom photo 2");
    // A short or mostly vertical movement is not a swipe.
    await swipe(-20);
    await expectShowing(page, "Photo 2 of 30", "Bathroom photo 2");

    await dialog(page).getByRole("button", { name: "Close" }).click();
    await expect(dialog(page)).toBeHidden();
    await expectFocused(photoLink(page, 2));

    await photoLink(page, 6).click();
    await expectShowing(page, "Photo 6 of 30", "Kitchen photo 2");
    // The backdrop: the dialog fills the screen, so its padding stands in for it.
    await dialog(page).click({ position: { x: 2, y: 2 } });
    await expect(dialog(page)).toBeHidden();
    await expectFocused(photoLink(page, 6));
  });

  test("Share copies the photo's address, or hands it to the system's share sheet", async ({ page, context }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    // This Chromium has no Web Share: the address is copied.
    await page.addInitScript(() => Object.defineProperty(navigator, "share", { value: undefined, configurable: true }));
    await page.goto("/gallery");
    await photoLink(page, 4).click();
    await dialog(page).getByRole("link", { name: "Share this photo" }).click();
    await expect(dialog(page).locator("[data-lightbox-status]")).toHaveText("Link copied. Paste it in a message or an email.");
    const photoUrl = await photoPageOf(page, 4);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(photoUrl);
    await expect(dialog(page)).toBeVisible();

    // On the photo's page, with the Web Share API: the canonical address goes to the share sheet.
    await page.addInitScript(() => {
      const shared: ShareData[] = [];
      Object.defineProperty(navigator, "share", {
        value: async (data: ShareData) => void shared.push(data),
        configurable: true,
      });
      Object.defineProperty(window, "__shared", { value: shared });
    });
    await page.goto(photoUrl);
    await page.getByRole("link", { name: "Share this photo" }).click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { __shared: ShareData[] }).__shared.map((d) => d.url)))
      .toEqual([photoUrl]);
    await expect(page).toHaveURL(photoUrl);
  });

  test("after hydrating on another page, a client-side visit to /gallery still opens the lightbox", async ({ page, context }) => {
    // Only the admin pages hydrate (no public page does): sign in on this server and start there.
    await signInAdmin(context, galleryURL, "Alex Admin", { dataDir: resolve("test-results/e2e-gallery-data") });
    await page.goto("/admin");
    await page.waitForFunction(() => window.__e2e?.hydrated === true);
    await page.getByRole("banner").getByRole("link", { name: "Gallery", exact: true }).click();
    await expect(page).toHaveURL(/\/gallery$/);
    await photoLink(page, 1).click();
    await expectShowing(page, "Photo 1 of 30", "Bathroom photo 1");
    await page.keyboard.press("Escape");
    await expect(dialog(page)).toBeHidden();
    await expect(page).toHaveURL(/\/gallery$/);
  });

  test("no CSP violation, and no script file but the lightbox's (ADR 065), on the gallery and a photo's page", async ({ page }) => {
    const scripts = new Set<string>();
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.add(new URL(request.url()).pathname);
    });
    await page.goto("/gallery");
    await photoLink(page, 1).click();
    await expect(dialog(page)).toBeVisible();
    expect([...scripts]).toEqual(["/scripts/lightbox.js"]);
    expect(await page.evaluate(() => window.__e2e?.cspViolations)).toEqual([]);
    // From the page cache too (served with the script's hash instead of a nonce).
    const again = await page.goto("/gallery");
    expect(again?.headers()["x-page-cache"]).toBe("HIT");
    await photoLink(page, 1).click();
    await expect(dialog(page)).toBeVisible();
    expect(await page.evaluate(() => window.__e2e?.cspViolations)).toEqual([]);

    const photoUrl = await photoPageOf(page, 1);
    for (const cache of ["MISS|HIT", "HIT"]) {
      const res = await page.goto(photoUrl);
      expect(res?.headers()["x-page-cache"]).toMatch(new RegExp(`^(${cache})$`));
      await expectH1(page, "Bathroom photo 1");
      expect(await page.evaluate(() => window.__e2e?.cspViolations)).toEqual([]);
    }
    expect([...scripts]).toEqual(["/scripts/lightbox.js"]);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("filters and pages are plain links, and a photo opens its own page, with Next across the grid's pages", async ({ page }) => {
    await page.goto("/gallery");
    await filters(page).getByRole("link", { name: "Kitchen Remodeling (26)" }).click();
    await expect(page).toHaveURL(/category=kitchen$/);
    await pages(page).getByRole("link", { name: "Next page" }).click();
    await expect(grid(page)).toHaveCount(2);

    await page.goto("/gallery");
    await photoLink(page, 24).click();
    await expect(page).toHaveURL(/\/gallery\/photo\/[0-9a-f-]{36}$/);
    await expectH1(page, "Kitchen photo 20");
    await expect(page.locator("img.photo-page__img")).toHaveAttribute("alt", "Kitchen job 20, finished");
    await expect(page.locator(".photo-page__meta").getByRole("link", { name: "Kitchen Remodeling" })).toHaveAttribute("href", "/kitchen");
    await page.getByRole("link", { name: "Next photo" }).click();
    await expectH1(page, "Kitchen photo 21");
    await expect(page.getByText("Photo 25 of 30")).toBeVisible();
    await page.getByRole("link", { name: "Back to the gallery" }).click();
    await expect(page).toHaveURL(/\/gallery\?page=2#photo-[0-9a-f-]{36}$/);
    await expect(grid(page)).toHaveCount(6);
  });
});

test.describe("accessibility", () => {
  const expectNoViolations = axeClean;

  for (const width of [1280, 375]) {
    test(`axe finds nothing on /gallery with photos, nor with the lightbox open, at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
      await page.goto("/gallery?page=2");
      await expectNoViolations(page, `/gallery?page=2 at ${width} px`);
      await page.goto("/gallery");
      if (width === 375) {
        await menuToggle(page).click();
        await expectNoViolations(page, `/gallery at ${width} px, menu open`);
        await menuToggle(page).click();
      } else {
        await expectNoViolations(page, `/gallery at ${width} px`);
      }
      await photoLink(page, 1).click();
      await expect(dialog(page).locator("[data-lightbox-img]")).toHaveJSProperty("complete", true);
      await expectNoViolations(page, `/gallery at ${width} px, lightbox open`);
      await page.goto("/kitchen");
      await expectNoViolations(page, `/kitchen with photos at ${width} px`);
      // A photo's own page, on its own and in the middle of the gallery.
      await page.goto("/gallery?page=2");
      await photoLink(page, 1).evaluate((a: HTMLAnchorElement) => (location.href = a.href));
      await expectH1(page, "Kitchen photo 21");
      await expect(page.locator("img.photo-page__img")).toHaveJSProperty("complete", true);
      await expectNoViolations(page, `a photo's page at ${width} px`);
    });
  }
});
