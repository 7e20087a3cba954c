/**
 * An admin works the estimate inbox on a phone (375 × 812), with JavaScript: opens the list,
 * filters it, opens a request, changes its status, adds a note, resends an email and deletes the
 * request. Along the way: the list reads as cards, nothing scrolls sideways, every action says
 * what it did in the status line, and the admin navigation works from the keyboard with a visible
 * focus ring.
 */
import { expect, test, waitForHydration } from "#tests/e2e/helpers.ts";
import {
  adminMenu,
  expectNoSidewaysScroll,
  newMarker,
  openLeadEmails,
  pageStatus,
  seedLeads,
  signInAdmin,
} from "#tests/e2e/admin-helpers.ts";

test.use({ viewport: { width: 375, height: 812 } });

test("an admin works a request from the inbox on a phone", async ({ page, context, baseURL }) => {
  const marker = newMarker();
  const [older, target] = await seedLeads(marker, [
    { fromName: `Olga Older ${marker}` },
    {
      fromName: `Maria Gonzalez ${marker}`,
      phone: "(832) 555-0199",
      subject: `Bathroom remodel ${marker}`,
      message: `Hall bath.\nNew tile and a walk-in shower. ${marker}`,
    },
  ]);
  await seedLeads(marker, [{ isSpam: true, spamReason: "honeypot field filled", subject: `Spam ${marker}` }]);
  await signInAdmin(context, baseURL);

  // The inbox: cards, not a wide table.
  await page.goto("/admin/leads");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: "Estimate requests" })).toBeVisible();
  await expect(page.locator("main table")).toHaveCount(0);
  await expectNoSidewaysScroll(page);

  // Filter: search for this test's requests, only the new ones.
  await page.getByLabel("Search").fill(marker);
  await page.getByLabel("Status").selectOption("new");
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/leads\\?status=new&q=${marker}$`));
  const cards = page.getByRole("list", { name: "Estimate requests" }).getByRole("listitem");
  await expect(cards).toHaveCount(2);
  await expect(cards.first()).toContainText(`Maria Gonzalez ${marker}`); // newest first
  await expect(cards.nth(1)).toContainText(`Olga Older ${marker}`);
  const box = await cards.first().boundingBox();
  expect(box!.width).toBeLessThanOrEqual(375);
  await expect(page.getByText("1–2 of 2 requests, newest first.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Download these as CSV" })).toHaveAttribute(
    "href",
    `/admin/leads.csv?status=new&q=${marker}`,
  );
  await expectNoSidewaysScroll(page);

  // Open the request.
  await page.getByRole("link", { name: `Bathroom remodel ${marker}` }).click();
  await expect(page).toHaveURL(`/admin/leads/${target!.id}`);
  await expect(page.getByRole("heading", { level: 1, name: `Bathroom remodel ${marker}` })).toBeVisible();
  // The address starts an email with the request's subject filled in.
  await expect(page.getByRole("link", { name: `${marker}-1@home.test` })).toHaveAttribute(
    "href",
    new RegExp(`^mailto:${marker}-1@home\\.test\\?subject=Your%20estimate%20request%3A%20`),
  );
  await expect(page.getByRole("main").getByRole("link", { name: "(832) 555-0199" })).toHaveAttribute("href", "tel:+18325550199");
  await expect(page.locator(".admin-message").first()).toHaveText(`Hall bath.\nNew tile and a walk-in shower. ${marker}`);
  await expectNoSidewaysScroll(page);

  // Change its status.
  await page.getByLabel("Change the status").selectOption("contacted");
  await page.getByRole("button", { name: "Save status" }).click();
  await expect(pageStatus(page)).toHaveText("Status changed from New to Contacted.");
  // In place: the address has no ?done=, the button keeps the focus.
  await expect(page).toHaveURL(`/admin/leads/${target!.id}`);
  await expect(page.getByRole("button", { name: "Save status" })).toBeFocused();
  await expect(page.getByLabel("Change the status")).toHaveValue("contacted");

  // Add a note.
  await page.getByLabel("Add a note").fill(`Called ${marker}; visit on Tuesday.`);
  await page.getByRole("button", { name: "Add note" }).click();
  await expect(pageStatus(page)).toHaveText("Note added.");
  const notes = page.locator(".admin-notes li");
  await expect(notes).toHaveCount(1);
  await expect(notes.first()).toContainText("Alex Admin");
  await expect(notes.first()).toContainText(`Called ${marker}; visit on Tuesday.`);
  await expect(page.getByLabel("Add a note")).toHaveValue("");

  // Resend an email: it goes back in the outbox and out again.
  const confirmation = (await openLeadEmails(page)).filter({ hasText: "Confirmation to the homeowner" });
  await confirmation.getByRole("button", { name: /^Resend/ }).click();
  await expect(pageStatus(page)).toHaveText("The confirmation to the homeowner was put back in the outbox and is being sent again.");
  await expect(async () => {
    await page.reload();
    await expect((await openLeadEmails(page)).filter({ hasText: "Confirmation to the homeowner" })).toContainText("Sent");
  }).toPass({ timeout: 15_000 });
  await expectNoSidewaysScroll(page);

  // Delete it: the browser insists on the confirmation box first.
  const before = page.url();
  await page.getByRole("button", { name: "Delete request" }).click();
  expect(await page.getByLabel("Yes, delete this request").evaluate((el) => (el as HTMLInputElement).validity.valueMissing)).toBe(true);
  expect(page.url()).toBe(before);
  await page.getByLabel("Yes, delete this request").check();
  await page.getByRole("button", { name: "Delete request" }).click();
  await expect(page).toHaveURL("/admin/leads?done=deleted");
  await expect(pageStatus(page)).toHaveText("The estimate request was deleted, with its notes and emails.");

  // Gone from the list; the other one is still there.
  await page.goto(`/admin/leads?q=${marker}`);
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText(`Olga Older ${marker}`);
  const gone = await page.goto(`/admin/leads/${target!.id}`);
  expect(gone?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("We couldn't find that");
  expect(older).toBeDefined();
});

test("the admin navigation works from the keyboard, with a visible focus ring", async ({ page, context, baseURL }) => {
  await signInAdmin(context, baseURL);
  await page.goto("/admin");
  await waitForHydration(page);
  // On a phone the navigation is in the bar's menu: Tab to it, open it with Enter.
  const menu = adminMenu(page);
  for (let i = 0; i < 30 && !(await menu.toggle.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press("Tab");
  await expect(menu.toggle).toBeFocused();
  await page.keyboard.press("Enter");
  const nav = menu.nav;
  await expect(nav).toBeVisible();
  for (const [label, href] of [
    ["Dashboard", "/admin"],
    ["Estimate requests", "/admin/leads"],
    ["Users", "/admin/users"],
    ["View site", "/"],
  ] as const) {
    await expect(nav.getByRole("link", { name: new RegExp(`^${label}(, \\d+ new)?$`) })).toHaveAttribute("href", href);
  }
  await expect(nav.getByRole("link", { name: "Dashboard" })).toHaveAttribute("aria-current", "page");
  const link = nav.getByRole("link", { name: /^Estimate requests/ });
  for (let i = 0; i < 30 && !(await link.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press("Tab");
  await expect(link).toBeFocused();
  const outline = await link.evaluate((el) => getComputedStyle(el).outlineStyle + " " + getComputedStyle(el).outlineWidth);
  expect(outline).toMatch(/^solid [1-9]/);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL("/admin/leads");
  // Following a link closes the menu.
  await expect(menu.panel).toBeHidden();
  await menu.toggle.click();
  await expect(nav.getByRole("link", { name: /^Estimate requests/ })).toHaveAttribute("aria-current", "page");
  await expectNoSidewaysScroll(page);
});

test("Sign out posts to /logout and ends the admin session", async ({ page, context, baseURL }) => {
  await signInAdmin(context, baseURL);
  await page.goto("/admin");
  // On a phone, Sign out is in the bar's menu (a <details>: it opens without waiting for scripts).
  await adminMenu(page).toggle.click();
  await page.getByRole("button", { name: "Sign out" }).click();
  await page.waitForURL((url) => !url.pathname.startsWith("/admin"));
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/login/);
});
