/**
 * Issue 25's tests, on the seeded site (tests/support/seeded-site.ts: a full profile with two
 * licences, insurance and a warranty, three testimonials, 13 published photos, a hero photo and a
 * project whose "before" photo is published), at a phone's 375 × 812 and a desktop's 1280 × 800:
 * the form one tap from the hero's button, the home page at most 7 phone screens, the trust row
 * in the first screen and on every service page and /contact, photos on the service cards, no
 * "before" photo outside its pair, the service chosen from its page, a renamed text file refused
 * when picked, and axe finding nothing in each of those states.
 *
 * Written against what a homeowner (and a screen reader) meets: roles, accessible names, the
 * form's field names and where things are on screen, not any one component's classes.
 */
import { readFileSync } from "node:fs";
import type { Locator, Page } from "@playwright/test";
import { seededData, seededURL } from "../../playwright.config.ts";
import { JOB_PHOTO_FIELD } from "#app/schemas/estimate-rules.ts";
import { SEEDED_JSON, type SeededSite } from "#tests/support/seeded-site.ts";
import { expect, expectNoAxeViolations, services, test, waitForEstimateScript } from "#tests/e2e/helpers.ts";

test.use({ baseURL: seededURL });

/** What the seeding made (written next to the server's data before it started). */
function seeded(): SeededSite {
  return JSON.parse(readFileSync(`${seededData}/${SEEDED_JSON}`, "utf8")) as SeededSite;
}

const servicePaths = services.map((service) => `/${service.slug}`);
const TRUST_ROW = "Why homeowners trust us";
/** The pages the homeowner browses (and the seeded project's page, added where its slug is known). */
const axePaths = ["/", "/services", ...servicePaths, "/gallery", "/about", "/contact"];

const widths = [
  { name: "phone", width: 375, height: 812, isMobile: true },
  { name: "desktop", width: 1280, height: 800, isMobile: false },
] as const;

const estimateForm = (page: Page) => page.locator("form[data-estimate-form]");
/** The form's first field: the homeowner's name. */
const nameField = (page: Page) => estimateForm(page).locator('input[name="from_name"]');
/** "What do you need?": the service the request is about. */
const serviceSelect = (page: Page) => estimateForm(page).locator('select[name="subject"]');
const trustRow = (page: Page) => page.getByRole("list", { name: TRUST_ROW });

async function open(page: Page, path: string): Promise<void> {
  expect((await page.goto(path))?.status(), `${path} answers 200`).toBe(200);
}

/** True when `target` is inside the viewport and nothing (a sticky header, a bar) covers its middle. */
async function onScreenAndUncovered(target: Locator): Promise<boolean> {
  return target.evaluate((element) => {
    const box = element.getBoundingClientRect();
    if (box.width === 0 || box.top < 0 || box.bottom > window.innerHeight) return false;
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return hit !== null && (hit === element || element.contains(hit));
  });
}

/**
 * The pictures of the cards that lead to a service page inside `scope`: for each link to a
 * service, the `src` of every image in its card (the nearest box around the link holding an image).
 */
async function serviceCardPictures(scope: Locator, paths: string[]): Promise<{ href: string; srcs: string[] }[]> {
  return scope.evaluate((root, targets) => {
    const cards = new Map<Element, string>();
    for (const link of root.querySelectorAll<HTMLAnchorElement>("a[href]")) {
      const path = new URL(link.href).pathname;
      if (!targets.includes(path)) continue;
      let card: Element | null = link;
      while (card && card !== root && card.querySelectorAll("img").length === 0) card = card.parentElement;
      // A card holds one service: a box with links to two services is a list, not a card.
      if (!card || card === root) continue;
      const linked = new Set([...card.querySelectorAll<HTMLAnchorElement>("a[href]")].map((a) => new URL(a.href).pathname));
      if ([...linked].filter((p) => targets.includes(p)).length > 1) continue;
      cards.set(card, path);
    }
    return [...cards].map(([card, href]) => ({
      href,
      // Inline placeholders (a blurred preview while the photo loads) are not the picture itself.
      srcs: [...card.querySelectorAll("img")].map((img) => img.getAttribute("src") ?? "").filter((src) => !src.startsWith("data:")),
    }));
  }, paths);
}

/**
 * Every card of a service with published photos shows one of them (from /media/); a service
 * without any may keep its drawing, as the issue says.
 */
function expectPhotoCards(cards: { href: string; srcs: string[] }[], withPhotos: Set<string>, where: string): void {
  const photoCards = cards.filter((card) => withPhotos.has(card.href));
  expect(photoCards.length, `${where}: cards of services that have photos`).toBeGreaterThanOrEqual(3);
  for (const card of photoCards) {
    expect(card.srcs.length, `${where}: the card for ${card.href} has a picture`).toBeGreaterThan(0);
    for (const src of card.srcs) {
      expect(new URL(src, seededURL).pathname, `${where}: the card for ${card.href} shows a published photo, not a drawing`).toMatch(
        /^\/media\//,
      );
    }
  }
}

