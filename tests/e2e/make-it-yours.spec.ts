/**
 * A contractor makes a fresh install theirs, in a real browser, against a server of its own
 * started here on an empty DATA_DIR and sending mail to a real SMTP listener:
 * the setup link printed at start-up → the administrator account → the business step → the
 * dashboard's go-live checklist; then the new name and phone show in the header, the footer,
 * /contact, the page titles, the JSON-LD and the confirmation email, with no restart. A
 * testimonial added at /admin/site shows on home and on its service page, and a published
 * photo chosen as the hero is the home page's LCP image (fetchpriority="high", AVIF and WebP).
 */
import { AxeBuilder } from "@axe-core/playwright";
import type { BrowserContext, Page } from "@playwright/test";
import { openDatabase } from "../../app/server/db/index.server.ts";
import { openTestStorage, seedPhoto } from "../support/photos.ts";
import { startServer, type ServerProcess } from "../integration/helpers/server.ts";
import { startSmtpServer, type SmtpTestServer } from "../integration/helpers/smtp.ts";
import { expect, test, waitForEstimateScript, watchPage } from "./helpers.ts";

const port = Number(process.env.E2E_PORT ?? 3217) + 4;
const NAME = "Bayou City Tile & Bath";
const PHONE = "(832) 555-0199";
const PUBLIC_EMAIL = "hello@bayoucitytile.com";
const LEAD_INBOX = "jobs@bayoucitytile.com";

test.describe.configure({ mode: "serial" });

let site: ServerProcess;
let smtp: SmtpTestServer;
let setupUrl: string;
let heroId: string;
/** One browser session through the whole story: the admin stays signed in, as a contractor would. */
let context: BrowserContext;
let page: Page;
/** Console errors and uncaught exceptions of `page`, checked after each test. */
const consoleErrors: string[] = [];

test.beforeAll(async ({ browser }) => {
  smtp = await startSmtpServer();
  site = await startServer({
    env: {
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      SMTP_URL: smtp.url,
      FORM_MIN_SECONDS: "1",
      MAIL_POLL_SECONDS: "1",
    },
  });
  const line = /Create the first admin account: (\S+)/.exec(site.stdout());
  if (!line?.[1]) throw new Error(`no setup link in the server's output:\n${site.stdout()}`);
  setupUrl = line[1];
  context = await browser.newContext({ baseURL: site.url });
  page = await context.newPage();
  await watchPage(page, consoleErrors);
});

test.afterEach(() => {
  const seen = consoleErrors.splice(0);
  expect(seen, "console errors or uncaught exceptions during the test").toEqual([]);
});

test.afterAll(async () => {
  await context?.close();
  await site?.stop();
  await smtp?.stop();
});

async function jsonLd(tab: Page): Promise<Record<string, unknown>> {
  const text = await tab.locator('script[type="application/ld+json"]').first().textContent();
  return JSON.parse(text ?? "{}") as Record<string, unknown>;
}

test("setup link → administrator → business step → dashboard checklist", async () => {
  await page.goto(setupUrl);
  // The one-time token leaves the address bar as soon as the link is opened.
  await expect(page).toHaveURL(`${site.url}/setup`);
  await page.getByLabel("Your name").fill("Rosa Martinez");
  await page.getByRole("textbox", { name: "Email", exact: true }).fill("rosa@bayoucitytile.com");
  await page.getByLabel("Password", { exact: true }).fill("grout-and-tile-2026");
  await page.getByRole("button", { name: "Create administrator account" }).click();

  await expect(page).toHaveURL(`${site.url}/setup/business`);
  await page.getByLabel("Business name").fill(NAME);
  await page.getByLabel("Business phone").fill("832.555.0199");
  await page.getByLabel("Email shown on the site").fill(PUBLIC_EMAIL);
  await page.getByLabel("Inbox for estimate requests").fill(LEAD_INBOX);
  await page.getByLabel("City").fill("Pearland");
  await page.getByLabel("Service area").fill("Pearland, Friendswood, League City");
  await page.getByRole("button", { name: "Save and go to the dashboard" }).click();

  await expect(page).toHaveURL(/\/admin(\?|$)/);
  expect(page.url()).not.toContain("token");
  const checklist = page.locator("section", { has: page.getByRole("heading", { name: "Go-live checklist" }) });
  await expect(checklist).toBeVisible();
  // Mail goes to an SMTP server and the placeholders are gone; photos and testimonials are still to do.
  await expect(checklist).toContainText(/photos/i);
  await expect(checklist).toContainText(/testimonial/i);
});

test("the new name and phone show everywhere, with no restart", async () => {
  for (const path of ["/", "/contact", "/about", "/bathroom"]) {
    await page.goto(path);
    await expect(page.locator(".site-header")).toContainText(NAME);
    await expect(page.locator("footer")).toContainText(NAME);
    await expect(page.locator("footer")).toContainText(PHONE);
    await expect(page).toHaveTitle(new RegExp(NAME.replace(/[&]/g, "\\&")));
    await expect(page.locator("body")).not.toContainText("Example Home Remodeling");
    await expect(page.locator("body")).not.toContainText("555-0147");
  }
  await page.goto("/contact");
  await expect(page.locator("main")).toContainText(PHONE);
  await expect(page.locator("main")).toContainText(PUBLIC_EMAIL);
  await expect(page.locator("main")).toContainText("Friendswood");
  await expect(page.locator(`a[href="tel:+18325550199"]`).first()).toBeVisible();

  await page.goto("/");
  const business = await jsonLd(page);
  expect(business).toMatchObject({ "@type": "HomeAndConstructionBusiness", name: NAME, telephone: "+18325550199", email: PUBLIC_EMAIL });
  expect(JSON.stringify(business)).not.toMatch(/AggregateRating|"Review"/);
  expect(business.areaServed).toEqual(expect.arrayContaining([expect.objectContaining({ name: "League City" })]));
});

