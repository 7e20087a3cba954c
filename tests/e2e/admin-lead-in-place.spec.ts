/**
 * Working a request without losing your place (ADR 031), on a phone (375 × 812) with JavaScript:
 * on a long request page, scrolled down, the status change, a note (and a refused one) and a
 * resend update the page in place. The window does not jump back to the top, focus stays on the
 * control that was used (or goes to the field to fix), the page-wide status line says what
 * changed, and no document navigation happens (a mark set on `window` survives). The admin bar
 * is one row with a keyboard-operable menu; axe finds nothing with the menu open or after an
 * action. At desktop width the navigation shows without the menu.
 */
import type { Page } from "@playwright/test";
import { withSiteDatabase } from "#tests/support/accounts.ts";
import { expect, test, waitForHydration, expectNoAxeViolations } from "#tests/e2e/helpers.ts";
import {
  e2eData,
  adminMenu,
  expectNoSidewaysScroll,
  ignoreRefusedFetcherPosts,
  newMarker,
  openLeadEmails,
  pageStatus,
  seedLeads,
  signInAdmin,
} from "#tests/e2e/admin-helpers.ts";

/** Marks the window: a full document load would lose the mark. */
async function markWindow(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as { __samePage?: string }).__samePage = "still here";
  });
}

async function expectSameDocument(page: Page): Promise<void> {
  expect(await page.evaluate(() => (window as { __samePage?: string }).__samePage)).toBe("still here");
}

const scrollY = (page: Page) => page.evaluate(() => window.scrollY);

/** The id of the focused element ("BODY" when focus was lost to the page). */
const focusedId = (page: Page) =>
  page.evaluate(() =>
    document.activeElement && document.activeElement !== document.body
      ? document.activeElement.id || document.activeElement.tagName
      : "BODY",
  );

