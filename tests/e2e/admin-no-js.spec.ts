/**
 * The inbox without JavaScript: the filter form is a plain GET form, paging links keep the
 * filters, and a request's status, note, resend and deletion are plain form posts: the first
 * three answered with the page and a status message, deletion with a redirect to the inbox.
 */
import { expect, test } from "#tests/e2e/helpers.ts";
import { adminMenu, newMarker, openLeadEmails, pageStatus, seedLeads, signInAdmin } from "#tests/e2e/admin-helpers.ts";

test.use({ javaScriptEnabled: false, viewport: { width: 375, height: 812 } });

test("the inbox filters, pages and changes requests with JavaScript off", async ({ page, context, baseURL }) => {
  const marker = newMarker();
  const leads = await seedLeads(
    marker,
    Array.from({ length: 27 }, (_, i) => ({
      subject: `Fence repair ${i} ${marker}`,
      fromName: `Person ${i} ${marker}`,
    })),
  );
  await signInAdmin(context, baseURL);

  await page.goto("/admin/leads");
  // Really no scripts: React Router's client is not on the page.
  expect(await page.evaluate(() => typeof (window as { __reactRouterContext?: unknown }).__reactRouterContext)).not.toBe("object");

  await page.getByLabel("Search").fill(marker);
  await page.getByLabel("Status").selectOption("new");
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/leads\\?status=new&q=${marker}$`));
  const cards = page.getByRole("list", { name: "Estimate requests" }).getByRole("listitem");
  await expect(cards).toHaveCount(25);
  await expect(page.getByText("Page 1 of 2")).toBeVisible();
  await expect(cards.first()).toContainText(`Fence repair 26 ${marker}`);

  await page.getByRole("link", { name: "Next page →" }).click();
  await expect(page).toHaveURL(new RegExp(`status=new&q=${marker}&page=2$`));
  await expect(cards).toHaveCount(2);
  await expect(page.getByText("Page 2 of 2")).toBeVisible();
  await expect(page.getByLabel("Search")).toHaveValue(marker);
  await expect(page.getByLabel("Status")).toHaveValue("new");

  // A bad page number falls back instead of failing.
  const bad = await page.goto(`/admin/leads?q=${marker}&page=abc`);
  expect(bad?.status()).toBe(200);
  await expect(page.getByText("“abc” is not a page number, so the first page is shown.")).toBeVisible();

  // Open the oldest request and work it with plain form posts.
  await page.goto(`/admin/leads?q=${marker}&page=2`);
  await page.getByRole("link", { name: `Fence repair 0 ${marker}` }).click();
  await expect(page).toHaveURL(`/admin/leads/${leads[0]!.id}`);
  await page.getByLabel("Change the status").selectOption("scheduled");
  await page.getByRole("button", { name: "Save status" }).click();
  // The post answers the page itself, with what changed in the status line (no redirect).
  await expect(page).toHaveURL(`/admin/leads/${leads[0]!.id}`);
  await expect(pageStatus(page)).toHaveText("Status changed from New to Visit scheduled.");
  await expect(page.getByLabel("Change the status")).toHaveValue("scheduled");

  await page.getByLabel("Add a note").fill(`Measured the fence ${marker}.`);
  await page.getByRole("button", { name: "Add note" }).click();
  await expect(pageStatus(page)).toHaveText("Note added.");
  await expect(page.locator(".admin-notes li")).toContainText(`Measured the fence ${marker}.`);
  await expect(page.getByLabel("Add a note")).toHaveValue("");

  // Resend, a plain post too (the emails are a <details>: it opens without JavaScript).
  await openLeadEmails(page);
  await page.getByRole("button", { name: /^Resend\s+the confirmation to the homeowner$/ }).click();
  await expect(pageStatus(page)).toHaveText("The confirmation to the homeowner was put back in the outbox and is being sent again.");

  // The bar's menu is a <details>: it opens without JavaScript and holds the navigation.
  await adminMenu(page).toggle.click();
  await expect(adminMenu(page).nav.getByRole("link", { name: "Users" })).toBeVisible();

  await page.getByLabel("Yes, delete this request").check();
  await page.getByRole("button", { name: "Delete request" }).click();
  await expect(page).toHaveURL("/admin/leads?done=deleted");
  await expect(pageStatus(page)).toHaveText("The estimate request was deleted, with its notes and emails.");

  // The filters of the CSV link follow the form.
  await page.goto(`/admin/leads?status=new&q=${marker}`);
  await expect(page.getByText("1–25 of 26 requests, newest first.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Download these as CSV" })).toHaveAttribute(
    "href",
    `/admin/leads.csv?status=new&q=${marker}`,
  );
});