for (const size of widths) {
  test.describe(`the seeded site on a ${size.name} (${size.width} × ${size.height})`, () => {
    test.use({ viewport: { width: size.width, height: size.height }, isMobile: size.isMobile, hasTouch: size.isMobile });

    test("the hero's “Get a free estimate” lands with the form's first field on screen", async ({ page }) => {
      await open(page, "/");
      await waitForEstimateScript(page);
      const heroButton = page.getByRole("main").getByRole("link", { name: "Get a free estimate" }).first();
      await expect(heroButton).toBeVisible();
      if (size.isMobile) await heroButton.tap();
      else await heroButton.click();
      await expect(nameField(page)).toBeVisible();
      // Scrolling (smooth or not) has settled once the field stays put; then it must be on screen.
      await expect.poll(() => onScreenAndUncovered(nameField(page)), { message: "the first field is on screen, uncovered" }).toBe(true);
      await expectNoAxeViolations(page, `/ after the hero's button (${size.name})`);
    });

    test("the trust row is in the first screen of /, on each service page and on /contact, from the profile", async ({ page }) => {
      // Twelve pages in one test: room for a busy machine.
      test.setTimeout(120_000);
      await open(page, "/");
      const row = trustRow(page);
      await expect(row, "the home page has the trust row").toBeVisible();
      // In the first screen: it starts above the fold and its first item is wholly on screen.
      const box = await row.boundingBox();
      expect(box, "the trust row has a box").not.toBeNull();
      expect(box!.y, "the trust row starts in the first screen").toBeLessThan(size.height);
      await expect(row.getByRole("listitem").first()).toBeInViewport({ ratio: 1 });
      // Built from what the contractor entered: 18 years, licensed, insured, a warranty.
      await expect(row).toContainText("18 years");
      await expect(row).toContainText(/licensed/i);
      await expect(row).toContainText(/insur/i);
      await expect(row).toContainText(/warrant/i);

      for (const path of [...servicePaths, "/contact"]) {
        await open(page, path);
        await expect(trustRow(page), `${path} has the trust row`).toBeVisible();
        await expect(trustRow(page), `${path}'s trust row says licensed`).toContainText(/licensed/i);
      }
    });

    test("service cards on / and tiles on /services are the contractor's photos", async ({ page }) => {
      const withPhotos = new Set(seeded().photos.map((photo) => `/${photo.category}`));
      await open(page, "/");
      expectPhotoCards(await serviceCardPictures(page.getByRole("main"), servicePaths), withPhotos, "/");
      await open(page, "/services");
      expectPhotoCards(await serviceCardPictures(page.getByRole("main"), servicePaths), withPhotos, "/services");
    });

    test("a service page's call to action opens the form with its service chosen, and ?service= works", async ({ page }) => {
      await open(page, "/bathroom");
      const cta = page
        .getByRole("main")
        .getByRole("link", { name: /estimate/i })
        .first();
      await expect(cta).toBeVisible();
      if (size.isMobile) await cta.tap();
      else await cta.click();
      await expect(page).toHaveURL(/\/contact(\?|#|$)/);
      await expect(serviceSelect(page).locator("option:checked")).toHaveText(/bathroom/i);

      await open(page, "/contact?service=kitchen");
      await expect(serviceSelect(page).locator("option:checked")).toHaveText(/kitchen/i);
      await expectNoAxeViolations(page, `/contact?service=kitchen (${size.name})`);
    });

    test("a text file renamed photo.jpg is refused when picked, naming the file, with no thumbnail", async ({ page }) => {
      await open(page, "/contact");
      await waitForEstimateScript(page);
      await estimateForm(page)
        .locator(`input[type="file"][name="${JOB_PHOTO_FIELD}"]`)
        .setInputFiles({ name: "photo.jpg", mimeType: "image/jpeg", buffer: Buffer.from("This is a shopping list, not a photo.\n") });
      // Said at once, where a screen reader hears it: an alert, or a live message of the form.
      const refusal = estimateForm(page)
        .locator('[role="alert"], [aria-live="assertive"], [aria-live="polite"]')
        .filter({ hasText: "photo.jpg" });
      await expect(refusal.first(), "the refusal names the file").toBeVisible();
      // No thumbnail of it: nothing drawn from the file.
      await expect(estimateForm(page).locator('img[src^="blob:"]')).toHaveCount(0);
      await expectNoAxeViolations(page, `/contact with photo.jpg refused (${size.name})`);
    });

    // One test per page: on a busy machine each axe run takes seconds.
    for (const path of [...axePaths, "project"]) {
      test(`axe finds nothing on ${path === "project" ? "the project's page" : path}`, async ({ page }) => {
        const target = path === "project" ? `/projects/${seeded().project.slug}` : path;
        await open(page, target);
        await expectNoAxeViolations(page, `${target} (${size.name})`);
      });
    }
  });
}

test("the home page is at most 7 phone screens long", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await open(page, "/");
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  expect(height, `the home page is ${(height / 812).toFixed(1)} screens of 812 px`).toBeLessThanOrEqual(7 * 812);
});

test("the “before” photo shows on no public page but its pair's, on its project's page", async ({ page, request }) => {
  const { beforePhotoId, project } = seeded();
  // The check sees the photo: its project page shows the pair.
  const projectHtml = await (await request.get(`/projects/${project.slug}`)).text();
  expect(projectHtml, "the project page shows the before photo in its pair").toContain(beforePhotoId);

  // Every page a homeowner browses, and the gallery's own pages (its filters and page numbers).
  const pages = new Set(["/", "/services", ...servicePaths, "/gallery", "/projects", "/about", "/contact"]);
  await open(page, "/gallery");
  for (const href of await page
    .locator('main a[href^="/gallery?"]')
    .evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""))) {
    pages.add(href);
  }
  const showing: string[] = [];
  for (const path of pages) {
    const response = await request.get(path);
    expect(response.status(), `${path} answers 200`).toBe(200);
    if ((await response.text()).includes(beforePhotoId)) showing.push(path);
  }
  expect(showing, "pages that show the before photo outside its pair").toEqual([]);
});