test.describe("on a phone", () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test("status, notes and resend update a long request page in place", async ({ page, context, baseURL, consoleErrors }) => {
    const marker = newMarker("inplace");
    const [lead] = await seedLeads(marker, [
      {
        subject: `Whole-house repaint ${marker}`,
        // A long message: the forms are far below the first screen.
        message: Array.from({ length: 60 }, (_, i) => `Room ${i + 1}: walls and trim, two coats. ${marker}`).join("\n"),
      },
    ]);
    await signInAdmin(context, baseURL);
    await page.goto(`/admin/leads/${lead!.id}`);
    await waitForHydration(page);
    await markWindow(page);

    // Status: scrolled down to the form, changed with the keyboard-free tap flow.
    const select = page.getByLabel("Change the status");
    await select.scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 200);
    await expect.poll(() => scrollY(page)).toBeGreaterThan(400);
    const beforeStatus = await scrollY(page);
    await select.selectOption("contacted");
    await page.getByRole("button", { name: "Save status" }).click();
    await expect(pageStatus(page)).toHaveText("Status changed from New to Contacted.");
    // The form's own section says it too, and the request's details show the new status (the
    // page's data was loaded again).
    await expect(page.locator("section[aria-labelledby='lead-status']").getByRole("status")).toHaveText(
      "Status changed from New to Contacted.",
    );
    await expect(page.locator(".status-badge").first()).toHaveText("Contacted");
    await expect(page).toHaveURL(`/admin/leads/${lead!.id}`);
    expect(await focusedId(page)).toBe("lead-status-save");
    expect(Math.abs((await scrollY(page)) - beforeStatus)).toBeLessThan(150);
    await expectSameDocument(page);
    await expectNoAxeViolations(page, "request page after a status change");

    // A note: added, the box empties, focus stays on the button, the window stays put.
    const box = page.getByLabel("Add a note");
    await box.scrollIntoViewIfNeeded();
    const beforeNote = await scrollY(page);
    expect(beforeNote).toBeGreaterThan(400);
    await box.fill(`Sent the colour chart ${marker}.`);
    await page.getByRole("button", { name: "Add note" }).click();
    await expect(pageStatus(page)).toHaveText("Note added.");
    await expect(page.locator(".admin-notes li")).toHaveCount(1);
    await expect(page.locator(".admin-notes li")).toContainText(`Sent the colour chart ${marker}.`);
    await expect(box).toHaveValue("");
    expect(await focusedId(page)).toBe("note-add");
    expect(await scrollY(page)).toBeGreaterThan(400);
    await expectSameDocument(page);

    // A blank note is refused: the text stays, focus goes to the box, the error is announced.
    await box.fill("   ");
    await page.getByRole("button", { name: "Add note" }).click();
    await expect(page.locator("#note-error")).toHaveText("Write something in the note before adding it.");
    await expect(box).toBeFocused();
    await expect(box).toHaveValue("   ");
    await expect(box).toHaveAttribute("aria-invalid", "true");
    // The page-wide line does not keep saying the earlier success.
    await expect(pageStatus(page)).toHaveText("");
    expect(await scrollY(page)).toBeGreaterThan(400);
    await expectSameDocument(page);
    ignoreRefusedFetcherPosts(consoleErrors, 400);

    // The same words twice are a new message: a second note.
    await box.fill(`Booked the painters ${marker}.`);
    await page.getByRole("button", { name: "Add note" }).click();
    await expect(page.locator(".admin-notes li")).toHaveCount(2);
    await expect(pageStatus(page)).toHaveText("Note added.");
    await expect(box).not.toHaveAttribute("aria-invalid", "true");
    await expect(box).toHaveValue("");

    // Resend the confirmation: said in words, focus not lost, the window stays put.
    await openLeadEmails(page);
    const resend = page.getByRole("button", { name: /^Resend\s+the confirmation to the homeowner$/ });
    await resend.scrollIntoViewIfNeeded();
    const beforeResend = await scrollY(page);
    await resend.click();
    await expect(pageStatus(page)).toHaveText("The confirmation to the homeowner was put back in the outbox and is being sent again.");
    // The button, or (while the email is being sent and the button is not shown) the Emails heading.
    expect(await focusedId(page)).toMatch(/^(lead-emails|resend-[0-9a-f-]{36})$/);
    expect(Math.abs((await scrollY(page)) - beforeResend)).toBeLessThan(150);
    expect(await scrollY(page)).toBeGreaterThan(400);
    await expectSameDocument(page);
    await expectNoAxeViolations(page, "request page after a resend");
    await expectNoSidewaysScroll(page);
  });

  test("an email on its way turns from 'Waiting to be sent' to 'Sent' on the open page, with no reload", async ({
    page,
    context,
    baseURL,
  }) => {
    const marker = newMarker("soon");
    const [lead] = await seedLeads(marker, [{ fromName: `Sam Soon ${marker}` }]);
    // Its emails wait a few seconds more in the outbox: the page opens before they go out.
    await withSiteDatabase(e2eData, (database) =>
      database.db
        .updateTable("email_jobs")
        .set({ status: "pending", sent_at: null, next_attempt_at: new Date(Date.now() + 6_000).toISOString() })
        .where("lead_id", "=", lead!.id)
        .execute(),
    );
    await signInAdmin(context, baseURL);
    await page.goto(`/admin/leads/${lead!.id}`);
    await waitForHydration(page);
    await markWindow(page);
    const confirmation = (await openLeadEmails(page)).filter({ hasText: "Confirmation to the homeowner" });
    const delivery = confirmation.locator(".job-status");
    await expect(delivery).toHaveText("Waiting to be sent");
    await expect(delivery).toHaveText("Sent", { timeout: 25_000 });
    await expect(confirmation.getByRole("button", { name: /^Resend/ })).toBeVisible();
    await expectSameDocument(page);
  });

  test("the admin bar is one row, and its menu opens and closes from the keyboard", async ({ page, context, baseURL }) => {
    const [lead] = await seedLeads(newMarker("bar"), [{}]);
    await signInAdmin(context, baseURL);
    await page.goto(`/admin/leads/${lead!.id}`);
    await waitForHydration(page);

    const bar = page.locator(".admin-bar");
    const height = (await bar.boundingBox())!.height;
    expect(height).toBeLessThanOrEqual(64);
    // It is the page's only header: the site's own (with its Call and its Menu) steps aside.
    await expect(page.locator(".site-header")).toBeHidden();
    expect((await bar.boundingBox())!.y).toBe(0);
    await expect(page.locator(".admin-bar summary:visible")).toHaveCount(1);
    // One row: the label, the count and the menu share a line.
    const menu = adminMenu(page);
    const count = page.locator(".admin-bar__count");
    // "2 new" to see; "2 new estimate requests" to hear.
    const seen = await count.evaluate((el) => {
      const copy = el.cloneNode(true) as HTMLElement;
      for (const hidden of copy.querySelectorAll(".visually-hidden")) hidden.remove();
      return copy.textContent;
    });
    expect(seen).toMatch(/^\d+ new$/);
    await expect(count).toHaveAccessibleName(/^\d+ new estimate requests?$/);
    const tops = await Promise.all([page.locator(".admin-bar__label"), count, menu.toggle].map(async (el) => (await el.boundingBox())!));
    for (const box of tops) expect(box.y + box.height).toBeLessThanOrEqual(tops[0]!.y + height);
    await expect(menu.panel).toBeHidden();
    await expect(page.getByRole("navigation", { name: "Admin" })).toHaveCount(0);

    // Keyboard: Tab to "Menu", Enter opens, Escape closes and focus is back on it; Space opens.
    for (let i = 0; i < 30 && !(await menu.toggle.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press("Tab");
    await expect(menu.toggle).toBeFocused();
    await expect(menu.toggle).toHaveAccessibleName("Admin Menu");
    await expect(menu.toggle).toHaveAttribute("aria-expanded", "false");
    await page.keyboard.press("Enter");
    await expect(menu.nav).toBeVisible();
    await expect(menu.toggle).toHaveAttribute("aria-expanded", "true");
    await expect(menu.nav.getByRole("link", { name: /^Estimate requests, \d+ new$/ })).toBeVisible();
    await expect(menu.panel.getByRole("button", { name: "Sign out" })).toBeVisible();
    await expectNoAxeViolations(page, "request page with the menu open");
    await page.keyboard.press("Tab");
    await expect(menu.nav.getByRole("link", { name: "Dashboard" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(menu.panel).toBeHidden();
    await expect(menu.toggle).toBeFocused();
    await expect(menu.toggle).toHaveAttribute("aria-expanded", "false");
    await page.keyboard.press("Space");
    await expect(menu.nav).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(menu.panel).toBeHidden();
    await expectNoSidewaysScroll(page);
  });
});

test.describe("at desktop width", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("the navigation shows without the menu, with the count of new requests", async ({ page, context, baseURL }) => {
    await seedLeads(newMarker("desk"), [{}]);
    await signInAdmin(context, baseURL);
    await page.goto("/admin");
    await waitForHydration(page);
    await expect(adminMenu(page).toggle).toBeHidden();
    // On a wide screen the site's header stays above the admin bar.
    await expect(page.locator(".site-header")).toBeVisible();
    const nav = page.getByRole("navigation", { name: "Admin" });
    await expect(nav).toHaveCount(1);
    await expect(nav.getByRole("link", { name: /^Estimate requests, \d+ new$/ })).toBeVisible();
    for (const label of ["Dashboard", "Gallery", "Your site", "Users", "View site"]) {
      await expect(nav.getByRole("link", { name: label, exact: true })).toBeVisible();
    }
    await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();
    await expect(page.locator(".admin-bar__count")).toBeHidden();
  });
});
