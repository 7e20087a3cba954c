/**
 * Proof where the decision is made (issue 25, ADR 061), on the proof server whose owner entered
 * everything (tests/support/seed-proof.ts): the trust row on a service page (in a phone's first
 * screen) and on /contact, with the rating linked to its page; the typical price with its words
 * and the lender's link; /about's licences, insurance and warranty in full; a testimonial that
 * names its site and links to its project; the new fields in the admin form. On the main server,
 * a fresh install, none of it shows. axe finds nothing on any of these pages.
 */
import { expect, expectNoAxeViolations, test } from "#tests/e2e/helpers.ts";
import { signInAdmin } from "#tests/e2e/admin-helpers.ts";
import { PROOF_FIELDS, PROOF_PROJECT, PROOF_TESTIMONIAL } from "#tests/support/proof-profile.ts";
import { baseURL as freshURL, proofData, proofURL } from "../../playwright.config.ts";
import path from "node:path";

const TRUST = "Why homeowners trust us";

test.describe("a contractor who entered everything", () => {
  test.use({ baseURL: proofURL });

  for (const viewport of [
    { width: 375, height: 812 },
    { width: 1280, height: 800 },
  ]) {
    test(`a service page at ${viewport.width} px: the row in the first screen, the price with its words, the lender's link`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await page.goto("/bathroom");
      const row = page.getByRole("list", { name: TRUST });
      await expect(row).toBeVisible();
      await expect(row).toContainText("4.9 from 37 Google reviews");
      await expect(row.getByRole("link", { name: "4.9 from 37 Google reviews" })).toHaveAttribute("href", PROOF_FIELDS.review_link);
      await expect(row).toContainText("12 years");
      await expect(row).toContainText("TECL 12345");
      await expect(row).toContainText("Insured");
      await expect(row).toContainText("Warranty");
      await expect(row).toContainText("We answer within one business day");
      // The row starts within the first screen, above the phone's call bar when there is one.
      const box = await row.boundingBox();
      const bar = await page.locator(".call-bar").boundingBox();
      const screenBottom = bar && bar.height > 0 ? bar.y : viewport.height;
      expect(box!.y + 20, "the row's first line is in the first screen").toBeLessThanOrEqual(screenBottom);

      const cta = page.locator(".service__cta");
      await expect(cta).toContainText("Typical price: $8,000 – $15,000");
      await expect(cta).toContainText("Every home is different: your free written estimate gives the real price for yours.");
      await expect(cta.getByRole("link", { name: PROOF_FIELDS.financing_label })).toHaveAttribute("href", PROOF_FIELDS.financing_link);
      await expect(page.getByText(/\$\d+\s*\/\s*mo|APR|per month/i)).toHaveCount(0);
      await expectNoAxeViolations(page, `/bathroom at ${viewport.width} px with a full profile`);
    });
  }

  test("the row on /contact, just above the form, and the details it links to on /about", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto("/contact");
    const row = page.getByRole("list", { name: TRUST });
    await expect(row).toContainText("4.9 from 37 Google reviews");
    const rowBox = await row.boundingBox();
    const nameBox = await page.getByLabel("Full name").boundingBox();
    expect(rowBox!.y + rowBox!.height).toBeLessThanOrEqual(nameBox!.y);
    expect(rowBox!.y + rowBox!.height).toBeLessThanOrEqual(812);
    await expect(page.getByRole("link", { name: PROOF_FIELDS.financing_label })).toHaveAttribute("href", PROOF_FIELDS.financing_link);
    await expectNoAxeViolations(page, "/contact with a full profile");

    await row.getByRole("link", { name: /Details/ }).click();
    await expect(page).toHaveURL(/\/about#credentials$/);
    const credentials = page.getByRole("region", { name: "Our licences, insurance and warranty" });
    await expect(credentials).toContainText("TDLR electrical contractor: TECL 12345");
    await expect(credentials).toContainText("City of Houston registered contractor: HOU-7781");
    await expect(credentials).toContainText(PROOF_FIELDS.insurance);
    await expect(credentials).toContainText(PROOF_FIELDS.warranty);
    await expectNoAxeViolations(page, "/about with a full profile");
  });

  test("a testimonial names where it was posted and links to its project", async ({ page }) => {
    await page.goto("/bathroom");
    const reviews = page.getByRole("region", { name: "What our customers say" });
    await expect(reviews).toContainText(PROOF_TESTIMONIAL.quote);
    await expect(reviews.getByRole("link", { name: `Read on Google (review by ${PROOF_TESTIMONIAL.name})` })).toHaveAttribute(
      "href",
      PROOF_TESTIMONIAL.link,
    );
    await reviews.getByRole("link", { name: `See the project: ${PROOF_PROJECT.title}` }).click();
    await expect(page).toHaveURL(new RegExp(`/projects/${PROOF_PROJECT.slug}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(PROOF_PROJECT.title);
  });

  test("the admin forms: the new fields with their values and a refusal in words, the testimonial's project", async ({
    page,
    context,
    baseURL,
  }) => {
    await signInAdmin(context, baseURL, undefined, { dataDir: path.resolve(proofData) });
    await page.goto("/admin/site");
    await expect(page.getByLabel("How soon you answer")).toHaveValue(PROOF_FIELDS.answer_promise);
    await expect(page.getByLabel("Rating", { exact: true })).toHaveValue("4.9");
    await expect(page.getByRole("group", { name: "Bathroom Remodeling" }).getByLabel("From ($)")).toHaveValue("8000");
    await expect(page.getByLabel("Financing: the link's words")).toHaveAccessibleDescription(/No amounts, rates, months or payments/);
    await expectNoAxeViolations(page, "/admin/site with every fact entered");

    // Figures in the financing label are refused in words; nothing is saved.
    await page.getByLabel("Financing: the link's words").fill("0% APR for 12 months");
    // Posted as a document (no JavaScript), so the 400 is the page's own answer, not a failed fetch.
    const refused = page.waitForResponse((r) => r.request().method() === "POST" && r.request().isNavigationRequest());
    await page.getByLabel("Financing: the link's words").evaluate((el) => (el as HTMLInputElement).form!.submit());
    expect((await refused).status()).toBe(400);
    await expect(page.getByRole("alert")).toContainText("Financing: the link's words: Please name the lender only");
    await expect(page.getByLabel("Financing: the link's words")).toHaveAttribute("aria-invalid", "true");
    await expectNoAxeViolations(page, "/admin/site with the financing label refused");

    await page.goto("/admin/site/testimonials");
    const add = page.getByRole("region", { name: "Add a testimonial" });
    const choice = add.getByLabel("Project (optional)");
    await expect(choice.locator("option")).toHaveText(["No project", PROOF_PROJECT.title]);
    await expect(page.getByText(`Project: ${PROOF_PROJECT.title}`)).toBeVisible();
    await expectNoAxeViolations(page, "/admin/site/testimonials with a project to choose");
  });
});

test.describe("a fresh install", () => {
  test.use({ baseURL: freshURL });

  test("shows no row, no price, no financing and no credentials", async ({ page }) => {
    for (const where of ["/bathroom", "/contact", "/about"]) {
      await page.goto(where);
      await expect(page.getByRole("list", { name: TRUST }), where).toHaveCount(0);
      await expect(page.getByText(/Typical price|Paying over time|Google reviews/), where).toHaveCount(0);
      await expect(page.locator("#credentials"), where).toHaveCount(0);
    }
  });
});
