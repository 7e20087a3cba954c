/**
 * The contractor's work first (ADR 060), in a real browser, against a server of its own whose
 * DATA_DIR is filled through the app's own code before it starts: the service cards on `/` and
 * the tiles on /services are the services' photos once there are photos (the drawing only for a
 * service without one), a before photo shows only in its pair; a service page's button opens the
 * form with its service chosen, and so does `?service=`; the order the owner sets at /admin/site
 * shows on `/` and in the form's list; the contact page's photo stays small on a phone.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { BrowserContext, Page } from "@playwright/test";
import { migrateToLatest, openDatabase } from "#app/server/db/index.server.ts";
import { createProject, publishProject } from "#app/server/repos/projects.server.ts";
import { addPhotosToProject } from "#app/server/repos/project-photos.server.ts";
import { addProjectPair } from "#app/server/repos/project-pairs.server.ts";
import type { ServiceSlug } from "#app/schemas/content.ts";
import { openTestStorage, seedPhoto } from "#tests/support/photos.ts";
import { startServer, type ServerProcess } from "#tests/support/server.ts";
import { expect, expectNoAxeViolations, signedInAccount, test, watchPage } from "#tests/e2e/helpers.ts";
import { expectNoSidewaysScroll } from "#tests/e2e/admin-helpers.ts";

// Its own server, past the ports playwright.config.ts and make-it-yours.spec.ts take (E2E_PORT + 0…9).
const port = Number(process.env.E2E_PORT ?? 3217) + 12;
const PROJECT_SLUG = "open-kitchen-in-meyerland";

test.describe.configure({ mode: "serial" });

let site: ServerProcess;
let dataDir: string;
let context: BrowserContext;
let page: Page;
const consoleErrors: string[] = [];
/** The seeded photos' ids by caption. */
const ids: Record<string, string> = {};

/** Fills `dir` before the server starts: kitchen photos with a before/after pair in a published project, a bathroom and a floor photo. */
async function seed(dir: string): Promise<void> {
  const database = await openDatabase({ dataDir: dir });
  try {
    await migrateToLatest(database);
    const storage = await openTestStorage(dir);
    const { db, dialect } = database;
    const photo = async (caption: string, category: ServiceSlug, minute: number, hue: number) => {
      const row = await seedPhoto({ database, storage, dataDir: dir }, { category, caption, alt: caption, width: 900, height: 600, hue });
      // "Latest" must not hang on how fast the seeding ran.
      const publishedAt = new Date(Date.parse("2026-05-01T12:00:00Z") + minute * 60_000).toISOString();
      await db.updateTable("photos").set({ published_at: publishedAt }).where("id", "=", row.id).execute();
      ids[caption] = row.id;
      return row;
    };
    await photo("Island with seating", "kitchen", 1, 30);
    const after = await photo("Kitchen after the remodel", "kitchen", 2, 200);
    // The newest kitchen photo is the before side of the pair: it must never be the card's.
    const before = await photo("Kitchen before the remodel", "kitchen", 3, 0);
    await photo("Walk-in shower", "bathroom", 4, 120);
    await photo("Oak floor", "floor", 5, 60);
    const project = await createProject({
      db,
      fields: {
        title: "Open kitchen in Meyerland",
        service: "kitchen",
        place: "Meyerland",
        finishedOn: "2026-04",
        description: "A wall came out.",
      },
    });
    await addPhotosToProject({ db, dialect, projectId: project.id, photoIds: [before.id, after.id] });
    await addProjectPair({
      db,
      dialect,
      projectId: project.id,
      beforePhotoId: before.id,
      afterPhotoId: after.id,
      caption: "The wall came out",
    });
    await publishProject({ db, dialect, id: project.id });
    await storage.close();
  } finally {
    await database.close();
  }
}

