/**
 * Takes the booking page's screenshots (ADR 071) into the folder given as argument, as PNG: a
 * built server on a fresh DATA_DIR, requests made with the app's own code, in Debian's Chromium.
 * The picker at 375 × 812 in English and Spanish and at 1280 × 800 (whole page); a visit held;
 * "someone just took that time" at 375; and the dashboard's visits to confirm at 375.
 *
 *   NODE_ENV=production node scripts/build.ts && node scripts/booking-screens.ts <folder>
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import { chromium, type Browser, type Page } from "@playwright/test";
import { startServer, type ServerProcess } from "#tests/support/server.ts";
import { createTestAccount } from "#tests/support/accounts.ts";
import { seedBookingRequest } from "#tests/support/booking-picker.ts";
import { OFFLINE_CHROMIUM_FLAGS } from "#scripts/chromium-flags.ts";

const folder = process.argv[2];
if (!folder) {
  console.error("Usage: node scripts/booking-screens.ts <folder>");
  process.exit(2);
}
const out = path.resolve(folder);
mkdirSync(out, { recursive: true });

const phone = { width: 375, height: 812 };
const desk = { width: 1280, height: 800 };

async function shot(page: Page, name: string, fullPage = true): Promise<void> {
  const file = path.join(out, `${name}.png`);
  await page.screenshot({ path: file, fullPage });
  console.log(file);
}

async function open(browser: Browser, server: ServerProcess, pagePath: string, viewport = phone): Promise<Page> {
  const page = await browser.newPage({ viewport, deviceScaleFactor: 1 });
  const response = await page.goto(`${server.url}${pagePath}`, { waitUntil: "load" });
  if (response?.status() !== 200) throw new Error(`${pagePath} answered ${response?.status()}`);
  return page;
}

/** The first window's button of the first day listed (every request here picks it). */
const firstWindow = (page: Page) => page.locator("section.booking__picker fieldset.booking__day button").first();

async function pickers(browser: Browser, server: ServerProcess): Promise<void> {
  for (const locale of ["en", "es"] as const) {
    const { path: pagePath } = await seedBookingRequest(server.dataDir, {
      locale,
      name: "Maria Gonzalez",
      email: `maria.${locale}@example.com`,
      subject: locale === "es" ? "Remodelación de baños" : "Bathroom Remodeling",
    });
    const page = await open(browser, server, pagePath);
    await shot(page, `booking-picker-${locale}-375`);
    if (locale === "en") {
      await page.setViewportSize(desk);
      await shot(page, "booking-picker-en-1280");
    }
    await page.close();
  }
}

/** Two homeowners on the same window: the first holds it (the held state), the second is told it was just taken. */
async function justTaken(browser: Browser, server: ServerProcess): Promise<void> {
  const [first, second] = await Promise.all(
    ["Carlos Ruiz", "Dana Smith"].map((name, i) =>
      seedBookingRequest(server.dataDir, { locale: "en", name, email: `home${i}@example.com`, subject: "Kitchen Remodeling" }),
    ),
  );
  const pageA = await open(browser, server, first!.path);
  const pageB = await open(browser, server, second!.path);
  await Promise.all([pageA.waitForURL(/\?done=held$/), firstWindow(pageA).click()]);
  await shot(pageA, "booking-held-375");
  // The "Move to another time" list open, as a homeowner sees it when they tap it.
  await pageA.locator("details.booking__move > summary").click();
  await shot(pageA, "booking-held-move-open-375");
  await Promise.all([pageB.waitForResponse((r) => r.request().method() === "POST"), firstWindow(pageB).click()]);
  await pageB.waitForLoadState("load");
  await shot(pageB, "booking-just-taken-375");
  await pageA.close();
  await pageB.close();
}

async function dashboard(browser: Browser, server: ServerProcess): Promise<void> {
  const { sessionId } = await createTestAccount({ dataDir: server.dataDir }, { role: "admin", name: "Rosa Martinez" });
  const context = await browser.newContext({ viewport: phone, deviceScaleFactor: 1 });
  await context.addCookies([{ name: "session", value: sessionId, url: server.url, httpOnly: true, sameSite: "Lax" }]);
  const page = await context.newPage();
  await page.goto(`${server.url}/admin`, { waitUntil: "load" });
  const section = page.locator("section[aria-labelledby='pending-bookings']");
  if ((await section.count()) === 0) {
    console.log("The dashboard has no “Visits to confirm” section in this build: no screenshot of it.");
  } else {
    await shot(page, "booking-dashboard-375", false);
    const file = path.join(out, "booking-dashboard-section-375.png");
    await section.screenshot({ path: file });
    console.log(file);
  }
  await context.close();
}

const server = await startServer();
try {
  const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH || "/usr/bin/chromium", args: OFFLINE_CHROMIUM_FLAGS });
  try {
    await pickers(browser, server);
    await justTaken(browser, server);
    await dashboard(browser, server);
  } finally {
    await browser.close();
  }
} finally {
  await server.stop();
}
