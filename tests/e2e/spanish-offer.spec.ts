/**
 * Spanish where the URL does not ask for it (ADR 064): the English home page offers its Spanish
 * twin to a browser whose first language is Spanish, never redirects, shifts nothing and
 * remembers being closed; an English browser and other pages show nothing. Then the Spanish
 * policies and the Spanish 404 pass axe at 375 and 1280, and the sitemap is XML a browser's
 * parser accepts, with its xhtml alternates naming pages the sitemap lists.
 */
import { expect, expectNoAxeViolations, test, layoutShift } from "#tests/e2e/helpers.ts";

const PHONE = { width: 375, height: 812 };
const LAPTOP = { width: 1280, height: 800 };
const OFFER = "Versión en español";

test.describe("a Spanish-preferring browser on /", () => {
  test.use({ locale: "es-US" });

  for (const viewport of [PHONE, LAPTOP]) {
    test(`is offered /es/ at ${viewport.width} px, in Spanish, with nothing shifting, and axe finds nothing`, async ({ page }) => {
      await page.setViewportSize(viewport);
      const response = await page.goto("/", { waitUntil: "load" });
      expect(response?.status(), "never redirected").toBe(200);
      expect(page.url()).toMatch(/\/$/);
      await expect(page.locator("html")).toHaveAttribute("lang", "en");
      const offer = page.getByRole("complementary", { name: OFFER });
      await expect(offer).toBeVisible();
      await expect(offer).toHaveAttribute("lang", "es");
      await expect(offer).toContainText("¿Prefiere español?");
      const link = offer.getByRole("link", { name: "Ver esta página en español" });
      await expect(link).toHaveAttribute("href", "/es/");
      // Shown before the first paint, at the top: the header starts below it and nothing moved.
      const offerBox = await offer.boundingBox();
      const headerBox = await page.getByRole("banner").boundingBox();
      expect(offerBox!.y).toBe(0);
      expect(headerBox!.y).toBeGreaterThanOrEqual(offerBox!.height - 1);
      expect(await layoutShift(page), "layout shift on / with the offer").toBe(0);
      await expectNoAxeViolations(page, `/ with the Spanish offer at ${viewport.width}`);

      await link.click();
      await expect(page).toHaveURL(/\/es\/$/);
      await expect(page.locator("html")).toHaveAttribute("lang", "es");
    });
  }

  test("closing the offer keeps it closed on reload", async ({ page }) => {
    await page.goto("/");
    const offer = page.getByRole("complementary", { name: OFFER });
    await offer.getByRole("button", { name: "Cerrar" }).click();
    await expect(offer).toBeHidden();
    await expect(page.locator("#main")).toBeFocused();
    await page.reload();
    await expect(page.getByRole("banner")).toBeVisible();
    await expect(offer).toBeHidden();
    expect(await page.evaluate(() => localStorage.getItem("spanish-offer"))).toBe("dismissed");
  });

  test("other pages, English or Spanish, carry no offer", async ({ page }) => {
    for (const path of ["/about", "/terms", "/es/"]) {
      await page.goto(path);
      await expect(page.getByRole("banner")).toBeVisible();
      await expect(page.locator(".spanish-offer"), path).toHaveCount(0);
    }
  });
});

test.describe("an English browser on /", () => {
  test.use({ locale: "en-US" });

  test("sees no offer, and the page keeps no room for it", async ({ page }) => {
    await page.goto("/", { waitUntil: "load" });
    await expect(page.getByRole("banner")).toBeVisible();
    await expect(page.locator(".spanish-offer")).toHaveCount(1);
    await expect(page.locator(".spanish-offer")).toBeHidden();
    expect((await page.getByRole("banner").boundingBox())!.y).toBe(0);
    await expect(page.getByRole("complementary", { name: OFFER })).toHaveCount(0);
  });
});

test.describe("the Spanish policies and 404 pass axe", () => {
  for (const viewport of [PHONE, LAPTOP]) {
    test(`/es/terminos, /es/privacidad, /es/cookies and /es/no-existe at ${viewport.width} px`, async ({ page }) => {
      await page.setViewportSize(viewport);
      for (const path of ["/es/terminos", "/es/privacidad", "/es/cookies"]) {
        expect((await page.goto(path))?.status(), path).toBe(200);
        await expect(page.locator("html")).toHaveAttribute("lang", "es");
        await expectNoAxeViolations(page, `${path} at ${viewport.width}`);
      }
      expect((await page.goto("/es/no-existe"))?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("No encontramos esa página");
      await expect(page.locator("html")).toHaveAttribute("lang", "es");
      await expectNoAxeViolations(page, `/es/no-existe at ${viewport.width}`);
    });
  }
});

test("the sitemap is well-formed XML with the xhtml namespace, and every alternate is itself listed", async ({ page, request }) => {
  const xml = await (await request.get("/sitemap.xml")).text();
  await page.goto("/");
  const result = await page.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, "application/xml");
    const error = doc.getElementsByTagName("parsererror")[0]?.textContent ?? null;
    const SITEMAP = "http://www.sitemaps.org/schemas/sitemap/0.9";
    const XHTML = "http://www.w3.org/1999/xhtml";
    const locs = [...doc.getElementsByTagNameNS(SITEMAP, "loc")].map((loc) => loc.textContent ?? "");
    const alternates = [...doc.getElementsByTagNameNS(XHTML, "link")].map((link) => ({
      hreflang: link.getAttribute("hreflang"),
      href: link.getAttribute("href") ?? "",
    }));
    return { error, root: doc.documentElement.namespaceURI, locs, alternates };
  }, xml);
  expect(result.error).toBeNull();
  expect(result.root).toBe("http://www.sitemaps.org/schemas/sitemap/0.9");
  expect(result.alternates.length).toBeGreaterThan(0);
  expect(new Set(result.alternates.map((a) => a.hreflang))).toEqual(new Set(["en", "es", "x-default"]));
  for (const { href } of result.alternates) expect(result.locs, href).toContain(href);
  expect(result.locs.some((loc) => loc.endsWith("/es/terminos"))).toBe(true);
});
