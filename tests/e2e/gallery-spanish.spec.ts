/**
 * The gallery in Spanish (ADR 064) in the browser. On the seeded site, where two photos have their
 * words in Spanish and the others wait: /es/galeria and a photo's Spanish page at 375 × 812 and
 * 1280 × 800 with axe finding nothing, and the lightbox showing each photo's Spanish words, or its
 * English ones marked as English. On the admin gallery's server: the photo's form reached from
 * the go-live checklist's link, its Spanish fields filled and saved, and the photo's Spanish page
 * then served with them.
 */
import { seededURL, adminGalleryURL } from "../../playwright.config.ts";
import { expect, expectNoAxeViolations, test, waitForHydration } from "#tests/e2e/helpers.ts";
import { adminGalleryData, ignoreDeletedPhotoThumbnails, newMarker, signInAdmin } from "#tests/e2e/admin-helpers.ts";
import { withSiteDatabase } from "#tests/support/accounts.ts";
import { openTestStorage, seedPhoto } from "#tests/support/photos.ts";

const SIZES = [
  { name: "a phone", viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true },
  { name: "a laptop", viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false },
];
const SHOWER_ES = "Ducha a ras de piso con puerta de vidrio en Katy";

test.describe("the seeded site's Spanish gallery", () => {
  test.use({ baseURL: seededURL });

  for (const size of SIZES) {
    test.describe(`on ${size.name} (${size.viewport.width} × ${size.viewport.height})`, () => {
      test.use({ viewport: size.viewport, isMobile: size.isMobile, hasTouch: size.hasTouch });

      test("axe finds nothing on /es/galeria and on a photo's Spanish page", async ({ page }) => {
        test.setTimeout(180_000);
        await page.goto("/es/galeria");
        await expect(page.locator("html")).toHaveAttribute("lang", /^es/);
        await expect(page.getByRole("heading", { level: 1 })).toHaveText("Galería de remodelaciones");
        await expectNoAxeViolations(page, `/es/galeria at ${size.viewport.width} px`);

        const shower = page.locator(".photo-grid > li").filter({ hasText: SHOWER_ES });
        const href = await shower.locator("a.photo__link").getAttribute("href");
        expect(href).toMatch(/^\/es\/galeria\/foto\/[0-9a-f-]{36}$/);
        await page.goto(href!);
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(SHOWER_ES);
        await expect(page.getByRole("img", { name: /^Una ducha a ras de piso/ })).toBeVisible();
        await expectNoAxeViolations(page, `${href} at ${size.viewport.width} px`);
      });
    });
  }

  test.describe("the lightbox (1280 × 800)", () => {
    test.use({ viewport: { width: 1280, height: 800 } });

    test("shows a photo's Spanish words when written, else its English ones marked English", async ({ page }) => {
      await page.goto("/es/galeria");
      const grid = page.locator(".photo-grid");
      await grid.locator("li").filter({ hasText: SHOWER_ES }).locator("a.photo__link").click();
      const dialog = page.getByRole("dialog");
      await expect(dialog).toBeVisible();
      await expect(dialog.locator("[data-lightbox-caption]")).toHaveText(SHOWER_ES);
      await expect(dialog.locator("[data-lightbox-caption]")).not.toHaveAttribute("lang", /.+/);
      await expect(dialog.locator("[data-lightbox-img]")).toHaveAttribute("alt", /^Una ducha a ras de piso/);
      await expect(dialog.locator("[data-lightbox-img]")).not.toHaveAttribute("lang", /.+/);
      // The address bar shows the photo's Spanish page.
      await expect(page).toHaveURL(/\/es\/galeria\/foto\/[0-9a-f-]{36}$/);
      await expectNoAxeViolations(page, "the lightbox on /es/galeria");
      await dialog.getByRole("button", { name: "Cerrar" }).click();

      // A photo whose words wait: English, marked, and its English page.
      await grid.locator("li").filter({ hasText: "Double vanity for a Sugar Land bathroom" }).locator("a.photo__link").click();
      await expect(dialog.locator("[data-lightbox-caption]")).toHaveText("Double vanity for a Sugar Land bathroom");
      await expect(dialog.locator("[data-lightbox-caption]")).toHaveAttribute("lang", "en");
      await expect(dialog.locator("[data-lightbox-img]")).toHaveAttribute("lang", "en");
      await expect(page).toHaveURL(/\/gallery\/photo\/[0-9a-f-]{36}$/);
      await expect(dialog).toContainText(/Foto \d+ de \d+/);
    });
  });
});

test.describe("the admin's Spanish fields", () => {
  test.use({ baseURL: adminGalleryURL, viewport: { width: 1280, height: 800 } });
  test.afterEach(({ consoleErrors }) => ignoreDeletedPhotoThumbnails(consoleErrors));

  test("the checklist's link opens the photo's form; its Spanish words saved give it a Spanish page", async ({
    page,
    context,
    baseURL,
  }) => {
    const caption = `Cedar fence ${newMarker("es")}`;
    const storage = await openTestStorage(adminGalleryData.dataDir);
    const photo = await withSiteDatabase(adminGalleryData, (database) =>
      seedPhoto({ database, storage, dataDir: adminGalleryData.dataDir }, { caption, category: "fences", width: 400, height: 300 }),
    );
    await signInAdmin(context, baseURL, undefined, adminGalleryData);
    await page.goto(`/admin/gallery?photo=${photo.id}#photo-${photo.id}-alt-es`);
    await waitForHydration(page);
    const dialog = page.getByRole("dialog");
    const captionEs = dialog.getByLabel("Caption in Spanish (optional)");
    const altEs = dialog.getByLabel("Description in Spanish (optional)");
    await expect(altEs).toBeVisible();
    await expect(altEs).toHaveAccessibleDescription(/the Spanish pages show the English/);
    await expectNoAxeViolations(page, "the photo's form with its Spanish fields");
    await captionEs.fill("Cerca de cedro en Katy");
    await altEs.fill("Una cerca de cedro nueva con puerta en un patio trasero");
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(page.getByRole("status")).toContainText("Saved the photo's details.");

    await page.goto(`/es/galeria/foto/${photo.id}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Cerca de cedro en Katy");
    await expect(page.getByRole("img", { name: "Una cerca de cedro nueva con puerta en un patio trasero" })).toBeVisible();
  });
});
