/**
 * The homeowner's page (ADR 069) in a real browser, at 375 px and 1280 px, in English and Spanish:
 * the page a fresh link opens (a request with its visit window and a reply), the "Email me a code"
 * step after 14 days, and a wrong token's 404. Nothing scrolls sideways and axe finds nothing in
 * any of them. The links are made with the app's own code in the e2e server's database.
 */
import { issueHomeownerLink } from "#app/server/homeowner/link.server.ts";
import { loadSiteSecret } from "#app/server/secrets.server.ts";
import { withSiteDatabase } from "#tests/support/accounts.ts";
import { expect, expectNoAxeViolations, test } from "#tests/e2e/helpers.ts";
import { e2eData, expectNoSidewaysScroll, newMarker, seedLeads } from "#tests/e2e/admin-helpers.ts";

const DAY_MS = 24 * 3600 * 1000;

/** A request of a new homeowner, with a visit and a reply, and its page's path in `locale`; `staleDays` moves its last email back. */
async function homeownerWithLink(locale: "en" | "es", staleDays = 0): Promise<{ path: string; marker: string }> {
  const marker = newMarker("hop");
  const [lead] = await seedLeads(marker, [{ locale, source: locale === "es" ? "/es/contacto" : "/contact" }]);
  const path = await withSiteDatabase(e2eData, async (database) => {
    const db = database.db;
    const secret = await loadSiteSecret({ db, configured: undefined });
    const now = new Date(Date.now() - staleDays * DAY_MS);
    const url = await issueHomeownerLink({ db, secret, publicUrl: "http://x.test", email: lead!.email, locale, now });
    const stamp = new Date().toISOString();
    await db
      .insertInto("visits")
      .values({
        id: crypto.randomUUID(),
        lead_id: lead!.id,
        starts_at: new Date(Date.now() + 3 * DAY_MS).toISOString(),
        minutes: 120,
        status: "scheduled",
        sequence: 0,
        uid: `${marker}@x.test`,
        note: null,
        reminder_job_id: null,
        created_at: stamp,
        updated_at: stamp,
      })
      .execute();
    await db
      .insertInto("lead_replies")
      .values({
        id: crypto.randomUUID(),
        lead_id: lead!.id,
        email_job_id: null,
        author_id: null,
        recipient: lead!.email,
        subject: `About your kitchen ${marker}`,
        body: "Hi,\n\nWe can come on Tuesday morning. A long line to see that it wraps on a phone without scrolling sideways at all.",
        created_at: stamp,
      })
      .execute();
    return new URL(url).pathname;
  });
  return { path, marker };
}

for (const viewport of [
  { width: 375, height: 812 },
  { width: 1280, height: 900 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test("the page a fresh link opens, in English and Spanish", async ({ page }) => {
      for (const [locale, title, visit, replies] of [
        ["en", "Your requests with", "Your visit", "Messages we sent you"],
        ["es", "Sus solicitudes con", "Su visita", "Mensajes que le enviamos"],
      ] as const) {
        const { path, marker } = await homeownerWithLink(locale);
        const res = await page.goto(path);
        expect(res?.status()).toBe(200);
        expect(res?.headers()["cache-control"]).toBe("no-store");
        await expect(page.locator("html")).toHaveAttribute("lang", locale === "es" ? "es" : "en");
        await expect(page.getByRole("heading", { level: 1 })).toContainText(title);
        await expect(page.getByText(`Kitchen remodel 0 ${marker}`)).toBeVisible();
        await expect(page.getByText(visit, { exact: true })).toBeVisible();
        await expect(page.getByRole("heading", { name: replies })).toBeVisible();
        await expect(page.getByText(`About your kitchen ${marker}`)).toBeVisible();
        await expect(page.locator('a[href^="tel:"]').first()).toBeVisible();
        await expectNoSidewaysScroll(page);
        await expectNoAxeViolations(page, `the homeowner's page (${locale}, ${viewport.width} px)`);
      }
    });

    test("after 14 days: the code step, in English and Spanish", async ({ page }) => {
      for (const [locale, title, button] of [
        ["en", "Please confirm it's you", "Email me a code"],
        ["es", "Confirme que es usted", "Enviarme un código"],
      ] as const) {
        const { path, marker } = await homeownerWithLink(locale, 15);
        await page.goto(path);
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
        await expect(page.getByText(marker)).toHaveCount(0);
        await page.getByRole("button", { name: button }).click();
        await expect(page.getByRole("status")).toBeVisible();
        await expectNoSidewaysScroll(page);
        await expectNoAxeViolations(page, `the code step (${locale}, ${viewport.width} px)`);
      }
    });

    test("a wrong token is the 404 page in the URL's language", async ({ page }) => {
      for (const path of ["/my/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", "/es/mi/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"]) {
        const res = await page.goto(path);
        expect(res?.status()).toBe(404);
        expect(res?.headers()["x-robots-tag"]).toContain("noindex");
        await expectNoSidewaysScroll(page);
        await expectNoAxeViolations(page, `${path} (${viewport.width} px)`);
      }
    });
  });
}
