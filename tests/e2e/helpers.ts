/**
 * Shared pieces of the browser tests: a `test` whose pages report hydration
 * and CSP violations, the texts each page must show, and checks of the site's
 * header and footer.
 *
 * Facts that belong to the content (company name, service lists) come from
 * the app's content modules; the verbatim texts of the specification are
 * literal strings here, so a content change that breaks them fails a test.
 */
import { fileURLToPath } from "node:url";
import { AxeBuilder } from "@axe-core/playwright";
import { test as base, expect, type BrowserContext, type Locator, type Page } from "@playwright/test";
import { defaultArtwork, defaultProfile } from "#app/content/company.ts";
import { describeProfile } from "#app/content/profile.ts";
import { resolveTexts } from "#app/content/texts.ts";
import { plainText } from "#app/content/markdown.ts";
import { services } from "#app/content/services.ts";
import { legalPaths, placeholderPaths, publicPaths } from "#app/sitemap.ts";
import { createTestAccount, type TestAccount } from "#tests/support/accounts.ts";
import type { UserRole } from "#app/schemas/account.ts";

export { expect, services, publicPaths, legalPaths };

const defaults = describeProfile(defaultProfile);
const defaultTexts = resolveTexts(new Map(), defaultProfile);

/**
 * What a fresh install shows (the main test server's profile is never changed): the default
 * business profile and texts, in the words the pages use.
 */
export const company = {
  name: defaults.name,
  slogan: defaults.slogan,
  phone: { display: defaults.phone, href: defaults.phoneHref, e164: defaults.phoneE164 },
  email: defaults.publicEmail,
  location: defaults.location,
  serviceCities: defaults.serviceCities,
  heroImage: defaultArtwork.hero,
  about: {
    heading: defaultTexts.about.heading,
    paragraphs: defaultTexts.about.body.split("\n\n").map((paragraph) => plainText(paragraph)),
    image: defaultArtwork.about,
  },
  faq: defaultTexts.faq,
};

/** The DATA_DIR of the server the browser tests run against (playwright.config.ts). */
export const e2eDataDir = fileURLToPath(new URL("../../test-results/e2e-data", import.meta.url));

/**
 * An account made with the app's own code in the test server's database (the main one unless
 * `dataDir` names another), already signed in in `context` (its session cookie is set there).
 */
export async function signedInAccount(
  context: BrowserContext,
  baseURL: string | undefined,
  options: { role?: UserRole; name?: string; dataDir?: string } = {},
): Promise<TestAccount> {
  const { dataDir = e2eDataDir, ...account } = options;
  const made = await createTestAccount({ dataDir }, account);
  await context.addCookies([{ name: "session", value: made.sessionId, url: baseURL ?? "", httpOnly: true, sameSite: "Lax" }]);
  return made;
}

declare global {
  interface Window {
    __e2e?: { hydrated: boolean; cspViolations: string[] };
    __e2eMarker?: string;
  }
}

/**
 * Runs before any page script. It records CSP violations, and it poses as the
 * React DevTools hook: React calls `onPostCommitFiberRoot` once a commit's
 * effects have run, so the first call means hydration is complete and every
 * event listener set up in an effect is in place.
 */
function initScript() {
  const state = { hydrated: false, cspViolations: [] as string[] };
  window.__e2e = state;
  document.addEventListener("securitypolicyviolation", (event) => {
    state.cspViolations.push(
      `${event.effectiveDirective} blocked ${event.blockedURI || "(inline)"}` +
        (event.sample ? ` sample=${JSON.stringify(event.sample)}` : "") +
        ` at ${event.sourceFile}:${event.lineNumber}`,
    );
  });
  Object.defineProperty(window, "__REACT_DEVTOOLS_GLOBAL_HOOK__", {
    configurable: true,
    value: {
      isDisabled: false,
      supportsFiber: true,
      renderers: new Map(),
      inject: () => 1,
      checkDCE: () => {},
      onScheduleFiberRoot: () => {},
      onCommitFiberRoot: () => {},
      onCommitFiberUnmount: () => {},
      onPostCommitFiberRoot: () => {
        state.hydrated = true;
      },
    },
  });
}

