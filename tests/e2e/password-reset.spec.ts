/**
 * A customer who forgot the password, on a phone (375 px): "Forgot password?" on /login, the
 * email (read from the test server's file transport under DATA_DIR/mail), the link, a new
 * password, then signing in with it. axe finds nothing on each state of the two pages.
 */
import { readFile, readdir } from "node:fs/promises";
import path from "node:path";
import { AxeBuilder } from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { simpleParser } from "mailparser";
import { e2eDataDir, expect, expectH1, test } from "#tests/e2e/helpers.ts";
import { createTestAccount } from "#tests/support/accounts.ts";

test.use({ viewport: { width: 375, height: 812 } });

const tags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"];

async function expectNoAxeViolations(page: Page, label: string) {
  const results = await new AxeBuilder({ page })
    .withTags(tags)
    .options({ resultTypes: ["violations"] })
    .analyze();
  expect(results.passes.length).toBeGreaterThan(10);
  const found = results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
  expect.soft(found, `axe violations on ${label}`).toEqual([]);
}

/** The reset link in the email the file transport wrote for this address. */
async function resetLinkFor(address: string): Promise<string> {
  const dir = path.join(e2eDataDir, "mail");
  let link = "";
  await expect
    .poll(
      async () => {
        const names = (await readdir(dir).catch(() => [] as string[])).filter((n) => n.includes("password-reset") && n.endsWith(".eml"));
        for (const name of names) {
          const mail = await simpleParser(await readFile(path.join(dir, name)));
          const to = [mail.to ?? []].flat().flatMap((a) => a.value.map((v) => v.address));
          const match = /https?:\/\/\S+\/reset-password\/[A-Za-z0-9_-]+/.exec(mail.text ?? "");
          if (to.includes(address) && match) link = match[0];
        }
        return link;
      },
      { message: `a reset email to ${address}`, timeout: 15_000 },
    )
    .not.toBe("");
  return link;
}

test("a customer resets a forgotten password from the email's link and signs in with it", async ({ page }) => {
  const account = await createTestAccount({ dataDir: e2eDataDir }, { name: "Riley Forgetful" });
  await page.goto("/login");
  await page.getByRole("main").getByRole("link", { name: "Forgot password?" }).click();
  await expectH1(page, "Forgot your password?");
  await expectNoAxeViolations(page, "/forgot-password");
  await page.getByLabel("Email").fill(account.user.email);
  await page.getByRole("button", { name: "Email me a link" }).click();
  await expectH1(page, "Check your email");
  await expect(page.getByRole("status")).toContainText("If an account uses that address, we have emailed a link");
  await expectNoAxeViolations(page, "/forgot-password (sent)");

  const link = await resetLinkFor(account.user.email);
  await page.goto(link);
  await expectH1(page, "Choose a new password");
  const field = page.getByRole("textbox", { name: "New password" });
  await expect(field).toHaveAttribute("autocomplete", "new-password");
  await expectNoAxeViolations(page, "/reset-password/<token>");

  // A refused password first: the message, and the link still works.
  await field.fill("password");
  await page.getByRole("button", { name: "Save new password" }).click();
  await expect(page.getByRole("alert")).toContainText("Your password was not changed yet");
  await expectNoAxeViolations(page, "/reset-password/<token> (error)");

  const newPassword = "cypress shade afternoon";
  await page.getByRole("textbox", { name: "New password" }).fill(newPassword);
  await page.getByRole("button", { name: "Save new password" }).click();
  await expect(page).toHaveURL(/\/login\?reset=1$/);
  await expect(page.getByRole("status")).toContainText("Your password was changed");

  const form = page.getByRole("main").locator("form");
  await form.getByLabel("Email").fill(account.user.email);
  await form.getByLabel("Password").fill(newPassword);
  await form.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole("main")).toContainText("Riley Forgetful");

  // The link worked once.
  const again = await page.goto(link);
  expect(again?.status()).toBe(410);
  await expectH1(page, "This link no longer works");
  await expectNoAxeViolations(page, "/reset-password/<used token>");
  await expect(page.getByRole("main").getByRole("link", { name: "Ask for a new link" })).toHaveAttribute("href", "/forgot-password");
});
