/**
 * The owner's screens at /admin/site in the browser, as a contractor uses them: found from the
 * admin navigation, the business details edited and saved (a wrong phone number refused in words
 * first), a testimonial added, edited and then deleted after the question, a text changed and restored to
 * its default, and a published photo chosen for the about page; without JavaScript, the profile and a
 * text save as plain forms. axe finds nothing on any of the four pages, with and without an error
 * showing, at 375 px and 1280 px; nothing scrolls sideways.
 *
 * They run on the admin gallery tests' own server: what they change must not reach the main
 * server's pages while other specs check them. Each test puts back what it changed.
 */
import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, test, waitForHydration } from "#tests/e2e/helpers.ts";
import {
  adminGalleryData,
  expectNoSidewaysScroll,
  ignoreDeletedPhotoThumbnails,
  newMarker,
  signInAdmin,
} from "#tests/e2e/admin-helpers.ts";
import { withSiteDatabase } from "#tests/support/accounts.ts";
import { createPublicPages } from "#app/server/public-pages.server.ts";
import { openTestStorage, seedPhoto } from "#tests/support/photos.ts";
import { adminGalleryURL } from "../../playwright.config.ts";

test.use({ baseURL: adminGalleryURL });
// One after another, in one worker: the about page's default texts follow the profile (family-run,
// ADR 056), so the texts test must not read them while the business-details test has changed it.
test.describe.configure({ mode: "default" });

test.afterEach(({ consoleErrors }) => ignoreDeletedPhotoThumbnails(consoleErrors));

/** Posts the form holding `field` as a document (form.submit()), as a browser without JavaScript would. */
async function submitAsDocument(page: Page, field: ReturnType<Page["getByLabel"]>, status: number): Promise<void> {
  const response = page.waitForResponse((r) => r.request().method() === "POST" && r.request().isNavigationRequest());
  await field.evaluate((el) => (el as HTMLInputElement).form!.submit());
  expect((await response).status()).toBe(status);
  await waitForHydration(page);
}

// Admin buttons are flex boxes, so Chromium's accessible name has a space before a hidden ": what"
// part ("Save : Heading (About page)"); the names below allow it.
const siteNav = (page: Page) => page.getByRole("navigation", { name: "Your site" });

