/**
 * The quote builder in a browser (issue 27, ADR 066), on a phone (375 px, by touch) and a desktop
 * (1280 px): the contractor starts a quote from a saved template on the request's page, adds an
 * option and a line to it, sees the live totals follow what they type, and saves; the page then
 * shows the totals the server computed. The keyboard lands where the next thing is typed, axe
 * finds nothing, nothing scrolls sideways. Without JavaScript the same buttons post and the form
 * comes back changed.
 */
import type { Page } from "@playwright/test";
import { expect, test, waitForHydration, expectNoAxeViolations } from "#tests/e2e/helpers.ts";
import { e2eData, expectNoSidewaysScroll, ignoreRefusedFetcherPosts, newMarker, seedLeads, signInAdmin } from "#tests/e2e/admin-helpers.ts";
import { withSiteDatabase } from "#tests/support/accounts.ts";
import { saveQuoteTemplate } from "#app/server/repos/quote-templates.server.ts";
import { emptyQuoteDocument, type QuoteDocument } from "#app/schemas/quote.ts";

/** A common job's template: one option, one section with two lines, 8.25 % tax, 30 % deposit. */
function fenceTemplate(): QuoteDocument {
  return {
    ...emptyQuoteDocument({ title: "Cedar fence", warranty: "One year on labor.", terms: "Balance due on completion." }),
    options: [
      {
        id: "o1",
        name: "Good",
        summary: "",
        sections: [
          {
            id: "s1",
            title: "Back yard",
            lines: [
              {
                id: "l1",
                kind: "item",
                description: "Cedar pickets, 6 ft",
                quantityMilli: 120_000,
                unit: "ln ft",
                unitPriceCents: 2_850,
                optional: false,
                note: "",
              },
              {
                id: "l2",
                kind: "item",
                description: "Haul-away",
                quantityMilli: 1_000,
                unit: "load",
                unitPriceCents: 35_000,
                optional: false,
                note: "",
              },
            ],
          },
        ],
      },
    ],
    taxBasisPoints: 825,
  };
}

async function seedTemplate(name: string): Promise<void> {
  await withSiteDatabase(e2eData, ({ db }) => saveQuoteTemplate({ db, kind: "quote", name, body: JSON.stringify(fenceTemplate()) }));
}

const totalsOf = (page: Page, option: string) =>
  page.locator(".quote-totals__option").filter({ has: page.getByRole("heading", { name: option }) });

