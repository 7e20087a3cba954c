/**
 * The homeowner's quote page in a real browser (issue 27), at 375 px and 1280 px, in English and
 * Spanish: open the link, pick "Better", tick an extra (the total follows at once), consent and
 * sign by keyboard; and, on a touch phone, sign with a mark drawn on the canvas. axe finds
 * nothing on each state (reading, consent and signature, signed).
 */
import type { Page } from "@playwright/test";
import { quotePageWords } from "./quote-words.ts";
import { e2eDataDir, expect, expectNoAxeViolations, test } from "./helpers.ts";
import { withSiteDatabase } from "#tests/support/accounts.ts";
import { storeLead } from "#tests/support/seed-leads.ts";
import { bathroomQuote, seedSentQuote, type SentQuoteFixture } from "#tests/support/quote-page-fixtures.ts";
import { listQuoteSignatures } from "#app/server/repos/quote-signatures.server.ts";
import { quoteTotals } from "#app/schemas/quote-money.ts";
import { formatCents } from "#app/components/quote/money.ts";
import type { Locale } from "#app/i18n/locale.ts";

const words = quotePageWords;

async function newQuote(locale: Locale): Promise<SentQuoteFixture> {
  return withSiteDatabase({ dataDir: e2eDataDir }, async (database) => {
    const { lead } = await storeLead({
      database,
      lead: {
        fromName: "Maria Gonzalez",
        email: "maria@home.test",
        phone: "(713) 555-0100",
        subject: "Hall bathroom",
        message: "",
        source: "/contact",
        isSpam: false,
        spamReason: null,
        ipHash: null,
        userAgent: "e2e",
        locale,
      },
      jobs: [],
      mail: { to: "owner@remodel.test", from: "Website <no-reply@remodel.test>", siteUrl: "http://127.0.0.1" },
    });
    return seedSentQuote(database, { leadId: lead.id, locale });
  });
}

const signaturesOf = (quoteId: string) =>
  withSiteDatabase({ dataDir: e2eDataDir }, (database) => listQuoteSignatures({ db: database.db, quoteId }));

/** Picks "Better" and its niche; the total follows without a reload. */
async function pickBetterWithNiche(page: Page, locale: Locale) {
  const w = words[locale];
  await page.getByRole("radio", { name: w.better, exact: true }).check();
  await page.getByRole("checkbox", { name: new RegExp(w.extra) }).check();
  const expected = quoteTotals(bathroomQuote(locale), { optionId: "better", extraIds: ["better-niche"] });
  await expect(page.locator('[data-total="total"]')).toHaveText(formatCents(locale, expected.totalCents));
  await expect(page.locator('[data-payment="final"]')).toHaveText(formatCents(locale, expected.schedule.at(-1)!.cents));
  // The button for a browser without JavaScript is gone.
  await expect(page.locator("[data-update-total]")).toBeHidden();
}

for (const locale of ["en", "es"] as const) {
  for (const width of [375, 1280]) {
    test(`${locale} at ${width} px: pick Better, tick an extra, consent and sign by keyboard`, async ({ page }) => {
      const w = words[locale];
      await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
      const quote = await newQuote(locale);
      await page.goto(quote.path);
      await expect(page.locator("html")).toHaveAttribute("lang", locale);
      await expectNoAxeViolations(page, `${locale} quote page, reading, ${width} px`);
      await pickBetterWithNiche(page, locale);
      await page.getByRole("button", { name: w.next }).click();
      await expect(page).toHaveURL(/step=sign/);
      await expect(page.locator("[data-mark-pad]")).toBeVisible();
      await expectNoAxeViolations(page, `${locale} quote page, consent and signature, ${width} px`);
      await page.getByRole("checkbox", { name: w.consent }).check();
      await page.getByLabel(w.name).fill("Maria Gonzalez");
      // The keyboard alternative to drawing: tick it with the space bar.
      await page.getByRole("checkbox", { name: w.typed }).focus();
      await page.keyboard.press("Space");
      await page.getByRole("button", { name: w.sign, exact: true }).click();
      await expect(page.getByRole("heading", { name: w.signed, exact: true })).toBeVisible();
      await expectNoAxeViolations(page, `${locale} quote page, signed, ${width} px`);
      const [signature] = await signaturesOf(quote.quoteId);
      expect(signature).toMatchObject({ mark_kind: "keyboard", full_name: "Maria Gonzalez" });
      expect(JSON.parse(signature!.selection)).toEqual({ optionId: "better", extraIds: ["better-niche"] });
    });
  }
}

for (const locale of ["en", "es"] as const) {
  test.describe(`${locale} on a touch phone`, () => {
    test.use({ hasTouch: true, isMobile: true, viewport: { width: 375, height: 812 } });

    test("signs with a mark drawn on the canvas with a finger", async ({ page }) => {
      const w = words[locale];
      const quote = await newQuote(locale);
      await page.goto(`${quote.path}?step=sign&option=better&extra=better-fan`);
      await page.getByRole("checkbox", { name: w.consent }).check();
      await page.getByLabel(w.name).fill("Maria Gonzalez");
      const canvas = page.locator("canvas[data-mark-canvas]");
      await canvas.scrollIntoViewIfNeeded();
      const box = (await canvas.boundingBox())!;
      // Real touch events through the browser's input pipeline (they become pointer events).
      const cdp = await page.context().newCDPSession(page);
      const at = (fx: number, fy: number) => [{ x: box.x + box.width * fx, y: box.y + box.height * fy }];
      await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: at(0.1, 0.6) });
      for (let i = 1; i <= 10; i++)
        await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: at(0.1 + i * 0.07, 0.6 - Math.sin(i / 2) * 0.3) });
      await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
      await expect(page.locator("input[data-mark-input]")).toHaveValue(/^M\d+ \d+( L\d+ \d+)+$/);
      await page.getByRole("button", { name: w.sign, exact: true }).click();
      await expect(page.getByRole("heading", { name: w.signed, exact: true })).toBeVisible();
      const [signature] = await signaturesOf(quote.quoteId);
      expect(signature!.mark_kind).toBe("drawn");
      expect(signature!.mark).toMatch(/^M\d+ \d+( L\d+ \d+)+$/);
    });
  });
}
