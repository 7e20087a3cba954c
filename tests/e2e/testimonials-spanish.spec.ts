/**
 * A testimonial's Spanish quote in the browser (ADR 064): the owner adds a testimonial with its
 * Spanish and the Spanish home page shows it, unmarked, while the English page keeps the English;
 * axe finds nothing on /es/ at 375 px and 1280 px. A testimonial without its Spanish is listed by
 * the dashboard's go-live checklist, and its link opens the testimonial's form at the Spanish
 * field; once written, the checklist no longer lists it.
 *
 * They run on the admin gallery tests' own server, one after another; each test deletes what it added.
 */
import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, test, waitForHydration } from "#tests/e2e/helpers.ts";
import { adminGalleryData, newMarker, signInAdmin } from "#tests/e2e/admin-helpers.ts";
import { adminGalleryURL } from "../../playwright.config.ts";

test.use({ baseURL: adminGalleryURL });
test.describe.configure({ mode: "default" });

const PAGE = "/admin/site/testimonials";

/** Adds a testimonial with the form, in Spanish too when given. */
async function addTestimonial(page: Page, { quote, spanish, name }: { quote: string; spanish?: string; name: string }) {
  await page.goto(PAGE);
  await waitForHydration(page);
  await page.getByLabel("What the customer said").fill(quote);
  if (spanish) await page.getByLabel("Quote in Spanish (optional)").fill(spanish);
  await page.getByLabel("Their name").fill(name);
  await page.getByLabel("Neighbourhood or city").fill("Katy");
  await page.getByLabel("Service", { exact: true }).selectOption({ label: "Bathroom Remodeling" });
  await page.getByLabel("Date of the review").fill("2026-04-02");
  await page.getByRole("button", { name: "Add the testimonial" }).click();
  await expect(page.getByRole("status")).toHaveText(`Added the testimonial from ${name}, Katy. The site shows it now.`);
}

async function deleteTestimonial(page: Page, name: string) {
  await page.goto(PAGE);
  await waitForHydration(page);
  const card = page.getByRole("listitem", { name: new RegExp(`${name}, Katy`) });
  await card.getByRole("link", { name: new RegExp(`^Delete\\s*: ${name}, Katy$`) }).click();
  await page.getByRole("region", { name: "Delete this testimonial?" }).getByRole("button", { name: "Yes, delete it" }).click();
  await expect(page.getByRole("status")).toHaveText("Deleted the testimonial.");
}

test("added with its Spanish quote, it shows on /es/ in Spanish (axe clean at 375 and 1280) and in English on /", async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const marker = newMarker("tes");
  const name = `Rosa ${marker}`;
  const spanish = `Nuestro baño nuevo quedó perfecto y dejaron todo limpio. ${marker}`;
  const english = `Our new bathroom is perfect and they left everything clean. ${marker}`;
  await signInAdmin(context, baseURL, undefined, adminGalleryData);
  await addTestimonial(page, { quote: english, spanish, name });
  try {
    const card = page.getByRole("listitem", { name: new RegExp(`${name}, Katy`) });
    await expect(card.locator('blockquote[lang="es"]')).toHaveText(spanish);
    await expectNoAxeViolations(page, "/admin/site/testimonials with a Spanish quote");

    for (const viewport of [
      { width: 375, height: 812 },
      { width: 1280, height: 800 },
    ]) {
      await page.setViewportSize(viewport);
      await page.goto("/es/");
      const quote = page.locator("blockquote.testimonial__quote", { hasText: spanish });
      await expect(quote).toBeVisible();
      await expect(quote).not.toHaveAttribute("lang", /./);
      await expect(page.getByText(english)).toHaveCount(0);
      await expectNoAxeViolations(page, `/es/ with a Spanish testimonial at ${viewport.width} px`);
    }
    await page.goto("/");
    await expect(page.locator("blockquote.testimonial__quote", { hasText: english })).toBeVisible();
    await expect(page.getByText(spanish)).toHaveCount(0);
  } finally {
    await deleteTestimonial(page, name);
  }
});

test("without its Spanish, the checklist lists it; its link opens the Spanish field; written, it leaves the list", async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const marker = newMarker("tck");
  const name = `Luis ${marker}`;
  await signInAdmin(context, baseURL, undefined, adminGalleryData);
  await addTestimonial(page, { quote: `Great shower, fast work. ${marker}`, name });
  try {
    await page.goto("/admin");
    await waitForHydration(page);
    const missing = page.getByRole("list", { name: "Missing: Your own words are in Spanish too" });
    const link = missing.getByRole("link", { name: `From ${name}, Katy` });
    await expect(link).toBeVisible();
    await expectNoAxeViolations(page, "/admin with the Spanish item listing what is missing");

    await link.click();
    await expect(page).toHaveURL(/\/admin\/site\/testimonials\?edit=[0-9a-f-]+#testimonial-[0-9a-f-]+-es$/);
    const field = page.getByLabel("Quote in Spanish (optional)");
    await expect(field).toBeInViewport();
    await expect(page.getByLabel("Their name")).toHaveValue(name);
    await field.fill(`Excelente regadera, trabajo rápido. ${marker}`);
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByRole("status")).toHaveText(`Saved the testimonial from ${name}, Katy.`);

    await page.goto("/admin");
    await expect(page.getByRole("heading", { name: "Go-live checklist" })).toBeVisible();
    await expect(page.getByRole("link", { name: `From ${name}, Katy` })).toHaveCount(0);
  } finally {
    await deleteTestimonial(page, name);
  }
});
