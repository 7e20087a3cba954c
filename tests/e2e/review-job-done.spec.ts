/**
 * "Job done" on a phone (issue 29): on a won request's page at 375 px the button is a 48 px target
 * the width of the screen; one tap marks the job done in place, says what became of the review
 * request, and leaves focus on the settings link that follows. The review settings page, with a
 * refused save, fits the phone too. axe finds nothing; nothing scrolls sideways.
 */
import { expect, test, waitForHydration, expectNoAxeViolations } from "#tests/e2e/helpers.ts";
import { e2eData, expectNoSidewaysScroll, ignoreRefusedFetcherPosts, newMarker, seedLeads, signInAdmin } from "#tests/e2e/admin-helpers.ts";
import { withSiteDatabase } from "#tests/support/accounts.ts";

const PHONE = { width: 375, height: 667 };

test.describe("Job done on a phone", () => {
  test.use({ viewport: PHONE, hasTouch: true });

  test("one tap on a 48 px button marks the job done and says what became of the review request", async ({ page, context, baseURL }) => {
    const marker = newMarker("done");
    const [lead] = await seedLeads(marker, [{ fromName: `Maria Gonzalez ${marker}` }]);
    await withSiteDatabase(e2eData, (database) =>
      database.db.updateTable("leads").set({ status: "won" }).where("id", "=", lead!.id).execute(),
    );
    await signInAdmin(context, baseURL);
    await page.goto(`/admin/leads/${lead!.id}`);
    await waitForHydration(page);

    const button = page.getByRole("button", { name: "Job done", exact: true });
    const box = (await button.boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(48);
    expect(box.width).toBeGreaterThan(PHONE.width * 0.75);
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page, "a won request's page with Job done");

    await button.tap();
    const section = page.getByRole("region", { name: "Job done and review" });
    await expect(section.getByText(/^Review request: (will go|skipped: )/)).toBeVisible();
    await expect(button).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Review request settings" })).toBeFocused();
    await expect(page.locator("#lead-status-select")).toHaveValue("done");
    await expectNoAxeViolations(page, "a request's page after Job done");
  });

  test("the review settings page, with a refused save, fits a phone", async ({ page, context, baseURL, consoleErrors }) => {
    await signInAdmin(context, baseURL);
    await page.goto("/admin/reviews/settings");
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Review request settings");
    // The field's own max stops 31 in the browser; the server's check is what is shown here.
    await page.locator("form.admin-stack-form").evaluate((form: HTMLFormElement) => (form.noValidate = true));
    await page.getByLabel("Days after “Job done” before the request goes").fill("31");
    await page.getByRole("button", { name: "Save review settings" }).tap();
    await expect(page.getByRole("alert")).toContainText("The wait before the request can be at most 30 days.");
    ignoreRefusedFetcherPosts(consoleErrors, 400);
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page, "the review settings with a refused save");
  });
});
