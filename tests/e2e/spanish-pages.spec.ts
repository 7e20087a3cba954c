/**
 * The home page and a service page in Spanish (ADR 064) on the seeded site, at 375 × 812 and
 * 1280 × 800: the trust row in Spanish within the first screen, the hero's "Pida su estimado
 * gratis" landing on the form, the service page's estimate button going to the Spanish contact
 * page with its service chosen, the owner's English marked as such, and axe finding nothing.
 */
import { seededURL } from "../../playwright.config.ts";
import { SEEDED_PROFILE } from "#tests/support/seeded-site.ts";
import { expect, expectNoAxeViolations, test } from "#tests/e2e/helpers.ts";

test.use({ baseURL: seededURL });

const SIZES = [
  { name: "a phone", viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true },
  { name: "a laptop", viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false },
];
const TRUST_ROW = "Por qué confían en nosotros";

for (const size of SIZES) {
  test.describe(`/es/ and /es/banos on ${size.name} (${size.viewport.width} × ${size.viewport.height})`, () => {
    test.use({ viewport: size.viewport, isMobile: size.isMobile, hasTouch: size.hasTouch });

    test("the home page: Spanish trust row in the first screen, the hero's button lands on the form", async ({ page }) => {
      await page.goto("/es/");
      await expect(page.locator("html")).toHaveAttribute("lang", /^es/);
      const hero = page.getByRole("region", { name: SEEDED_PROFILE.name });
      await expect(hero).toContainText("Estimados gratis por escrito en Houston y 13 comunidades cercanas");
      // The owner's slogan, as entered, marked as English.
      await expect(hero.locator('[lang="en"]', { hasText: SEEDED_PROFILE.slogan })).toBeVisible();

      const row = page.getByRole("list", { name: TRUST_ROW });
      await expect(row).toContainText("4.9 de 37 reseñas de Google");
      await expect(row).toContainText("18 años");
      await expect(row).toContainText("Con licencia:");
      const box = await row.boundingBox();
      expect(box!.y, "the trust row starts in the first screen").toBeLessThan(size.viewport.height);

      const button = hero.getByRole("link", { name: "Pida su estimado gratis" });
      if (size.hasTouch) await button.tap();
      else await button.click();
      await expect(page).toHaveURL(/\/es\/#estimate$/);
      await expect(page.locator("#estimate form").getByRole("textbox").first()).toBeInViewport({ ratio: 1 });
      await expect(page.getByRole("heading", { name: "Solicite un estimado gratis" })).toBeVisible();
    });

    test("the bathroom page: Spanish words, the trust row in the first screen, the estimate button to /es/contacto", async ({ page }) => {
      await page.goto("/es/banos");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Remodelación de baños");
      const row = page.getByRole("list", { name: TRUST_ROW });
      const box = await row.boundingBox();
      expect(box!.y, "the trust row starts in the first screen").toBeLessThan(size.viewport.height);
      const banner = page.getByRole("region", { name: "Remodelación de baños" });
      await banner.getByRole("link", { name: "Pida su estimado gratis" }).click();
      await expect(page).toHaveURL(/\/es\/contacto\?service=bathroom/);
    });

    test("axe finds nothing on /es/ and /es/banos", async ({ page }) => {
      test.setTimeout(180_000);
      for (const path of ["/es/", "/es/banos"]) {
        await page.goto(path);
        await expectNoAxeViolations(page, `${path} at ${size.viewport.width} px, full profile`);
      }
    });
  });
}

test.describe("the lightbox on /es/ (1280 × 800)", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("opens a recent photo with Spanish words, and keeps them from photo to photo", async ({ page }) => {
    await page.goto("/es/");
    const recent = page.getByRole("list", { name: "Trabajos recientes" });
    await recent.getByRole("link").first().click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(/Foto 1 de \d+/);
    await expect(dialog.getByRole("button", { name: "Cerrar" })).toBeVisible();
    const estimate = dialog.getByRole("link", { name: /^Pida un estimado gratis/ });
    await expect(estimate).toHaveAttribute("href", /^\/es\/contacto/);
    // Through the grid's six photos (lightbox.json?hl=es, for photos off a page, is tested in the gallery's integration test).
    for (let i = 0; i < 5; i++) await dialog.getByRole("button", { name: "Foto siguiente" }).click();
    await expect(dialog).toContainText("Foto 6 de 6");
    await expect(estimate).toHaveAttribute("href", /^\/es\/contacto/);
    await expect(dialog).not.toContainText("Get a free estimate");
    await expectNoAxeViolations(page, "the lightbox on /es/");
  });
});
