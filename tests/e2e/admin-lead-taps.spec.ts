/**
 * The one-tap actions on a phone (375 × 812) and at desktop width: each inbox card carries Call,
 * Text, Email and Directions with the right tel:, sms:, mailto: and maps addresses, a request's
 * page Call and Text in its actions bar and Email and Directions in its details (ADR 057), every button is at least 44 px tall and fits, a request new for more than 24
 * hours is marked in words, nothing scrolls sideways and axe finds nothing.
 */
import type { Locator, Page } from "@playwright/test";
import { withSiteDatabase } from "#tests/support/accounts.ts";
import { expect, test, waitForHydration, expectNoAxeViolations } from "#tests/e2e/helpers.ts";
import { e2eData, expectNoSidewaysScroll, newMarker, seedLeads, signInAdmin } from "#tests/e2e/admin-helpers.ts";

/** Every one-tap button in `scope` is at least 44 × 44 px and inside the window. */
async function expectTapTargets(page: Page, scope: Locator, count: number): Promise<void> {
  const taps = scope.locator(".admin-tap");
  await expect(taps).toHaveCount(count);
  const width = page.viewportSize()!.width;
  for (const tap of await taps.all()) {
    const box = (await tap.boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(44);
    expect(box.width).toBeGreaterThanOrEqual(44);
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(width);
  }
}

/** The text an sms: link fills in. */
function smsBody(href: string | null): string {
  expect(href).toMatch(/^sms:\+17135550147\?&body=/);
  return decodeURIComponent(href!.split("&body=")[1]!);
}

const sizes = [
  { name: "375 px", width: 375, height: 812 },
  { name: "desktop", width: 1280, height: 900 },
];

for (const size of sizes) {
  test.describe(`at ${size.name}`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test("the one-tap buttons call, text, email and map the homeowner", async ({ page, context, baseURL }, testInfo) => {
      const marker = newMarker("tap");
      const name = `María Gonzalez ${marker}`;
      const [old, maria] = await seedLeads(marker, [
        { fromName: `Olga Oldham ${marker}`, phone: "(713) 555-0100" },
        {
          fromName: name,
          email: `${marker}@casa.test`,
          phone: "(713) 555-0147",
          subject: "Bathroom Remodeling",
          details: { zip: "77008", inServiceArea: true, streetAddress: "1234 Heights Blvd" },
        },
      ]);
      // Olga's request came in 30 hours ago and no one has answered it.
      await withSiteDatabase(e2eData, (database) =>
        database.db
          .updateTable("leads")
          .set({ created_at: new Date(Date.now() - 30 * 3600 * 1000).toISOString() })
          .where("id", "=", old!.id)
          .execute(),
      );
      await signInAdmin(context, baseURL);

      await page.goto(`/admin/leads?q=${marker}`);
      await waitForHydration(page);
      const cards = page.getByRole("list", { name: "Estimate requests" }).getByRole("listitem");
      await expect(cards).toHaveCount(2);
      const card = cards.filter({ hasText: name });
      const links = {
        call: "tel:+17135550147",
        email: `mailto:${marker}@casa.test?subject=Your%20estimate%20request%3A%20Bathroom%20Remodeling`,
        directions: "https://www.google.com/maps/search/?api=1&query=1234%20Heights%20Blvd%2C%2077008",
      };
      await expect(card.getByRole("link", { name: `Call ${name}`, exact: true })).toHaveAttribute("href", links.call);
      expect(smsBody(await card.getByRole("link", { name: `Text ${name}`, exact: true }).getAttribute("href"))).toMatch(
        /^Hi María, this is .+ about your Bathroom Remodeling request\.$/,
      );
      await expect(card.getByRole("link", { name: `Email ${name}`, exact: true })).toHaveAttribute("href", links.email);
      await expect(card.getByRole("link", { name: `Directions to ${name} (opens a map in a new tab)` })).toHaveAttribute(
        "href",
        links.directions,
      );
      await expect(card).toContainText("ZIP 77008 (in area)");
      await expect(card).toContainText("0 photos");
      await expect(card).toContainText(/waiting (under a minute|\d+ min)/);
      await expectTapTargets(page, card, 4);

      const overdue = cards.filter({ hasText: `Olga Oldham ${marker}` });
      await expect(overdue).toContainText("Waiting over 24 hours (waiting 30 h)");
      await expect(overdue.getByRole("link", { name: /^Directions/ })).toHaveCount(0);
      await expectTapTargets(page, overdue, 3);
      await expectNoSidewaysScroll(page);
      await expectNoAxeViolations(page, `inbox at ${size.name}`);
      await page.screenshot({ path: testInfo.outputPath(`inbox-${size.width}.png`), fullPage: true });

      // The request's page: Call and Text at the top, in the actions bar (ADR 057); Email and
      // Directions beside the address and the email in its details.
      await card.getByRole("link", { name: "Bathroom Remodeling" }).click();
      await expect(page).toHaveURL(`/admin/leads/${maria!.id}`);
      const main = page.getByRole("main");
      const top = page.getByRole("navigation", { name: "Request actions" });
      await expect(top.getByRole("link", { name: `Call ${name}`, exact: true })).toHaveAttribute("href", links.call);
      expect(smsBody(await top.getByRole("link", { name: `Text ${name}`, exact: true }).getAttribute("href"))).toMatch(
        /^Hi María, this is .+ about your Bathroom Remodeling request\.$/,
      );
      await expect(main.getByRole("link", { name: `${marker}@casa.test`, exact: true })).toHaveAttribute("href", links.email);
      await expect(main.getByRole("link", { name: `Directions to ${name} (opens a map in a new tab)` })).toHaveAttribute(
        "href",
        links.directions,
      );
      await expect(top.getByRole("link")).toHaveCount(5);
      for (const link of await top.getByRole("link").all()) {
        const box = (await link.boundingBox())!;
        expect(box.height).toBeGreaterThanOrEqual(44);
        expect(box.width).toBeGreaterThanOrEqual(44);
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(size.width);
        // Above the fold on a phone: no scrolling to reach them.
        expect(box.y + box.height).toBeLessThanOrEqual(size.height);
      }
      await expectNoSidewaysScroll(page);
      await expectNoAxeViolations(page, `request page at ${size.name}`);
      // Under the pointer too: Call hovered (dark background), then Text (light one).
      await top.getByRole("link", { name: `Call ${name}`, exact: true }).hover();
      await expectNoAxeViolations(page, `request page, Call hovered, at ${size.name}`);
      await top.getByRole("link", { name: `Text ${name}`, exact: true }).hover();
      await expectNoAxeViolations(page, `request page, Text hovered, at ${size.name}`);
      await page.screenshot({ path: testInfo.outputPath(`lead-${size.width}.png`) });
    });
  });
}
