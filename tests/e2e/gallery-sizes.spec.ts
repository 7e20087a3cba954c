/**
 * The grid's `sizes` tells the browser each cell's real width, so that it fetches the smallest
 * file that fills it: at every layout (two, three and four columns, and the page's widest) the
 * width `sizes` gives is the width the cell is drawn at, and a 375 px phone at DPR 2 takes the
 * 480 px variant. Against the gallery tests' own server (30 photos of 640 × 480, so each has
 * 320, 480 and 640 px variants; tests/support/seed-gallery.ts).
 * docs/decisions/037-variant-widths-and-encoding-speed.md
 */
import type { Page } from "@playwright/test";
import { galleryURL } from "../../playwright.config.ts";
import { expect, test } from "#tests/e2e/helpers.ts";

test.use({ baseURL: galleryURL });

const firstPhoto = (page: Page) => page.locator("#gallery-photos .photo-grid > li").first().locator("img.photo__img");

/** The width, in CSS px, that the first photo's `sizes` gives at the current viewport: the first entry whose media matches. */
async function sizesWidth(page: Page): Promise<number> {
  return firstPhoto(page).evaluate((img) => {
    const sizes = img.parentElement?.querySelector("source")?.getAttribute("sizes") ?? "";
    // No entry's length has a comma in it (calc() only), so the list splits on commas.
    for (const entry of sizes.split(",").map((s) => s.trim())) {
      const media = /^(\(.*?\))\s+(.+)$/.exec(entry);
      if (media && !matchMedia(media[1]!).matches) continue;
      const probe = document.createElement("div");
      probe.style.cssText = `position: absolute; visibility: hidden; width: ${media ? media[2] : entry}`;
      document.body.append(probe);
      const width = probe.getBoundingClientRect().width;
      probe.remove();
      return width;
    }
    return Number.NaN;
  });
}

test.describe("the grid's sizes match its cells", () => {
  for (const width of [320, 375, 414, 639, 640, 800, 1023, 1024, 1100, 1152, 1280, 1440]) {
    test(`at ${width} px wide`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      expect((await page.goto("/gallery"))?.status()).toBe(200);
      const drawn = await firstPhoto(page).evaluate((img) => img.getBoundingClientRect().width);
      const columns = await page
        .locator("#gallery-photos .photo-grid")
        .evaluate((grid) => getComputedStyle(grid).gridTemplateColumns.split(" ").length);
      expect(columns).toBe(width < 640 ? 2 : width < 1024 ? 3 : 4);
      // Within a pixel: the rounding of rem fractions, never a column's worth.
      expect(Math.abs((await sizesWidth(page)) - drawn)).toBeLessThanOrEqual(1);
    });
  }
});

test.describe("a 375 px phone", () => {
  for (const { scale, file } of [
    { scale: 2, file: 480 },
    { scale: 3, file: 640 },
  ]) {
    test.describe(`at DPR ${scale}`, () => {
      // A phone's screen too: the project's desktop screen (1920 px) would make Chromium choose the
      // first photos' files as if the page were wider, before it has laid the page out.
      test.use({
        viewport: { width: 375, height: 812 },
        screen: { width: 375, height: 812 },
        deviceScaleFactor: scale,
        isMobile: true,
        hasTouch: true,
      });

      test(`takes the ${file} px AVIF for a grid cell`, async ({ page }) => {
        const fetched: string[] = [];
        page.on("request", (request) => {
          const variant = /\/display-(\d+)\.\w+$/.exec(request.url());
          if (variant) fetched.push(variant[1]!);
        });
        expect((await page.goto("/gallery"))?.status()).toBe(200);
        const photo = firstPhoto(page);
        await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
        expect(await photo.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(new RegExp(`/display-${file}\\.avif$`));
        // Every variant fetched so far is of that width: none at another width first.
        expect(fetched.length).toBeGreaterThanOrEqual(4);
        expect(new Set(fetched)).toEqual(new Set([String(file)]));
        // The grid offers all three stored widths.
        await expect(photo.locator("xpath=..").locator("source[type='image/avif']")).toHaveAttribute(
          "srcset",
          /display-320\.avif 320w, .*display-480\.avif 480w, .*display-640\.avif 640w$/,
        );
      });
    });
  }
});
