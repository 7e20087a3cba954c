/**
 * The site's look and the way to the form (issue 25, ADR 059), on a server of its own whose data
 * a contractor who entered everything would have (tests/support/seed-full-home.ts: the whole
 * profile, three testimonials, 13 published photos, one of them the hero, three projects), at
 * 375 × 812 and 1280 × 800: the hero's button lands on the form's first field, the home page is
 * at most seven phone screens, the header carries an estimate button, inner pages open neither
 * on the home page's navy nor with the business's name as their title, the footer is short on a
 * phone, nothing shifts while the page loads, and axe finds nothing.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { FULL_HOME, seedFullHome } from "#tests/support/seed-full-home.ts";
import { startServer, type ServerProcess } from "#tests/support/server.ts";
import { expect, expectFooter, expectNoAxeViolations, test } from "#tests/e2e/helpers.ts";

const PHONE = { width: 375, height: 812 };
const LAPTOP = { width: 1280, height: 800 };
/** The measure: seven phone screens. */
const MAX_HOME_HEIGHT = 7 * PHONE.height;
/** The footer on a phone, all its links kept (it was about 1,000 px). */
const MAX_PHONE_FOOTER = 600;
const INNER_PAGES = ["/services", "/bathroom", "/contact", "/about", "/gallery", "/projects"];

let site: ServerProcess;
let dataDir: string;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(120_000); // 13 photos through the image pipeline, then a server start
  dataDir = mkdtempSync(join(tmpdir(), "home-layout-"));
  await seedFullHome(dataDir);
  site = await startServer({ dataDir, startTimeoutMs: 60_000 });
});

test.afterAll(async () => {
  await site?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function headerBottom(page: Page): Promise<number> {
  const box = await page.getByRole("banner").boundingBox();
  return (box?.y ?? 0) + (box?.height ?? 0);
}

/** The form's first field (the name) once the page has settled after a jump. */
async function expectFirstFieldOnScreen(page: Page, viewportHeight: number): Promise<void> {
  const first = page.locator("#estimate form").getByRole("textbox").first();
  await expect(first).toHaveAccessibleName(/name/i);
  await expect(first).toBeInViewport({ ratio: 1 });
  const box = await first.boundingBox();
  expect(box!.y, "the first field is below the sticky header").toBeGreaterThanOrEqual(await headerBottom(page));
  expect(box!.y + box!.height, "the first field's bottom is on the screen").toBeLessThanOrEqual(viewportHeight);
}

/** The sum of the page's layout shifts so far (what Lighthouse's CLS adds up). */
function layoutShift(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let sum = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
            if (!entry.hadRecentInput) sum += entry.value;
          }
        }).observe({ type: "layout-shift", buffered: true });
        requestAnimationFrame(() => requestAnimationFrame(() => resolve(sum)));
      }),
  );
}