for (const { label, viewport, screen } of [
  { label: "a phone", viewport: { width: 375, height: 812 }, screen: "375" },
  { label: "a desktop", viewport: { width: 1280, height: 800 }, screen: "1280" },
]) {
  test.describe(`the quote builder on ${label}`, () => {
    test.use({ viewport, hasTouch: screen === "375" });

    test("a quote from a template, an option and a line added, the totals followed, saved", async ({ page, context, baseURL }) => {
      const marker = newMarker("quote");
      const [lead] = await seedLeads(marker, [{ subject: `Fence ${marker}` }]);
      await seedTemplate(`Fence ${marker}`);
      await signInAdmin(context, baseURL);
      await page.goto(`/admin/leads/${lead!.id}`);
      await waitForHydration(page);

      const quotes = page.locator("section[aria-labelledby='lead-quotes']");
      await quotes.getByLabel("Start from").selectOption({ label: `Template: Fence ${marker}` });
      await quotes.getByRole("button", { name: "New quote" }).click();
      await expect(page).toHaveURL(new RegExp(`/admin/leads/${lead!.id}/quotes/[0-9a-f-]{36}$`));
      await waitForHydration(page);
      await expect(page.getByLabel("Title")).toHaveValue("Cedar fence");
      // 120 × 28.50 + 350 = 3,770.00; tax 311.03; total 4,081.03.
      await expect(page.locator(".quote-totals")).toContainText("$4,081.03");
      await expectNoAxeViolations(page, "the builder from a template");
      await expectNoSidewaysScroll(page);

      // By keyboard, the second line moves up; the focus stays on the line's move button.
      await page.getByRole("button", { name: "Move line 2 of Back yard up" }).focus();
      await page.keyboard.press("Enter");
      await expect(page.locator("#q-o0-s0-l0-description")).toHaveValue("Haul-away");
      await expect(page.getByRole("button", { name: "Move line 1 of Back yard down" })).toBeFocused();
      await page.keyboard.press("Enter");
      await expect(page.locator("#q-o0-s0-l0-description")).toHaveValue("Cedar pickets, 6 ft");

      // A second option: the cursor goes to its name, which the keyboard replaces.
      await page.getByRole("button", { name: /Add an option/ }).click();
      const name = page.locator("#q-o1-name");
      await expect(name).toBeFocused();
      await name.fill("Better");
      await page.locator("#q-o0-name").fill("Good");
      await page.getByRole("button", { name: "Add a line to New section" }).click();
      const description = page.locator("#q-o1-s0-l0-description");
      await expect(description).toBeFocused();
      await page.keyboard.type("Steel posts and cedar pickets");
      await page.locator("#q-o1-s0-l0-quantity").fill("120");
      await page.locator("#q-o1-s0-l0-unit").fill("ln ft");
      await page.locator("#q-o1-s0-l0-price").fill("36.75");
      await page.locator("#q-o1-s0-title").fill("Back yard");
      // 120 × 36.75 = 4,410.00; tax 363.83; total 4,773.83; deposit 30 % = 1,432.15.
      const better = totalsOf(page, "Better");
      await expect(better).toContainText("$4,773.83");
      await expect(better).toContainText("$1,432.15");
      await expect(totalsOf(page, "Good")).toContainText("$4,081.03");
      await expectNoAxeViolations(page, "the builder with two options");
      await expectNoSidewaysScroll(page);
      // The pictures in docs/screens are taken with SCREENS_DIR set (see docs/screens/README.md).
      await expect(page.locator(".quote-save-bar__totals")).toHaveText("Good: $4,081.03 · Better: $4,773.83");
      if (process.env.SCREENS_DIR) {
        // Option 2's new line, the one just typed, at the top of the window.
        await page.locator("#q-o1-s0-title").evaluate((element) => element.scrollIntoView({ block: "start" }));
        await page.evaluate(() => window.scrollBy(0, -70));
        await page.screenshot({ path: `${process.env.SCREENS_DIR}/quote-builder-${screen}.png` });
      }

      await page.getByRole("button", { name: "Save", exact: true }).click();
      await expect(page).toHaveURL(/\?done=saved$/);
      await expect(page.locator(".admin-flash--inline")).toContainText("Good: $4,081.03 · Better: $4,773.83");
      await expect(page.locator("#q-o1-s0-l0-description")).toHaveValue("Steel posts and cedar pickets");
      await expectNoAxeViolations(page, "the builder after saving");

      await page.getByRole("link", { name: /^← Request from/ }).click();
      const listed = page.locator("section[aria-labelledby='lead-quotes'] .lead-quote");
      await expect(listed).toContainText("Draft · not sent yet · Good $4,081.03 · Better $4,773.83");
      await expect(listed.getByLabel("The homeowner's page of it")).toHaveValue(/\/quote\/[A-Za-z0-9_-]{43}$/);
      await expectNoAxeViolations(page, "the request's page with a quote");
      await expectNoSidewaysScroll(page);
      if (process.env.SCREENS_DIR) await listed.screenshot({ path: `${process.env.SCREENS_DIR}/lead-quotes-${screen}.png` });

      await page.goto("/admin/quotes/templates");
      await waitForHydration(page);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Quote templates");
      await expect(page.getByLabel(`Name of template “Fence ${marker}”`)).toHaveValue(`Fence ${marker}`);
      await page.getByRole("link", { name: `Delete template “Fence ${marker}”` }).click();
      await expect(page.getByRole("button", { name: "Yes, delete it" })).toBeVisible();
      await expectNoAxeViolations(page, "the quote templates, confirming a deletion");
      await expectNoSidewaysScroll(page);
      await page.getByRole("button", { name: "Yes, delete it" }).click();
      await expect(page.getByLabel(`Name of template “Fence ${marker}”`)).toHaveCount(0);
    });

    test("a price the server cannot read is named, and the cursor goes to it", async ({ page, context, baseURL, consoleErrors }) => {
      const marker = newMarker("quote");
      const [lead] = await seedLeads(marker, [{ subject: `Fence ${marker}` }]);
      await signInAdmin(context, baseURL);
      await page.goto(`/admin/leads/${lead!.id}`);
      await waitForHydration(page);
      await page.getByRole("button", { name: "New quote" }).click();
      await waitForHydration(page);
      await page.getByRole("button", { name: /^Add a line to/ }).click();
      await page.keyboard.type("Gate");
      await page.locator("#q-o0-s0-l0-price").fill("four hundred");
      await page.locator("#q-o0-s0-l0-price").press("Enter");
      await expect(page.getByRole("alert")).toContainText("Line 1 of Work: the unit price must be a number of dollars, like 1250.50.");
      await expect(page.locator("#q-o0-s0-l0-price")).toBeFocused();
      await expect(page.locator("#q-o0-s0-l0-price")).toHaveValue("four hundred");
      await expectNoAxeViolations(page, "the builder with a refusal");
      ignoreRefusedFetcherPosts(consoleErrors, 400);
    });
  });
}

test.describe("the quote builder without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("“Add a line” posts and the form comes back with it; Save keeps it", async ({ page, context, baseURL }) => {
    const marker = newMarker("quote");
    const [lead] = await seedLeads(marker, [{ subject: `Fence ${marker}` }]);
    await signInAdmin(context, baseURL);
    await page.goto(`/admin/leads/${lead!.id}`);
    await page.getByRole("button", { name: "New quote" }).click();
    await page.getByRole("button", { name: /^Add a line to/ }).click();
    await expect(page.locator(".admin-flash--inline")).toContainText("Changed. Save to keep it.");
    await page.locator("#q-o0-s0-l0-description").fill("Gate");
    await page.locator("#q-o0-s0-l0-price").fill("1,250.50");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.locator(".admin-flash--inline")).toContainText("Total: $1,250.50");
  });
});
