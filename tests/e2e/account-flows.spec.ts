/**
 * Accounts in a real browser: sign up and land on the profile, sign out, sign in (also from a
 * page that sent the visitor to /login, landing back there), a wrong password, and signing out
 * everywhere from a second browser. Accounts made outside the forms come from the app's own code
 * (signedInAccount / createTestAccount) in the test server's database.
 */
import type { Page } from "@playwright/test";
import { e2eDataDir, expect, expectH1, signedInAccount, test } from "#tests/e2e/helpers.ts";
import { createTestAccount, uniqueEmail } from "#tests/support/accounts.ts";

const PASSWORD = "maple porch swing 7";

function footerAccount(page: Page) {
  return page.getByRole("contentinfo").getByRole("navigation", { name: "Footer: Account" });
}

async function logIn(page: Page, email: string, password: string) {
  const form = page.getByRole("main").locator("form");
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Password").fill(password);
  await form.getByRole("button", { name: "Log in" }).click();
}

test("sign up from the footer's 'Log in', land on the profile, then sign out", async ({ page }) => {
  const email = uniqueEmail("e2e-signup");
  await page.goto("/");
  await footerAccount(page).getByRole("link", { name: "Log in" }).click();
  await expectH1(page, "Log in");
  await page.getByRole("main").getByRole("link", { name: "Create an account" }).click();
  await expectH1(page, "Sign up");

  await page.getByLabel("Name").fill("Jordan Homeowner");
  await page.getByLabel("Email").fill(email);
  const password = page.getByLabel("Password");
  await expect(password).toHaveAttribute("autocomplete", "new-password");
  await expect(password).toHaveAccessibleDescription(/At least 8 characters/);
  await password.fill(PASSWORD);
  await page.getByRole("button", { name: "Sign up" }).click();

  await expect(page).toHaveURL(/\/profile$/);
  await expectH1(page, "My account");
  const main = page.getByRole("main");
  await expect(main).toContainText("Jordan Homeowner");
  await expect(main).toContainText(email);
  await expect(main).toContainText("Customer");
  await expect(main.getByRole("link", { name: "Request a free estimate" })).toHaveAttribute("href", "/contact");
  await expect(footerAccount(page).getByRole("link")).toHaveText(["My account"]);

  await main.getByRole("button", { name: "Sign out", exact: true }).click();
  await expect(page).toHaveURL(/\/login\?signedOut=1$/);
  await expect(page.getByRole("status")).toHaveText("You are signed out.");
  await expect(footerAccount(page).getByRole("link")).toHaveText(["Log in"]);
  // Signed out for real: the profile sends the visitor to /login.
  await page.goto("/profile");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fprofile$/);
});

test("sign in with email and password", async ({ page }) => {
  const account = await createTestAccount({ dataDir: e2eDataDir }, { name: "Morgan Returning" });
  await page.goto("/login");
  await expect(page.getByLabel("Email")).toHaveAttribute("type", "email");
  await expect(page.getByRole("main")).not.toContainText("By signing up");
  await expect(page.getByRole("main").getByRole("link", { name: "Forgot password?" })).toHaveAttribute("href", "/forgot-password");
  await logIn(page, account.user.email, account.password);
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole("main")).toContainText("Morgan Returning");
});

test("an admin sent from /admin to /login lands back on /admin", async ({ page }) => {
  const admin = await createTestAccount({ dataDir: e2eDataDir }, { role: "admin" });
  const response = await page.goto("/admin");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fadmin$/);
  expect(response?.status()).toBe(200);
  await logIn(page, admin.user.email, admin.password);
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.locator("h1")).toBeVisible();
  await expect(footerAccount(page).getByRole("link")).toHaveText(["My account", "Admin"]);
});

test("a wrong password shows 'User not signed in' in an alert and keeps the email", async ({ page }) => {
  const account = await createTestAccount({ dataDir: e2eDataDir });
  let dialogs = 0;
  page.on("dialog", (dialog) => {
    dialogs += 1;
    void dialog.dismiss();
  });
  await page.goto("/login");
  await logIn(page, account.user.email, "not my password");
  const alert = page.getByRole("alert");
  await expect(alert).toContainText("User not signed in");
  await expect(alert).toContainText(/check .*email address and password/);
  await expect(page.getByLabel("Email")).toHaveValue(account.user.email);
  await expect(page.getByLabel("Password")).toHaveValue("");
  expect(dialogs, "no alert() dialog").toBe(0);
  // Then the right password works.
  await logIn(page, account.user.email, account.password);
  await expect(page).toHaveURL(/\/profile$/);
});

test("'Sign out everywhere' in one browser signs the other out too", async ({ page, context, browser, baseURL }) => {
  const account = await signedInAccount(context, baseURL, { name: "Two Browsers" });
  // A second browser (its own cookie jar) signs in to the same account through the form.
  const other = await browser.newContext();
  try {
    const otherPage = await other.newPage();
    await otherPage.goto("/login");
    await logIn(otherPage, account.user.email, account.password);
    await expect(otherPage).toHaveURL(/\/profile$/);

    await page.goto("/profile");
    await expect(page.getByRole("main")).toContainText("signed in on 2 browsers or devices");
    await page.getByRole("button", { name: "Sign out everywhere" }).click();
    await expect(page).toHaveURL(/\/login\?everywhere=1$/);
    await expect(page.getByRole("status")).toContainText("You are signed out.");

    await otherPage.reload();
    await expect(otherPage).toHaveURL(/\/login\?redirectTo=%2Fprofile$/);
    await expectH1(otherPage, "Log in");
  } finally {
    await other.close();
  }
});

test("changing the password keeps this browser signed in and signs the other out", async ({ page, context, browser, baseURL }) => {
  const account = await signedInAccount(context, baseURL);
  const other = await browser.newContext();
  try {
    const otherPage = await other.newPage();
    await otherPage.goto("/login");
    await logIn(otherPage, account.user.email, account.password);
    await expect(otherPage).toHaveURL(/\/profile$/);

    await page.goto("/profile");
    await page.getByLabel("Current password").fill(account.password);
    await page.getByLabel("New password").fill("blue shutters 2026");
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(page.getByRole("status")).toContainText("Your password was changed.");
    await page.goto("/profile");
    await expectH1(page, "My account");

    await otherPage.reload();
    await expect(otherPage).toHaveURL(/\/login\?redirectTo=%2Fprofile$/);
  } finally {
    await other.close();
  }
});