test.beforeAll(async ({ browser }) => {
  dataDir = mkdtempSync(path.join(tmpdir(), "e2e-service-photos-"));
  await seed(dataDir);
  site = await startServer({
    dataDir,
    env: { PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}`, FORM_MIN_SECONDS: "1" },
    startTimeoutMs: 60_000,
  });
  context = await browser.newContext({ baseURL: site.url });
  page = await context.newPage();
  await watchPage(page, consoleErrors);
});

test.afterEach(() => {
  expect(consoleErrors.splice(0), "console errors or uncaught exceptions during the test").toEqual([]);
});

test.afterAll(async () => {
  await context?.close();
  await site?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const servicesSection = (tab: Page) =>
  tab.locator("section").filter({ has: tab.getByRole("heading", { name: "General Remodeling Services", exact: true }) });

/** Each card's heading and what its image is: a photo (by caption) or the drawing. */
async function cardsOf(tab: Page, scope = servicesSection(tab)): Promise<[string, string][]> {
  const cards = scope.locator("article.card");
  const result: [string, string][] = [];
  for (let i = 0; i < (await cards.count()); i++) {
    const card = cards.nth(i);
    const title = (await card.getByRole("heading").textContent()) ?? "";
    const img = card.locator("img").first();
    const src = (await img.getAttribute("src")) ?? "";
    const caption = Object.entries(ids).find(([, id]) => src.includes(`/photos/${id}/`))?.[0];
    result.push([title, caption ?? (src.startsWith("/images/services/") ? "drawing" : src)]);
  }
  return result;
}

test("service cards and tiles are the services' photos once there are photos; a before photo shows only in its pair", async () => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/");
  expect(await cardsOf(page)).toEqual([
    ["Kitchen Remodeling", "Kitchen after the remodel"],
    ["Repair & Remodeling", "drawing"],
    ["Bathroom Remodeling", "Walk-in shower"],
    ["Flooring", "Oak floor"],
    ["Fences", "drawing"],
  ]);
  // A real responsive photo with its own size (no layout shift), loaded lazily below the form.
  const kitchen = servicesSection(page).locator("article.card").first();
  await expect(kitchen.locator('picture source[type="image/avif"]')).toHaveAttribute("srcset", /\d+w/);
  await expect(kitchen.locator("img")).toHaveAttribute("width", "900");
  await expect(kitchen.locator("img")).toHaveAttribute("height", "600");
  await expect(kitchen.locator("img")).toHaveAttribute("loading", "lazy");
  await kitchen.scrollIntoViewIfNeeded();
  await expect.poll(() => kitchen.locator("img").evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await expectNoAxeViolations(page, "/ with service photos");

  await page.goto("/services");
  expect(await cardsOf(page, page.getByRole("main"))).toEqual([
    ["Kitchen Remodeling", "Kitchen after the remodel"],
    ["Repair & Remodeling", "drawing"],
    ["Bathroom Remodeling", "Walk-in shower"],
    ["Flooring", "Oak floor"],
    ["Fences", "drawing"],
  ]);
  // The first tile is the page's main image.
  await expect(page.getByRole("main").locator("article.card img").first()).toHaveAttribute("fetchpriority", "high");

  // The before photo is nowhere but in its pair (and its project's page).
  const before = ids["Kitchen before the remodel"]!;
  for (const address of ["/", "/services", "/kitchen", "/gallery", "/gallery?category=kitchen", "/sitemap.xml"]) {
    const response = await page.request.get(address);
    expect(response.status(), address).toBe(200);
    expect(await response.text(), address).not.toContain(before);
  }
  await page.goto(`/projects/${PROJECT_SLUG}`);
  await expect(page.locator(".before-after").locator(`img[src*="/photos/${before}/"]`)).toHaveCount(1);
  // The kitchen page's banner is the same photo as its card, never the before photo.
  await page.goto("/kitchen");
  await expect(page.locator(".banner img").first()).toHaveAttribute("src", new RegExp(`/photos/${ids["Kitchen after the remodel"]}/`));
});

test("a service page opens the form with its service chosen; ?service= chooses it on / and /contact; an unknown one is ignored", async () => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto("/bathroom");
  await page.getByRole("main").getByRole("link", { name: "Get a free estimate" }).click();
  await expect(page).toHaveURL(/\/contact\?service=bathroom$/);
  const subject = page.getByRole("combobox", { name: "What do you need?" });
  await expect(subject).toHaveValue("Bathroom Remodeling");
  // The homeowner can still change it.
  await subject.selectOption("Flooring");
  await expect(subject).toHaveValue("Flooring");

  await page.goto("/?service=kitchen");
  await expect(page.getByRole("combobox", { name: "What do you need?" })).toHaveValue("Kitchen Remodeling");
  const unknown = await page.goto("/contact?service=rocket-science");
  expect(unknown?.status()).toBe(200);
  await expect(page.getByRole("combobox", { name: "What do you need?" })).toHaveValue("");
});

test("the order the owner sets at /admin/site shows on / and first in the form's list", async () => {
  await signedInAccount(context, site.url, { role: "admin", dataDir });
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto("/admin/site");
  const featured = page.getByRole("group", { name: "Services on the home page" });
  await expect(featured.getByRole("spinbutton", { name: "Kitchen Remodeling" })).toHaveValue("1");
  await expectNoSidewaysScroll(page);
  for (const name of ["Kitchen Remodeling", "Repair & Remodeling", "Flooring", "Fences"]) {
    await featured.getByRole("spinbutton", { name, exact: true }).fill("");
  }
  await featured.getByRole("spinbutton", { name: "Outdoor Living" }).fill("1");
  await featured.getByRole("spinbutton", { name: "Bathroom Remodeling" }).fill("2");
  await page.getByRole("button", { name: "Save the business details" }).click();
  await expect(page.getByRole("status")).toHaveText("Saved the business details. The site shows them now.");
  // Listed in the new order, the others after them.
  await expect(page.getByRole("group", { name: "Services on the home page" }).getByRole("spinbutton").first()).toHaveAccessibleName(
    "Outdoor Living",
  );
  await expectNoAxeViolations(page, "/admin/site with the services on the home page");

  await context.clearCookies();
  await page.goto("/");
  expect(await cardsOf(page)).toEqual([
    ["Outdoor Living", "drawing"],
    ["Bathroom Remodeling", "Walk-in shower"],
  ]);
  const options = await page.getByRole("combobox", { name: "What do you need?" }).locator("option").allTextContents();
  expect(options.slice(0, 4)).toEqual(["Choose a service", "Outdoor Living", "Bathroom Remodeling", "Fences"]);
});

test("the contact page's photo: in the banner on a computer, small on a phone with the form still in the first screen", async () => {
  await signedInAccount(context, site.url, { role: "admin", dataDir });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/admin/site/photos");
  const slot = page.getByRole("region", { name: "The photo on the contact page" });
  await slot.getByRole("radio", { name: "Walk-in shower" }).check();
  await slot.getByRole("button", { name: "Use for the contact page" }).click();
  await expect(page.getByRole("status")).toHaveText("The contact page shows your photo now.");
  await context.clearCookies();

  await page.goto("/contact");
  const photo = page.locator(".banner img");
  await expect(photo).toHaveAttribute("src", new RegExp(`/photos/${ids["Walk-in shower"]}/`));
  expect((await photo.boundingBox())?.width ?? 0).toBeGreaterThan(300);

  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto("/contact");
  await expect(photo).toBeVisible();
  const box = await photo.boundingBox();
  expect(box?.width ?? 999, "small on a phone").toBeLessThanOrEqual(80);
  const first = page.locator("#estimate form").getByRole("textbox").first();
  const field = await first.boundingBox();
  expect((field?.y ?? 9999) + (field?.height ?? 0), "the first field's bottom is in the first screen").toBeLessThanOrEqual(812);
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page, "/contact with its photo on a phone");
});
