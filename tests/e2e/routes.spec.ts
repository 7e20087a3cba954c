/**
 * Every public route renders its specification texts inside the site layout.
 */
import {
  company,
  expect,
  expectationFor,
  expectLayout,
  expectPageContent,
  legalPaths,
  pageExpectations,
  publicPaths,
  services,
  specServiceFacts,
  test,
} from "#tests/e2e/helpers.ts";

test.describe("home page", () => {
  test.beforeEach(async ({ page }) => {
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
  });

  test("shows the company name as h1, the slogan and the estimate section", async ({ page }) => {
    await expectPageContent(page, expectationFor("/"));
    await expect(page.getByRole("main").getByText(company.slogan, { exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Request For a Free Estimate", exact: true })).toBeVisible();
    await expectLayout(page);
  });

  test("hero image is visible, loaded eagerly and sized", async ({ page }) => {
    const hero = page.getByRole("main").getByRole("img", { name: company.heroImage.alt, exact: true });
    await expect(hero).toBeVisible();
    await expect(hero).not.toHaveAttribute("loading", "lazy");
    await expect(hero).toHaveAttribute("width", /^\d+$/);
    await expect(hero).toHaveAttribute("height", /^\d+$/);
    await expect.poll(() => hero.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  });

  test("'General Remodeling Services' has the kitchen's card and the spec's four, linking to their pages", async ({ page }) => {
    const section = page
      .locator("section")
      .filter({ has: page.getByRole("heading", { name: "General Remodeling Services", exact: true }) });
    await expect(section).toHaveCount(1);
    // Kitchen, the slogan's first word, first; then the spec's four cards in the spec's order (ADR 060).
    const cards = [
      { title: "Kitchen Remodeling", path: "/kitchen" },
      { title: "Repair & Remodeling", path: "/repair" },
      { title: "Bathroom Remodeling", path: "/bathroom" },
      { title: "Flooring", path: "/floor" },
      { title: "Fences", path: "/fences" },
    ];
    const headings = section.getByRole("heading", { level: 3 });
    await expect(headings).toHaveText(cards.map((c) => c.title));
    for (const { title, path } of cards) {
      await expect(section.locator(`a[href="${path}"]`, { hasText: title }).first()).toBeVisible();
    }
  });

  test("carries JSON-LD for a HomeAndConstructionBusiness", async ({ page, baseURL }) => {
    const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
    const items = blocks.flatMap((text) => {
      const parsed = JSON.parse(text) as unknown;
      const list = Array.isArray(parsed) ? parsed : [parsed];
      return list.flatMap((item) => ((item as { "@graph"?: unknown[] })["@graph"] ?? [item]) as Record<string, unknown>[]);
    });
    const business = items.find((item) => item["@type"] === "HomeAndConstructionBusiness");
    expect(business, "a HomeAndConstructionBusiness JSON-LD object").toBeDefined();
    if (!business) return;
    expect(business.name).toBe(company.name);
    expect(String(business.telephone).replace(/\D/g, "")).toContain(company.phone.display.replace(/\D/g, ""));
    expect(JSON.stringify(business.address)).toContain("Houston");
    expect(business.areaServed).toEqual(company.serviceCities.map((name) => ({ "@type": "City", name })));
    expect(business.url).toBe(`${baseURL}/`);
    expect(business.email).toBe(company.email);
    // Mon–Sat, 7 am – 6 pm by default: one entry per open weekday.
    const hours = business.openingHoursSpecification as { dayOfWeek: string; opens: string; closes: string }[];
    expect(hours.map((h) => h.dayOfWeek.replace("https://schema.org/", ""))).toEqual([
      "Monday",
      "Tuesday",
      "Wednesday",
      "Thursday",
      "Friday",
      "Saturday",
    ]);
    expect(hours[0]).toMatchObject({ opens: "07:00", closes: "18:00" });
    // No ratings or reviews of the business by itself.
    expect(blocks.join("")).not.toMatch(/AggregateRating|"Review"|aggregateRating/);
  });

  test("claims nothing for the owner (no trust strip until they enter one) and shows the service area as a list of cities", async ({
    page,
  }) => {
    // The strip with the owner's years, licence, insurance and warranty: admin-site.spec.ts (ADR 056).
    await expect(page.getByRole("region", { name: "Why homeowners trust us" })).toHaveCount(0);
    await expect(page.getByRole("contentinfo")).not.toContainText(/licensed|insured/i);
    const area = page.getByRole("region", { name: "Where we work" });
    await expect(area.getByRole("listitem")).toHaveText(company.serviceCities);
    // No testimonials and no photos on a fresh install: those sections are left out.
    await expect(page.getByRole("heading", { name: "What our customers say" })).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "Recent work" })).toHaveCount(0);
  });
});

test("/services: banner, subtitle and the featured tiles, kitchen first", async ({ page }) => {
  expect((await page.goto("/services"))?.status()).toBe(200);
  await expectPageContent(page, expectationFor("/services"));
  await expect(page.getByText("View our wide range of services", { exact: true })).toBeVisible();
  const main = page.getByRole("main");
  const tiles = [
    { title: "Kitchen Remodeling", path: "/kitchen" },
    { title: "Repair & Remodeling", path: "/repair" },
    { title: "Bathroom Remodeling", path: "/bathroom" },
    { title: "Flooring", path: "/floor" },
    { title: "Fences", path: "/fences" },
  ];
  for (const { title, path } of tiles) {
    await expect(main.getByRole("heading", { name: title, exact: true })).toBeVisible();
    await expect(main.locator(`a[href="${path}"]`, { hasText: title }).first()).toBeVisible();
  }
  await expectLayout(page);
});

test("/gallery: banner, and while empty the drawings of our services with a call to action", async ({ page }) => {
  expect((await page.goto("/gallery"))?.status()).toBe(200);
  await expectPageContent(page, expectationFor("/gallery"));
  const main = page.getByRole("main");
  await expect(main.locator("picture, .photo-grid")).toHaveCount(0);
  await expect(main.getByRole("heading", { name: /no (photos|pictures|images)/i })).toBeVisible();
  // Not a bare empty state: the way to an estimate, by form or by phone, and the services drawn.
  await expect(main.getByRole("link", { name: "Request a free estimate" })).toHaveAttribute("href", "/contact");
  await expect(main.getByRole("link", { name: `Call ${company.phone.display}` })).toHaveAttribute("href", company.phone.href);
  // The services a fresh install features: kitchen, then the spec's four (ADR 060).
  await expect(main.locator('img[src^="/images/services/"]')).toHaveCount(5);
  for (const title of ["Kitchen Remodeling", "Repair & Remodeling", "Bathroom Remodeling", "Flooring", "Fences"]) {
    await expect(main.getByRole("heading", { name: title, exact: true })).toBeVisible();
  }
  await expectLayout(page);
});

test("/contact: heading, phone, email, location and the intro line", async ({ page }) => {
  expect((await page.goto("/contact"))?.status()).toBe(200);
  await expectPageContent(page, expectationFor("/contact"));
  const main = page.getByRole("main");
  await expect(main.getByText("Fill the form or contact us via other channels listed below", { exact: true })).toBeVisible();
  await expect(main.getByText("Houston TX, USA", { exact: true })).toBeVisible();
  await expect(main.locator(`a[href="${company.phone.href}"]:visible`)).toContainText(company.phone.display);
  await expect(main.locator(`a[href="mailto:${company.email}"]`)).toHaveText(company.email);
  await expect(main.getByRole("region", { name: "Where we work" }).getByRole("listitem")).toHaveText(company.serviceCities);
  await expect(main.getByRole("heading", { name: company.faq[0]?.title ?? "", level: 3 })).toBeVisible();
  await expectLayout(page);
});

test("/about: story in several paragraphs, a photo, and no claim the owner did not enter", async ({ page }) => {
  expect((await page.goto("/about"))?.status()).toBe(200);
  await expectPageContent(page, expectationFor("/about"));
  const main = page.getByRole("main");
  expect(company.about.paragraphs.length).toBeGreaterThanOrEqual(3);
  for (const paragraph of company.about.paragraphs) {
    await expect(main.getByText(paragraph, { exact: true })).toBeVisible();
  }
  // Years and "family-run" come from the profile (admin-site.spec.ts shows them entered; ADR 056).
  await expect(main).not.toContainText(/years of experience|family-run|licensed|insured|warranty|permit/i);
  const photo = main.getByRole("img", { name: company.about.image.alt, exact: true });
  await expect(photo).toBeVisible();
  await expect(photo).toHaveAttribute("alt", /\S/);
  await expect(main.getByRole("heading", { name: "How we work" })).toBeVisible();
  await expect(main.getByRole("heading", { name: "Questions and answers", level: 2 })).toBeVisible();
  for (const item of company.faq) await expect(main.getByRole("heading", { name: item.title, level: 3 })).toBeVisible();
  await expectLayout(page);
});

/** Spec facts checked literally on the pages the spec names. */
const specExtras: Record<string, { title?: string; listIncludes?: readonly string[] }> = {
  tile: { title: specServiceFacts.tileTitle },
  bathroom: { listIncludes: specServiceFacts.bathroomList },
  floor: { listIncludes: specServiceFacts.floorList },
};

test.describe("service pages", () => {
  for (const service of services) {
    test(`/${service.slug}: title and list`, async ({ page }) => {
      expect((await page.goto(`/${service.slug}`))?.status()).toBe(200);
      await expectPageContent(page, expectationFor(`/${service.slug}`));
      const list = page.getByRole("main").getByRole("list").filter({ hasText: service.list[0] });
      await expect(list.getByRole("listitem")).toHaveText(service.list);

      const extras = specExtras[service.slug];
      if (extras?.title) await expect(page.locator("h1")).toHaveText(extras.title);
      if (extras?.listIncludes) {
        const texts = (await list.getByRole("listitem").allTextContents()).map((t) => t.trim().toLowerCase());
        for (const item of extras.listIncludes) {
          expect(texts, `/${service.slug} lists "${item}"`).toContain(item.toLowerCase());
        }
      }
      await expectLayout(page);
    });
  }
});

for (const path of ["/room", "/house"]) {
  test(`${path}: placeholder inside the layout`, async ({ page }) => {
    expect((await page.goto(path))?.status()).toBe(200);
    await expectPageContent(page, expectationFor(path));
    await expect(page.locator("h1")).toHaveText(path === "/room" ? "Room" : "House");
    await expectLayout(page);
  });
}

test.describe("policy pages", () => {
  for (const path of legalPaths) {
    test(`${path}: a short policy inside the layout, linked from the footer`, async ({ page }) => {
      expect((await page.goto(path))?.status()).toBe(200);
      await expectPageContent(page, expectationFor(path));
      await expectLayout(page);
      const policies = page.getByRole("contentinfo").getByRole("navigation", { name: "Footer: Policies" });
      await expect(policies.getByRole("link")).toHaveText(["Terms", "Data Policy", "Cookies Policy"]);
      await expect(policies.locator(`a[href="${path}"]`)).toHaveCount(1);
      await expect(page.getByRole("main").locator(`a[href="mailto:${company.email}"]`).first()).toBeVisible();
    });
  }

  test("the footer offers 'Log in' to a visitor", async ({ page }) => {
    await page.goto("/about");
    const account = page.getByRole("contentinfo").getByRole("navigation", { name: "Footer: Account" });
    await expect(account.getByRole("link")).toHaveText(["Log in"]);
    await expect(account.getByRole("link", { name: "Log in" })).toHaveAttribute("href", "/login");
  });
});

test("the tests cover every route of the spec and every public path of the sitemap", () => {
  // The spec's route table, literally: a page dropped from the content fails here.
  const specRoutes = [
    "/",
    "/services",
    "/gallery",
    "/contact",
    "/about",
    "/fences",
    "/kitchen",
    "/bathroom",
    "/livingroom",
    "/outdoor",
    "/floor",
    "/tile",
    "/countertop",
    "/backsplash",
    "/repair",
    "/room",
    "/house",
  ];
  // Plus the policies the sign-in forms link to ('Terms, Data Policy and Cookies Policy'), and
  // the projects (issue 16, ADR 039).
  expect(publicPaths.toSorted()).toEqual([...specRoutes, "/terms", "/privacy", "/cookies", "/projects"].toSorted());
  // Guards against a page being added to publicPaths without being tested.
  expect(pageExpectations.map((p) => p.path).toSorted()).toEqual(publicPaths.toSorted());
});
