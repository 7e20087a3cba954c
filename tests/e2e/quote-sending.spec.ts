/**
 * Sending a quote from a phone (issue 27), at 375 px: the request's page sends the quote in place
 * and the request becomes "Quote sent"; the dashboard's pipeline is a table that fits the screen;
 * the follow-ups' settings save. axe finds nothing on each page, and nothing scrolls sideways.
 */
import { expect, test, waitForHydration, expectNoAxeViolations } from "#tests/e2e/helpers.ts";
import { e2eData, expectNoSidewaysScroll, newMarker, pageStatus, seedLeads, signInAdmin } from "#tests/e2e/admin-helpers.ts";
import { withSiteDatabase } from "#tests/support/accounts.ts";
import { emptyQuoteDocument } from "#app/schemas/quote.ts";
import { createQuote } from "#app/server/repos/quotes.server.ts";
import { newLinkToken } from "#app/server/quotes/link-token.server.ts";

test.use({ viewport: { width: 375, height: 812 } });

/** A draft quote ready to send on the request, stored through the app's repository. */
async function seedQuote(leadId: string) {
  const line = {
    id: "l1",
    kind: "item" as const,
    description: "Tile floor",
    quantityMilli: 40_000,
    unit: "sq ft",
    unitPriceCents: 1_500,
    optional: false,
    note: "",
  };
  const document = {
    ...emptyQuoteDocument({ title: "Hall bathroom", warranty: "", terms: "" }),
    options: [{ id: "o1", name: "Proposal", summary: "", sections: [{ id: "s1", title: "Floor", lines: [line] }] }],
  };
  const token = newLinkToken("e2e", "quote");
  return withSiteDatabase(e2eData, async ({ db }) =>
    createQuote({ db, leadId, locale: "en", draft: JSON.stringify(document), tokenNonce: token.nonce, tokenSha256: token.sha256 }),
  );
}

test("send a quote on a phone; the pipeline and the follow-ups' settings fit and pass axe", async ({ page, context, baseURL }) => {
  const marker = newMarker("quo");
  const [lead] = await seedLeads(marker, [{}]);
  const quote = await seedQuote(lead!.id);
  await signInAdmin(context, baseURL);

  await page.goto(`/admin/leads/${lead!.id}`);
  await waitForHydration(page);
  const section = page.locator("section", { has: page.getByRole("heading", { level: 2, name: "Quotes", exact: true }) });
  await expect(section).toContainText(`Quote ${quote!.number}: Hall bathroom`);
  await expectNoAxeViolations(page, "request with a quote to send");
  await section.getByRole("button", { name: "Send", exact: true }).click();
  await expect(section.getByRole("status")).toContainText(`Quote ${quote!.number} is on its way to ${lead!.email}.`);
  await expect(section.getByRole("button", { name: "Send version 2" })).toBeVisible();
  await expect(page.locator("#lead-status-select")).toHaveValue("quoted");
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page, "request after sending its quote");

  await page.goto("/admin");
  await waitForHydration(page);
  const pipeline = page.getByRole("table", { name: /From request to signed job/ });
  await expect(pipeline).toBeVisible();
  await expect(
    pipeline
      .getByRole("row", { name: /^Quotes sent/ })
      .getByRole("cell")
      .first(),
  ).not.toHaveText("0");
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page, "dashboard with the pipeline");

  await page.goto("/admin/quotes/settings");
  await waitForHydration(page);
  await page.getByLabel("First follow-up, days after sending").fill("2");
  await page.getByLabel("Second follow-up, days after sending").fill("5");
  await page.getByRole("button", { name: "Save follow-ups" }).click();
  await expect(pageStatus(page)).toContainText("follow-ups 2 days and 5 days after it was sent");
  await expect(page.getByLabel("First follow-up, days after sending")).toHaveValue("2");
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page, "quote settings");
  // Back to the defaults, for the other specs on this server.
  await page.getByLabel("First follow-up, days after sending").fill("3");
  await page.getByLabel("Second follow-up, days after sending").fill("7");
  await page.getByRole("button", { name: "Save follow-ups" }).click();
  await expect(pageStatus(page)).toContainText("3 days and 7 days");
});
