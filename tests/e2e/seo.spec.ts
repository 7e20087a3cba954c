/**
 * Head tags that span pages: every page's own title and the home page's
 * og:image. The per-page head checks run in no-js.spec.ts (server HTML only).
 */
import { expect, publicPaths, test } from "#tests/e2e/helpers.ts";

test.use({ javaScriptEnabled: false });

test("every page has its own title", async ({ page }) => {
  const titles = new Map<string, string>();
  for (const path of [...publicPaths, "/login", "/signup", "/forgot-password"]) {
    await page.goto(path);
    titles.set(path, await page.title());
  }
  const byTitle = new Map<string, string[]>();
  for (const [path, title] of titles) byTitle.set(title, [...(byTitle.get(title) ?? []), path]);
  const shared = [...byTitle].filter(([, paths]) => paths.length > 1).map(([title, paths]) => `"${title}": ${paths.join(", ")}`);
  expect(shared, "titles used by more than one page").toEqual([]);
  expect(byTitle.size).toBe(titles.size);
});

test("the og:image of the home page loads", async ({ page, request }) => {
  await page.goto("/");
  const image = await page.locator('meta[property="og:image"]').getAttribute("content");
  expect(image).toBeTruthy();
  const response = await request.get(image ?? "");
  expect(response.status()).toBe(200);
  // A raster image: the big social sites show no SVG (ADR 058).
  expect(response.headers()["content-type"]).toMatch(/^image\/(png|jpeg|webp)$/);
});
