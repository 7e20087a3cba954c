/**
 * Under the site's Content-Security-Policy every page loads without a
 * console error, an uncaught exception or a CSP violation; pages with the
 * estimate form hydrate, the others ship no JavaScript at all
 * (docs/decisions/006-...), and once hydrated, navigation stays in the page.
 */
import { company, expect, expectH1, publicPaths, test, waitForHydration } from "./helpers.ts";

const pages = [...publicPaths, "/login", "/signup", "/no-such-page"];
/** The pages with interactive parts (the estimate form); every other public page ships no JavaScript. */
const hydratedPages = new Set(["/", "/contact"]);

for (const path of pages) {
  const hydrates = hydratedPages.has(path);
  test(`${path} ${hydrates ? "hydrates" : "loads no JavaScript"}, with no console error and no CSP violation`, async ({
    page,
    consoleErrors,
  }) => {
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(request.url());
    });
    const response = await page.goto(path);
    expect(response?.headers()["content-security-policy"], "the page is served with a CSP").toMatch(/script-src/);
    if (hydrates) {
      await waitForHydration(page);
    }
    // Let what hydration starts (route discovery, preloads) finish too.
    await page.waitForLoadState("networkidle");
    if (!hydrates) {
      expect(scripts, "no script is loaded").toEqual([]);
      expect(await page.locator("script:not([type='application/ld+json'])").count(), "no script in the page").toBe(0);
    }
    const violations = await page.evaluate(() => window.__e2e?.cspViolations ?? []);
    expect(violations, "CSP violations").toEqual([]);
    expect(consoleErrors, "console errors and exceptions").toEqual([]);
  });
}

test.describe("client-side navigation after hydration", () => {
  test("header links change the page without a full reload", async ({ page, consoleErrors }) => {
    await page.goto("/");
    await waitForHydration(page);
    await page.evaluate(() => {
      window.__e2eMarker = "same document";
    });
    let documentRequests = 0;
    page.on("request", (request) => {
      if (request.isNavigationRequest()) documentRequests += 1;
    });

    const nav = page.getByRole("banner").getByRole("navigation", { name: "Main" });
    await nav.getByRole("link", { name: "Services", exact: true }).click();
    await expect(page).toHaveURL(/\/services$/);
    await expectH1(page, "Repair & Remodeling Services");
    await expect(page).toHaveTitle(/Services/);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/services$/);

    await page.getByRole("main").getByRole("link", { name: /Bathroom Remodeling/ }).first().click();
    await expect(page).toHaveURL(/\/bathroom$/);
    await expectH1(page, "Bathroom Remodeling");

    await page.goBack();
    await expectH1(page, "Repair & Remodeling Services");

    await page.getByRole("contentinfo").getByRole("link", { name: "Who we are", exact: true }).click();
    await expectH1(page, company.about.heading);

    expect(await page.evaluate(() => window.__e2eMarker), "the window survived: no full reload").toBe("same document");
    expect(documentRequests, "no document was requested").toBe(0);
    expect(consoleErrors, "console errors and exceptions").toEqual([]);
  });
});
