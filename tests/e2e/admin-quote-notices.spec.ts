/**
 * The Texas notices page on a phone (375 px, ADR 067): it is found from the admin menu, axe finds
 * no violation on it as it opens, after a refused save (the alert and the field it is about) and
 * after a save; the Spanish fields are marked Spanish; nothing scrolls sideways. Everything it
 * changes it puts back ("Restore the default").
 */
import { expect, test, waitForHydration, expectNoAxeViolations } from "#tests/e2e/helpers.ts";
import { adminMenu, expectNoSidewaysScroll, ignoreRefusedFetcherPosts, pageStatus, signInAdmin } from "#tests/e2e/admin-helpers.ts";

test.use({ viewport: { width: 375, height: 812 } });

test("the notices page at 375 px: found from the menu, accessible when it opens, refuses, saves and restores", async ({
  page,
  context,
  baseURL,
  consoleErrors,
}) => {
  await signInAdmin(context, baseURL);
  await page.goto("/admin");
  await waitForHydration(page);
  await adminMenu(page).toggle.click();
  await adminMenu(page).nav.getByRole("link", { name: "Quotes", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/quotes$/);
  await expectNoAxeViolations(page, "quotes page");
  await page.getByRole("link", { name: "Texas notices" }).click();
  await expect(page).toHaveURL(/\/admin\/quotes\/notices$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Texas notices");
  await expect(page.getByText("to be reviewed by your attorney before use")).toBeVisible();
  await expectNoAxeViolations(page, "notices page (375 px)");
  await expectNoSidewaysScroll(page);

  const homestead = page.locator("#notice-homestead");
  await expect(homestead.getByRole("heading", { level: 2 })).toContainText("Homestead warning");
  await expect(homestead.getByLabel("Text in Spanish")).toHaveAttribute("lang", "es");

  // A placeholder the software does not fill: refused with a sentence, next to the field it is about.
  await homestead.getByLabel("Text in English").fill("Dear {owner_name}, read this.");
  await homestead.getByRole("button", { name: /^Save\b.*Homestead warning/ }).click();
  const alert = homestead.getByRole("alert");
  await expect(alert).toContainText("“{owner_name}” is not a placeholder the software fills.");
  await expect(homestead.getByLabel("Text in English")).toHaveAttribute("aria-invalid", "true");
  await expect(homestead.getByLabel("Text in English")).toHaveValue("Dear {owner_name}, read this.");
  // The refused post answers 400 to the browser's data request: that is the page working.
  ignoreRefusedFetcherPosts(consoleErrors, 400);
  await expectNoAxeViolations(page, "notices page with a refusal (375 px)");
  await expectNoSidewaysScroll(page);

  // A good save: the badge says Changed, the status line says so, and the words stay.
  await homestead.getByLabel("Text in English").fill("Reviewed by our attorney: {business_name} and you share this contract's duties.");
  await homestead.getByRole("button", { name: /^Save\b.*Homestead warning/ }).click();
  await expect(pageStatus(page)).toHaveText("Saved “Homestead warning”. Quotes sent from now on carry these words.");
  await expect(homestead.getByRole("heading", { level: 2 })).toContainText("Changed");
  await expect(homestead.getByLabel("Text in English")).toHaveValue(
    "Reviewed by our attorney: {business_name} and you share this contract's duties.",
  );
  await expectNoAxeViolations(page, "notices page after a save (375 px)");

  // Put it back, so other tests see the defaults.
  await homestead.getByRole("button", { name: /^Restore the default\b.*Homestead warning/ }).click();
  await expect(pageStatus(page)).toHaveText("“Homestead warning” is back to the default words.");
  await expect(homestead.getByRole("heading", { level: 2 })).toContainText("Default");
  await expect(homestead.getByLabel("Text in English")).toHaveValue(/^You and your contractor are responsible/);
  await expect(homestead.getByRole("button", { name: /^Restore the default\b.*Homestead warning/ })).toHaveCount(0);
});
