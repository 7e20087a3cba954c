/**
 * The contractor's phone (issue 24, ADR 057). On a request's page at 375 px: Call, Text, Reply,
 * Schedule and Note are on the first screen and stay there while the page scrolls (a sticky bar);
 * Reply, Schedule and Note open their form with focus in it, by touch and by keyboard; without
 * JavaScript they are anchors that land on their section below the bar. The bar is a labelled
 * navigation with a visible focus ring, axe finds nothing, nothing scrolls sideways. And the admin
 * menu lists every page of the admin navigation, each of which opens.
 */
import type { Page } from "@playwright/test";
import { expect, test, waitForHydration, expectNoAxeViolations } from "#tests/e2e/helpers.ts";
import { adminMenu, expectNoSidewaysScroll, newMarker, seedLeads, signInAdmin } from "#tests/e2e/admin-helpers.ts";
import { adminNavigation } from "#app/components/admin/admin-navigation.ts";

const PHONE = { width: 375, height: 667 };

/** A request as the form stores it with every detail, and a long message, so the forms are far down. */
async function longRequest(marker: string) {
  const [lead] = await seedLeads(marker, [
    {
      fromName: `Maria Gonzalez ${marker}`,
      subject: `Bathroom remodel ${marker}`,
      message: Array.from({ length: 12 }, (_, i) => `Line ${i + 1} of what the job needs. ${marker}`).join("\n"),
      details: { zip: "77008", streetAddress: "1234 Heights Blvd", contactMethod: "text", bestTime: "Evenings", inServiceArea: true },
    },
  ]);
  return lead!;
}

const bar = (page: Page) => page.getByRole("navigation", { name: "Request actions" });
const action = (page: Page, name: RegExp) => bar(page).getByRole("link", { name });

/** The five actions, by the names their links have. */
const ACTIONS = [/^Call Maria Gonzalez/, /^Text Maria Gonzalez/, /^Reply by email$/, /^Schedule a visit$/, /^Note – add an internal note$/];

/** The id of the focused element ("" when focus is on the page itself). */
const focusedId = (page: Page) => page.evaluate(() => (document.activeElement === document.body ? "" : (document.activeElement?.id ?? "")));

/** An element ends up inside the window and not under the sticky bar (once a smooth scroll is over). */
async function expectInViewBelowBar(page: Page, selector: string): Promise<void> {
  await expect(async () => {
    const barBox = (await bar(page).boundingBox())!;
    const box = (await page.locator(selector).boundingBox())!;
    expect(box.y, `${selector} is below the bar`).toBeGreaterThanOrEqual(barBox.y + barBox.height - 1);
    expect(box.y, `${selector} is inside the window`).toBeLessThan(PHONE.height);
  }).toPass({ timeout: 5_000 });
}

