/**
 * Shared parts of the admin browser tests: an admin signed in through a session made by the
 * app's own code, estimate requests stored through its repository (with their emails), and a
 * check that a page does not scroll sideways. Everything goes into the e2e server's database
 * (test-results/e2e-data), marked so each test finds only its own rows.
 */
import { randomBytes } from "node:crypto";
import path from "node:path";
import type { BrowserContext, Page } from "@playwright/test";
import { withSiteDatabase, type TestAccount } from "#tests/support/accounts.ts";
import type { Lead, NewLead } from "#app/server/repos/leads.server.ts";
import { storeLead } from "#tests/support/seed-leads.ts";
import { e2eDataDir, expect, signedInAccount } from "#tests/e2e/helpers.ts";
import { adminGalleryData as adminGalleryDataDir } from "../../playwright.config.ts";

export const e2eData = { dataDir: e2eDataDir };

export function newMarker(prefix = "adm"): string {
  return `${prefix}${randomBytes(4).toString("hex")}`;
}

/** The admin gallery tests' own server's data (playwright.config.ts: adminGalleryURL). */
export const adminGalleryData = { dataDir: path.resolve(adminGalleryDataDir) };

/** Makes an admin account (on the main e2e server unless `data` says another) and puts its session cookie in the browser context. */
export async function signInAdmin(
  context: BrowserContext,
  baseURL: string | undefined,
  name = "Alex Admin",
  data: { dataDir: string } = e2eData,
): Promise<TestAccount> {
  return signedInAccount(context, baseURL ?? "http://127.0.0.1", { role: "admin", name, dataDir: data.dataDir });
}

/** Stores estimate requests (each with its notification and confirmation email), oldest first. */
export async function seedLeads(marker: string, leads: Partial<NewLead>[]): Promise<Lead[]> {
  return withSiteDatabase(e2eData, async (database) => {
    const stored: Lead[] = [];
    const start = Date.now() - leads.length * 60_000;
    for (const [i, fields] of leads.entries()) {
      const lead: NewLead = {
        fromName: `Homeowner ${i} ${marker}`,
        email: `${marker}-${i}@home.test`,
        phone: "(713) 555-0147",
        subject: `Kitchen remodel ${i} ${marker}`,
        message: `New cabinets and counters.\nPlease call after 5 pm. ${marker}`,
        source: "/contact",
        isSpam: false,
        spamReason: null,
        ipHash: null,
        userAgent: "e2e",
        ...fields,
      };
      const result = await storeLead({
        database,
        lead,
        now: new Date(start + i * 60_000),
        jobs: ["lead-notification", "lead-confirmation"],
        mail: { to: "owner@remodel.test", from: "Website <w@remodel.test>", siteUrl: "http://127.0.0.1" },
      });
      stored.push(result.lead);
    }
    return stored;
  });
}

/** Marks a lead's emails failed, as the outbox does after a permanent error. */
export async function failEmails(leadId: string, error = "SMTP EENVELOPE: 550 5.1.1 No such mailbox"): Promise<void> {
  await withSiteDatabase(e2eData, (database) =>
    database.db
      .updateTable("email_jobs")
      .set({ status: "failed", attempts: 1, last_error: error, locked_by: null, locked_until: null })
      .where("lead_id", "=", leadId)
      .execute(),
  );
}

/** The page is no wider than the window: nothing scrolls sideways. */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth, `${page.url()} scrolls sideways`).toBeLessThanOrEqual(clientWidth);
}

/**
 * Drops the console's 404 notes for gallery thumbnails. Tests run side by side on one server, and
 * a photo another test deletes while this page lists it answers 404 to its (lazy) thumbnail; a
 * test checks its own photos' images explicitly.
 */
export function ignoreDeletedPhotoThumbnails(consoleErrors: string[]): void {
  for (let i = consoleErrors.length - 1; i >= 0; i--) {
    if (/status of 404 .*\/media\/photos\//.test(consoleErrors[i]!)) consoleErrors.splice(i, 1);
  }
}

/**
 * The admin layout's status line (role="status"): what the last action on the page did. A
 * request's page has a status line in each form's section too; this is the page-wide one.
 */
export function pageStatus(page: Page) {
  return page.getByRole("status").and(page.locator(".admin > .admin-flash"));
}

/** The admin bar's "Menu" on a phone (a <details> toggle) and the panel it opens. */
export function adminMenu(page: Page) {
  const toggle = page.locator("summary.admin-menu__toggle");
  return {
    toggle,
    panel: page.locator(".admin-menu__panel"),
    nav: page.locator(".admin-menu").getByRole("navigation", { name: "Admin" }),
  };
}

/**
 * Drops the browser's console note for a fetcher's post answered 4xx on purpose (a refused form
 * the test sends): the page shows the refusal; the note is not an error of the page.
 */
export function ignoreRefusedFetcherPosts(consoleErrors: string[], status: number): void {
  for (let i = consoleErrors.length - 1; i >= 0; i--) {
    if (
      consoleErrors[i]!.includes(`Failed to load resource: the server responded with a status of ${status}`) &&
      /\.data\b/.test(consoleErrors[i]!)
    ) {
      consoleErrors.splice(i, 1);
    }
  }
}

/**
 * A request page's emails, collapsed under "Show the … emails" while none failed (ADR 057): opens
 * the list if it is closed and returns its cards.
 */
export async function openLeadEmails(page: Page) {
  const details = page.locator("section[aria-labelledby='lead-emails'] details");
  if (!(await details.evaluate((el) => (el as HTMLDetailsElement).open))) await details.locator("summary").click();
  return page.locator("section[aria-labelledby='lead-emails'] .admin-list > li");
}
