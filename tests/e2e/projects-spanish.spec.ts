/**
 * Projects in Spanish in a real browser (ADR 064). On the projects' own server
 * (tests/support/seed-projects.ts: the kitchen is written in Spanish, the others are not), at a
 * phone's 375 px and a desktop's 1280 px: /es/proyectos with its cards and filters in Spanish,
 * the kitchen's Spanish page with its slider in Spanish and working, and axe finding nothing on
 * either. On the admin's server: the owner writes a project's title, story and pair caption in
 * Spanish, and its Spanish page appears with them.
 */
import { adminGalleryURL, projectsURL } from "../../playwright.config.ts";
import { expect, expectH1, expectNoAxeViolations, test, waitForHydration } from "#tests/e2e/helpers.ts";
import {
  adminGalleryData,
  expectNoSidewaysScroll,
  ignoreDeletedPhotoThumbnails,
  newMarker,
  pageStatus,
  signInAdmin,
} from "#tests/e2e/admin-helpers.ts";
import { withSiteDatabase } from "#tests/support/accounts.ts";
import { openTestStorage, seedPhoto } from "#tests/support/photos.ts";
import { createProject, publishProject } from "#app/server/repos/projects.server.ts";
import { addPhotosToProject } from "#app/server/repos/project-photos.server.ts";
import { addProjectPair } from "#app/server/repos/project-pairs.server.ts";

const KITCHEN = "/es/proyectos/open-kitchen-in-the-heights";
const KITCHEN_ES = "Cocina abierta en the Heights";

for (const width of [375, 1280]) {
  test.describe(`/es/proyectos at ${width} px`, () => {
    test.use({ baseURL: projectsURL, viewport: { width, height: width === 375 ? 812 : 900 } });

    test("the list in Spanish: the Spanish title to the Spanish page, an English title marked English to the English page; axe", async ({
      page,
    }) => {
      test.setTimeout(120_000);
      expect((await page.goto("/es/proyectos"))?.status()).toBe(200);
      await expect(page.locator("html")).toHaveAttribute("lang", "es");
      await expectH1(page, "Nuestros proyectos");
      const cards = page.locator(".project-card");
      await expect(cards).toHaveCount(3);
      await expect(cards.first()).toContainText("Remodelación de cocinas · Heights, Houston · abril de 2026");
      await expect(cards.first().getByRole("link", { name: KITCHEN_ES })).toHaveAttribute("href", KITCHEN);
      const shower = cards.nth(1).getByRole("link", { name: "Walk-in shower in Bellaire" });
      await expect(shower).toHaveAttribute("href", "/projects/walk-in-shower-in-bellaire");
      await expect(shower.locator('[lang="en"]')).toHaveText("Walk-in shower in Bellaire");
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await expectNoAxeViolations(page, `/es/proyectos at ${width} px`);

      const filters = page.getByRole("navigation", { name: "Proyectos por servicio" });
      await filters.getByRole("link", { name: "Remodelación de baños (1)" }).click();
      await expect(page).toHaveURL(/\/es\/proyectos\?service=bathroom$/);
      await expect(cards).toHaveCount(1);
      await filters.getByRole("link", { name: "Todos (3)" }).click();
      await cards.first().getByRole("link", { name: KITCHEN_ES }).click();
      await expect(page).toHaveURL(new RegExp(`${KITCHEN}$`));
    });

    test("the kitchen's Spanish page: its words, the slider in Spanish and working, the switch to English; axe", async ({ page }) => {
      test.setTimeout(120_000);
      expect((await page.goto(KITCHEN))?.status()).toBe(200);
      await expectH1(page, KITCHEN_ES);
      await expect(page.getByText("Gabinetes nuevos estilo shaker")).toBeVisible();
      await expect(page.locator(".project-facts")).toContainText("abril de 2026");
      const pair = page.locator(".project-pair").first();
      await expect(pair.getByRole("heading", { name: "Quitamos la pared" })).toBeVisible();
      await expect(pair.locator(".before-after__pane--before .before-after__label")).toHaveText("Antes");
      await expect(pair.locator(".before-after__pane--after .before-after__label")).toHaveText("Después");
      await expect(pair.locator(".before-after")).toHaveClass(/before-after--slider/);
      const slider = page.getByRole("slider", { name: "Antes y después: Quitamos la pared" });
      await expect(slider).toHaveAttribute("aria-valuetext", "50% después");
      await slider.focus();
      await page.keyboard.press("ArrowRight");
      await expect(slider).toHaveAttribute("aria-valuetext", "51% después");
      await page.keyboard.press("End");
      await expect(slider).toHaveAttribute("aria-valuetext", "100% después");
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await expectNoAxeViolations(page, `${KITCHEN} at ${width} px`);
      // The switch leads to the English page, which leads back.
      await page.getByRole("contentinfo").getByRole("link", { name: "English" }).click();
      await expect(page).toHaveURL(/\/projects\/open-kitchen-in-the-heights$/);
      await expect(page.locator('link[rel="alternate"][hreflang="es"]')).toHaveAttribute("href", new RegExp(`${KITCHEN}$`));
    });
  });
}