test("the business details: found from the admin menu, a wrong phone refused in words, then saved and shown back", async ({
  page,
  context,
  baseURL,
}) => {
  const marker = newMarker("site");
  await signInAdmin(context, baseURL, undefined, adminGalleryData);
  try {
    await page.goto("/admin");
    await waitForHydration(page);
    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Your site" }).click();
    await expect(page).toHaveURL(/\/admin\/site$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Business details");
    await expect(siteNav(page).getByRole("link", { name: "Business details" })).toHaveAttribute("aria-current", "page");

    // A phone number that is not one: refused, said in words, what was typed kept.
    await page.getByLabel("Slogan").fill(`Kitchens and baths ${marker}`);
    await page.getByLabel("Phone").fill("123");
    await submitAsDocument(page, page.getByLabel("Phone"), 400);
    await expect(page.getByRole("alert")).toContainText("Nothing was saved: please correct the field marked below.");
    await expect(page.getByRole("alert")).toContainText("Phone: Please enter a US phone number with area code, like (713) 555-0147.");
    await expect(page.getByLabel("Phone")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Phone")).toHaveAccessibleDescription(/Please enter a US phone number with area code/);
    await expect(page.getByLabel("Slogan")).toHaveValue(`Kitchens and baths ${marker}`);
    await expectNoAxeViolations(page, "/admin/site with a field error");

    // Corrected and saved with the button: the page says so and shows the tidied values.
    await page.getByLabel("Phone").fill("713 555 0199");
    await page.getByLabel("Years in business").fill("12");
    const saturday = page.getByRole("group", { name: "Saturday" });
    await saturday.getByLabel("Opens").fill("");
    await saturday.getByLabel("Closes").fill("");
    const firstLicence = page.getByRole("group", { name: "Licence or registration 1" });
    await firstLicence.getByLabel("What it is").fill("TDLR electrical contractor");
    await firstLicence.getByLabel("Number").fill("TECL 12345");
    await page.getByLabel("Google Business Profile").fill("https://maps.app.goo.gl/example");
    // The claims the site makes only in the owner's words (ADR 056).
    await page.getByLabel("The business is family-run").check();
    await page.getByLabel("Insurance").fill("General liability insurance up to $1,000,000.");
    await page.getByLabel("Warranty").fill("Two-year written warranty on all labor.");
    await page.getByLabel("Permits").fill("We apply for the permits your job needs and book the inspections.");
    await page.getByLabel("Payment terms").fill("A deposit to order materials, then payments as the work is done.");
    await expect(page.getByLabel("Permits")).toHaveAccessibleDescription(/The answer to “Do you pull permits\?”/);
    await page.getByRole("button", { name: "Save the business details" }).click();
    await expect(page.getByRole("status")).toHaveText("Saved the business details. The site shows them now.");
    await expect(page.getByLabel("Phone")).toHaveValue("(713) 555-0199");
    await expect(page.getByLabel("Slogan")).toHaveValue(`Kitchens and baths ${marker}`);
    await expect(page.getByRole("group", { name: "Saturday" }).getByLabel("Opens")).toHaveValue("");
    await expect(page.getByRole("group", { name: "Licence or registration 1" }).getByLabel("Number")).toHaveValue("TECL 12345");
    await expect(page.getByText(/^Last saved /)).toBeVisible();

    // After a reload too: it was stored, not just kept in the page.
    await page.reload();
    await expect(page.getByLabel("Years in business")).toHaveValue("12");
    await expect(page.getByLabel("Google Business Profile")).toHaveValue("https://maps.app.goo.gl/example");
    await expect(page.getByLabel("The business is family-run")).toBeChecked();
    await expect(page.getByLabel("Payment terms")).toHaveValue("A deposit to order materials, then payments as the work is done.");
    await expectNoAxeViolations(page, "/admin/site with every claim entered");

    // The public pages say what was entered, and only that: the strip beside the estimate form,
    // the footer's "Licensed and insured." (a licence and an insurance sentence), the about page.
    await page.goto("/");
    const trust = page.getByRole("region", { name: "Why homeowners trust us" });
    await expect(trust).toContainText("12 years in business");
    await expect(trust).toContainText("Licensed: TDLR electrical contractor TECL 12345");
    // The row's short words; the owner's sentences are on /about (ADR 061).
    await expect(trust).toContainText("Insured");
    await expect(trust).toContainText("Warranty");
    await expect(page.getByRole("contentinfo")).toContainText("Licensed and insured.");
    await page.goto("/about");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("A family-run Houston contractor");
    const main = page.getByRole("main");
    await expect(main).toContainText("with 12 years of experience");
    const credentials = main.getByRole("region", { name: "Our licence, insurance and warranty" });
    await expect(credentials).toContainText("TDLR electrical contractor: TECL 12345");
    await expect(credentials).toContainText("General liability insurance up to $1,000,000.");
    await expect(credentials).toContainText("Two-year written warranty on all labor.");
    await expect(main.getByRole("heading", { name: "Do you pull permits?", level: 3 })).toBeVisible();
    await expect(main).toContainText("We apply for the permits your job needs and book the inspections.");
    await expect(main.getByRole("heading", { name: "How do payments work?", level: 3 })).toBeVisible();
  } finally {
    // The defaults again, for the other tests on this server, and the server told at once: the
    // about page's default texts follow the profile (family-run), and the texts test reads them.
    await withSiteDatabase(adminGalleryData, async (database) => {
      await database.db.deleteFrom("site_profile").execute();
      await createPublicPages({ database }).invalidate();
    });
  }
});

test("a testimonial is added with the form, shown in the list, edited, and deleted after the question", async ({
  page,
  context,
  baseURL,
}) => {
  const marker = newMarker("tst");
  const name = `Maria ${marker}`;
  await signInAdmin(context, baseURL, undefined, adminGalleryData);
  await page.goto("/admin/site");
  await waitForHydration(page);
  await siteNav(page).getByRole("link", { name: "Testimonials" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Testimonials");

  await page.getByLabel("What the customer said").fill(`They rebuilt our kitchen in three weeks. ${marker}`);
  await page.getByLabel("Their name").fill(name);
  await page.getByLabel("Neighbourhood or city").fill("Heights, Houston");
  await page.getByLabel("Service", { exact: true }).selectOption({ label: "Kitchen Remodeling" });
  await page.getByLabel("Date of the review").fill("2026-03-14");
  await page.getByLabel("Where it was posted (optional)").fill("https://www.google.com/maps/reviews/example");
  await page.getByRole("button", { name: "Add the testimonial" }).click();
  await expect(page.getByRole("status")).toHaveText(`Added the testimonial from ${name}, Heights, Houston. The site shows it now.`);
  const card = page.getByRole("listitem", { name: new RegExp(`${name}, Heights, Houston`) });
  await expect(card).toContainText(`They rebuilt our kitchen in three weeks. ${marker}`);
  await expect(card).toContainText("Kitchen Remodeling · March 14, 2026");
  // The add form is empty again, ready for the next one.
  await expect(page.getByLabel("Their name")).toHaveValue("");
  await expectNoAxeViolations(page, "/admin/site/testimonials with a testimonial");

  // Edit: the card holds the form (the only one on the page), and the change shows in the list.
  await card.getByRole("link", { name: new RegExp(`^Edit\\s*: ${name}, Heights, Houston$`) }).click();
  await expect(page.getByRole("heading", { name: "Add a testimonial" })).toHaveCount(0);
  await expect(page.getByLabel("Their name")).toHaveValue(name);
  await page.getByLabel("Neighbourhood or city").fill("Montrose");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByRole("status")).toHaveText(`Saved the testimonial from ${name}, Montrose.`);
  const edited = page.getByRole("listitem", { name: new RegExp(`${name}, Montrose`) });
  await expect(edited).toContainText("Kitchen Remodeling · March 14, 2026");

  await edited.getByRole("link", { name: new RegExp(`^Delete\\s*: ${name}, Montrose$`) }).click();
  const question = page.getByRole("region", { name: "Delete this testimonial?" });
  await expect(question).toContainText(`${name}, Montrose. It leaves every page of the site.`);
  await question.getByRole("button", { name: "Yes, delete it" }).click();
  await expect(page.getByRole("status")).toHaveText("Deleted the testimonial.");
  await expect(page.getByRole("listitem", { name: new RegExp(name) })).toHaveCount(0);
});

test("a text is changed, marked Changed, and restored to its default", async ({ page, context, baseURL }) => {
  const marker = newMarker("txt");
  await signInAdmin(context, baseURL, undefined, adminGalleryData);
  await page.goto("/admin/site/texts");
  await waitForHydration(page);
  await expect(page.getByText("[words](https://…)")).toBeVisible();

  await page.locator("summary", { hasText: "About page" }).click();
  const heading = page.getByRole("textbox", { name: "Heading", exact: true });
  const card = page.locator("li.site-text", { has: heading });
  await expect(card.getByText("Default", { exact: true })).toBeVisible();
  const original = await heading.inputValue();

  // HTML is refused in words, in the text's own card.
  await heading.fill(`<b>Who we are</b> ${marker}`);
  await submitAsDocument(page, heading, 400);
  const refused = page.locator("li.site-text", { has: page.getByRole("textbox", { name: "Heading", exact: true }) });
  await expect(refused.getByRole("alert")).toContainText("Texts cannot contain HTML tags such as <b> or <a>.");
  await expect(page.getByRole("textbox", { name: "Heading", exact: true })).toHaveAttribute("aria-invalid", "true");
  await expectNoAxeViolations(page, "/admin/site/texts with an error");

  await page.getByRole("textbox", { name: "Heading", exact: true }).fill(`Who we are ${marker}`);
  await refused.getByRole("button", { name: /^Save\s*: Heading \(About page\)$/ }).click();
  await expect(page.getByRole("status")).toHaveText("Saved “Heading” (About page). The site shows it now.");
  const saved = page.locator("li.site-text", { has: page.getByRole("textbox", { name: "Heading", exact: true }) });
  await expect(saved.getByText("Changed", { exact: true })).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Heading", exact: true })).toHaveValue(`Who we are ${marker}`);

  await saved.getByRole("button", { name: /^Restore the default\s*: Heading \(About page\)$/ }).click();
  await expect(page.getByRole("status")).toHaveText("“Heading” (About page) is back to the default words.");
  const restored = page.locator("li.site-text", { has: page.getByRole("textbox", { name: "Heading", exact: true }) });
  await expect(restored.getByText("Default", { exact: true })).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Heading", exact: true })).toHaveValue(original);
});

test("a published photo is chosen for the about page, then the drawing again", async ({ page, context, baseURL }) => {
  const caption = `About photo ${newMarker("pho")}`;
  const storage = await openTestStorage(adminGalleryData.dataDir);
  const photo = await withSiteDatabase(adminGalleryData, (database) =>
    seedPhoto({ database, storage, dataDir: adminGalleryData.dataDir }, { caption, category: "repair", width: 400, height: 300 }),
  );
  await signInAdmin(context, baseURL, undefined, adminGalleryData);
  await page.goto("/admin/site/photos");
  await waitForHydration(page);
  const about = page.getByRole("region", { name: "You or your crew, on the about page" });
  await about.getByRole("radio", { name: caption }).check();
  await about.getByRole("button", { name: "Use for the about page" }).click();
  await expect(page.getByRole("status")).toHaveText("The about page shows your photo now.");
  const chosen = page.getByRole("region", { name: "You or your crew, on the about page" });
  await expect(chosen).toContainText(`Now: your photo “${caption}”.`);
  await expect(chosen.getByRole("radio", { name: caption })).toBeChecked();
  // The thumbnail is the photo's smallest WebP.
  await expect(chosen.locator(`label[for="about-${photo.id}"] img`)).toHaveAttribute("src", new RegExp(`/photos/${photo.id}/.*\\.webp`));

  await chosen.getByRole("radio", { name: "Use the drawing" }).check();
  await chosen.getByRole("button", { name: "Use for the about page" }).click();
  await expect(page.getByRole("status")).toHaveText("The about page shows the drawing again.");
  await expect(page.getByRole("region", { name: "You or your crew, on the about page" })).toContainText("Now: the drawing.");
});

for (const size of [
  { name: "375 px", width: 375, height: 812 },
  { name: "1280 px", width: 1280, height: 900 },
]) {
  test.describe(`at ${size.name}`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test("every /admin/site page has no axe violations and does not scroll sideways", async ({ page, context, baseURL }) => {
      // Six axe runs over long pages of forms: more than the default 30 s on a busy machine.
      test.slow();
      await signInAdmin(context, baseURL, undefined, adminGalleryData);
      const pages = [
        ["/admin/site", "Business details"],
        ["/admin/site/texts", "Texts"],
        ["/admin/site/testimonials", "Testimonials"],
        ["/admin/site/photos", "Photos"],
      ] as const;
      for (const [path, h1] of pages) {
        await page.goto(path);
        await waitForHydration(page);
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(h1);
        await expect(siteNav(page).getByRole("link", { name: h1 })).toHaveAttribute("aria-current", "page");
        await expectNoAxeViolations(page, `${path} (${size.name})`);
        if (size.width === 375) await expectNoSidewaysScroll(page);
      }
      // The texts page with a group open, and the more licence rows shown.
      await page.goto("/admin/site/texts");
      await waitForHydration(page);
      await page.locator("summary", { hasText: "Questions and answers" }).click();
      await expect(page.getByRole("textbox", { name: "Questions and answers", exact: true })).toBeVisible();
      await expectNoAxeViolations(page, `/admin/site/texts with a group open (${size.name})`);
      if (size.width === 375) await expectNoSidewaysScroll(page);
      await page.goto("/admin/site");
      await waitForHydration(page);
      await page.getByText(/^More rows/).click();
      await expect(page.getByRole("group", { name: "Licence or registration 6" })).toBeVisible();
      await expectNoAxeViolations(page, `/admin/site with every licence row (${size.name})`);
    });
  });
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the business details save, a text group opens and its text saves and restores, as plain HTML forms", async ({
    page,
    context,
    baseURL,
  }) => {
    const marker = newMarker("nojs");
    await signInAdmin(context, baseURL, undefined, adminGalleryData);
    try {
      await page.goto("/admin/site");
      await page.getByLabel("Slogan").fill(`Plain forms ${marker}`);
      await page.getByRole("button", { name: "Save the business details" }).click();
      await expect(page).toHaveURL(/\/admin\/site\?done=saved$/);
      await expect(page.getByRole("status")).toHaveText("Saved the business details. The site shows them now.");
      await expect(page.getByLabel("Slogan")).toHaveValue(`Plain forms ${marker}`);
    } finally {
      await withSiteDatabase(adminGalleryData, (database) => database.db.deleteFrom("site_profile").execute());
    }

    await page.goto("/admin/site/texts");
    await page.locator("summary", { hasText: "Questions and answers" }).click();
    const faq = page.getByRole("textbox", { name: "Questions and answers", exact: true });
    await faq.fill(`## Do you work on weekends?\nYes, on Saturdays. ${marker}`);
    await page.getByRole("button", { name: /^Save\s*: Questions and answers \(Questions and answers\)$/ }).click();
    await expect(page.getByRole("status")).toHaveText("Saved “Questions and answers” (Questions and answers). The site shows it now.");
    // The group of the text just saved is open, with the words saved.
    await expect(page.getByRole("textbox", { name: "Questions and answers", exact: true })).toHaveValue(
      `## Do you work on weekends?\nYes, on Saturdays. ${marker}`,
    );
    await page.getByRole("button", { name: /^Restore the default\s*: Questions and answers/ }).click();
    await expect(page.getByRole("status")).toHaveText("“Questions and answers” (Questions and answers) is back to the default words.");
    await expect(page.getByRole("textbox", { name: "Questions and answers", exact: true })).toHaveValue(
      /^## Is the estimate really free\?/,
    );
  });
});