/**
 * Makes `page` record hydration and CSP violations, and collect its console errors and uncaught
 * exceptions into `consoleErrors` (for a page a spec opens in a context of its own).
 */
export async function watchPage(page: Page, consoleErrors: string[]): Promise<void> {
  const failedDocuments = new Set<string>();
  page.on("response", (response) => {
    if (response.request().isNavigationRequest() && response.status() >= 400) failedDocuments.add(response.url());
  });
  page.on("console", (message) => {
    if (message.type() !== "error") return;
    const url = message.location().url;
    if (message.text().startsWith("Failed to load resource") && failedDocuments.has(url)) return;
    consoleErrors.push(`console.error: ${message.text()} (${url})`);
  });
  page.on("pageerror", (error) => consoleErrors.push(`uncaught exception: ${error.message}`));
  await page.addInitScript(initScript);
}

/**
 * Every test's page records hydration and CSP violations, and a console error
 * or an uncaught exception fails the test. The one expected console error is
 * the browser's note that a document the test opened answered 4xx/5xx (the
 * 404 and crash pages).
 */
export const test = base.extend<{ consoleErrors: string[] }>({
  // Filled by the page fixture below; a test may read it to assert at a point of its choosing.
  // oxlint-disable-next-line no-empty-pattern
  consoleErrors: async ({}, use) => {
    await use([]);
  },
  page: async ({ page, consoleErrors }, use, testInfo) => {
    await watchPage(page, consoleErrors);
    await use(page);
    if (testInfo.status === testInfo.expectedStatus) {
      expect(consoleErrors, "console errors or uncaught exceptions during the test").toEqual([]);
    }
  },
});

/** Resolves once React has hydrated the page and run its effects (JavaScript on only). */
export async function waitForHydration(page: Page): Promise<void> {
  await page
    .waitForFunction(() => window.__e2e?.hydrated === true, undefined, { timeout: 15_000 })
    .catch((error: Error) => {
      throw new Error(`${page.url()} did not hydrate (did a script fail to load or throw?): ${error.message}`);
    });
}

/**
 * Resolves once the estimate form's script (app/browser/estimate-form.ts) has set the form up
 * and the form carries its token: the pages with the form load no framework, so there is no
 * hydration to wait for.
 */
export async function waitForEstimateScript(page: Page): Promise<void> {
  await expect(page.locator('[data-estimate-ready="true"]'), `${page.url()}: the estimate form's script ran`).toHaveCount(1, {
    timeout: 15_000,
  });
  await expect(page.locator('form[data-estimate-form] input[name="form_token"]')).not.toHaveValue(/^(__FORM_TOKEN__)?$/);
}

/** The header navigation, in the spec's order: label → path. */
export const mainNavLinks = [
  { label: "Home", path: "/" },
  { label: "Services", path: "/services" },
  { label: "Gallery", path: "/gallery" },
  { label: "Projects", path: "/projects" },
  { label: "Contact", path: "/contact" },
  { label: "About", path: "/about" },
] as const;

/** The footer's columns as the spec lists them. */
export const footerLinks = {
  About: [
    { label: "Contact", path: "/contact" },
    { label: "Who we are", path: "/about" },
  ],
  Services: [
    { label: "Repair & Remodeling", path: "/repair" },
    { label: "Kitchen Remodeling", path: "/kitchen" },
    { label: "Bathroom Remodeling", path: "/bathroom" },
    { label: "Flooring", path: "/floor" },
    { label: "Fences", path: "/fences" },
  ],
} as const;

/** What each public page must show: its h1 and texts inside <main>. */
export interface PageExpectation {
  path: string;
  h1: string;
  texts: string[];
}

