/**
 * From a request to a signed job, end to end (issue 27), in a real browser against a server of its
 * own that mails a real SMTP listener, in English and in Spanish: the contractor, on a phone,
 * starts a quote from a saved template on the request's page and sends it from the builder; the
 * homeowner's email arrives in their language with the link; on their phone they pick the middle
 * option, tick an extra, consent and sign by keyboard; both the homeowner and the business receive
 * the signed PDF, which a real parser reads back (the choice, the totals, the Texas notices in the
 * homeowner's language, the signature line) and `qpdf --check` accepts; the request is Won; after
 * "Replace link" the old link is a plain 404. axe finds nothing on each state.
 */
import type { BrowserContext, Page } from "@playwright/test";
import { quotePageWords } from "#tests/e2e/quote-words.ts";
import { expect, expectNoAxeViolations, signedInAccount, test, waitForHydration, watchPage } from "#tests/e2e/helpers.ts";
import { withSiteDatabase } from "#tests/support/accounts.ts";
import { storeLead } from "#tests/support/seed-leads.ts";
import { startServer, type ServerProcess } from "#tests/support/server.ts";
import { startSmtpServer, type ReceivedMail, type SmtpTestServer } from "#tests/support/smtp.ts";
import { bathroomQuote } from "#tests/support/quote-page-fixtures.ts";
import { readPdf, qpdfCheck, hasQpdf } from "#tests/support/pdf-read.ts";
import { saveQuoteTemplate } from "#app/server/repos/quote-templates.server.ts";
import { getLead } from "#app/server/repos/leads.server.ts";
import { quoteTotals } from "#app/schemas/quote-money.ts";
import { formatCents } from "#app/components/quote/money.ts";
import type { Locale } from "#app/i18n/locale.ts";

// Its own server, past the ports playwright.config.ts and the other specs use (E2E_PORT + 0…9, 12).
const port = Number(process.env.E2E_PORT ?? 3217) + 10;
const LEADS_TO = "office@remodel.test";
const phone = { viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true };

const words = {
  en: {
    ...quotePageWords.en,
    subject: /^Your quote from .+: Hall bathroom remodel$/,
    link: /\/quote\/[A-Za-z0-9_-]{43}/,
    signedSubject: /^Your signed quote from .+: Hall bathroom remodel$/,
    notices: ["IMPORTANT NOTICE", "YOUR RIGHT TO CANCEL", "NOTICE OF CANCELLATION"],
    notFound: "We couldn't find that page",
  },
  es: {
    ...quotePageWords.es,
    subject: /^Su cotización de .+: Remodelación del baño de visitas$/,
    link: /\/es\/cotizacion\/[A-Za-z0-9_-]{43}/,
    signedSubject: /^Su cotización firmada de .+: Remodelación del baño de visitas$/,
    notices: ["AVISO IMPORTANTE", "SU DERECHO A CANCELAR", "AVISO DE CANCELACIÓN"],
    notFound: "No encontramos esa página",
  },
} as const;

test.describe.configure({ mode: "serial" });

let site: ServerProcess;
let smtp: SmtpTestServer;

test.beforeAll(async () => {
  smtp = await startSmtpServer();
  site = await startServer({
    env: { PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}`, SMTP_URL: smtp.url, LEADS_TO, MAIL_POLL_SECONDS: "0.2" },
  });
});

test.afterAll(async () => {
  await site?.stop();
  await smtp?.stop();
});

const data = () => ({ dataDir: site.dataDir });

/** A request in `locale` and the saved template of the hall bathroom in that language. */
async function seed(locale: Locale, email: string) {
  return withSiteDatabase(data(), async (database) => {
    await saveQuoteTemplate({
      db: database.db,
      kind: "quote",
      name: `Hall bathroom (${locale})`,
      body: JSON.stringify(bathroomQuote(locale)),
    });
    const { lead } = await storeLead({
      database,
      lead: {
        fromName: "Maria Gonzalez",
        email,
        phone: "(713) 555-0100",
        subject: "Hall bathroom",
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
    return lead;
  });
}

const mailsTo = (address: string) => smtp.messages.filter((m) => m.envelope.to.includes(address));

async function waitForMail(address: string, subject: RegExp): Promise<ReceivedMail> {
  await expect.poll(() => mailsTo(address).some((m) => subject.test(m.parsed.subject ?? "")), { timeout: 20_000 }).toBe(true);
  return mailsTo(address).find((m) => subject.test(m.parsed.subject ?? ""))!;
}

/** The contractor, on a phone: a quote from the template, sent from the builder. */
async function buildAndSend(context: BrowserContext, page: Page, leadId: string, locale: Locale) {
  await signedInAccount(context, site.url, { role: "admin", name: "Rosa Martinez", dataDir: site.dataDir });
  await page.goto(`${site.url}/admin/leads/${leadId}`);
  await waitForHydration(page);
  const quotes = page.locator("section[aria-labelledby='lead-quotes']");
  await quotes.getByLabel("Start from").selectOption({ label: `Template: Hall bathroom (${locale})` });
  await quotes.getByRole("button", { name: "New quote" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/leads/${leadId}/quotes/[0-9a-f-]{36}$`));
  await waitForHydration(page);
  if (locale === "es") await expect(page.getByText("This quote is in Spanish: write it in Spanish.")).toBeVisible();
  await expectNoAxeViolations(page, `builder from the ${locale} template`);
  await page.getByRole("button", { name: "Save and send", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: "Sent: version 1" }).first()).toBeVisible();
}

