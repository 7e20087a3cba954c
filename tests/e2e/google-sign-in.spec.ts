/**
 * "Continue with Google" end to end: the browser goes from /login to the local OpenID issuer
 * that stands in for Google (tests/support/oidc-issuer.ts, started by playwright.config.ts)
 * and back. The issuer picks the person from `login_hint`, which this test adds to the click on
 * 'Continue with Google' (the site passes it on to the issuer), the way a person would pick an
 * account at Google.
 */
import path from "node:path";
import type { Page } from "@playwright/test";
import { test, expect } from "#tests/e2e/helpers.ts";
import { createTestAccount, uniqueEmail } from "#tests/support/accounts.ts";

const dataDir = path.resolve("test-results/e2e-data");

/** Makes the issuer sign in as `email` (or cancel, for cancel@example.com). */
async function chooseGoogleAccount(page: Page, email: string) {
  await page.route(/\/auth\/google(\?|$)/, async (route) => {
    const url = new URL(route.request().url());
    url.searchParams.set("login_hint", email);
    await route.continue({ url: url.href });
  });
}

test("a first Google sign-in creates an account and lands on the profile", async ({ page }) => {
  const email = uniqueEmail("google");
  await chooseGoogleAccount(page, email);
  await page.goto("/login");
  await page.getByRole("link", { name: "Continue with Google" }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole("main")).toContainText(email);
  // Signed in: the footer offers the account instead of 'Log in'.
  await expect(page.getByRole("contentinfo").getByRole("link", { name: "My account" })).toBeVisible();
});

test("Google sign-in returns to the page that asked for it", async ({ page }) => {
  const admin = await createTestAccount({ dataDir }, { role: "admin" });
  await chooseGoogleAccount(page, admin.user.email);
  await page.goto("/admin/leads");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fadmin%2Fleads$/);
  await page.getByRole("link", { name: "Continue with Google" }).click();
  await expect(page).toHaveURL(/\/admin\/leads$/);
  // The Google account was linked to the admin's account (same verified email): the inbox opens.
  await expect(page.getByRole("main")).not.toContainText("does not have access");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});

test("cancelling at Google says so on the sign-in page", async ({ page }) => {
  await chooseGoogleAccount(page, "cancel@example.com");
  await page.goto("/login");
  await page.getByRole("link", { name: "Continue with Google" }).click();
  await expect(page).toHaveURL(/\/login\?error=google-cancelled$/);
  await expect(page.getByRole("alert")).toContainText(/cancel/i);
});

test("an email Google has not verified is refused with a clear message", async ({ page }) => {
  await chooseGoogleAccount(page, `unverified-${Date.now()}@example.com`);
  await page.goto("/login");
  await page.getByRole("link", { name: "Continue with Google" }).click();
  await expect(page).toHaveURL(/\/login\?error=google-unverified$/);
  await expect(page.getByRole("alert")).toContainText(/verif/i);
});
