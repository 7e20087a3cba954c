/**
 * "Reply from the lead" in a browser on a phone (375 × 812): pick a template on a request's page,
 * send the reply without leaving the place on the page, and see it in the request's history with
 * its delivery; the same without JavaScript. axe finds nothing on /admin/replies (list, editing,
 * a refusal, the delete confirmation) nor on a request's page with the reply form (empty, refused,
 * sent, and turned off for spam), at 375 px and at desktop width; nothing scrolls sideways.
 */
import { withSiteDatabase } from "#tests/support/accounts.ts";
import { expect, test, waitForHydration, expectNoAxeViolations } from "#tests/e2e/helpers.ts";
import { e2eData, expectNoSidewaysScroll, newMarker, seedLeads, signInAdmin } from "#tests/e2e/admin-helpers.ts";
import { createReplyTemplate, deleteReplyTemplate } from "#app/server/repos/reply-templates.server.ts";

/**
 * A refused form posted with JavaScript answers 400, and the browser logs that as a console error:
 * expected here, once per refusal, and dropped (any other console error still fails the test).
 */
function dropExpectedRefusals(consoleErrors: string[], path: string, count: number): void {
  const expected = consoleErrors.filter((e) => e.includes("status of 400") && e.includes(`${path}.data`));
  expect(expected, `the refused posts to ${path}`).toHaveLength(count);
  for (const entry of expected) consoleErrors.splice(consoleErrors.indexOf(entry), 1);
}

/** A template of this test's own (the e2e database is shared), removed afterwards. */
async function withTemplate<T>(marker: string, fn: (template: { id: string; name: string }) => Promise<T>): Promise<T> {
  const template = await withSiteDatabase(e2eData, (database) =>
    createReplyTemplate({
      db: database.db,
      fields: {
        name: `Visit ${marker}`,
        subject: "Visit for your {service}",
        body: "Hi {first_name},\n\n{business_name} can come by on Friday. Call {business_phone} if that does not suit you.",
      },
    }),
  );
  try {
    return await fn(template);
  } finally {
    await withSiteDatabase(e2eData, (database) => deleteReplyTemplate({ db: database.db, id: template.id }));
  }
}

test.describe("at 375 px", () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test("pick a template, send, and see the reply in the history with its delivery", async ({ page, context, baseURL }) => {
    const marker = newMarker("rpl");
    const [lead] = await seedLeads(marker, [{ fromName: `Maria ${marker} Gonzalez`, subject: `Deck repair ${marker}` }]);
    await signInAdmin(context, baseURL);
    await withTemplate(marker, async (template) => {
      await page.goto(`/admin/leads/${lead!.id}`);
      await waitForHydration(page);
      const section = page.locator("section", { has: page.getByRole("heading", { name: "Reply by email" }) });
      await expect(section).toContainText(`Goes to Maria ${marker} Gonzalez at ${lead!.email}`);
      await expect(section).toContainText("comes back to the lead inbox");
      await expect(section.getByRole("link", { name: "Manage templates" })).toHaveAttribute("href", "/admin/replies");
      await expect(section.getByLabel("Subject")).toHaveValue(`Your estimate request: Deck repair ${marker}`);

      await section.getByLabel("Start from a template").selectOption({ label: template.name });
      await section.getByRole("button", { name: "Use template" }).click();
      await expect(page).toHaveURL(new RegExp(`\\?template=${template.id}$`));
      await expect(section.getByLabel("Subject")).toHaveValue(`Visit for your Deck repair ${marker}`);
      await expect(section.getByLabel("Message")).toHaveValue(
        "Hi Maria,\n\nExample Home Remodeling can come by on Friday. Call (713) 555-0147 if that does not suit you.",
      );
      await expectNoSidewaysScroll(page);

      // Sent in place: the page does not jump to the top.
      const send = section.getByRole("button", { name: "Send reply" });
      await send.scrollIntoViewIfNeeded();
      const scrolled = await page.evaluate(() => window.scrollY);
      expect(scrolled).toBeGreaterThan(0);
      await send.click();
      await expect(section.getByRole("status")).toHaveText(
        `Your reply to ${lead!.email} is on its way. Its delivery shows under “Replies sent”.`,
      );
      expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);

      const history = section.getByRole("list").filter({ hasText: `Visit for your Deck repair ${marker}` });
      const card = history.getByRole("listitem").first();
      await expect(card).toContainText("Alex Admin");
      await expect(card).toContainText("Example Home Remodeling can come by on Friday.");
      await expect(card.locator(".job-status")).toHaveText(/^(Waiting|Sending|Sent)$/);
      // The outbox delivers it (written to a file here): the history says Sent after a reload.
      await expect(async () => {
        await page.reload();
        await expect(card.locator(".job-status")).toHaveText("Sent", { timeout: 1000 });
      }).toPass({ timeout: 15_000 });
      await expect(card).toContainText(/Sent\s*\w{3} \d+, \d{4}, \d+:\d\d [AP]M C[SD]T/);
      await expect(card.getByRole("button", { name: "Resend the reply to the homeowner" })).toBeVisible();
      await expectNoSidewaysScroll(page);
    });
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 375, height: 812 } });

  test("the template picker and the reply form work as plain forms", async ({ page, context, baseURL }) => {
    const marker = newMarker("rplnojs");
    const [lead] = await seedLeads(marker, [{ fromName: `Ana ${marker}`, subject: `Fence ${marker}` }]);
    await signInAdmin(context, baseURL);
    await withTemplate(marker, async (template) => {
      await page.goto(`/admin/leads/${lead!.id}`);
      await page.getByLabel("Start from a template").selectOption({ label: template.name });
      await page.getByRole("button", { name: "Use template" }).click();
      await expect(page.getByLabel("Subject")).toHaveValue(`Visit for your Fence ${marker}`);
      await page.getByLabel("Message").fill("Hi {first_name}, see you Friday.");
      await page.getByRole("button", { name: "Send reply" }).click();
      const section = page.locator("section", { has: page.getByRole("heading", { name: "Reply by email" }) });
      await expect(section.getByRole("status")).toContainText(`Your reply to ${lead!.email} is on its way.`);
      await expect(section).toContainText(`Hi Ana, see you Friday.`);
    });
  });
});

