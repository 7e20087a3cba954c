/**
 * Sending a quote (issue 27) against the real server and a real SMTP listener, on SQLite and (with
 * TEST_POSTGRES_URL) PostgreSQL: the "Send" action of the request's page freezes the draft and the
 * homeowner's email arrives in their language with the link to the quote's page; the request is
 * "Quote sent" and the send is in the quote's history. The follow-ups are made due by back-dating
 * their jobs: the first goes, then an answer settles the second unsent; a new version replaces
 * the old follow-ups; a quote not ready is refused with its sentence; the follow-ups' settings.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { databaseTargets } from "#tests/support/databases.ts";
import { LEADS_TO, seedLead, startAdminSite, textOf, type AdminSite } from "#tests/support/admin-site.ts";
import { LEAD_ENV, SITE_URL, marker, waitUntil } from "#tests/support/leads.ts";
import { startSmtpServer, type ReceivedMail, type SmtpTestServer } from "#tests/support/smtp.ts";
import { createTestAccount } from "#tests/support/accounts.ts";
import { emptyQuoteDocument, type NoticeText, type QuoteDocument } from "#app/schemas/quote.ts";
import { createQuote, getQuote, getQuoteVersion, updateQuoteStatus } from "#app/server/repos/quotes.server.ts";
import { listQuoteEvents } from "#app/server/repos/quote-events.server.ts";
import { listEmailJobs } from "#app/server/repos/email-jobs.server.ts";
import { getLead, updateLeadStatus } from "#app/server/repos/leads.server.ts";
import { newLinkToken } from "#app/server/quotes/link-token.server.ts";
import type { Locale } from "#app/i18n/locale.ts";

const DAY_MS = 86_400_000;

/** The quote page's link in an email's text. */
const linkIn = (mail: ReceivedMail) =>
  /https?:\/\/[^\s"<>]+\/(?:quote|es\/cotizacion)\/[A-Za-z0-9_-]{43}/.exec(mail.parsed.text ?? "")?.[0];

/** One line of a section: 50 sq ft at a unit price. */
const line = (id: string, description: string, unitPriceCents: number, optional = false) => ({
  id,
  kind: "item" as const,
  description,
  quantityMilli: 50_000,
  unit: "sq ft",
  unitPriceCents,
  optional,
  note: "",
});

/** A quote ready to send: two options, an extra, valid until far ahead. */
function readyDocument(overrides: Partial<QuoteDocument> = {}): QuoteDocument {
  return {
    ...emptyQuoteDocument({ title: "Hall bathroom", warranty: "", terms: "" }),
    options: [
      { id: "o1", name: "Good", summary: "", sections: [{ id: "s1", title: "Floor", lines: [line("l1", "Ceramic tile", 1_200)] }] },
      {
        id: "o2",
        name: "Better",
        summary: "",
        sections: [{ id: "s1", title: "Floor", lines: [line("l2", "Porcelain tile", 1_800), line("l3", "Heated floor", 900, true)] }],
      },
    ],
    validUntil: "2099-12-31",
    ...overrides,
  };
}

for (const target of databaseTargets("quote_sending", "quote sending suite")) {
  describe(`sending a quote (${target.name})`, () => {
    let site: AdminSite;
    let smtp: SmtpTestServer;

    beforeAll(async () => {
      await target.setup();
      smtp = await startSmtpServer();
      site = await startAdminSite(target, { ...LEAD_ENV, LEADS_TO, SMTP_URL: smtp.url, MAIL_POLL_SECONDS: "0.2" });
    }, 60_000);

    afterAll(async () => {
      await site?.stop();
      await smtp?.stop();
      await target.teardown();
    });

    /** A request from `email` with a draft quote on it. */
    async function quoteFor(locale: Locale, document: unknown = readyDocument()) {
      const email = `${marker("q")}@home.test`;
      const { lead } = await seedLead(site, { email, fromName: "Maria Gonzalez", locale }, { jobs: [] });
      const token = newLinkToken("any", "quote");
      const quote = await site.db(({ db }) =>
        createQuote({ db, leadId: lead.id, locale, draft: JSON.stringify(document), tokenNonce: token.nonce, tokenSha256: token.sha256 }),
      );
      return { lead, quote: quote!, email };
    }

    // PUBLIC_URL is the site's address here: the posts come from it, as a browser's would.
    const fromSite = { origin: SITE_URL, host: new URL(SITE_URL).host };
    const postSettings = (fields: Record<string, string>, cookie?: string) =>
      site.post("/admin/quotes/settings", { intent: "follow-ups", ...fields }, { headers: fromSite, ...(cookie ? { cookie } : {}) });
    const send = (leadId: string, quoteId: string) =>
      site.post(`/admin/leads/${leadId}`, { intent: "quote-send", quote_id: quoteId }, { headers: fromSite });
    const mailsTo = (email: string) => smtp.messages.filter((m) => m.envelope.to.includes(email));
    const waitForMailsTo = async (email: string, count: number, what: string) => {
      await waitUntil(() => mailsTo(email).length >= count, 20_000, what);
      return mailsTo(email);
    };
    const jobsOf = (leadId: string) => site.db(({ db }) => listEmailJobs({ db, leadId }));
    const followUpsOf = async (leadId: string) => (await jobsOf(leadId)).filter((job) => job.kind === "quote-follow-up");
    const makeDue = (jobId: string) =>
      site.db(({ db }) =>
        db
          .updateTable("email_jobs")
          .set({ next_attempt_at: new Date(Date.now() - 60_000).toISOString() })
          .where("id", "=", jobId)
          .execute(),
      );

    test("sent: the homeowner's email with the link, the request “Quote sent”, the event; then a follow-up, then an answer stops the next", async () => {
      const { lead, quote, email } = await quoteFor("en");
      const res = await send(lead.id, quote.id);
      expect(res.status, textOf(res.text).slice(0, 400)).toBe(200);
      expect(textOf(res.text)).toContain(
        `Quote ${quote.number} is on its way to ${email}. Follow-ups go 3 and 7 days from now unless they answer first.`,
      );

      const [mail] = await waitForMailsTo(email, 1, "the quote's email");
      expect(mail!.parsed.subject).toBe("Your quote from Example Home Remodeling: Hall bathroom");
      expect(mail!.parsed.text).toContain("- Good: $600.00");
      expect(mail!.parsed.text).toContain("- Better: $900.00");
      expect(mail!.parsed.text).toContain("This quote is valid until December 31, 2099.");
      expect(linkIn(mail!)).toMatch(new RegExp(`^${SITE_URL}/quote/[A-Za-z0-9_-]{43}$`));
      expect(mail!.parsed.html).toContain(">See your quote</a>");
      expect(mail!.parsed.replyTo?.text).toBe(LEADS_TO);

      const stored = await site.db(({ db }) => getQuote({ db, id: quote.id }));
      expect(stored).toMatchObject({ status: "sent", current_version: 1 });
      // The quote sent answers the request: its first answer, the send's own moment (issue 29).
      expect((await site.db(({ db }) => getLead({ db, id: lead.id })))?.first_answered_at).toBe(stored!.sent_at);
      const page = await site.get(`/admin/leads/${lead.id}`);
      expect(page.text).toMatch(/<option value="quoted" selected="">Quote sent<\/option>/);
      expect(textOf(page.text)).toContain("Send version 2");
      const events = await site.db(({ db }) => listQuoteEvents({ db, quoteId: quote.id }));
      expect(events.map((e) => [e.kind, e.version])).toEqual([["sent", 1]]);

      // The two follow-ups wait 3 and 7 days.
      const followUps = await followUpsOf(lead.id);
      expect(followUps.map((job) => Math.round((Date.parse(job.next_attempt_at) - Date.parse(stored!.sent_at!)) / DAY_MS))).toEqual([3, 7]);

      await makeDue(followUps[0]!.id);
      const [, first] = await waitForMailsTo(email, 2, "the first follow-up");
      expect(first!.parsed.subject).toBe("Following up on your quote from Example Home Remodeling: Hall bathroom");
      expect(first!.parsed.text).toContain("We wanted to make sure you received the quote we sent on");
      expect(linkIn(first!)).toBe(linkIn(mail!));
      await waitUntil(
        async () => (await site.db(({ db }) => listQuoteEvents({ db, quoteId: quote.id }))).some((e) => e.kind === "follow-up"),
        10_000,
        "the follow-up in the history",
      );

      // The homeowner asks a question: the answer is recorded as the quote page will.
      await site.db(({ db }) => updateQuoteStatus({ db, id: quote.id, status: "sent", answered: true }));
      await makeDue(followUps[1]!.id);
      await waitUntil(
        async () => (await followUpsOf(lead.id)).every((job) => job.id !== followUps[1]!.id),
        10_000,
        "the second follow-up settled",
      );
      expect(site.server.stdout()).toContain("quote follow-up not sent: no longer needed");
      expect(site.server.stdout()).toContain("the homeowner answered");
      expect(mailsTo(email)).toHaveLength(2);
      const kinds = (await site.db(({ db }) => listQuoteEvents({ db, quoteId: quote.id }))).map((e) => e.kind);
      expect(kinds).toEqual(["sent", "follow-up"]);
    });

    test("Spanish: the email in Spanish with the Spanish page's link; the ticked notice frozen in Spanish", async () => {
      const document = readyDocument();
      const { lead, quote, email } = await quoteFor("es", { ...document, notices: { ...document.notices, homestead: true } });
      expect((await send(lead.id, quote.id)).status).toBe(200);
      const [mail] = await waitForMailsTo(email, 1, "the quote's email in Spanish");
      expect(mail!.parsed.subject).toBe("Su cotización de Example Home Remodeling: Hall bathroom");
      expect(mail!.parsed.text).toContain("Hola, Maria:");
      expect(mail!.parsed.text).toContain("Esta cotización es válida hasta el 31 de diciembre de 2099.");
      expect(linkIn(mail!)).toMatch(new RegExp(`^${SITE_URL}/es/cotizacion/[A-Za-z0-9_-]{43}$`));
      expect(mail!.parsed.html).toContain('<html lang="es">');
      const version = await site.db(({ db }) => getQuoteVersion({ db, quoteId: quote.id, version: 1 }));
      const notices = JSON.parse(version!.notice_texts) as NoticeText[];
      expect(notices.map((n) => [n.id, n.placement])).toEqual([["homestead", "at-signature"]]);
      expect(notices[0]).toMatchObject({ title: "AVISO IMPORTANTE" });
      expect(notices[0]!.body).toContain("podría perder su derecho legal de propiedad sobre su casa");
    });

    test("a new version replaces the old follow-ups and says what it replaces; a won request stays won", async () => {
      const { lead, quote, email } = await quoteFor("en");
      expect((await send(lead.id, quote.id)).status).toBe(200);
      const oldFollowUps = (await followUpsOf(lead.id)).map((job) => job.id);
      expect(oldFollowUps).toHaveLength(2);
      await site.db(({ db }) => updateLeadStatus({ db, id: lead.id, status: "won" }));

      const res = await send(lead.id, quote.id);
      expect(textOf(res.text)).toContain(`Version 2 of quote ${quote.number} is on its way to ${email}.`);
      const followUps = await followUpsOf(lead.id);
      expect(followUps).toHaveLength(2);
      for (const job of followUps) {
        expect(oldFollowUps).not.toContain(job.id);
        expect(JSON.parse(job.payload).quoteFollowUp).toEqual({ quoteId: quote.id, version: 2 });
      }
      const mails = await waitForMailsTo(email, 2, "both versions' emails");
      const updated = mails.find((m) => m.parsed.subject?.startsWith("Your updated quote"));
      expect(updated?.parsed.text).toContain("This updated quote replaces the one we sent on");
      const events = await site.db(({ db }) => listQuoteEvents({ db, quoteId: quote.id }));
      expect(events.map((e) => [e.kind, e.version])).toEqual([
        ["sent", 1],
        ["sent", 2],
      ]);
      expect((await site.get(`/admin/leads/${lead.id}`)).text).toMatch(/<option value="won" selected="">Won<\/option>/);
    });

    test("a quote not ready is refused with its sentence, and nothing is sent", async () => {
      const cases: [unknown, string][] = [
        [
          readyDocument({ options: [{ id: "o1", name: "Good", summary: "", sections: [{ id: "s1", title: "Floor", lines: [] }] }] }),
          "The option “Good” has no lines yet. Add at least one line to it before sending.",
        ],
        [
          readyDocument({ validUntil: "2020-01-31" }),
          "The quote says it is valid until 2020-01-31, which has passed. Choose a later date before sending.",
        ],
        [
          readyDocument({ payment: { deposit: { kind: "amount", cents: 70_000 }, milestones: [] } }),
          "The payments of “Good” add up to $100.00 more than its total. Lower the deposit or a milestone before sending.",
        ],
      ];
      for (const [document, sentence] of cases) {
        const { lead, quote } = await quoteFor("en", document);
        const res = await send(lead.id, quote.id);
        expect(res.status).toBe(400);
        expect(textOf(res.text)).toContain(sentence);
        expect(await jobsOf(lead.id)).toEqual([]);
        expect((await site.db(({ db }) => getQuote({ db, id: quote.id })))?.current_version).toBe(0);
      }
      // Another request's quote is not this page's to send.
      const { quote } = await quoteFor("en");
      const { lead: other } = await quoteFor("en");
      const res = await send(other.id, quote.id);
      expect(res.status).toBe(404);
      expect(textOf(res.text)).toContain("That quote is not one of this request's quotes.");
    });

    test("the follow-ups' settings: shown, saved and used by the next send; bad days are a 400; customers are refused", async () => {
      const page = await site.get("/admin/quotes/settings");
      expect(page.status).toBe(200);
      expect(page.text).toMatch(/id="first_days"[^>]*value="3"/);
      // Found from the admin menu's Quotes page.
      expect((await site.get("/admin/quotes")).text).toContain('href="/admin/quotes/settings"');
      const dashboard = await site.get("/admin");
      expect(dashboard.text).toContain('href="/admin/quotes"');
      // The dashboard's pipeline counts the quotes the tests before sent.
      expect(textOf(dashboard.text)).toMatch(/Pipeline .*Quotes sent [1-9]\d* [1-9]\d*/);

      const bad = await postSettings({ first_days: "9", second_days: "4" });
      expect(bad.status).toBe(400);
      expect(textOf(bad.text)).toContain("The second follow-up must come later than the first (or be 0 to turn it off).");
      expect(bad.text).toMatch(/id="first_days"[^>]*value="9"/);
      expect((await postSettings({ first_days: "x", second_days: "4" })).status).toBe(400);

      const saved = await postSettings({ first_days: "0", second_days: "5" });
      expect(saved.status).toBe(200);
      expect(textOf(saved.text)).toContain("Saved. An unanswered quote gets one follow-up 5 days after it was sent.");
      const { lead, quote } = await quoteFor("en");
      expect(textOf((await send(lead.id, quote.id)).text)).toContain("Follow-ups go 5 days from now");
      expect(await followUpsOf(lead.id)).toHaveLength(1);

      const customer = await createTestAccount(site.target);
      expect((await site.get("/admin/quotes/settings", customer.cookie)).status).toBe(403);
      const refused = await site.post(
        "/admin/quotes/settings",
        { intent: "follow-ups", first_days: "1", second_days: "2" },
        { cookie: customer.cookie },
      );
      expect(refused.status).toBe(403);
      expect((await postSettings({ first_days: "3", second_days: "7" })).status).toBe(200);
    });
  });
}
