/**
 * After the job, the whole way (issue 29), in a real browser on a 375 px phone against a server of
 * its own that mails a real SMTP listener: the contractor taps "Job done" on a won request; the
 * homeowner's review request arrives (in their language, with the public link and the one-click
 * unsubscribe headers); the homeowner opens "tell us how we did", gives a low rating and still
 * sees the public link, which leads to the business's Google review page; the owner is alerted at
 * once. In Spanish, a consenting comment becomes a testimonial on the home page once the owner
 * publishes it. axe finds nothing on each page.
 *
 * The delay before the request (2 days, and the 10 AM rule) is tested on a fixed clock in
 * tests/integration/reviews; here the waiting email job is brought forward to now, as if the
 * days had passed.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser, Page } from "@playwright/test";
import type { Locale } from "#app/i18n/locale.ts";
import { migrateToLatest, openDatabase } from "#app/server/db/index.server.ts";
import { saveStoredProfile } from "#app/server/repos/site-profile.server.ts";
import { ProfileFormSchema, profileToFields } from "#app/schemas/site.ts";
import { defaultProfile } from "#app/content/company.ts";
import { withSiteDatabase } from "#tests/support/accounts.ts";
import { storeLead } from "#tests/support/seed-leads.ts";
import { rawHeader } from "#tests/support/review-mail.ts";
import { startServer, type ServerProcess } from "#tests/support/server.ts";
import { startSmtpServer, type ReceivedMail, type SmtpTestServer } from "#tests/support/smtp.ts";
import { expect, expectNoAxeViolations, signedInAccount, test, waitForHydration, watchPage } from "#tests/e2e/helpers.ts";

// Its own server, past the ports playwright.config.ts and the other specs use (E2E_PORT + 0…13).
const port = Number(process.env.E2E_PORT ?? 3217) + 14;
const LEADS_TO = "office@remodel.test";
const BUSINESS = "Bayou Review Builders";
const PLACE_ID = "ChIJe2eReviewJourney_0001";
const phone = { viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true };

test.describe.configure({ mode: "serial" });

let site: ServerProcess;
let smtp: SmtpTestServer;
let dataDir: string;

test.beforeAll(async () => {
  smtp = await startSmtpServer();
  dataDir = mkdtempSync(path.join(tmpdir(), "review-journey-"));
  // The contractor's profile with a Google Place ID: where every review request sends everyone.
  const database = await openDatabase({ dataDir });
  try {
    await migrateToLatest(database);
    const profile = ProfileFormSchema.parse({ ...profileToFields(defaultProfile), name: BUSINESS, review_place_id: PLACE_ID });
    await saveStoredProfile({ db: database.db, data: { ...profile }, updatedBy: null });
  } finally {
    await database.close();
  }
  site = await startServer({
    dataDir,
    env: { PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}`, SMTP_URL: smtp.url, LEADS_TO, MAIL_POLL_SECONDS: "0.2" },
  });
});

test.afterAll(async () => {
  await site?.stop();
  await smtp?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function phonePage(browser: Browser, errors: string[]): Promise<Page> {
  const page = await (await browser.newContext(phone)).newPage();
  await watchPage(page, errors);
  return page;
}

async function waitForMail(address: string, subject: RegExp): Promise<ReceivedMail> {
  const find = () => smtp.messages.find((m) => m.envelope.to.includes(address) && subject.test(m.parsed.subject ?? ""));
  await expect.poll(() => find() !== undefined, { message: `an email “${subject.source}” to ${address}`, timeout: 20_000 }).toBe(true);
  return find()!;
}

/** A won request of a new homeowner, stored as the estimate form stores it. */
async function wonRequest(locale: Locale, name: string, email: string): Promise<string> {
  return withSiteDatabase({ dataDir }, async (database) => {
    const { lead } = await storeLead({
      database,
      lead: {
        fromName: name,
        email,
        phone: "(713) 555-0147",
        subject: locale === "es" ? "Remodelación de baño" : "Bathroom remodel",
        message: "",
        source: locale === "es" ? "/es/contacto" : "/contact",
        isSpam: false,
        spamReason: null,
        ipHash: null,
        userAgent: "e2e",
        locale,
      },
      jobs: [],
      mail: { to: LEADS_TO, from: "Website <no-reply@remodel.test>", siteUrl: site.url },
    });
    await database.db.updateTable("leads").set({ status: "won" }).where("id", "=", lead.id).execute();
    return lead.id;
  });
}

/** The contractor, on a phone: the request's page, one tap on "Job done". */
async function markJobDone(browser: Browser, leadId: string, errors: string[]): Promise<void> {
  const page = await phonePage(browser, errors);
  await signedInAccount(page.context(), site.url, { role: "admin", name: "Rosa Martinez", dataDir });
  await page.goto(`${site.url}/admin/leads/${leadId}`);
  await waitForHydration(page);
  await page.getByRole("button", { name: "Job done", exact: true }).tap();
  await expect(page.getByText(/^Review request: will go /)).toBeVisible();
  await expectNoAxeViolations(page, "a request's page after Job done");
  await page.context().close();
}

/** As if the delay had passed: the waiting review request is due now. */
async function bringRequestForward(leadId: string): Promise<void> {
  await withSiteDatabase({ dataDir }, (database) =>
    database.db
      .updateTable("email_jobs")
      .set({ next_attempt_at: new Date().toISOString() })
      .where("lead_id", "=", leadId)
      .where("kind", "=", "review-request")
      .where("status", "=", "pending")
      .execute(),
  );
}

