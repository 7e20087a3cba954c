/**
 * The site's look and the way to the form (issue 25, ADR 059), on the seeded site (the shared
 * server of playwright.config.ts, tests/support/seeded-site.ts: the whole profile with fourteen
 * places, three testimonials, 13 published photos, one of them the hero, three projects), at
 * 375 × 812 and 1280 × 800: the hero's button lands on the form's first field, the home page is
 * at most seven phone screens, the header carries an estimate button, inner pages open neither
 * on the home page's navy nor with the business's name as their title, the footer is short on a
 * phone, nothing shifts while the page loads, and axe finds nothing.
 */
import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { seededData, seededURL } from "../../playwright.config.ts";
import { SEEDED_JSON, SEEDED_PROFILE, type SeededSite } from "#tests/support/seeded-site.ts";
import { expect, expectFooter, expectNoAxeViolations, test, layoutShift } from "#tests/e2e/helpers.ts";

test.use({ baseURL: seededURL });

const PHONE = { width: 375, height: 812 };
const LAPTOP = { width: 1280, height: 800 };
/** The measure: seven phone screens. */
const MAX_HOME_HEIGHT = 7 * PHONE.height;
/** The footer on a phone, all its links kept (it was about 1,000 px). */
const MAX_PHONE_FOOTER = 600;
const INNER_PAGES = ["/services", "/bathroom", "/contact", "/about", "/gallery", "/projects"];
/** The hero's band is a region named after the business. */
const NAME = SEEDED_PROFILE.name;

/** What the seeding made (written next to the server's data before it started). */
function seeded(): SeededSite {
  return JSON.parse(readFileSync(`${seededData}/${SEEDED_JSON}`, "utf8")) as SeededSite;
}

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

test.describe("on a phone (375 × 812)", () => {
  test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

  test("tapping the hero's 'Get a free estimate' leaves the form's first field on screen", async ({ page }) => {
    await page.goto(`/`);
    const hero = page.getByRole("region", { name: NAME });
    await hero.getByRole("link", { name: "Get a free estimate" }).tap();
    await expect(page).toHaveURL(/#estimate$/);
    await expectFirstFieldOnScreen(page, PHONE.height);
  });

  test("the home page is at most seven screens tall, with everything the owner entered still on it", async ({ page }) => {
    await page.goto(`/`);
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    expect(height, "the home page's height at 375 px").toBeLessThanOrEqual(MAX_HOME_HEIGHT);
    // Trimmed by layout, not by leaving things out: every testimonial, project, recent photo and place.
    const main = page.getByRole("main");
    await expect(main.getByRole("region", { name: "What our customers say" }).getByRole("listitem")).toHaveCount(
      seeded().testimonialIds.length,
    );
    await expect(main.getByRole("region", { name: "Recent projects" }).getByRole("article")).toHaveCount(seeded().projects.length);
    await expect(main.getByRole("list", { name: "Recent work" }).getByRole("listitem")).toHaveCount(6);
    const area = main.getByRole("region", { name: "Where we work" });
    for (const city of SEEDED_PROFILE.serviceCities) await expect(area.getByText(city, { exact: true })).toBeVisible();
    await expect(area).toContainText("77479");
  });

  test("the hero's photo runs the screen's width, right under the header; the trust row follows the hero", async ({ page }) => {
    await page.goto(`/`);
    const hero = page.getByRole("region", { name: NAME });
    const photo = await hero.locator("img").boundingBox();
    expect(photo!.width, "the photo's width").toBe(PHONE.width);
    expect(photo!.y, "the photo starts where the header ends").toBeCloseTo(await headerBottom(page), 0);
    await expect(hero).toContainText("Free written estimates across Houston and 13 nearby communities");
    await expect(hero).toContainText(SEEDED_PROFILE.slogan);
    const heroBox = await hero.boundingBox();
    const trust = await page.getByRole("region", { name: "Why homeowners trust us" }).boundingBox();
    expect(trust!.y, "the trust row starts right under the hero").toBeGreaterThanOrEqual(heroBox!.y + heroBox!.height);
    expect(trust!.y, "…within the first screen").toBeLessThan(PHONE.height);
  });

  test("in Spanish too (ADR 064): the home page at most seven screens, the footer as short as the English one", async ({ page }) => {
    await page.goto(`/es/`);
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    expect(height, "the Spanish home page's height at 375 px").toBeLessThanOrEqual(MAX_HOME_HEIGHT);
    await expect(page.getByRole("main").getByRole("region", { name: "Lo que dicen nuestros clientes" }).getByRole("listitem")).toHaveCount(
      seeded().testimonialIds.length,
    );
    for (const path of ["/es/", "/es/nosotros"]) {
      await page.goto(path);
      const footer = await page.getByRole("contentinfo").boundingBox();
      expect(footer!.height, `${path}: the footer's height at 375 px`).toBeLessThanOrEqual(MAX_PHONE_FOOTER);
      await expect(page.getByRole("contentinfo").getByRole("link", { name: "Baños" })).toHaveAttribute("href", "/es/banos");
    }
  });

  test("the footer is short and keeps every link; the header leaves the estimate to the bottom bar", async ({ page }) => {
    for (const path of ["/", "/about"]) {
      await page.goto(`${path}`);
      const footer = await page.getByRole("contentinfo").boundingBox();
      expect(footer!.height, `${path}: the footer's height at 375 px`).toBeLessThanOrEqual(MAX_PHONE_FOOTER);
      await expectFooter(page);
      await expect(page.getByRole("contentinfo")).toContainText("Mon–Fri, 7 am – 6 pm; Sat, 8 am – 2 pm");
      await expect(page.getByRole("banner").getByRole("link", { name: "Free estimate" })).toBeHidden();
      await expect(page.getByRole("navigation", { name: "Quick contact" }).getByRole("link", { name: /Free estimate/ })).toBeVisible();
    }
  });

  test("nothing shifts while the home page loads", async ({ page }) => {
    await page.goto(`/`);
    await expect
      .poll(() =>
        page
          .getByRole("region", { name: NAME })
          .locator("img")
          .evaluate((img: HTMLImageElement) => img.complete),
      )
      .toBe(true);
    expect(await layoutShift(page), "cumulative layout shift").toBeLessThan(0.01);
  });

  test("axe finds nothing on the home page, a service page, /contact and /about", async ({ page }) => {
    test.setTimeout(240_000); // four full axe runs: a minute each was seen on a busy 2-core machine
    for (const path of ["/", "/bathroom", "/contact", "/about"]) {
      await page.goto(`${path}`);
      await expectNoAxeViolations(page, `${path} at 375 px, full profile`);
    }
  });

  test.describe("with two device pixels to a CSS pixel", () => {
    test.use({ deviceScaleFactor: 2 });

    test("the rows' cards, 84 % of the screen wide, load the photo made for that width, not the screen's", async ({ page }) => {
      await page.goto(`/`);
      // Not the hero's photo: the browser reuses the larger copy the hero already loaded.
      const notHero = `img:not([src*="${seeded().heroPhotoId}"])`;
      for (const row of ["General Remodeling Services", "Recent projects"]) {
        const photo = page.getByRole("region", { name: row }).getByRole("article").locator(notHero).first();
        await photo.scrollIntoViewIfNeeded();
        await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.currentSrc), { message: row }).toMatch(/display-640\./);
      }
    });
  });
});

