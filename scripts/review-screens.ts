/**
 * Takes the screenshots of "after the job" (issue 29) into the folder given as argument, as PNG,
 * and prints the reviews page's month figures: a built server on a fresh DATA_DIR with a Google
 * Place ID in its profile, mailing a local SMTP listener, in Debian's Chromium.
 * - "Job done" tapped on a won request's page at 375 px;
 * - the review request and its reminder as they arrive, in English and Spanish, at 375 and 1280 px
 *   (the emails' waiting jobs are brought forward to now, as if the days had passed);
 * - the review page at 375 px in both languages, and after a low rating;
 * - /admin/reviews at 375 px after a seeded month (and the month before).
 *
 *   NODE_ENV=production node scripts/build.ts && node scripts/review-screens.ts <folder>
 *
 * The server listens on PORT (5990 unless set), so the emails' links open.
 */
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium, type Browser, type BrowserContext, type Page } from "@playwright/test";
import type { Locale } from "#app/i18n/locale.ts";
import type { EmailJobKind } from "#app/schemas/email-job.ts";
import { migrateToLatest, openDatabase } from "#app/server/db/index.server.ts";
import { saveStoredProfile } from "#app/server/repos/site-profile.server.ts";
import { ProfileFormSchema, profileToFields } from "#app/schemas/site.ts";
import { defaultProfile } from "#app/content/company.ts";
import { createTestAccount, withSiteDatabase } from "#tests/support/accounts.ts";
import { storeLead } from "#tests/support/seed-leads.ts";
import { seedReviewFeedback, seedReviewRequest } from "#tests/support/seed-reviews.ts";
import { startServer, type ServerProcess } from "#tests/support/server.ts";
import { startSmtpServer, type ReceivedMail, type SmtpTestServer } from "#tests/support/smtp.ts";
import { OFFLINE_CHROMIUM_FLAGS } from "#scripts/chromium-flags.ts";

const folder = process.argv[2];
if (!folder) {
  console.error("Usage: node scripts/review-screens.ts <folder>");
  process.exit(2);
}
const out = path.resolve(folder);
mkdirSync(out, { recursive: true });

const phone = { width: 375, height: 812 };
const desk = { width: 1280, height: 800 };
const LEADS_TO = "office@example.com";