/** The review page's address in the email's text, and the public link's. */
function linksIn(mail: ReceivedMail, locale: Locale): { page: string; go: string } {
  const text = mail.parsed.text ?? "";
  const pagePath = locale === "es" ? "/es/resena/" : "/review/";
  const page = new RegExp(`${site.url}${pagePath}[A-Za-z0-9_-]{43}`).exec(text)?.[0];
  const go = new RegExp(`${site.url}/review/[A-Za-z0-9_-]{43}/go`).exec(text)?.[0];
  expect(page, "the review page's link").toBeDefined();
  expect(go, "the public review link").toBeDefined();
  return { page: page!, go: go! };
}

test("job done on a phone → the review request arrives → a low rating keeps the public link and alerts the owner", async ({ browser }) => {
  const errors: string[] = [];
  const stamp = Date.now();
  const email = `maria.${stamp}@home.test`;
  const leadId = await wonRequest("en", `Maria Lopez ${stamp}`, email);

  await markJobDone(browser, leadId, errors);
  await bringRequestForward(leadId);
  const mail = await waitForMail(email, new RegExp(`^How did we do\\? A quick review for ${BUSINESS}$`));
  expect(rawHeader(mail, "List-Unsubscribe")).toMatch(new RegExp(`^<${site.url}/unsubscribe/[^>]+>$`));
  expect(rawHeader(mail, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
  const links = linksIn(mail, "en");

  // The public link leads to the business's Google review page, counted on the way.
  const go = await fetch(links.go, { redirect: "manual" });
  expect(go.status).toBe(303);
  expect(go.headers.get("location")).toBe(`https://search.google.com/local/writereview?placeid=${PLACE_ID}`);

  const page = await phonePage(browser, errors);
  expect((await page.goto(links.page))?.status()).toBe(200);
  const publicLink = page.getByRole("link", { name: "Leave a review on Google" });
  await expect(publicLink).toHaveAttribute("href", new URL(links.go).pathname);
  await expectNoAxeViolations(page, "the review page");

  await page.getByText("2 — Poor", { exact: true }).tap();
  await page.getByLabel("Your comment (optional)").fill("The tile line is crooked by the tub.");
  await page.getByRole("button", { name: "Send my feedback" }).tap();
  await expect(page.getByText(`Thank you! ${BUSINESS} has your feedback.`)).toBeVisible();
  // Whatever the rating, the same public link stays on the page.
  await expect(page.getByRole("link", { name: "Leave a review on Google" })).toHaveAttribute("href", new URL(links.go).pathname);
  await expectNoAxeViolations(page, "the review page after a low rating");

  const alert = await waitForMail(LEADS_TO, /^Low rating: 2 of 5 from /);
  expect(alert.parsed.text ?? "").toContain("The tile line is crooked by the tub.");
  expect(errors).toEqual([]);
});

test("en español: a consenting comment becomes a testimonial once the owner publishes it", async ({ browser }) => {
  const errors: string[] = [];
  const stamp = Date.now();
  const email = `ana.${stamp}@home.test`;
  const leadId = await wonRequest("es", `Ana Torres ${stamp}`, email);

  await markJobDone(browser, leadId, errors);
  await bringRequestForward(leadId);
  const mail = await waitForMail(email, /^¿Cómo le pareció nuestro trabajo\? Una reseña rápida para /);
  const links = linksIn(mail, "es");

  const page = await phonePage(browser, errors);
  expect((await page.goto(links.page))?.status()).toBe(200);
  await expect(page.getByRole("link", { name: "Deje una reseña en Google" })).toBeVisible();
  const comment = `Muy buen trabajo en el baño, todo limpio y a tiempo ${stamp}.`;
  await page.getByText("5 — Excelente", { exact: true }).tap();
  await page.getByLabel(/Su comentario/).fill(comment);
  await page.getByLabel("Pueden citar mis palabras en su sitio web con mi nombre de pila y mi vecindario").check();
  await page.getByLabel("Su nombre de pila").fill("Ana");
  await page.getByLabel("Su vecindario (opcional)").fill("Heights");
  await page.getByRole("button", { name: "Enviar mi opinión" }).tap();
  await expect(page.getByText(`¡Gracias! ${BUSINESS} ya recibió su opinión.`)).toBeVisible();
  await expect(page.getByRole("link", { name: "Deje una reseña en Google" })).toBeVisible();
  await expectNoAxeViolations(page, "the Spanish review page after sending");

  // Not on the site before the owner publishes it.
  expect(await (await fetch(`${site.url}/es/`)).text()).not.toContain(comment);

  const owner = await phonePage(browser, errors);
  await signedInAccount(owner.context(), site.url, { role: "admin", name: "Rosa Martinez", dataDir });
  await owner.goto(`${site.url}/admin/reviews`);
  await waitForHydration(owner);
  const item = owner.getByRole("listitem").filter({ hasText: comment });
  await item.getByRole("button", { name: "Publish as testimonial" }).tap();
  await expect(
    owner.getByRole("listitem").filter({ hasText: comment }).getByRole("button", { name: "Publish as testimonial" }),
  ).toHaveCount(0);
  await expectNoAxeViolations(owner, "the reviews page after publishing");

  await expect.poll(async () => (await (await fetch(`${site.url}/es/`)).text()).includes(comment), { timeout: 10_000 }).toBe(true);
  const home = await phonePage(browser, errors);
  await home.goto(`${site.url}/es/`);
  await expect(home.getByText(comment)).toBeVisible();
  await expect(home.getByText(/Ana.*Heights/).first()).toBeVisible();
  expect(errors).toEqual([]);
});
