/**
 * After the job (issue 29) in a real browser at 375 px, on the seeded site (a full profile with its
 * review page, tests/support/seeded-site.ts): the review page in English and Spanish, its public
 * link first, large rating rows, a refusal in words and the thank-you, and the admin's reviews page
 * with its month table and a consenting feedback's "Publish as testimonial" (not pressed: the
 * seeded site's testimonials belong to other specs). Nothing scrolls sideways and axe finds nothing.
 * Requests and feedback are stored with the app's own code in the seeded server's database.
 */
import path from "node:path";
import type { Locale } from "#app/i18n/locale.ts";
import type { NewLead } from "#app/server/repos/leads.server.ts";
import { withSiteDatabase } from "#tests/support/accounts.ts";
import { storeLead } from "#tests/support/seed-leads.ts";
import { seedReviewFeedback, seedReviewRequest } from "#tests/support/seed-reviews.ts";
import { expect, expectNoAxeViolations, test, waitForHydration } from "#tests/e2e/helpers.ts";
import { adminMenu, expectNoSidewaysScroll, newMarker, signInAdmin } from "#tests/e2e/admin-helpers.ts";
import { seededData, seededURL } from "../../playwright.config.ts";

const data = { dataDir: path.resolve(seededData) };

test.use({ viewport: { width: 375, height: 812 }, baseURL: seededURL });

/** A finished job of a new homeowner with its review request, in `locale`. */
async function finishedJob(locale: Locale, marker: string) {
  return withSiteDatabase(data, async (database) => {
    const lead: NewLead = {
      fromName: `Maria ${marker}`,
      email: `${marker}@home.test`,
      phone: "(713) 555-0147",
      subject: `Bathroom remodel ${marker}`,
      message: "A walk-in shower.",
      source: locale === "es" ? "/es/contacto" : "/contact",
      isSpam: false,
      spamReason: null,
      ipHash: null,
      userAgent: "e2e",
      locale,
    };
    const stored = await storeLead({
      database,
      lead,
      jobs: [],
      mail: { to: "owner@remodel.test", from: "w@remodel.test", siteUrl: seededURL },
    });
    const request = await seedReviewRequest(database, {
      leadId: stored.lead.id,
      email: lead.email,
      firstName: "Maria",
      locale,
      sentAt: new Date(),
    });
    return { ...request, leadId: stored.lead.id };
  });
}

const words = {
  en: {
    title: "Thank you for choosing Bayou City Remodeling",
    button: "Leave a public review",
    rating: "2 — Poor",
    consent: "You may quote me on your website with my first name and neighborhood",
    firstName: "Your first name",
    submit: "Send my feedback",
    refusal: "First name: to quote you we need your first name.",
    thanks: "Thank you! Bayou City Remodeling has your feedback.",
  },
  es: {
    title: "Gracias por elegir a Bayou City Remodeling",
    button: "Deje una reseña pública",
    rating: "2 — Mal",
    consent: "Pueden citar mis palabras en su sitio web con mi nombre de pila y mi vecindario",
    firstName: "Su nombre de pila",
    submit: "Enviar mi opinión",
    refusal: "Nombre de pila: para citarle necesitamos su nombre de pila.",
    thanks: "¡Gracias! Bayou City Remodeling ya recibió su opinión.",
  },
} as const;

for (const locale of ["en", "es"] as const) {
  test(`the review page at 375 px in ${locale === "en" ? "English" : "Spanish"}: the public link first, a refusal in words, the thank-you`, async ({
    page,
  }) => {
    const said = words[locale];
    const job = await finishedJob(locale, newMarker("rev"));
    const res = await page.goto(job.path);
    expect(res?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(said.title);
    const publicLink = page.getByRole("link", { name: said.button });
    await expect(publicLink).toHaveAttribute("href", `/review/${job.token}/go`);
    // The public link comes before the private form, on the first screen of a phone.
    const linkBox = (await publicLink.boundingBox())!;
    expect(linkBox.y + linkBox.height).toBeLessThan(812);
    expect(linkBox.height).toBeGreaterThanOrEqual(48);
    const rating = page.getByRole("radio", { name: said.rating });
    const row = page.locator("label.review__star").filter({ has: rating });
    expect((await row.boundingBox())!.height).toBeGreaterThanOrEqual(48);
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page, `the review page (${locale})`);

    await rating.check();
    await page.getByLabel(said.consent).check();
    await page.getByLabel(said.firstName).fill("");
    await page.getByRole("button", { name: said.submit }).click();
    await expect(page.getByRole("alert")).toContainText(said.refusal);
    await expect(page.getByLabel(said.firstName)).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByRole("link", { name: said.button })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page, `the review page with a refusal (${locale})`);

    await page.getByLabel(said.firstName).fill("Maria");
    await page.getByRole("button", { name: said.submit }).click();
    await expect(page.getByRole("status").filter({ hasText: said.thanks })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${job.path}\\?sent=1$`));
    // After a low rating the public link is still there, first.
    await expect(page.getByRole("link", { name: said.button })).toHaveAttribute("href", `/review/${job.token}/go`);
    await expect(page.getByRole("radio", { name: said.rating })).toBeChecked();
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page, `the review page after sending (${locale})`);
  });
}

test("the reviews page at 375 px: found in the menu, the months fit, a consenting feedback can be published", async ({ page, context }) => {
  const marker = newMarker("rva");
  const job = await finishedJob("en", marker);
  const comment = `Tidy crew and a perfect shower ${marker}.`;
  await withSiteDatabase(data, (database) =>
    seedReviewFeedback(database, {
      reviewRequestId: job.id,
      values: { rating: 5, comment, consent: true, displayName: "Maria", place: "Heights", locale: "en" },
    }),
  );
  await signInAdmin(context, seededURL, "Alex Admin", data);
  await page.goto("/admin");
  await waitForHydration(page);
  const menu = adminMenu(page);
  await menu.toggle.click();
  await menu.nav.getByRole("link", { name: "Reviews" }).click();
  await expect(page).toHaveURL(/\/admin\/reviews$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Reviews");
  const requests = page.getByRole("table", { name: "Review requests" });
  const feedback = page.getByRole("table", { name: "Private feedback" });
  await expect(requests.getByRole("columnheader", { name: "Opened (an estimate)" })).toBeVisible();
  await expect(feedback.getByRole("columnheader", { name: "Average rating" })).toBeVisible();
  await expect(requests.getByRole("row")).toHaveCount(13);
  await expect(feedback.getByRole("row")).toHaveCount(13);
  const card = page.locator("li", { hasText: comment });
  await expect(card).toContainText("5 of 5 · Maria, Heights");
  await expect(card).toContainText("May be quoted: Yes");
  await expect(card.getByRole("button", { name: "Publish as testimonial" })).toBeVisible();
  await expect(page.getByRole("link", { name: "When review requests go" })).toHaveAttribute("href", "/admin/reviews/settings");
  await expectNoSidewaysScroll(page);
  for (const table of [requests, feedback]) {
    const box = (await table.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(375 - 16);
    // No header breaks inside a word: each fits its cell.
    for (const header of await table.locator("thead th").all()) {
      expect(await header.evaluate((cell) => cell.scrollWidth <= cell.clientWidth)).toBe(true);
    }
  }
  await expectNoAxeViolations(page, "the reviews page (375 px)");
});
