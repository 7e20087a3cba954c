/**
 * /login and /signup with JavaScript disabled: plain form posts, with the errors and the
 * redirects all done by the server.
 */
import { expect, expectH1, test } from "#tests/e2e/helpers.ts";
import { uniqueEmail } from "#tests/support/accounts.ts";

test.use({ javaScriptEnabled: false });

test("sign up, sign out and sign in again without JavaScript", async ({ page }) => {
  const email = uniqueEmail("e2e-nojs");
  const password = "front porch ceiling fan";

  await page.goto("/signup");
  await page.getByLabel("Name").fill("Riley NoScript");
  await page.getByLabel("Email").fill(email);
  // A common password first: the page comes back with the error beside the field, input kept.
  await page.getByLabel("Password").fill("password123");
  await page.getByRole("button", { name: "Sign up" }).click();
  await expect(page.getByLabel("Password")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Password")).toHaveAccessibleDescription(/too common/i);
  await expect(page.getByLabel("Name")).toHaveValue("Riley NoScript");
  await expect(page.getByLabel("Email")).toHaveValue(email);
  await expect(page.getByLabel("Password")).toHaveValue("");

  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign up" }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expectH1(page, "My account");
  await expect(page.getByRole("main")).toContainText("Riley NoScript");

  await page.getByRole("button", { name: "Sign out", exact: true }).click();
  await expect(page).toHaveURL(/\/login\?signedOut=1$/);
  await expect(page.getByRole("status")).toHaveText("You are signed out.");

  await page.goto("/login?redirectTo=%2Fcontact");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("not the password");
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page.getByRole("alert")).toContainText("User not signed in");
  await expect(page.getByLabel("Email")).toHaveValue(email);

  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(/\/contact$/);
  await expect(page.getByRole("contentinfo").getByRole("link", { name: "My account" })).toBeVisible();
});

test("the login, sign-up and password reset pages load no script but the visit's note every page carries", async ({ page }) => {
  for (const path of ["/login", "/signup", "/forgot-password", "/reset-password/no-such-link"]) {
    await page.goto(path);
    // The one inline script notes where the visit came from, for the estimate form (app/browser/attribution.ts).
    const scripts = page.locator("script:not([type='application/ld+json'])");
    await expect(scripts).toHaveCount(1);
    await expect(scripts).not.toHaveAttribute("src");
    expect(await scripts.textContent()).toContain("recordVisit");
  }
});
