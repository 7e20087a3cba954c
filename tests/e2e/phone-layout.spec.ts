/**
 * The public pages on a phone: the header is one row at most 64 px tall, nothing scrolls
 * sideways at 320 px, and what a tap or a focus scrolls to lands below the sticky header.
 */
import type { Page } from "@playwright/test";
import { galleryURL } from "../../playwright.config.ts";
import { expect, publicPaths, test } from "#tests/e2e/helpers.ts";

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
      await expect(cta).toHaveAttribute("href", `/contact?service=${path.slice(1)}`);
      const box = await cta.boundingBox();
      expect((box?.y ?? 9999) + (box?.height ?? 0), `${path}: the button's bottom is within the first 812 px`).toBeLessThanOrEqual(812);
    }
  });

  test("a service page with photos shows them after the banner, before the long text", async ({ page }) => {
    await page.goto(`${galleryURL}/bathroom`);
    const photos = page.getByRole("region", { name: "Bathroom Remodeling photos" });
    await expect(photos.getByRole("listitem").first()).toBeVisible();
    const photosTop = (await photos.boundingBox())?.y ?? 9999;
    const textTop = (await page.locator(".service__body p").first().boundingBox())?.y ?? -1;
    expect(photosTop, "the photos come before the first paragraph").toBeLessThan(textTop);
    const cta = page.getByRole("main").getByRole("link", { name: "Get a free estimate" });
    const box = await cta.boundingBox();
    expect((box?.y ?? 9999) + (box?.height ?? 0), "the banner's button is still within the first screen").toBeLessThanOrEqual(812);
  });

  test("on /contact the form's first field is within the first screen", async ({ page }) => {
    await page.goto("/contact");
    const first = page.locator("#estimate form").getByRole("textbox").first();
    await expect(first).toBeInViewport();
    const box = await first.boundingBox();
    expect((box?.y ?? 9999) + (box?.height ?? 0), "the first field's bottom").toBeLessThanOrEqual(812);
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

test.describe("what a link or a failed send scrolls to", () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test("every in-page link's target lands clear of the sticky header and of the bottom bar", async ({ page, request, baseURL }) => {
    test.setTimeout(90_000); // about twenty page loads
    // Every `#id` a public page links to, on its own page or another one (the bar's /contact#estimate).
    // The skip link's #main is on every page, in the same place: checked once.
    const targets = new Set<string>();
    for (const path of publicPaths) {
      const html = await (await request.get(path)).text();
      for (const [, href] of html.matchAll(/<a [^>]*href="([^"]*#[^"]+)"/g)) {
        const url = new URL(href!.replaceAll("&amp;", "&"), new URL(path, baseURL));
        if (url.origin !== new URL(baseURL ?? "").origin) continue;
        targets.add(url.hash === "#main" ? "/#main" : url.pathname + url.hash);
      }
    }
    expect([...targets]).toEqual(expect.arrayContaining(["/#main", "/#estimate", "/contact#estimate"]));
    for (const target of targets) {
      const id = target.split("#")[1]!;
      // A fresh page each time (a new document, not a jump within the last one): the browser
      // scrolls to the target as it does when a link leads there.
      await page.goto("about:blank");
      await page.goto(target);
      const element = page.locator(`[id="${id}"]`);
      const top = async () => (await element.boundingBox())?.y ?? -1;
      const bottom = await headerBottom(page);
      await expect.poll(top, `${target}: the target's top is below the header`).toBeGreaterThanOrEqual(bottom - 1);
      // Nor under the bar at the bottom of the screen (once the bar has given way to a form in view).
      const underTheBar = () =>
        element.evaluate((el) => {
          const bar = document.getElementById("call-bar");
          if (!bar || bar.checkVisibility({ visibilityProperty: true }) === false) return false;
          return el.getBoundingClientRect().top >= bar.getBoundingClientRect().top;
        });
      await expect.poll(underTheBar, `${target}: the target's top is above the bottom bar`).toBe(false);
      // Scrolled to, not left where it was (unless the page ends before it can reach the top).
      const scrolledAll = await page.evaluate(
        () => Math.ceil(window.scrollY + window.innerHeight) >= document.documentElement.scrollHeight,
      );
      if (!scrolledAll && (await page.evaluate(() => window.scrollY)) > 0) {
        expect(await top(), `${target}: the target sits just below the header`).toBeLessThanOrEqual(bottom + 40);
      }
    }
  });

  test("the first invalid field of a failed send is focused in full view, below the header", async ({ page }) => {
    for (const path of ["/", "/contact"]) {
      await page.goto(path);
      // From the bottom of the page: the browser scrolls back up to the field it complains about.
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await page.locator("#estimate form").getByRole("button", { name: /send/i }).click();
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.matches("input, select, textarea") ?? false), `${path}: a field is focused`)
        .toBe(true);
      const field = page.locator(":focus");
      // Refused by the browser's own check, or marked by the page's script.
      const invalid = await field.evaluate((el: HTMLInputElement) => !el.validity.valid || el.getAttribute("aria-invalid") === "true");
      expect(invalid, `${path}: the focused field is the invalid one`).toBe(true);
      const box = await field.boundingBox();
      expect(box?.y ?? -1, `${path}: the field's top is below the header`).toBeGreaterThanOrEqual(await headerBottom(page));
      expect((box?.y ?? 9999) + (box?.height ?? 0), `${path}: the field's bottom is on the screen`).toBeLessThanOrEqual(812);
    }
  });
});