test.describe("a request's page on a phone", () => {
  test.use({ viewport: PHONE, hasTouch: true });

  test("the five actions are on the first screen and stay there; Reply, Schedule and Note open their forms, focused", async ({
    page,
    context,
    baseURL,
  }) => {
    const lead = await longRequest(newMarker("phone"));
    await signInAdmin(context, baseURL);
    await page.goto(`/admin/leads/${lead.id}`);
    await waitForHydration(page);

    await expect(bar(page).getByRole("link")).toHaveCount(5);
    for (const name of ACTIONS) {
      const box = (await action(page, name).boundingBox())!;
      expect(box.y + box.height, `${name} on the first screen`).toBeLessThan(PHONE.height);
      expect(box.height).toBeGreaterThanOrEqual(44);
      expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    }
    await expect(action(page, ACTIONS[0]!)).toHaveAttribute("href", "tel:+17135550147");
    await expect(action(page, ACTIONS[1]!)).toHaveAttribute("href", /^sms:\+17135550147\?&body=/);
    await expectNoAxeViolations(page, "request page on a phone");
    await expectNoSidewaysScroll(page);

    // Reply: the form comes into view below the bar, with focus in its message (the subject is filled in).
    await action(page, /^Reply/).tap();
    await expect.poll(() => focusedId(page)).toBe("reply-body");
    await expect(page.locator("#reply-body")).toBeInViewport();
    await expectInViewBelowBar(page, "#reply-body");
    // Far down the page, the bar is still at the top of the window.
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(PHONE.height);
    expect((await bar(page).boundingBox())!.y).toBeLessThanOrEqual(1);
    await page.keyboard.type("Hi Maria, we can come Thursday.");
    await expect(page.locator("#reply-body")).toHaveValue("Hi Maria, we can come Thursday.");

    // Schedule: the visit's day; Note: the note's text.
    await action(page, /^Schedule/).tap();
    await expect(page.locator("form[aria-labelledby='visit-schedule-title'] input[name='date']")).toBeFocused();
    await expectInViewBelowBar(page, "form[aria-labelledby='visit-schedule-title'] input[name='date']");
    await action(page, /^Note/).tap();
    await expect.poll(() => focusedId(page)).toBe("note-body");
    await expectInViewBelowBar(page, "#note-body");
    await expectNoAxeViolations(page, "request page on a phone, scrolled to the notes");
    await expectNoSidewaysScroll(page);
    // What was typed in the reply is still there: the bar moves focus, it never reloads the page.
    await expect(page.locator("#reply-body")).toHaveValue("Hi Maria, we can come Thursday.");
  });

  test("from the keyboard: the bar is reached by Tab, shows its focus, and Enter on Reply puts focus in the reply", async ({
    page,
    context,
    baseURL,
  }) => {
    const lead = await longRequest(newMarker("keys"));
    await signInAdmin(context, baseURL);
    await page.goto(`/admin/leads/${lead.id}`);
    await waitForHydration(page);
    const reply = action(page, /^Reply/);
    for (let i = 0; i < 30 && !(await reply.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press("Tab");
    await expect(reply).toBeFocused();
    const outline = await reply.evaluate((el) => `${getComputedStyle(el).outlineStyle} ${getComputedStyle(el).outlineWidth}`);
    expect(outline).toMatch(/^solid [1-9]/);
    await page.keyboard.press("Enter");
    await expect.poll(() => focusedId(page)).toBe("reply-body");
    await expectInViewBelowBar(page, "#reply-body");
  });

  test("without a phone number, Call and Text are left out", async ({ page, context, baseURL }) => {
    const [lead] = await seedLeads(newMarker("nophone"), [{ fromName: "Nora Nowhere", phone: "n/a" }]);
    await signInAdmin(context, baseURL);
    await page.goto(`/admin/leads/${lead!.id}`);
    await expect(bar(page).getByRole("link")).toHaveText(["Reply by email", "Schedule a visit", "Note – add an internal note"]);
  });
});

test.describe("a request's page on a phone without JavaScript", () => {
  test.use({ viewport: PHONE, javaScriptEnabled: false });

  test("Reply, Schedule and Note are anchors that land on their section, below the bar", async ({ page, context, baseURL }) => {
    const lead = await longRequest(newMarker("nojs"));
    await signInAdmin(context, baseURL);
    await page.goto(`/admin/leads/${lead.id}`);
    for (const [name, heading] of [
      [/^Reply/, "#lead-reply"],
      [/^Schedule/, "#lead-visit"],
      [/^Note/, "#lead-notes"],
    ] as const) {
      await action(page, name).click();
      await expect(page).toHaveURL(new RegExp(`${heading}$`));
      await expect(page.locator(heading)).toBeInViewport();
      await expectInViewBelowBar(page, heading);
    }
    await page.locator("#note-body").fill("Measured the tub.");
    await page.getByRole("button", { name: "Add note" }).click();
    await expect(page.locator(".admin-notes")).toContainText("Measured the tub.");
  });
});

test.describe("the admin menu on a phone", () => {
  test.use({ viewport: PHONE });

  test("lists every page of the admin navigation, Alerts and Replies among them, and each opens", async ({ page, context, baseURL }) => {
    await signInAdmin(context, baseURL);
    await page.goto("/admin");
    const menu = adminMenu(page);
    await menu.toggle.click();
    const links = menu.nav.getByRole("link");
    await expect(links).toHaveCount(adminNavigation.length);
    for (const [i, item] of adminNavigation.entries()) {
      await expect(links.nth(i)).toHaveAttribute("href", item.to);
      await expect(links.nth(i)).toHaveText(new RegExp(`^${item.label}`));
    }
    await expect(menu.nav.getByRole("link", { name: "Alerts", exact: true })).toHaveAttribute("href", "/admin/alerts");
    await expect(menu.nav.getByRole("link", { name: "Replies", exact: true })).toHaveAttribute("href", "/admin/replies");
    await expectNoAxeViolations(page, "admin menu open");

    for (const item of adminNavigation.filter((entry) => entry.to.startsWith("/admin"))) {
      const response = await page.goto(item.to);
      expect(response?.status(), item.to).toBe(200);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expectNoSidewaysScroll(page);
    }
  });
});

test.describe("the admin bar on a laptop", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("every page of the admin navigation fits on one line at 1280 px", async ({ page, context, baseURL }) => {
    await signInAdmin(context, baseURL);
    await page.goto("/admin");
    const links = page.locator(".admin-nav--bar").getByRole("link");
    await expect(links).toHaveCount(adminNavigation.length);
    const tops = await links.evaluateAll((all) => all.map((link) => Math.round(link.getBoundingClientRect().top)));
    expect(new Set(tops).size, `link tops: ${tops.join(", ")}`).toBe(1);
  });
});