export const pageExpectations: PageExpectation[] = [
  {
    path: "/",
    h1: company.name,
    texts: [
      company.slogan,
      "Request For a Free Estimate",
      "General Remodeling Services",
      "Repair & Remodeling",
      "Bathroom Remodeling",
      "Flooring",
      "Fences",
      "Where we work",
      ...company.serviceCities,
    ],
  },
  {
    path: "/services",
    h1: "Repair & Remodeling Services",
    texts: ["View our wide range of services", "Repair & Remodeling", "Bathroom Remodeling", "Flooring", "Fences"],
  },
  { path: "/gallery", h1: "Remodeling Gallery", texts: [] },
  { path: "/projects", h1: "Our Projects", texts: [] },
  {
    path: "/contact",
    h1: "Contact us",
    texts: [
      company.phone.display,
      company.email,
      "Houston TX, USA",
      "Fill the form or contact us via other channels listed below",
      "Where we work",
      ...company.serviceCities,
      "Questions and answers",
    ],
  },
  {
    path: "/about",
    h1: company.about.heading,
    texts: [...company.about.paragraphs, "Where we work", ...company.serviceCities, ...company.faq.map((item) => item.title)],
  },
  ...services.map((service) => ({
    path: `/${service.slug}`,
    h1: service.title,
    texts: [service.listTitle, ...service.list],
  })),
  { path: "/room", h1: "Room", texts: [] },
  { path: "/house", h1: "House", texts: [] },
  { path: "/terms", h1: "Terms of Use", texts: [company.name, "Estimates and quotes", company.email] },
  { path: "/privacy", h1: "Data Policy", texts: ["What we collect", "How long we keep it", company.email] },
  { path: "/cookies", h1: "Cookies Policy", texts: ["session", "30 days", "No analytics, tracking, advertising"] },
];

/** The verbatim spec titles and lists of the service pages that the spec names. */
export const specServiceFacts = {
  tileTitle: "Ceramic & Porcelain Tiles",
  bathroomList: ["showers", "backsplash", "SPC floor", "cabinets", "toilets"],
  floorList: ["engineered wood", "laminate", "SPC", "hardwood", "porcelain", "ceramic", "travertine"],
} as const;

export function expectationFor(path: string): PageExpectation {
  const found = pageExpectations.find((p) => p.path === path);
  if (!found) throw new Error(`No expectation for ${path}`);
  return found;
}

/** The page's single h1 has exactly this text. */
export async function expectH1(page: Page, text: string): Promise<void> {
  const h1 = page.locator("h1");
  await expect(h1).toHaveCount(1);
  await expect(h1).toHaveText(text);
  await expect(h1).toBeVisible();
}

/** The h1 and every listed text are present in <main>. */
export async function expectPageContent(page: Page, expected: PageExpectation): Promise<void> {
  await expectH1(page, expected.h1);
  const main = page.getByRole("main");
  for (const text of expected.texts) {
    await expect(main, `${expected.path} shows "${text}"`).toContainText(text);
  }
}

/** Header (logo, click-to-call phone, main navigation) as seen at desktop width. */
export async function expectHeader(page: Page): Promise<void> {
  const header = page.getByRole("banner");
  await expect(header).toBeVisible();
  const brand = header.getByRole("link", { name: company.name });
  await expect(brand).toHaveAttribute("href", "/");
  // The logo's mark is drawn in the page (app/components/brand-mark.tsx), hidden from screen readers.
  await expect(brand.locator("svg.brand__logo")).toBeVisible();
  await expect(brand.locator("svg.brand__logo")).toHaveAttribute("aria-hidden", "true");
  const phone = header.locator('a[href^="tel:"]');
  await expect(phone).toHaveCount(1);
  await expect(phone).toHaveAttribute("href", company.phone.href);
  await expect(phone).toContainText(company.phone.display);
  const nav = header.getByRole("navigation", { name: "Main" });
  await expect(nav).toBeVisible();
  for (const { label, path } of mainNavLinks) {
    await expect(nav.getByRole("link", { name: label, exact: true })).toHaveAttribute("href", path);
  }
}

/** Footer's About and Services columns. */
export async function expectFooter(page: Page): Promise<void> {
  const footer = page.getByRole("contentinfo");
  await expect(footer).toBeVisible();
  for (const [heading, links] of Object.entries(footerLinks)) {
    const column = footerColumn(footer, heading);
    await expect(column, `footer column ${heading}`).toHaveCount(1);
    for (const { label, path } of links) {
      await expect(column.getByRole("link", { name: label, exact: true })).toHaveAttribute("href", path);
    }
  }
}

export function footerColumn(footer: Locator, heading: string): Locator {
  return footer.getByRole("navigation").filter({ has: footer.page().getByRole("heading", { name: heading, exact: true }) });
}

