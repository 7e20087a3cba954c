/**
 * axe finds no violation (WCAG 2.0/2.1 A and AA plus best practices) on any
 * public page, at desktop width and at 375 px with the mobile menu open.
 */
import { AxeBuilder } from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, headerLink, menuToggle, publicPaths, test } from "./helpers.ts";

const tags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"];

const pages = [...publicPaths, "/login", "/signup", "/no-such-page"];

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
  const results = await new AxeBuilder({ page }).withTags(tags).options({ resultTypes: ["violations"] }).analyze();
  // axe ran real rules, not an empty set.
  expect(results.passes.length).toBeGreaterThan(10);
  return describeViolations(results.violations);
}

function report(label: string, violations: string[]) {
  if (violations.length > 0) console.log(`axe violations on ${label}:\n${violations.join("\n")}`);
  expect.soft(violations, `axe violations on ${label}`).toEqual([]);
}

for (const path of pages) {
  test(`${path} has no axe violations at desktop width and at 375 px with the menu open`, async ({ page }) => {
    await page.goto(path);
    await expect(page.locator("h1")).toBeVisible();
    report(`${path} (desktop)`, await axeViolations(page));

    await page.setViewportSize({ width: 375, height: 812 });
    await menuToggle(page).click();
    await expect(headerLink(page, "Services")).toBeVisible();
    report(`${path} (375 px, menu open)`, await axeViolations(page));
  });
}
