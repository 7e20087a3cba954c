/**
 * The online booking page on a phone (375 px, ADR 071): found from the Visits page, axe finds no
 * violation on it as it opens and after a refused save (the alert and the field it is about),
 * nothing scrolls sideways; a save works with JavaScript and without. It changes only what no
 * other test books against (a far day off, the move-or-cancel cut-off) and puts both back.
 */
import { expect, test, waitForHydration, expectNoAxeViolations } from "#tests/e2e/helpers.ts";
import { expectNoSidewaysScroll, ignoreRefusedFetcherPosts, pageStatus, signInAdmin } from "#tests/e2e/admin-helpers.ts";

const viewport = { width: 375, height: 812 };
test.use({ viewport });

test("the booking page at 375 px: found from Visits, accessible, refuses in words, saves with and without JavaScript", async ({
  page,
  context,
  browser,
  baseURL,
  consoleErrors,
}) => {
  await signInAdmin(context, baseURL);
  await page.goto("/admin/visits");
  await waitForHydration(page);
  await page.getByRole("link", { name: "Online booking rules" }).click();
  await expect(page).toHaveURL(/\/admin\/visits\/booking$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Online booking rules");
  await expectNoAxeViolations(page, "booking page (375 px)");
  await expectNoSidewaysScroll(page);

  const daysOff = page.getByLabel("Days off");
  const cutoff = page.getByLabel("Moving or cancelling online, up to how many hours before");
  const before = { daysOff: await daysOff.inputValue(), cutoff: await cutoff.inputValue() };

  await daysOff.fill("next friday");
  await page.getByRole("button", { name: "Save the booking rules" }).click();
  await expect(page.getByRole("alert").first()).toContainText("Days off: “next” is not a date");
  await expect(daysOff).toHaveAttribute("aria-invalid", "true");
  await expect(daysOff).toHaveValue("next friday");
  ignoreRefusedFetcherPosts(consoleErrors, 400);
  await expectNoAxeViolations(page, "booking page with a refusal (375 px)");
  await expectNoSidewaysScroll(page);

  await daysOff.fill("2030-12-25");
  await cutoff.fill("30");
  await page.getByRole("button", { name: "Save the booking rules" }).click();
  await expect(pageStatus(page)).toHaveText("The booking rules were saved.");
  await page.reload();
  await expect(page.getByLabel("Days off")).toHaveValue("2030-12-25");
  await expect(page.getByLabel("Moving or cancelling online, up to how many hours before")).toHaveValue("30");

  // Without JavaScript: a plain post, answered with the page and the status line; it puts both back.
  const noScript = await browser.newContext({ javaScriptEnabled: false, viewport, baseURL });
  await signInAdmin(noScript, baseURL);
  const plain = await noScript.newPage();
  await plain.goto("/admin/visits/booking");
  await plain.getByLabel("Days off").fill(before.daysOff);
  await plain.getByLabel("Moving or cancelling online, up to how many hours before").fill(before.cutoff);
  await plain.getByRole("button", { name: "Save the booking rules" }).click();
  await expect(pageStatus(plain)).toHaveText("The booking rules were saved.");
  await expect(plain.getByLabel("Days off")).toHaveValue(before.daysOff);
  await expect(plain.getByLabel("Moving or cancelling online, up to how many hours before")).toHaveValue(before.cutoff);
  await noScript.close();
});
