/**
 * The header's menu toggle on a 375 px wide screen, by mouse and keyboard,
 * with JavaScript on and off. Where the app hydrates (the admin area), the site's header is hidden
 * on a phone (the admin bar is the only header there, ADR 031), so that case runs at a tablet's
 * 800 px, where the site's header and its menu toggle still show above the admin bar.
 */
import type { Page } from "@playwright/test";
import { signInAdmin } from "#tests/e2e/admin-helpers.ts";
import { company, expect, expectH1, headerLink, mainNavLinks, menuToggle, tabTo, test, waitForHydration } from "#tests/e2e/helpers.ts";

test.use({ viewport: { width: 375, height: 812 } });

async function expectMenuClosed(page: Page) {
  for (const { label } of mainNavLinks) {
    await expect(headerLink(page, label), `${label} is hidden while the menu is closed`).toBeHidden();
  }
}

async function expectMenuOpen(page: Page) {
  for (const { label, path } of mainNavLinks) {
    const link = headerLink(page, label);
    await expect(link, `${label} is shown once the menu is open`).toBeVisible();
    await expect(link).toHaveAttribute("href", path);
  }
}

test.describe("with JavaScript", () => {
  // Following a link closes the menu where the app hydrates: the admin area (public pages load no framework).
  test.use({ viewport: { width: 800, height: 1000 } });
  test.beforeEach(async ({ page, context, baseURL }) => {
    await signInAdmin(context, baseURL);
    await page.goto("/admin");
    await waitForHydration(page);
  });

  test("links are hidden until the toggle is clicked, then they navigate", async ({ page }) => {
    const toggle = menuToggle(page);
    await expect(toggle).toBeVisible();
    await expectMenuClosed(page);

    await toggle.click();
    await expectMenuOpen(page);

    await headerLink(page, "Gallery").click();
    await expect(page).toHaveURL(/\/gallery$/);
    await expectH1(page, "Remodeling Gallery");
    // The menu closes once a link has been followed.
    await expectMenuClosed(page);
  });

  test("a second click closes the menu", async ({ page }) => {
    const toggle = menuToggle(page);
    await toggle.click();
    await expectMenuOpen(page);
    await toggle.click();
    await expectMenuClosed(page);
  });

  for (const key of ["Enter", "Space"]) {
    test(`keyboard: Tab to the toggle, ${key} opens, Tab reaches the links, Escape closes`, async ({ page }) => {
      const toggle = menuToggle(page);
      await tabTo(page, toggle);
      await expect(toggle).toBeFocused();
      await expectMenuClosed(page);

      await page.keyboard.press(key);
      await expectMenuOpen(page);

      await page.keyboard.press("Tab");
      await expect(headerLink(page, mainNavLinks[0].label)).toBeFocused();
      await page.keyboard.press("Tab");
      await expect(headerLink(page, mainNavLinks[1].label)).toBeFocused();

      await page.keyboard.press("Escape");
      await expectMenuClosed(page);
      await expect(toggle).toBeFocused();
    });
  }

  test("keyboard: Enter on a menu link navigates", async ({ page }) => {
    const toggle = menuToggle(page);
    await tabTo(page, toggle);
    await page.keyboard.press("Enter");
    const contact = headerLink(page, "Contact");
    await tabTo(page, contact);
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/contact$/);
    await expectH1(page, "Contact us");
  });
});

test.describe("on a public page, which loads no framework", () => {
  test("keyboard: Escape closes the open menu and focus goes back to the toggle", async ({ page }) => {
    await page.goto("/services");
    const toggle = menuToggle(page);
    await tabTo(page, toggle);
    await page.keyboard.press("Enter");
    await expectMenuOpen(page);
    await page.keyboard.press("Tab");
    await expect(headerLink(page, mainNavLinks[0].label)).toBeFocused();
    await page.keyboard.press("Escape");
    await expectMenuClosed(page);
    await expect(toggle).toBeFocused();
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test.beforeEach(async ({ page }) => {
    await page.goto("/");
  });

  test("the toggle opens by click and its links work", async ({ page }) => {
    const toggle = menuToggle(page);
    await expect(toggle).toBeVisible();
    await expectMenuClosed(page);
    await toggle.click();
    await expectMenuOpen(page);
    await headerLink(page, "Services").click();
    await expect(page).toHaveURL(/\/services$/);
    await expectH1(page, "Repair & Remodeling Services");
  });

  for (const key of ["Enter", "Space"]) {
    test(`the toggle opens by keyboard (${key}) and Tab reaches the links`, async ({ page }) => {
      const toggle = menuToggle(page);
      await tabTo(page, toggle);
      await expectMenuClosed(page);
      await page.keyboard.press(key);
      await expectMenuOpen(page);
      await page.keyboard.press("Tab");
      await expect(headerLink(page, mainNavLinks[0].label)).toBeFocused();
      const about = headerLink(page, "About");
      await tabTo(page, about);
      await page.keyboard.press("Enter");
      await expect(page).toHaveURL(/\/about$/);
      await expectH1(page, company.about.heading);
    });
  }
});