async function shot(page: Page, name: string): Promise<void> {
  const file = path.join(out, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  console.log(file);
}

async function storeRequest(dataDir: string, locale: Locale, name: string, email: string, createdAt = new Date()): Promise<string> {
  return withSiteDatabase({ dataDir }, async (database) => {
    const { lead } = await storeLead({
      database,
      lead: {
        fromName: name,
        email,
        phone: "(713) 555-0147",
        subject: locale === "es" ? "Remodelación de baños" : "Bathroom Remodeling",
        message: "",
        source: locale === "es" ? "/es/contacto" : "/contact",
        isSpam: false,
        spamReason: null,
        ipHash: null,
        userAgent: "screens",
        locale,
      },
      jobs: [],
      mail: { to: LEADS_TO, from: "Website <no-reply@example.com>", siteUrl: "http://127.0.0.1" },
      now: createdAt,
    });
    await database.db.updateTable("leads").set({ status: "won" }).where("id", "=", lead.id).execute();
    return lead.id;
  });
}

async function bringForward(dataDir: string, leadId: string, kind: EmailJobKind): Promise<void> {
  await withSiteDatabase({ dataDir }, (database) =>
    database.db
      .updateTable("email_jobs")
      .set({ next_attempt_at: new Date().toISOString() })
      .where("lead_id", "=", leadId)
      .where("kind", "=", kind)
      .execute(),
  );
}

async function mailTo(smtp: SmtpTestServer, address: string, count: number): Promise<ReceivedMail> {
  for (let i = 0; i < 200; i++) {
    const mails = smtp.messages.filter((m) => m.envelope.to.includes(address));
    if (mails.length >= count) return mails[count - 1]!;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no email number ${count} to ${address}`);
}

async function emailShots(browser: Browser, mail: ReceivedMail, name: string): Promise<void> {
  console.log(`${name}: “${mail.parsed.subject}”\n${mail.parsed.text}\n`);
  for (const [size, viewport] of [
    ["375", phone],
    ["1280", desk],
  ] as const) {
    const page = await browser.newPage({ viewport, deviceScaleFactor: 1 });
    await page.setContent(String(mail.parsed.html), { waitUntil: "load" });
    await shot(page, `${name}-${size}`);
    await page.close();
  }
}

async function admin(browser: Browser, server: ServerProcess): Promise<BrowserContext> {
  const { sessionId } = await createTestAccount({ dataDir: server.dataDir }, { role: "admin", name: "Rosa Martinez" });
  const context = await browser.newContext({ viewport: phone, deviceScaleFactor: 1 });
  await context.addCookies([{ name: "session", value: sessionId, url: server.url, httpOnly: true, sameSite: "Lax" }]);
  return context;
}

async function journey(browser: Browser, server: ServerProcess, smtp: SmtpTestServer, owner: BrowserContext, locale: Locale) {
  const email = `maria.${locale}@example.com`;
  const leadId = await storeRequest(server.dataDir, locale, locale === "es" ? "María González" : "Maria Gonzalez", email);
  const page = await owner.newPage();
  await page.goto(`${server.url}/admin/leads/${leadId}`, { waitUntil: "load" });
  if (locale === "en") await shot(page, "review-lead-before-375");
  await page.getByRole("button", { name: "Job done", exact: true }).click();
  await page.getByText(/^Review request: will go /).waitFor();
  if (locale === "en") await shot(page, "review-lead-job-done-375");
  await page.close();

  await bringForward(server.dataDir, leadId, "review-request");
  const request = await mailTo(smtp, email, 1);
  await emailShots(browser, request, `review-email-request-${locale}`);
  await bringForward(server.dataDir, leadId, "review-reminder");
  await emailShots(browser, await mailTo(smtp, email, 2), `review-email-reminder-${locale}`);

  const reviewPage = /https?:\/\/[^\s]+\/(?:review|es\/resena)\/[A-Za-z0-9_-]{43}(?=\s|$)/m.exec(request.parsed.text ?? "")?.[0];
  if (!reviewPage) throw new Error("no review page link in the email");
  const homeowner = await browser.newPage({ viewport: phone, deviceScaleFactor: 1 });
  await homeowner.goto(reviewPage, { waitUntil: "load" });
  await shot(homeowner, `review-page-${locale}-375`);
  await homeowner.getByText(locale === "es" ? "2 — Mal" : "2 — Poor", { exact: true }).click();
  await homeowner.getByRole("button", { name: locale === "es" ? "Enviar mi opinión" : "Send my feedback" }).click();
  await homeowner.waitForURL(/sent=1/);
  await shot(homeowner, `review-page-${locale}-after-low-rating-375`);
  await homeowner.close();
}

/** A month of review requests (this one) and the month before, with feedback, for the reviews page. */
async function seedMonths(dataDir: string): Promise<void> {
  const now = new Date();
  const months = [
    { monthsAgo: 1, sent: 10, opened: 6, clicked: 4, ratings: [5, 4, 5] },
    { monthsAgo: 0, sent: 24, opened: 15, clicked: 9, ratings: [5, 5, 4, 5, 2, 4] },
  ];
  for (const month of months) {
    for (let i = 0; i < month.sent; i++) {
      const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - month.monthsAgo, 1 + (i % 20), 16));
      const email = `homeowner.${month.monthsAgo}.${i}@example.com`;
      const leadId = await storeRequest(dataDir, i % 3 === 0 ? "es" : "en", `Homeowner ${month.monthsAgo}-${i}`, email, day);
      await withSiteDatabase({ dataDir }, async (database) => {
        const request = await seedReviewRequest(database, {
          leadId,
          email,
          firstName: "Pat",
          createdAt: day,
          sentAt: day,
          openedAt: i < month.opened ? new Date(day.getTime() + 3600_000) : null,
          clickedAt: i < month.clicked ? new Date(day.getTime() + 7200_000) : null,
        });
        const rating = month.ratings[i];
        if (rating !== undefined) {
          const values = { rating, comment: rating >= 4 ? "Clean work, on time." : "Slow to finish.", consent: rating === 5 };
          await seedReviewFeedback(database, {
            reviewRequestId: request.id,
            values: { ...values, displayName: "Pat", place: "Heights", locale: "en" },
            now: new Date(day.getTime() + 86_400_000),
          });
        }
      });
    }
  }
}

const smtp = await startSmtpServer();
const dataDir = mkdtempSync(path.join(tmpdir(), "review-screens-"));
const database = await openDatabase({ dataDir });
await migrateToLatest(database);
const profile = ProfileFormSchema.parse({ ...profileToFields(defaultProfile), review_place_id: "ChIJN1t_tDeuEmsRUsoyG83frY4" });
await saveStoredProfile({ db: database.db, data: { ...profile }, updatedBy: null });
await database.close();
const port = Number(process.env.PORT ?? 5990);
const server = await startServer({
  dataDir,
  env: { PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}`, SMTP_URL: smtp.url, LEADS_TO, MAIL_POLL_SECONDS: "0.2" },
});
try {
  const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH || "/usr/bin/chromium", args: OFFLINE_CHROMIUM_FLAGS });
  try {
    const owner = await admin(browser, server);
    await journey(browser, server, smtp, owner, "en");
    await journey(browser, server, smtp, owner, "es");
    const alert = await mailTo(smtp, LEADS_TO, 1);
    await emailShots(browser, alert, "review-email-low-rating-alert");
    await seedMonths(server.dataDir);
    const page = await owner.newPage();
    await page.goto(`${server.url}/admin/reviews`, { waitUntil: "load" });
    await shot(page, "reviews-admin-375");
    console.log((await page.locator("main table").allInnerTexts()).join("\n\n"));
  } finally {
    await browser.close();
  }
} finally {
  await server.stop();
  await smtp.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