test("an estimate request's confirmation email carries the new name and phone", async () => {
  await page.goto("/contact");
  await waitForEstimateScript(page);
  await page.waitForTimeout(1200);
  const form = page.locator("form", { has: page.getByLabel("Full name") });
  await form.getByLabel("Full name").fill("Ana Lopez");
  await form.getByRole("textbox", { name: "Email", exact: true }).fill("ana.lopez@home.test");
  await form.getByRole("textbox", { name: "Phone", exact: true }).fill("(281) 555-0110");
  await form.getByLabel("What do you need?").selectOption("Ceramic & Porcelain Tiles");
  await form.getByRole("textbox", { name: "Message (optional)" }).fill("Our shower tile is cracking; could you come and look?");
  await form.getByRole("button", { name: /send/i }).click();
  await expect(page.getByText("Message sent successfully")).toBeVisible();

  await smtp.waitFor(2, 20_000);
  const confirmation = smtp.messages.find((mail) => mail.envelope.to.includes("ana.lopez@home.test"));
  const notification = smtp.messages.find((mail) => mail.envelope.to.includes(LEAD_INBOX));
  expect(notification, "the lead notification goes to the profile's inbox").toBeDefined();
  expect(confirmation?.parsed.subject).toContain(NAME);
  expect(confirmation?.parsed.text).toContain(PHONE);
  expect(confirmation?.header("from")).toContain(NAME);
});

test("a testimonial shows on home and on its service page", async () => {
  await page.goto("/admin/site/testimonials");
  await page.getByLabel("What the customer said").fill("They retiled our shower in a week and the grout lines are perfect.");
  await page.getByLabel("Their name").fill("Maria G.");
  await page.getByLabel("Neighbourhood or city").fill("Silverlake, Pearland");
  await page.getByLabel("Service", { exact: true }).selectOption("bathroom");
  await page.getByLabel("Date of the review").fill("2026-10-02");
  await page.getByRole("button", { name: "Add the testimonial" }).click();
  await expect(page.getByText("Maria G.").first()).toBeVisible();

  for (const path of ["/", "/bathroom"]) {
    await page.goto(path);
    await expect(page.locator("main")).toContainText("They retiled our shower in a week");
    await expect(page.locator("main")).toContainText("Maria G.");
  }
  // Only on the matching service's page.
  await page.goto("/fences");
  await expect(page.locator("main")).not.toContainText("They retiled our shower in a week");
});

test("a published photo chosen as the hero is the home page's LCP image", async () => {
  const database = await openDatabase({ dataDir: site.dataDir });
  try {
    const storage = await openTestStorage(site.dataDir);
    const photo = await seedPhoto(
      { database, storage, dataDir: site.dataDir },
      { category: "bathroom", caption: "Walk-in shower in Pearland", alt: "A finished walk-in shower with gray tile", width: 1600, height: 1000, texture: true },
    );
    heroId = photo.id;
    await storage.close();
  } finally {
    await database.close();
  }

  await page.goto("/admin/site/photos");
  const homeSection = page.locator("section", { has: page.getByRole("button", { name: "Use for the home page" }) });
  await homeSection.locator(`label[for="hero-${heroId}"]`).click();
  await homeSection.getByRole("button", { name: "Use for the home page" }).click();
  await expect(page.locator(`#hero-${heroId}`)).toBeChecked();

  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto("/");
  const hero = page.locator(".hero picture");
  await expect(hero.locator('source[type="image/avif"]')).toHaveCount(1);
  await expect(hero.locator('source[type="image/webp"]')).toHaveCount(1);
  const img = hero.locator("img");
  await expect(img).toHaveAttribute("fetchpriority", "high");
  await expect(img).toHaveAttribute("alt", "A finished walk-in shower with gray tile");
  expect(await img.getAttribute("width")).toBeTruthy();

  const lcp = await page.evaluate(
    () =>
      new Promise<{ url: string; tag: string }>((resolve) => {
        new PerformanceObserver((list) => {
          const last = list.getEntries().at(-1) as PerformanceEntry & { url?: string; element?: Element | null };
          resolve({ url: last.url ?? "", tag: last.element?.tagName ?? "" });
        }).observe({ type: "largest-contentful-paint", buffered: true });
      }),
  );
  expect(lcp.tag).toBe("IMG");
  expect(lcp.url).toContain(`/photos/${heroId}/`);
  expect(lcp.url).toMatch(/\.avif$/);
});

test("axe finds nothing on /admin/site at 375 px and 1280 px", async () => {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/admin/site");
    const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]).analyze();
    expect(results.violations, `${width} px`).toEqual([]);
  }
});
