/**
 * Site visits on a phone (375 × 812): schedule a visit on a request's page, move it, see it on
 * /admin/visits under its day with the map and the phone, and cancel it (after ticking the
 * confirmation). The page updates in place (a fetcher post, no scroll to the top), each result is
 * read out in the section's status line, nothing scrolls sideways, and axe finds nothing on the
 * request's page (with and without a visit) and on /admin/visits.
 */
import { expect, test, waitForHydration, expectNoAxeViolations } from "#tests/e2e/helpers.ts";
import { expectNoSidewaysScroll, newMarker, seedLeads, signInAdmin } from "#tests/e2e/admin-helpers.ts";

/** A day `days` from now, "YYYY-MM-DD", and how the pages write it ("Tue, Dec 1"). */
function dayAhead(days: number): { value: string; short: string; long: string } {
  const value = new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
  const noon = new Date(`${value}T12:00:00Z`);
  return {
    value,
    short: new Intl.DateTimeFormat("en-US", {
      timeZone: "UTC",
      weekday: "short",
      month: "short",
      day: "numeric",
    }).format(noon),
    long: new Intl.DateTimeFormat("en-US", {
      timeZone: "UTC",
      weekday: "long",
      month: "long",
      day: "numeric",
      year: "numeric",
    }).format(noon),
  };
}

test.use({ viewport: { width: 375, height: 812 } });

test("schedule, move and cancel a visit on a phone; the visits page lists it by day", async ({ page, context, baseURL }) => {
  const marker = newMarker("vis");
  const [lead] = await seedLeads(marker, [
    {
      fromName: `Vera Visit ${marker}`,
      phone: "(713) 555-0123",
      subject: `Bathroom Remodeling ${marker}`,
      details: { zip: "77008", inServiceArea: true, streetAddress: "1234 Heights Blvd" },
    },
  ]);
  await signInAdmin(context, baseURL);
  const here = `/admin/leads/${lead!.id}`;
  await page.goto(here);
  await waitForHydration(page);
  const section = page.getByRole("region", { name: "Site visit" });
  await expect(section.getByRole("heading", { name: "Schedule a visit" })).toBeVisible();
  await expectNoAxeViolations(page, "request without a visit");

  // Schedule: the default window is two hours.
  const first = dayAhead(10);
  await section.getByLabel("Day").fill(first.value);
  await section.getByLabel("Arrival from").fill("09:00");
  await expect(section.getByLabel("Arrival window")).toHaveValue("120");
  await section.getByRole("button", { name: "Schedule and send the invitation" }).scrollIntoViewIfNeeded();
  const scrolled = await page.evaluate(() => window.scrollY);
  expect(scrolled).toBeGreaterThan(0);
  await section.getByRole("button", { name: "Schedule and send the invitation" }).click();
  await expect(section.getByRole("status")).toHaveText(
    `Visit scheduled for ${first.short}, 9:00–11:00 AM. The invitation is on its way to ${lead!.email}.`,
  );
  await expect(page).toHaveURL(here);
  // Updated in place: the page did not jump back to the top.
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await expect(section).toContainText(`${first.long}, Arrival between 9:00 and 11:00 AM`);
  await expect(page.getByRole("region", { name: "Emails" })).toContainText("Visit invitation to the homeowner");
  await expect(page.getByLabel("Change the status")).toHaveValue("scheduled");
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page, "request with a visit and its message");

  // Move it to another day, in the afternoon, for an hour.
  const second = dayAhead(12);
  await section.getByLabel("Day").fill(second.value);
  await section.getByLabel("Arrival from").fill("13:30");
  await section.getByLabel("Arrival window").selectOption("60");
  await section.getByRole("button", { name: /^Move the visit and tell / }).click();
  await expect(section.getByRole("status")).toHaveText(
    `Visit moved to ${second.short}, 1:30–2:30 PM. The new time is on its way to ${lead!.email}.`,
  );
  await expect(section).toContainText(`${second.long}, Arrival between 1:30 and 2:30 PM`);
  await expect(section).toContainText("changed once");

  // The contractor's calendar: under its day, with the map, the phone and the request.
  await page.goto("/admin/visits");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Visits");
  const day = page.getByRole("region", { name: second.long });
  await expect(day).toContainText("1:30–2:30 PM");
  await expect(day.getByRole("link", { name: `Vera Visit ${marker}` })).toHaveAttribute("href", here);
  await expect(day.getByRole("link", { name: "Call (713) 555-0123" })).toHaveAttribute("href", "tel:7135550123");
  await expect(day.getByRole("link", { name: /1234 Heights Blvd, 77008/ })).toHaveAttribute(
    "href",
    /google\.com\/maps\/search\/.*1234%20Heights%20Blvd/,
  );
  await expect(page.getByLabel("Address for Google Calendar and others (https)")).toHaveValue(/\/calendar\/[A-Za-z0-9_-]{40,}\.ics$/);
  await expect(page.getByLabel("Address for iPhone and Mac (webcal)")).toHaveValue(/^webcal:\/\//);
  await expect(page.getByRole("button", { name: "Copy" })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page, "/admin/visits");

  // Cancel: the tick is required, then the homeowner is told and the schedule form is back.
  await page.goto(here);
  await waitForHydration(page);
  await section.getByRole("button", { name: "Cancel the visit" }).click();
  await expect(section.getByLabel("Yes, cancel this visit (the homeowner gets a cancellation)")).toBeFocused();
  await section.getByLabel("Yes, cancel this visit (the homeowner gets a cancellation)").check();
  await section.getByRole("button", { name: "Cancel the visit" }).click();
  await expect(section.getByRole("status")).toHaveText(
    `Visit on ${second.short}, 1:30–2:30 PM cancelled. Vera Visit ${marker} is told by email, and the request is back to “Contacted”.`,
  );
  await expect(section.getByRole("heading", { name: "Schedule a visit" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Emails" })).toContainText("Visit cancelled, to the homeowner");
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page, "request after cancelling");
});

test.describe("at desktop width", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("/admin/visits and a request with a visit have no axe violations", async ({ page, context, baseURL }) => {
    const marker = newMarker("visd");
    const [lead] = await seedLeads(marker, [{ fromName: `Dana Desk ${marker}` }]);
    await signInAdmin(context, baseURL);
    await page.goto(`/admin/leads/${lead!.id}`);
    await waitForHydration(page);
    const section = page.getByRole("region", { name: "Site visit" });
    await section.getByLabel("Day").fill(dayAhead(20).value);
    await section.getByLabel("Arrival from").fill("11:00");
    await section.getByRole("button", { name: "Schedule and send the invitation" }).click();
    await expect(section.getByRole("status")).toContainText("Visit scheduled for");
    await expectNoAxeViolations(page, "request with a visit (desktop)");
    await page.goto("/admin/visits");
    await waitForHydration(page);
    await expect(page.getByRole("link", { name: `Dana Desk ${marker}` })).toBeVisible();
    await expectNoAxeViolations(page, "/admin/visits (desktop)");
  });
});
