/**
 * The public pages on a phone: the header is one row at most 64 px tall, nothing scrolls
 * sideways at 320 px, and what a tap or a focus scrolls to lands below the sticky header.
 */
import type { Page } from "@playwright/test";
import { galleryURL } from "../../playwright.config.ts";
import { expect, test } from "./helpers.ts";

const pages = ["/", "/services", "/gallery", "/contact", "/about", "/bathroom", "/fences", "/room", "/terms"];

async function headerBottom(page: Page): Promise<number> {
  const box = await page.getByRole("banner").boundingBox();
  if (!box) throw new Error("no header on the page");
  return box.y + box.height;
}

for (const width of [320, 375]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 812 } });

    test("the header is one row, at most 64 px tall, and nothing scrolls sideways", async ({ page }) => {
      for (const path of pages) {
        await page.goto(path);
        const header = await page.getByRole("banner").boundingBox();
        expect(header?.height, `${path}: header height`).toBeLessThanOrEqual(64);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow, `${path}: pixels past the right edge`).toBeLessThanOrEqual(0);
        // The call button and the menu share the row with the name.
        const call = page.getByRole("banner").locator('a[href^="tel:"]');
        await expect(call).toBeVisible();
        await expect(call).toHaveAccessibleName(/^Call us at \(\d{3}\) \d{3}-\d{4}$/);
      }
    });
  });
}

test.describe("at 375 px", () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test("'Get a free estimate' and a focused field land clear of the sticky header", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("link", { name: "Get a free estimate" }).first().click();
    await expect(page).toHaveURL(/#estimate$/);
    const heading = page.getByRole("heading", { name: "Request For a Free Estimate" });
    await expect.poll(async () => (await heading.boundingBox())?.y ?? -1).toBeGreaterThanOrEqual(await headerBottom(page));

    await page.goto("/contact");
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const name = page.getByLabel("Full name");
    await name.focus();
    const box = await name.boundingBox();
    expect(box?.y ?? -1, "the focused field's top is below the header").toBeGreaterThanOrEqual(await headerBottom(page));
  });
});

test.describe("the way to an estimate", () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test("a service page offers it in the first screen, before the details", async ({ page }) => {
    for (const path of ["/bathroom", "/fences", "/kitchen"]) {
      await page.goto(path);
      const cta = page.getByRole("main").getByRole("link", { name: "Get a free estimate" });
      await expect(cta).toHaveAttribute("href", "/contact");
      const box = await cta.boundingBox();
      expect((box?.y ?? 9999) + (box?.height ?? 0), `${path}: the button's bottom is within the first 812 px`).toBeLessThanOrEqual(812);
    }
  });

  test("/services and a gallery with photos end with it", async ({ page }) => {
    for (const url of ["/services", `${galleryURL}/gallery`]) {
      await page.goto(url);
      const last = page.locator("main > section").last();
      await expect(last.getByRole("heading", { name: "Ready for a free estimate?" }), url).toBeVisible();
      await expect(last.getByRole("link", { name: "Request a free estimate" })).toHaveAttribute("href", "/contact");
      await expect(last.locator('a[href^="tel:"]')).toHaveCount(1);
    }
  });
});
