/**
 * axe finds no violation (WCAG 2.0/2.1 A and AA plus best practices) on any
 * public page and on the account pages (signed in where they need it), at
 * desktop width and at 375 px with the mobile menu open.
 */
import { AxeBuilder } from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, headerLink, menuToggle, publicPaths, signedInAccount, test } from "#tests/e2e/helpers.ts";
import { localePath, translatedPaths } from "#app/i18n/paths.ts";

const tags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"];

const pages = [...publicPaths, "/login", "/signup", "/forgot-password", "/no-such-page"];

type AxeResults = Awaited<ReturnType<AxeBuilder["analyze"]>>;

/** One readable line block per violation: rule, impact, help, and each offending node. */
function describeViolations(violations: AxeResults["violations"]): string[] {
  return violations.map((violation) => {
    const nodes = violation.nodes
      .map((node) => `    - ${node.target.join(" ")}\n      ${node.html}\n      ${(node.failureSummary ?? "").replace(/\n/g, "\n      ")}`)
      .join("\n");
    return `${violation.id} [${violation.impact}] ${violation.help}\n    ${violation.helpUrl}\n${nodes}`;
  });
}

/** Runs axe; returns one readable block per violation (empty when clean). */
async function axeViolations(page: Page): Promise<string[]> {
  // Only violations are reported in full; passes are counted per rule.
  const results = await new AxeBuilder({ page })
    .withTags(tags)
    .options({ resultTypes: ["violations"] })
    .analyze();
  // axe ran real rules, not an empty set.
  expect(results.passes.length).toBeGreaterThan(10);
  return describeViolations(results.violations);
}

function report(label: string, violations: string[]) {
  if (violations.length > 0) console.log(`axe violations on ${label}:\n${violations.join("\n")}`);
  expect.soft(violations, `axe violations on ${label}`).toEqual([]);
}

async function checkBothWidths(page: Page, label: string, services = "Services") {
  await expect(page.locator("h1")).toBeVisible();
  report(`${label} (desktop)`, await axeViolations(page));

  await page.setViewportSize({ width: 375, height: 812 });
  await menuToggle(page).click();
  await expect(headerLink(page, services)).toBeVisible();
  report(`${label} (375 px, menu open)`, await axeViolations(page));
}

for (const path of pages) {
  test(`${path} has no axe violations at desktop width and at 375 px with the menu open`, async ({ page }) => {
    await page.goto(path);
    await checkBothWidths(page, path);
  });
}

// Every Spanish twin (ADR 064), the same way: its words, its menu ("Servicios") and its marks of
// the owner's English (lang="en") are checked too.
for (const path of [...translatedPaths.map((en) => localePath("es", en)), "/es/no-existe"]) {
  test(`${path} has no axe violations at desktop width and at 375 px with the menu open`, async ({ page }) => {
    await page.goto(path);
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await checkBothWidths(page, path, "Servicios");
  });
}

// The quick-contact bar only shows on a phone, and on the form pages only with the form out of view.
for (const path of ["/bathroom", "/gallery", "/", "/contact"]) {
  test(`${path} at 375 px with the quick-contact bar shown has no axe violations`, async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(path);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(page.getByRole("navigation", { name: "Quick contact" })).toBeVisible();
    report(`${path} (375 px, quick-contact bar)`, await axeViolations(page));
  });
}

// Signed in: the profile in both its forms, and the messages the account forms show.
for (const role of ["customer", "admin"] as const) {
  test(`/profile (${role}) has no axe violations at desktop width and at 375 px`, async ({ page, context, baseURL }) => {
    await signedInAccount(context, baseURL, { role });
    await page.goto("/profile");
    await expect(page.getByRole("heading", { name: "Your estimate requests" })).toBeVisible();
    await checkBothWidths(page, `/profile (${role})`);
  });
}

for (const path of ["/login?error=google-cancelled", "/login?signedOut=1"]) {
  test(`${path} (with its message) has no axe violations`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole(path.includes("error") ? "alert" : "status")).toBeVisible();
    await checkBothWidths(page, path);
  });
}

test("/signup with field errors has no axe violations", async ({ page }) => {
  await page.goto("/signup");
  await page.getByLabel("Name").fill("Axe Tester");
  await page.getByLabel("Email").fill("not-an-email@example");
  await page.getByLabel("Password").fill("password123");
  await page.getByRole("button", { name: "Sign up" }).click();
  await expect(page.getByRole("alert")).toBeVisible();
  await checkBothWidths(page, "/signup (errors)");
});