test.describe("on a laptop (1280 × 800)", () => {
  test.use({ viewport: LAPTOP });

  test("the header's 'Free estimate' leads to the form: on this page when it has one, else on /contact", async ({ page }) => {
    await page.goto(`/`);
    const button = page.getByRole("banner").getByRole("link", { name: "Free estimate" });
    await expect(button).toBeVisible();
    await expect(button).toHaveAttribute("href", "#estimate");
    await button.click();
    await expect(page).toHaveURL(/\/#estimate$/);
    await expectFirstFieldOnScreen(page, LAPTOP.height);

    await page.goto(`/about`);
    await page.getByRole("banner").getByRole("link", { name: "Free estimate" }).click();
    await expect(page).toHaveURL(/\/contact#estimate$/);
    await expectFirstFieldOnScreen(page, LAPTOP.height);
  });

  test("the hero's photo fills the band's right half up to the screen's edge", async ({ page }) => {
    await page.goto(`/`);
    const hero = page.getByRole("region", { name: NAME });
    const band = await hero.boundingBox();
    const photo = await hero.locator("img").boundingBox();
    const width = await page.evaluate(() => document.documentElement.clientWidth);
    expect(photo!.x + photo!.width, "the photo reaches the right edge").toBeCloseTo(width, 0);
    expect(photo!.width, "at least half the screen wide").toBeGreaterThanOrEqual(width / 2);
    expect(photo!.height, "as tall as the band").toBeCloseTo(band!.height, 0);
    await expect(hero.getByRole("heading", { level: 1 })).toBeInViewport();
  });

  test("nothing shifts while the home page loads", async ({ page }) => {
    await page.goto(`/`);
    await expect
      .poll(() =>
        page
          .getByRole("region", { name: NAME })
          .locator("img")
          .evaluate((img: HTMLImageElement) => img.complete),
      )
      .toBe(true);
    expect(await layoutShift(page), "cumulative layout shift").toBeLessThan(0.01);
  });

  test("axe finds nothing on the home page, a service page, /contact and /about", async ({ page }) => {
    test.setTimeout(240_000); // four full axe runs: a minute each was seen on a busy 2-core machine
    for (const path of ["/", "/bathroom", "/contact", "/about"]) {
      await page.goto(`${path}`);
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
      await page.goto(`/`);
      const navy = await page.getByRole("region", { name: NAME }).evaluate((el) => getComputedStyle(el).backgroundColor);
      for (const path of INNER_PAGES) {
        await page.goto(`${path}`);
        await expect(page.getByRole("banner")).toContainText(NAME);
        const h1 = page.getByRole("heading", { level: 1 });
        await expect(h1).toBeVisible();
        expect((await h1.textContent())?.trim(), `${path}: the H1`).not.toBe(NAME);
        const opening = await page.locator("main > :first-child").evaluate((el) => getComputedStyle(el).backgroundColor);
        expect(opening, `${path}: the first band's colour`).not.toBe(navy);
      }
    });

    test("/contact without a photo of its own: the drawing beside the title on a laptop, not even fetched on a phone", async ({ page }) => {
      const fetched: string[] = [];
      page.on("request", (request) => fetched.push(new URL(request.url()).pathname));
      await page.goto(`/contact`);
      const drawing = page.locator(".banner img");
      if (viewport === PHONE) {
        await expect(drawing).toBeHidden();
        expect(fetched, "the page's requests").not.toContain("/images/hero.svg");
      } else {
        await expect(drawing).toBeVisible();
        await expect.poll(() => drawing.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 1)).toBe(true);
        expect(fetched).toContain("/images/hero.svg");
      }
    });
  });
}