test.describe("on a phone (375 × 812)", () => {
  test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

  test("tapping the hero's 'Get a free estimate' leaves the form's first field on screen", async ({ page }) => {
    await page.goto(`${site.url}/`);
    const hero = page.getByRole("region", { name: FULL_HOME.name });
    await hero.getByRole("link", { name: "Get a free estimate" }).tap();
    await expect(page).toHaveURL(/#estimate$/);
    await expectFirstFieldOnScreen(page, PHONE.height);
  });

  test("the home page is at most seven screens tall, with everything the owner entered still on it", async ({ page }) => {
    await page.goto(`${site.url}/`);
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    expect(height, "the home page's height at 375 px").toBeLessThanOrEqual(MAX_HOME_HEIGHT);
    // Trimmed by layout, not by leaving things out: every testimonial, project, recent photo and place.
    const main = page.getByRole("main");
    await expect(main.getByRole("region", { name: "What our customers say" }).getByRole("listitem")).toHaveCount(FULL_HOME.testimonials);
    await expect(main.getByRole("region", { name: "Recent projects" }).getByRole("article")).toHaveCount(FULL_HOME.projects);
    await expect(main.getByRole("list", { name: "Recent work" }).getByRole("listitem")).toHaveCount(6);
    const area = main.getByRole("region", { name: "Where we work" });
    for (const city of ["Houston", "Katy", "Tomball"]) await expect(area.getByText(city, { exact: true })).toBeVisible();
    await expect(area).toContainText("77479");
  });

  test("the hero's photo runs the screen's width, right under the header; the trust row follows the hero", async ({ page }) => {
    await page.goto(`${site.url}/`);
    const hero = page.getByRole("region", { name: FULL_HOME.name });
    const photo = await hero.locator("img").boundingBox();
    expect(photo!.width, "the photo's width").toBe(PHONE.width);
    expect(photo!.y, "the photo starts where the header ends").toBeCloseTo(await headerBottom(page), 0);
    await expect(hero).toContainText("Free written estimates across Houston and 13 nearby communities");
    await expect(hero).toContainText(FULL_HOME.slogan);
    const heroBox = await hero.boundingBox();
    const trust = await page.getByRole("region", { name: "Why homeowners trust us" }).boundingBox();
    expect(trust!.y, "the trust row starts right under the hero").toBeGreaterThanOrEqual(heroBox!.y + heroBox!.height);
    expect(trust!.y, "…within the first screen").toBeLessThan(PHONE.height);
  });

  test("the footer is short and keeps every link; the header leaves the estimate to the bottom bar", async ({ page }) => {
    for (const path of ["/", "/about"]) {
      await page.goto(`${site.url}${path}`);
      const footer = await page.getByRole("contentinfo").boundingBox();
      expect(footer!.height, `${path}: the footer's height at 375 px`).toBeLessThanOrEqual(MAX_PHONE_FOOTER);
      await expectFooter(page);
      await expect(page.getByRole("contentinfo")).toContainText("Mon–Sat, 7 am – 6 pm");
      await expect(page.getByRole("banner").getByRole("link", { name: "Free estimate" })).toBeHidden();
      await expect(page.getByRole("navigation", { name: "Quick contact" }).getByRole("link", { name: /Free estimate/ })).toBeVisible();
    }
  });

  test("nothing shifts while the home page loads", async ({ page }) => {
    await page.goto(`${site.url}/`);
    await expect
      .poll(() =>
        page
          .getByRole("region", { name: FULL_HOME.name })
          .locator("img")
          .evaluate((img: HTMLImageElement) => img.complete),
      )
      .toBe(true);
    expect(await layoutShift(page), "cumulative layout shift").toBeLessThan(0.01);
  });

  test("axe finds nothing on the home page, a service page, /contact and /about", async ({ page }) => {
    test.setTimeout(240_000); // four full axe runs: a minute each was seen on a busy 2-core machine
    for (const path of ["/", "/bathroom", "/contact", "/about"]) {
      await page.goto(`${site.url}${path}`);
      await expectNoAxeViolations(page, `${path} at 375 px, full profile`);
    }
  });
});

test.describe("on a laptop (1280 × 800)", () => {
  test.use({ viewport: LAPTOP });

  test("the header's 'Free estimate' leads to the form: on this page when it has one, else on /contact", async ({ page }) => {
    await page.goto(`${site.url}/`);
    const button = page.getByRole("banner").getByRole("link", { name: "Free estimate" });
    await expect(button).toBeVisible();
    await expect(button).toHaveAttribute("href", "#estimate");
    await button.click();
    await expect(page).toHaveURL(/\/#estimate$/);
    await expectFirstFieldOnScreen(page, LAPTOP.height);

    await page.goto(`${site.url}/about`);
    await page.getByRole("banner").getByRole("link", { name: "Free estimate" }).click();
    await expect(page).toHaveURL(/\/contact#estimate$/);
    await expectFirstFieldOnScreen(page, LAPTOP.height);
  });

  test("the hero's photo fills the band's right half up to the screen's edge", async ({ page }) => {
    await page.goto(`${site.url}/`);
    const hero = page.getByRole("region", { name: FULL_HOME.name });
    const band = await hero.boundingBox();
    const photo = await hero.locator("img").boundingBox();
    const width = await page.evaluate(() => document.documentElement.clientWidth);
    expect(photo!.x + photo!.width, "the photo reaches the right edge").toBeCloseTo(width, 0);
    expect(photo!.width, "at least half the screen wide").toBeGreaterThanOrEqual(width / 2);
    expect(photo!.height, "as tall as the band").toBeCloseTo(band!.height, 0);
    await expect(hero.getByRole("heading", { level: 1 })).toBeInViewport();
  });

  test("nothing shifts while the home page loads", async ({ page }) => {
    await page.goto(`${site.url}/`);
    await expect
      .poll(() =>
        page
          .getByRole("region", { name: FULL_HOME.name })
          .locator("img")
          .evaluate((img: HTMLImageElement) => img.complete),
      )
      .toBe(true);
    expect(await layoutShift(page), "cumulative layout shift").toBeLessThan(0.01);
  });

  test("axe finds nothing on the home page, a service page, /contact and /about", async ({ page }) => {
    test.setTimeout(240_000); // four full axe runs: a minute each was seen on a busy 2-core machine
    for (const path of ["/", "/bathroom", "/contact", "/about"]) {
      await page.goto(`${site.url}${path}`);
      await expectNoAxeViolations(page, `${path} at 1280 px, full profile`);
    }
  });
});

for (const [label, viewport] of [
  ["375 × 812", PHONE],
  ["1280 × 800", LAPTOP],
] as const) {
  test.describe(`inner pages at ${label}`, () => {
    test.use({ viewport });

    test("open on a band of their own, not the home page's navy, and their title is not the business's name", async ({ page }) => {
      await page.goto(`${site.url}/`);
      const navy = await page.getByRole("region", { name: FULL_HOME.name }).evaluate((el) => getComputedStyle(el).backgroundColor);
      for (const path of INNER_PAGES) {
        await page.goto(`${site.url}${path}`);
        await expect(page.getByRole("banner")).toContainText(FULL_HOME.name);
        const h1 = page.getByRole("heading", { level: 1 });
        await expect(h1).toBeVisible();
        expect((await h1.textContent())?.trim(), `${path}: the H1`).not.toBe(FULL_HOME.name);
        const opening = await page.locator("main > :first-child").evaluate((el) => getComputedStyle(el).backgroundColor);
        expect(opening, `${path}: the first band's colour`).not.toBe(navy);
      }
    });
  });
}
