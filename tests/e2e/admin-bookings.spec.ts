/**
 * Visits booked online, answered from a phone (375 × 812, ADR 071): a homeowner books a time on
 * their request's booking page; the dashboard lists it at the top, with Confirm and Decline side by
 * side and big enough for a thumb, and one tap on Confirm schedules it. Another booking waits on
 * its request's page, where Decline frees it in place. Nothing scrolls sideways and axe finds
 * nothing on either page.
 */
import type { Browser, Page } from "@playwright/test";
import { expect, test, waitForHydration, expectNoAxeViolations } from "#tests/e2e/helpers.ts";
import { expectNoSidewaysScroll, newMarker, pageStatus, seedLeads, signInAdmin } from "#tests/e2e/admin-helpers.ts";

test.use({ viewport: { width: 375, height: 812 } });

/** The booking page's address, as the request's page shows it to copy. */
async function bookingLinkOf(page: Page, leadId: string): Promise<string> {
  await page.goto(`/admin/leads/${leadId}`);
  return page.getByLabel("Booking page:").inputValue();
}

/** The homeowner, in a browser of their own, books the first open time; its button's words ("8:00–10:00 AM"). */
async function bookFirstWindow(browser: Browser, link: string): Promise<string> {
  const homeowner = await browser.newContext();
  const page = await homeowner.newPage();
  await page.goto(new URL(link).pathname);
  const first = page.locator('button[name="start"]').first();
  const words = (await first.textContent()) ?? "";
  await first.click();
  await expect(page.getByText("Done: this time is held for you.")).toBeVisible();
  await homeowner.close();
  return words;
}

test("a booking waits at the top of the dashboard and is confirmed in one tap", async ({ page, context, baseURL, browser }) => {
  const marker = newMarker("book");
  const name = `Maria Lopez ${marker}`;
  const [lead] = await seedLeads(marker, [
    { fromName: name, subject: "Bathroom Remodeling", details: { zip: "77008", inServiceArea: true } },
  ]);
  await signInAdmin(context, baseURL);
  const window = await bookFirstWindow(browser, await bookingLinkOf(page, lead!.id));

  await page.goto("/admin");
  await waitForHydration(page);
  const section = page.getByRole("region", { name: /^Visits to confirm \(\d+\)$/ });
  await expect(section).toBeVisible();
  // Above everything else on the dashboard.
  const sectionTop = (await section.boundingBox())!.y;
  for (const other of ["Needs you now", "Go-live checklist", "New estimate requests"]) {
    const region = page.getByRole("region", { name: other });
    if (await region.count()) expect((await region.boundingBox())!.y).toBeGreaterThan(sectionTop);
  }
  const row = section.getByRole("listitem").filter({ hasText: name });
  await expect(row).toContainText(window);
  await expect(row).toContainText("Bathroom Remodeling · ZIP 77008");
  await expect(row.getByRole("link", { name: "(713) 555-0147" })).toHaveAttribute("href", "tel:+17135550147");
  const confirm = row.getByRole("button", { name: new RegExp(`^Confirm the visit of ${name} on `) });
  const decline = row.getByRole("button", { name: new RegExp(`^Decline the visit of ${name} on `) });
  const [confirmBox, declineBox] = [(await confirm.boundingBox())!, (await decline.boundingBox())!];
  // One row, each button wide and tall enough for a thumb.
  expect(confirmBox.y).toBe(declineBox.y);
  for (const box of [confirmBox, declineBox]) {
    expect(box.height).toBeGreaterThanOrEqual(44);
    expect(box.width).toBeGreaterThanOrEqual(120);
  }
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page, "dashboard with a booking to confirm");

  await confirm.click();
  await expect(pageStatus(page)).toContainText(`The invitation is on its way to ${name}.`);
  await expect(page.getByRole("listitem").filter({ hasText: name })).toHaveCount(0);
  await page.goto(`/admin/leads/${lead!.id}`);
  await expect(page.getByRole("region", { name: "Site visit" })).toContainText("Booked online");
});

test("a booking waits on its request's page, and Decline frees it there", async ({ page, context, baseURL, browser }) => {
  const marker = newMarker("bookd");
  const name = `Dana Reyes ${marker}`;
  const [lead] = await seedLeads(marker, [{ fromName: name }]);
  await signInAdmin(context, baseURL);
  await bookFirstWindow(browser, await bookingLinkOf(page, lead!.id));

  await page.goto(`/admin/leads/${lead!.id}`);
  await waitForHydration(page);
  const section = page.getByRole("region", { name: "Site visit" });
  await expect(section).toContainText("Booked online by the homeowner — waiting for your confirmation.");
  await expect(section.getByRole("heading", { name: "Reschedule" })).toHaveCount(0);
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page, "request with a booking to confirm");

  await section.getByRole("button", { name: new RegExp(`^Decline the visit of ${name} on `) }).click();
  await expect(section.getByRole("status")).toHaveText(`Declined. ${name} is asked by email to pick another time.`);
  await expect(section.getByRole("heading", { name: "Schedule a visit" })).toBeVisible();
});
