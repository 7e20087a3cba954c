/**
 * The quick-contact bar at the bottom of a phone's screen (app/components/call-bar.tsx): Call,
 * Text and Free estimate on every public page, none on a wide screen, in the admin area or on the
 * account pages; it never covers the page's last content or a focused field, and it gives way to
 * the estimate form while the form is in view.
 */
import type { Locator, Page } from "@playwright/test";
import { galleryURL } from "../../playwright.config.ts";
import { company, expect, headerLink, menuToggle, signedInAccount, test, waitForHydration } from "#tests/e2e/helpers.ts";

const phone = { width: 375, height: 812 };

const callBar = (page: Page) => page.getByRole("navigation", { name: "Quick contact" });

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error("the element has no box (not rendered)");
  return found;
}

async function scrollToBottom(page: Page) {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect
    .poll(() => page.evaluate(() => Math.ceil(window.scrollY + window.innerHeight) >= document.documentElement.scrollHeight))
    .toBe(true);
}

test.describe("on a phone", () => {
  test.use({ viewport: phone });

  test("a service page, /gallery and the other pages without the form show it, with the right links and large targets", async ({
    page,
  }) => {
    for (const url of [
      "/bathroom",
      "/fences",
      `${galleryURL}/gallery`,
      "/gallery",
      "/services",
      "/about",
      "/room",
      "/privacy",
      "/no-such-page",
    ]) {
      await page.goto(url);
      const bar = callBar(page);
      await expect(bar, url).toBeVisible();
      const call = bar.getByRole("link", { name: `Call us at ${company.phone.display}`, exact: true });
      const text = bar.getByRole("link", { name: `Text us at ${company.phone.display}`, exact: true });
      const estimate = bar.getByRole("link", { name: "Free estimate", exact: true });
      await expect(call).toHaveAttribute("href", company.phone.href);
      await expect(text).toHaveAttribute("href", `sms:${company.phone.e164}`);
      await expect(estimate).toHaveAttribute("href", "/contact#estimate");
      await expect(bar.getByRole("link")).toHaveCount(3);
      for (const link of [call, text, estimate]) {
        const target = await box(link);
        expect(target.height, `${url}: tap target height`).toBeGreaterThanOrEqual(44);
        expect(target.width, `${url}: tap target width`).toBeGreaterThanOrEqual(44);
      }
      // Fixed to the bottom edge of the screen.
      const bottom = await box(bar);
      expect(Math.round(bottom.y + bottom.height), `${url}: the bar's bottom edge`).toBe(phone.height);
    }
  });

  test("'Free estimate' leads to the form on /contact, clear of the header, and the bar gives way to it", async ({ page }) => {
    await page.goto("/bathroom");
    await callBar(page).getByRole("link", { name: "Free estimate" }).click();
    await expect(page).toHaveURL(/\/contact#estimate$/);
    const form = page.locator("#estimate form");
    await expect(form).toBeInViewport();
    const header = await box(page.getByRole("banner"));
    expect((await box(page.locator("#estimate"))).y).toBeGreaterThanOrEqual(header.y + header.height - 1);
    await expect(callBar(page)).toBeHidden();
  });

  test("it never covers the page's last content: at the bottom the footer ends above the bar", async ({ page }) => {
    for (const url of ["/bathroom", `${galleryURL}/gallery`, "/", "/contact", "/terms"]) {
      await page.goto(url);
      await scrollToBottom(page);
      const bar = callBar(page);
      await expect(bar, `${url}: the bar is shown at the bottom of the page`).toBeVisible();
      const barTop = (await box(bar)).y;
      const footer = await box(page.getByRole("contentinfo"));
      expect(footer.y + footer.height, `${url}: the footer's bottom is above the bar's top`).toBeLessThanOrEqual(barTop + 0.5);
      // The footer's last line, the policies, can be read and tapped.
      const lastLink = page.getByRole("contentinfo").getByRole("link").last();
      const last = await box(lastLink);
      expect(last.y + last.height, `${url}: the footer's last link is above the bar`).toBeLessThanOrEqual(barTop);
      await expect(lastLink).toBeInViewport();
    }
  });

  test("it steps aside while a field is focused, and comes back when the field loses focus", async ({ page }) => {
    for (const url of ["/", "/contact"]) {
      await page.goto(url);
      await scrollToBottom(page);
      const bar = callBar(page);
      await expect(bar, `${url}: shown below the form`).toBeVisible();
      // Focused without scrolling: the form stays out of view, only the focus hides the bar.
      const field = page.locator("#estimate form").getByRole("textbox").first();
      await field.evaluate((element: HTMLElement) => element.focus({ preventScroll: true }));
      await expect(field).toBeFocused();
      await expect(bar, `${url}: hidden while a field is focused`).toBeHidden();
      await field.evaluate((element: HTMLElement) => element.blur());
      await expect(bar, `${url}: back once the field is left`).toBeVisible();
    }
  });

  test("on the pages with the form it is hidden while the form is in view", async ({ page }) => {
    for (const url of ["/", "/contact"]) {
      await page.goto(url);
      const bar = callBar(page);
      const form = page.locator("#estimate form");
      await form.scrollIntoViewIfNeeded();
      await expect(form).toBeInViewport();
      await expect(bar, `${url}: hidden with the form in view`).toBeHidden();
      await scrollToBottom(page);
      await expect(form).not.toBeInViewport();
      await expect(bar, `${url}: shown once the form is out of view`).toBeVisible();
      // Here 'Free estimate' is the form on this page.
      const estimate = bar.getByRole("link", { name: "Free estimate" });
      await expect(estimate).toHaveAttribute("href", "#estimate");
      await estimate.click();
      await expect(page.locator("#estimate")).toBeInViewport();
      await expect(bar).toBeHidden();
    }
  });

  test("after following the menu from one form page to the other it still gives way to the form", async ({ page }) => {
    await page.goto("/");
    // Where the page runs React, its menu links navigate in the browser, and the bar's inline
    // script does not run again: its effect must watch the new page's form.
    if (await page.evaluate(() => "__reactRouterContext" in window)) await waitForHydration(page);
    await menuToggle(page).click();
    await headerLink(page, "Contact").click();
    await expect(page).toHaveURL(/\/contact$/);
    const bar = callBar(page);
    await scrollToBottom(page);
    await expect(bar).toBeVisible();
    await page.locator("#estimate form").scrollIntoViewIfNeeded();
    await expect(bar).toBeHidden();
    await scrollToBottom(page);
    await expect(bar).toBeVisible();
  });

  test("the account pages and the admin area have none", async ({ page, context, baseURL }) => {
    for (const path of ["/login", "/signup"]) {
      await page.goto(path);
      await expect(page.locator("h1")).toBeVisible();
      await expect(callBar(page), path).toHaveCount(0);
    }
    await signedInAccount(context, baseURL, { role: "admin" });
    for (const path of ["/admin", "/profile"]) {
      await page.goto(path);
      await expect(page.locator("h1")).toBeVisible();
      await expect(callBar(page), path).toHaveCount(0);
    }
  });
});

test.describe("on a wide screen", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("there is no bar (the header shows the number)", async ({ page }) => {
    for (const url of ["/bathroom", `${galleryURL}/gallery`, "/"]) {
      await page.goto(url);
      await expect(callBar(page), url).toBeHidden();
      await scrollToBottom(page);
      await expect(callBar(page), url).toBeHidden();
      // And no room kept for it below the footer.
      expect(await page.evaluate(() => getComputedStyle(document.body).paddingBottom), url).toBe("0px");
    }
  });
});
