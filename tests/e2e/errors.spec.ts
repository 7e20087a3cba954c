/**
 * Unknown paths, crashes and the original site's old paths.
 */
import { company, expect, expectH1, expectLayout, test } from "#tests/e2e/helpers.ts";

test.describe("unknown paths", () => {
  for (const path of ["/no-such-page", "/services/no-such-service", "/gallery/a/b"]) {
    test(`${path} answers 404 with a helpful page`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      const h1 = page.locator("h1");
      await expect(h1).toHaveCount(1);
      await expect(h1).toHaveText(/not found|couldn.t find|can.t find|no such page/i);
      const main = page.getByRole("main");
      for (const href of ["/", "/services", "/contact"]) {
        await expect(main.locator(`a[href="${href}"]`).first(), `link to ${href}`).toBeVisible();
      }
      await expect(page).toHaveTitle(/not found/i);
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
      await expectLayout(page);
    });
  }

  test("the 404 status is also what a plain HTTP client gets", async ({ request }) => {
    const response = await request.get("/no-such-page");
    expect(response.status()).toBe(404);
    expect(response.headers()["content-type"]).toContain("text/html");
    expect(await response.text()).toContain(company.phone.display);
  });
});

test("/__crash answers 500 with the branded error page", async ({ page, request }) => {
  const response = await page.goto("/__crash");
  expect(response?.status()).toBe(500);
  await expectH1(page, "Unexpected Application Error!");
  await expect(page.getByRole("main")).toContainText(company.phone.display);
  // No stack trace or internal message leaks to visitors.
  await expect(page.locator("body")).not.toContainText("Deliberate crash");
  await expectLayout(page);
  expect((await request.get("/__crash")).status()).toBe(500);
});

test.describe("old paths of the original site", () => {
  // The old admin page leads to the admin area, which sends a visitor who is not signed in on to
  // the sign-in page, remembering where they were going.
  for (const [from, to, h1, landing = to] of [
    ["/loginOnlyPg", "/login", "Log in"],
    ["/Signup", "/signup", "Sign up"],
    ["/adminOnlyprofile", "/admin/gallery", "Log in", "/login?redirectTo=%2Fadmin%2Fgallery"],
  ] as const) {
    test(`${from} redirects permanently to ${to}`, async ({ request, page, baseURL }) => {
      const response = await request.get(from, { maxRedirects: 0 });
      expect(response.status()).toBe(301);
      const location = response.headers()["location"] ?? "";
      expect(new URL(location, `${baseURL}/`).href).toBe(`${baseURL}${to}`);

      await page.goto(from);
      await expect(page).toHaveURL(`${baseURL}${landing}`);
      await expectH1(page, h1);
    });
  }

  test("/login and /signup answer 200 themselves", async ({ request }) => {
    for (const path of ["/login", "/signup"]) {
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.status(), path).toBe(200);
    }
  });
});
