/**
 * With JavaScript disabled every public page still shows its h1, its main
 * texts and the site layout, and its <head> carries the title, description,
 * canonical URL and Open Graph tags: all of it is in the server's HTML. The
 * estimate form's photos use the browser's own control and post with the form.
 */
import { randomUUID } from "node:crypto";
import { resolve } from "node:path";
import { leadsContaining } from "#tests/support/site-db.ts";
import { e2eDataDir, expect, expectationFor, expectHead, expectLayout, expectPageContent, publicPaths, test } from "#tests/e2e/helpers.ts";

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

test("the estimate form's photos: the browser's own control (no count to keep), posted with the form; the panel's first step as chosen", async ({
  page,
}) => {
  expect((await page.goto("/contact"))?.status()).toBe(200);
  const readyAt = Date.now();
  const form = page.locator("form.estimate-form");
  const photos = form.getByLabel("Photos of the job");
  // Nothing could keep a count without JavaScript, so the browser's own control shows, not the button.
  await expect(photos).toBeVisible();
  await expect(photos).toHaveCSS("opacity", "1");
  expect((await photos.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44);
  await expect(form.locator("label", { hasText: "Add photos" })).toBeHidden();
  await expect(form.locator("[data-photo-count]")).toBeHidden();

  const marker = `e2e-${randomUUID().slice(0, 8)}`;
  await form.getByLabel("Full name").fill(`Maria Gonzalez ${marker}`);
  await form.getByRole("textbox", { name: "Email", exact: true }).fill("maria.gonzalez@example.com");
  await form.getByRole("textbox", { name: "Phone", exact: true }).fill("(713) 555-0147");
  await form.getByLabel("What do you need?").selectOption("Bathroom Remodeling");
  await form.getByRole("radio", { name: "A text message" }).check();
  await photos.setInputFiles(resolve(import.meta.dirname, "../fixtures/images/exif-orientation6-gps.jpg"));
  // A little over FORM_MIN_SECONDS (1 s in the e2e server's env), as a person would take.
  await page.waitForTimeout(Math.max(0, readyAt + 1200 - Date.now()));
  await form.getByRole("button", { name: "Send request" }).click();

  const panel = page.getByRole("region", { name: "We received your request" });
  await expect(panel).toBeVisible();
  // The first step as the homeowner asked to be reached, in the words of their email.
  await expect(panel.getByRole("listitem").first()).toHaveText("We text you at (713) 555-0147 to set a time.");
  expect(leadsContaining(e2eDataDir, marker, { columns: ["contact_method"], within: ["from_name"], photos: true })).toEqual([
    { contact_method: "text", photos: 1 },
  ]);
});