export async function expectLayout(page: Page): Promise<void> {
  await expectHeader(page);
  await expectFooter(page);
}

/**
 * The <head> of a public page: its title, a description, a canonical URL of
 * baseURL + path, and Open Graph tags that agree with them. Returns the title.
 */
export async function expectHead(page: Page, path: string, baseURL: string): Promise<string> {
  const expectedUrl = new URL(path, `${baseURL}/`).href;
  const head = page.locator("head");
  for (const selector of [
    "title",
    'meta[name="description"]',
    'link[rel="canonical"]',
    'meta[property="og:title"]',
    'meta[property="og:description"]',
    'meta[property="og:url"]',
    'meta[property="og:image"]',
  ]) {
    await expect(head.locator(selector), `${path} has exactly one ${selector}`).toHaveCount(1);
  }
  const content = (selector: string, name = "content") => head.locator(selector).getAttribute(name);
  const title = await page.title();
  const description = await content('meta[name="description"]');
  expect(title.length, `${path} title`).toBeGreaterThan(3);
  expect(description?.length ?? 0, `${path} meta description`).toBeGreaterThan(30);
  expect(await content('link[rel="canonical"]', "href"), `${path} canonical`).toBe(expectedUrl);
  expect(await content('meta[property="og:url"]'), `${path} og:url`).toBe(expectedUrl);
  expect(await content('meta[property="og:title"]'), `${path} og:title`).toBe(title);
  expect(await content('meta[property="og:description"]'), `${path} og:description`).toBe(description);
  const image = (await content('meta[property="og:image"]')) ?? "";
  expect(
    image.startsWith(`${baseURL}/`) && image.length > baseURL.length + 1,
    `${path} og:image "${image}" is an absolute URL on the site`,
  ).toBe(true);
  // The spec's placeholders (/room, /house) are served but kept out of search engines.
  const noindex = placeholderPaths.includes(path);
  await expect(head.locator('meta[name="robots"][content*="noindex"]'), `${path} is ${noindex ? "noindex" : "indexable"}`).toHaveCount(
    noindex ? 1 : 0,
  );
  return title;
}

/** Presses Tab until `target` has focus; fails after `max` presses. */
export async function tabTo(page: Page, target: Locator, max = 20): Promise<void> {
  await expect(target, "the element to Tab to is on screen").toBeVisible();
  for (let i = 0; i < max; i++) {
    await page.keyboard.press("Tab");
    if (await target.evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error(`Tab never reached ${target.toString()} after ${max} presses`);
}

/** The hamburger toggle of the header. */
export function menuToggle(page: Page): Locator {
  return page
    .getByRole("banner")
    .locator("summary, button")
    .filter({ hasText: /men[uú]/i });
}

/** A header navigation link; at 375 px only the mobile menu's copy can be visible. */
export function headerLink(page: Page, label: string): Locator {
  return page.getByRole("banner").getByRole("link", { name: label, exact: true });
}

/** The axe rules every page is held to: WCAG 2.1 A and AA, and axe's best practices. */
export const axeTags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"];

/** axe finds nothing on the page as it is now; `label` names the page and state in the failure. */
export async function expectNoAxeViolations(page: Page, label: string): Promise<void> {
  const results = await new AxeBuilder({ page })
    .withTags(axeTags)
    .options({ resultTypes: ["violations"] })
    .analyze();
  expect(results.passes.length, "axe ran real rules").toBeGreaterThan(10);
  const violations = results.violations.map(
    (v) =>
      `${v.id} [${v.impact}] ${v.help}\n${v.nodes.map((n) => `    - ${n.target.join(" ")}: ${n.html}\n      ${n.failureSummary ?? ""}`).join("\n")}`,
  );
  expect(violations, `axe violations on ${label}`).toEqual([]);
}

/** The sum of the page's layout shifts so far (what Lighthouse's CLS adds up). */
export function layoutShift(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let sum = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
            if (!entry.hadRecentInput) sum += entry.value;
          }
        }).observe({ type: "layout-shift", buffered: true });
        requestAnimationFrame(() => requestAnimationFrame(() => resolve(sum)));
      }),
  );
}