const widths = [
  { name: "375 px", width: 375, height: 812 },
  { name: "desktop", width: 1280, height: 900 },
];

for (const size of widths) {
  test.describe(`axe at ${size.name}`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test("/admin/replies: the list, editing, a refusal and the delete confirmation", async ({ page, context, baseURL, consoleErrors }) => {
      const marker = newMarker("rpla");
      await signInAdmin(context, baseURL);
      await withTemplate(marker, async (template) => {
        await page.goto("/admin/replies");
        await waitForHydration(page);
        await expect(page.getByRole("heading", { level: 1, name: "Reply templates" })).toBeVisible();
        await expect(page.getByText("{business_phone}").first()).toBeVisible();
        await expectNoAxeViolations(page, "/admin/replies");
        await expectNoSidewaysScroll(page);

        await page.goto(`/admin/replies?edit=${template.id}`);
        await expect(page.getByRole("button", { name: "Save changes" })).toBeVisible();
        await expectNoAxeViolations(page, "/admin/replies editing");

        // A refusal: unknown placeholders, named, with the fields marked.
        await page.goto("/admin/replies");
        await waitForHydration(page);
        const add = page.locator("section", { has: page.getByRole("heading", { name: "Add a template" }) });
        await add.getByLabel("Name").fill(`Quote ${marker}`);
        // Exact: the Spanish version's fields are "Subject in Spanish" and "Message in Spanish".
        await add.getByLabel("Subject", { exact: true }).fill("Your {job}");
        await add.getByLabel("Message", { exact: true }).fill("Total: {price}");
        await add.getByRole("button", { name: "Add the template" }).click();
        await expect(page.getByRole("alert").first()).toContainText("Nothing was saved");
        await expect(page.getByText("{price} is not a placeholder this site knows.")).toBeVisible();
        await expectNoAxeViolations(page, "/admin/replies with a refusal");
        await expectNoSidewaysScroll(page);
        dropExpectedRefusals(consoleErrors, "/admin/replies", 1);

        await page.goto(`/admin/replies?delete=${template.id}`);
        await expect(page.getByRole("button", { name: "Yes, delete it" })).toBeVisible();
        await expectNoAxeViolations(page, "/admin/replies delete confirmation");
      });
    });

    test("a request's page with the reply form: empty, refused, sent, and off for spam", async ({
      page,
      context,
      baseURL,
      consoleErrors,
    }) => {
      const marker = newMarker("rplb");
      const [lead] = await seedLeads(marker, [{ fromName: `Rosa ${marker}` }]);
      const [spam] = await seedLeads(marker, [{ isSpam: true, spamReason: "honeypot field filled", subject: `Spam ${marker}` }]);
      await signInAdmin(context, baseURL);
      await page.goto(`/admin/leads/${lead!.id}`);
      await waitForHydration(page);
      const section = page.locator("section", { has: page.getByRole("heading", { name: "Reply by email" }) });
      await expectNoAxeViolations(page, "request page with the reply form");

      await section.getByLabel("Message").fill("Your price is {price}.");
      await section.getByRole("button", { name: "Send reply" }).click();
      await expect(section.getByRole("alert")).toContainText("{price} is not a placeholder this site knows.");
      await expect(section.getByLabel("Message")).toHaveAttribute("aria-invalid", "true");
      await expectNoAxeViolations(page, "request page with a refused reply");
      dropExpectedRefusals(consoleErrors, `/admin/leads/${lead!.id}`, 1);

      await section.getByLabel("Message").fill("Hi {first_name}, thanks!");
      await section.getByRole("button", { name: "Send reply" }).click();
      await expect(section.getByRole("status")).toContainText("is on its way");
      await expect(section).toContainText(`Hi Rosa, thanks!`);
      await expectNoAxeViolations(page, "request page after a reply");
      await expectNoSidewaysScroll(page);

      await page.goto(`/admin/leads/${spam!.id}`);
      await expect(page.getByText("This request is marked as spam, so it cannot be answered from here.")).toBeVisible();
      await expectNoAxeViolations(page, "spam request page");
    });
  });
}