/** The homeowner, on their own phone: Better with the niche, consent, the typed name as the mark. */
async function readPickAndSign(page: Page, link: string, locale: Locale) {
  const w = words[locale];
  await page.goto(link);
  await expect(page.locator("html")).toHaveAttribute("lang", locale);
  await expectNoAxeViolations(page, `${locale} quote from the email`);
  await page.getByRole("radio", { name: w.better, exact: true }).check();
  await page.getByRole("checkbox", { name: new RegExp(w.extra) }).check();
  const expected = quoteTotals(bathroomQuote(locale), { optionId: "better", extraIds: ["better-niche"] });
  await expect(page.locator('[data-total="total"]')).toHaveText(formatCents(locale, expected.totalCents));
  await page.getByRole("button", { name: w.next }).click();
  await expectNoAxeViolations(page, `${locale} consent and signature`);
  await page.getByRole("checkbox", { name: w.consent }).check();
  await page.getByLabel(w.name).fill("Maria Gonzalez");
  await page.getByRole("checkbox", { name: w.typed }).focus();
  await page.keyboard.press("Space");
  await page.getByRole("button", { name: w.sign, exact: true }).click();
  await expect(page.getByRole("heading", { name: w.signed, exact: true })).toBeVisible();
  await expectNoAxeViolations(page, `${locale} signed`);
  return expected;
}

/** The PDF attached to `mail`, read back. */
async function attachedPdf(mail: ReceivedMail) {
  const attachment = mail.parsed.attachments.find((a) => a.contentType === "application/pdf");
  expect(attachment, `a PDF attached to “${mail.parsed.subject}”`).toBeDefined();
  const bytes = new Uint8Array(attachment!.content);
  if (hasQpdf) expect(qpdfCheck(bytes).ok).toBe(true);
  return { name: attachment!.filename ?? "", pdf: await readPdf(bytes) };
}

for (const locale of ["en", "es"] as const) {
  test(`${locale}: built from a template and sent on a phone, read, picked and signed on another, the PDF to both`, async ({ browser }) => {
    const w = words[locale];
    const email = `maria.${locale}.${Date.now()}@home.test`;
    const lead = await seed(locale, email);

    // Two people, two phones: each its own browser context, watched like every test's page.
    const errors: string[] = [];
    const contractor = await browser.newContext(phone);
    const contractorPage = await contractor.newPage();
    await watchPage(contractorPage, errors);
    await buildAndSend(contractor, contractorPage, lead.id, locale);

    const sent = await waitForMail(email, w.subject);
    const link = `${site.url}${w.link.exec(sent.parsed.text ?? "")![0]}`;

    const homeowner = await browser.newContext(phone);
    const homeownerPage = await homeowner.newPage();
    await watchPage(homeownerPage, errors);
    const expected = await readPickAndSign(homeownerPage, link, locale);

    // Both receive the signed PDF: the homeowner in their language, the business in English.
    const signedCopy = await attachedPdf(await waitForMail(email, w.signedSubject));
    const number = /^quote-(\d+)-v1\.pdf$/.exec(signedCopy.name)?.[1];
    const officeCopy = await attachedPdf(
      await waitForMail(LEADS_TO, new RegExp(`^Maria Gonzalez signed quote ${number} \\(version 1\\)$`)),
    );
    expect(signedCopy.name).toMatch(/^quote-\d+-v1\.pdf$/);
    for (const { pdf } of [signedCopy, officeCopy]) {
      expect(pdf.text).toContain(w.better);
      expect(pdf.text).toContain(w.extra);
      expect(pdf.text).not.toContain(locale === "es" ? "Superior" : "Heated floor");
      expect(pdf.text).toContain(formatCents(locale, expected.totalCents));
      expect(pdf.text).toContain("Maria Gonzalez");
      for (const notice of w.notices) expect(pdf.text).toContain(notice);
    }
    expect(await withSiteDatabase(data(), ({ db }) => getLead({ db, id: lead.id }))).toMatchObject({ status: "won" });

    // The contractor replaces the link: the old one is a plain 404 in the page's language.
    await contractorPage.goto(`${site.url}/admin/leads/${lead.id}`);
    await waitForHydration(contractorPage);
    await contractorPage.getByRole("button", { name: /^Replace link of quote/ }).click();
    await expect(contractorPage.getByRole("status").filter({ hasText: "has a new link" }).first()).toBeVisible();
    const old = await homeowner.newPage();
    const response = await old.goto(link);
    expect(response?.status()).toBe(404);
    await expect(old.getByRole("heading", { level: 1 })).toContainText(w.notFound);
    await contractor.close();
    await homeowner.close();
    expect(errors, "console errors or uncaught exceptions").toEqual([]);
  });
}
