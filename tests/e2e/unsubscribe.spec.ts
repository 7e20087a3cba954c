/**
 * The unsubscribe page (issue 29) in a real browser at 375 px, in English and Spanish: the
 * question, the button, the answer; nothing scrolls sideways and axe finds nothing. The token is
 * made with the app's own code and the e2e server's secret.
 */
import { randomUUID } from "node:crypto";
import { unsubscribeToken } from "#app/server/mail/unsubscribe.server.ts";
import { loadSiteSecret } from "#app/server/secrets.server.ts";
import { withSiteDatabase } from "#tests/support/accounts.ts";
import { expect, expectNoAxeViolations, test } from "#tests/e2e/helpers.ts";
import { e2eData, expectNoSidewaysScroll } from "#tests/e2e/admin-helpers.ts";

test.use({ viewport: { width: 375, height: 812 } });

test("stop these emails, at 375 px, in English and Spanish", async ({ page }) => {
  const secret = await withSiteDatabase(e2eData, (database) => loadSiteSecret({ db: database.db, configured: undefined }));
  for (const [prefix, question, button, answer] of [
    ["/unsubscribe", "Stop these emails?", "Yes, stop these emails", "You will not get these emails again."],
    ["/es/baja", "¿Dejar de recibir estos correos?", "Sí, no quiero recibir más estos correos", "No volverá a recibir estos correos."],
  ] as const) {
    const token = unsubscribeToken(secret, `unsub-${randomUUID()}@home.test`, "reviews");
    const res = await page.goto(`${prefix}/${token}`);
    expect(res?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(question);
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page, `the unsubscribe question (${prefix})`);
    await page.getByRole("button", { name: button }).click();
    await expect(page.getByText(answer)).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page, `the unsubscribe answer (${prefix})`);
  }
});