test.describe("the admin writes a project in Spanish (375 px)", () => {
  test.use({ baseURL: adminGalleryURL, viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });
  test.afterEach(({ consoleErrors }) => ignoreDeletedPhotoThumbnails(consoleErrors));

  test("the Spanish title, story and pair caption; the project's Spanish page follows", async ({ page, context, baseURL }) => {
    test.setTimeout(120_000);
    const marker = newMarker("es");
    const title = `${marker} Bathroom in Bellaire`;
    const { id, slug } = await withSiteDatabase(adminGalleryData, async (database) => {
      const storage = await openTestStorage(adminGalleryData.dataDir);
      const [before, after] = [
        await seedPhoto({ database, storage, dataDir: adminGalleryData.dataDir }, { caption: `${marker} old tub`, category: "bathroom" }),
        await seedPhoto(
          { database, storage, dataDir: adminGalleryData.dataDir },
          { caption: `${marker} new shower`, category: "bathroom" },
        ),
      ];
      const { db, dialect } = database;
      const project = await createProject({
        db,
        fields: { title, service: "bathroom", place: "Bellaire", finishedOn: "2026-02", description: "A tub became a walk-in shower." },
      });
      await addPhotosToProject({ db, dialect, projectId: project.id, photoIds: [before.id, after.id] });
      await addProjectPair({ db, dialect, projectId: project.id, beforePhotoId: before.id, afterPhotoId: after.id, caption: "Tub out" });
      await publishProject({ db, dialect, id: project.id });
      return project;
    });
    await signInAdmin(context, baseURL, "Alex Admin", adminGalleryData);

    expect((await page.goto(`/es/proyectos/${slug}`))?.status()).toBe(404);
    await page.goto(`/admin/projects/${id}#project-spanish`);
    await waitForHydration(page);
    const spanish = page.getByRole("group", { name: "In Spanish (optional)" });
    await expect(spanish).toContainText("No Spanish page yet.");
    await spanish.getByLabel("Title in Spanish").fill("Baño en Bellaire");
    await spanish.getByLabel("Story in Spanish").fill("Cambiamos la tina por una regadera.");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(pageStatus(page)).toHaveText("Saved the project's details.");
    await expect(spanish.getByRole("link", { name: `/es/proyectos/${slug}` })).toBeVisible();

    const pair = page.locator(".project-pairs > li").first();
    await pair.getByLabel("Caption in Spanish", { exact: true }).fill("Sin tina");
    await pair.getByRole("button", { name: "Save captions of pair 1" }).click();
    await expect(pageStatus(page)).toHaveText("Saved the pair's captions.");
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page, "the project page with its Spanish fields at 375 px");

    expect((await page.goto(`/es/proyectos/${slug}`))?.status()).toBe(200);
    await expectH1(page, "Baño en Bellaire");
    await expect(page.getByText("Cambiamos la tina por una regadera.")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Sin tina" })).toBeVisible();
  });
});
