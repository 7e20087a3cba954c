/**
 * With JavaScript disabled every public page still shows its h1, its main
 * texts and the site layout, and its <head> carries the title, description,
 * canonical URL and Open Graph tags: all of it is in the server's HTML.
 */
import { expect, expectationFor, expectHead, expectLayout, expectPageContent, publicPaths, test } from "#tests/e2e/helpers.ts";

test.use({ javaScriptEnabled: false });

test("JavaScript really is off in these tests", async ({ page }) => {
  // An inline handler would run if scripts were enabled.
  await page.setContent(`<p id="probe">off</p><img src="data:," onerror="document.getElementById('probe').textContent='on'">`);
  await expect(page.locator("#probe")).toHaveText("off");
});

for (const path of publicPaths) {
  test(`${path} renders its content and head without JavaScript`, async ({ page, baseURL }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await expectPageContent(page, expectationFor(path));
    await expectLayout(page);
    await expectHead(page, path, baseURL ?? "");
  });
}
