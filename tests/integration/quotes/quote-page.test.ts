/**
 * The homeowner's quote page (issue 27) against the real built server, on SQLite and (with
 * TEST_POSTGRES_URL) PostgreSQL, with a real SMTP listener: wrong, replaced and never-sent links
 * are a plain 404 in the address's language; the page is noindex and never cached; the other
 * language's address redirects; the server's totals for a pick; a question reaches the request's
 * history, the business inbox and the push queue; signing with and without a drawn mark, bound to
 * the SHA-256 of the agreement as the page showed it; every bad input a 400 with its sentence;
 * an old version refused; the signed state and its PDF link; both languages.
 */
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { databaseTargets } from "#tests/support/databases.ts";
import { LEADS_TO, seedLead, setUpAdminSite, tearDownAdminSite, textOf, type AdminSite } from "#tests/support/admin-site.ts";
import { waitUntil } from "#tests/support/leads.ts";
import { startSmtpServer, type SmtpTestServer } from "#tests/support/smtp.ts";
import { bathroomQuote, seedSentQuote, sendVersion, sampleNotices, type SentQuoteFixture } from "#tests/support/quote-page-fixtures.ts";
import { quoteTotals } from "#app/schemas/quote-money.ts";
import { getQuote, updateQuoteToken } from "#app/server/repos/quotes.server.ts";
import { listQuoteEvents } from "#app/server/repos/quote-events.server.ts";
import { listQuoteSignatures } from "#app/server/repos/quote-signatures.server.ts";
import { readPdf } from "#tests/support/pdf-read.ts";
import { createPushSubscription } from "#app/server/repos/push-subscriptions.server.ts";
import { formatCents } from "#app/components/quote/money.ts";
import { quotePageLimits } from "#app/schemas/quote-page.ts";

let smtp: SmtpTestServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(async () => {
  await smtp?.stop();
});

const UA = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) quote-page-test";

/** The parts a signature binds to, as the page carries them, in page order. */
function shownHtml(html: string): string {
  return (html.match(/<article\b[^>]*\bdata-shown="[^"]*"[^>]*>[\s\S]*?<\/article>/g) ?? []).join("");
}
const hiddenValue = (html: string, name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1] ?? "";
const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

const targets = databaseTargets("quote-page", "quote page suite");

describe.each(targets)("the quote page on $name", (target) => {
  let site: AdminSite;

  beforeAll(async () => {
    site = await setUpAdminSite(target, { SMTP_URL: smtp.url, MAIL_FROM: "Houston Remodeling <estimates@remodel.test>" });
    await site.db((database) =>
      createPushSubscription({
        db: database.db,
        userId: site.admin.user.id,
        endpoint: `https://push.example.invalid/${target.name}`,
        p256dh: "BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM",
        auth: "tBHItJI5svbpez7KI4CCXg",
        userAgent: "test",
      }),
    );
  });
  afterAll(() => tearDownAdminSite(target, site));

  async function sentQuote(locale: "en" | "es" = "en", options: { send?: boolean } = {}): Promise<SentQuoteFixture & { leadId: string }> {
    const { lead } = await seedLead(site, { fromName: "Maria Gonzalez", locale } as never, { jobs: [] });
    const fixture = await site.db((database) => seedSentQuote(database, { leadId: lead.id, locale, ...options }));
    return { ...fixture, leadId: lead.id };
  }
  const anonymous = (path: string) => site.get(path, "");
  const post = (path: string, fields: [string, string][]) => site.post(path, fields, { cookie: "", headers: { "user-agent": UA } });

  test("a wrong, malformed, replaced or never-sent link is a plain 404, private, in the address's language", async () => {
    const draft = await sentQuote("en", { send: false });
    const replaced = await sentQuote();
    expect((await anonymous(replaced.path)).status).toBe(200);
    await site.db((database) =>
      updateQuoteToken({ db: database.db, id: replaced.quoteId, tokenNonce: "new", tokenSha256: "0".repeat(64) }),
    );
    for (const path of ["/quote/" + "A".repeat(43), "/quote/short", "/quote/%3Cscript%3E", draft.path, replaced.path]) {
      const res = await anonymous(path);
      expect(res.status, path).toBe(404);
      expect(res.headers["cache-control"], path).toContain("no-store");
      expect(res.headers["x-robots-tag"], path).toContain("noindex");
    }
    const spanish = await anonymous("/es/cotizacion/" + "B".repeat(43));
    expect(spanish.status).toBe(404);
    expect(spanish.text).toContain('<html lang="es"');
  });

  test("the page is noindex, never cached, and the other language's address redirects to the quote's own", async () => {
    const quote = await sentQuote();
    for (let i = 0; i < 2; i++) {
      const res = await anonymous(quote.path);
      expect(res.status).toBe(200);
      expect(res.headers["cache-control"]).toContain("no-store");
      expect(res.headers["x-robots-tag"]).toContain("noindex");
      expect(res.headers["x-page-cache"]).toBeUndefined();
      expect(res.text).toMatch(/<meta name="robots" content="noindex/);
    }
    const other = await anonymous(`/es/cotizacion/${quote.token}?option=best`);
    expect(other.status).toBe(302);
    expect(other.headers.location).toBe(`${quote.path}?option=best`);
  });

  test("the page shows the current version, and the server's totals for a pick", async () => {
    const quote = await sentQuote();
    const page = await anonymous(`${quote.path}?option=better&extra=better-niche&extra=best-heat`);
    const text = textOf(page.text);
    expect(text).toContain(`Quote ${quote.number} · version 1`);
    expect(text).toContain("Hall bathroom remodel");
    expect(text).toContain("Valid until December 31, 2099");
    const totals = quoteTotals(bathroomQuote(), { optionId: "better", extraIds: ["better-niche"] });
    const cell = /data-total="total"[^>]*>([^<]*)</.exec(page.text)?.[1];
    expect(cell).toBe(formatCents("en", totals.totalCents));
    expect(/data-payment="final"[^>]*>([^<]*)</.exec(page.text)?.[1]).toBe(formatCents("en", totals.schedule.at(-1)!.cents));
    expect(page.text).toMatch(/name="option" checked="" value="better"/);
    expect(page.text).toContain("Final payment, after the final walk-through");
    // A new version replaces what the page shows.
    await site.db((database) => sendVersion(database, quote.quoteId, { ...bathroomQuote(), title: "Hall bathroom remodel, revised" }, []));
    expect(textOf((await anonymous(quote.path)).text)).toContain(`Quote ${quote.number} · version 2`);
  });

  test("the first opening is recorded and told; a question reaches the history, the inbox and the push queue", async () => {
    const quote = await sentQuote();
    // The contractor checking the link, signed in, is not the homeowner opening it.
    expect((await site.get(quote.path)).status).toBe(200);
    expect(await site.db((database) => listQuoteEvents({ db: database.db, quoteId: quote.quoteId }))).toEqual([]);
    await anonymous(quote.path);
    await anonymous(quote.path);
    const opened = (await site.db((database) => listQuoteEvents({ db: database.db, quoteId: quote.quoteId }))).filter(
      (e) => e.kind === "opened",
    );
    expect(opened).toHaveLength(1);
    const res = await post(quote.path, [
      ["intent", "ask"],
      ["kind", "question"],
      ["message", "Can the niche be 24 inches wide?"],
    ]);
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe(`${quote.path}?done=asked#ask`);
    expect(textOf((await anonymous(`${quote.path}?done=asked`)).text)).toContain("Thank you: ");
    const events = await site.db((database) => listQuoteEvents({ db: database.db, quoteId: quote.quoteId }));
    expect(events.map((e) => e.kind)).toEqual(["opened", "question"]);
    const row = await site.db((database) => getQuote({ db: database.db, id: quote.quoteId }));
    expect(row?.status).toBe("sent");
    expect(row?.answered_at).not.toBeNull();
    await waitUntil(
      () => smtp.messages.some((m) => m.envelope.to.includes(LEADS_TO) && m.parsed.text?.includes("Can the niche be 24 inches wide?")),
      15_000,
      "the question's email",
    );
    const mail = smtp.messages.find((m) => m.parsed.text?.includes("Can the niche be 24 inches wide?"))!;
    expect(mail.parsed.subject).toBe(`Maria Gonzalez has a question about quote ${quote.number} (version 1)`);
    expect(smtp.messages.some((m) => m.parsed.subject === `Maria Gonzalez opened quote ${quote.number} (version 1)`)).toBe(true);
    const pushes = await site.db((database) =>
      database.db.selectFrom("push_jobs").select("payload").where("lead_id", "=", quote.leadId).execute(),
    );
    expect(pushes.map((p) => JSON.parse(p.payload).title)).toEqual(expect.arrayContaining(["Quote opened", "A question about a quote"]));
    const admin = textOf((await site.get(`/admin/leads/${quote.leadId}`)).text);
    expect(admin).toContain(`Asked a question · quote ${quote.number}, version 1`);
    expect(admin).toContain("Can the niche be 24 inches wide?");
  });

  test("a bad question is a 400 with its sentence, and nothing is stored", async () => {
    const quote = await sentQuote("es");
    const empty = await post(quote.path, [
      ["intent", "ask"],
      ["kind", "changes"],
      ["message", "  "],
    ]);
    expect(empty.status).toBe(400);
    expect(textOf(empty.text)).toContain("Escriba su mensaje.");
    const long = await post(quote.path, [
      ["intent", "ask"],
      ["kind", "question"],
      ["message", "x".repeat(quotePageLimits.message.max + 1)],
    ]);
    expect(long.status).toBe(400);
    const events = await site.db((database) => listQuoteEvents({ db: database.db, quoteId: quote.quoteId }));
    expect(events.filter((e) => e.kind !== "opened")).toHaveLength(0);
  });

  /** The signing step for a pick, and the form's fields as the page carries them. */
  async function signingStep(quote: SentQuoteFixture, pick: [string, string][]) {
    const query = new URLSearchParams([["step", "sign"], ...pick]).toString();
    const page = await anonymous(`${quote.path}?${query}`);
    expect(page.status).toBe(200);
    const fields: [string, string][] = [
      ["intent", "sign"],
      ...pick,
      ["version", hiddenValue(page.text, "version")],
      ["shownSha256", hiddenValue(page.text, "shownSha256")],
    ];
    return { page, fields };
  }

  test("signing without a drawn mark records the time, address, browser, version and the hash of what was shown", async () => {
    const quote = await sentQuote();
    const { page, fields } = await signingStep(quote, [
      ["option", "better"],
      ["extra", "better-fan"],
    ]);
    const shown = shownHtml(page.text);
    expect(shown).toContain('data-shown="agreement"');
    expect(shown).toContain('data-shown="consent"');
    expect(shown).toContain("Important notice: homestead");
    expect(hiddenValue(page.text, "shownSha256")).toBe(sha256(shown));
    const res = await post(quote.path, [...fields, ["consent", "yes"], ["fullName", "Maria Gonzalez"], ["useTypedMark", "yes"]]);
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe(`${quote.path}?done=signed`);
    const [signature] = await site.db((database) => listQuoteSignatures({ db: database.db, quoteId: quote.quoteId }));
    expect(signature).toMatchObject({ version: 1, full_name: "Maria Gonzalez", mark_kind: "keyboard", mark: "", user_agent: UA });
    expect(signature!.document_sha256).toBe(sha256(shown));
    expect(signature!.ip).toMatch(/127\.0\.0\.1|::1/);
    expect(JSON.parse(signature!.selection)).toEqual({ optionId: "better", extraIds: ["better-fan"] });
    expect(JSON.parse(signature!.totals).totalCents).toBe(
      quoteTotals(bathroomQuote(), { optionId: "better", extraIds: ["better-fan"] }).totalCents,
    );
    // Signed: locked, with the PDF's link.
    const signed = await anonymous(`${quote.path}?done=signed`);
    expect(textOf(signed.text)).toContain("Signed by Maria Gonzalez on");
    expect(signed.text).not.toContain('name="option"');
    expect(signed.text).toContain(`href="/quote/${quote.token}/pdf"`);
    // The PDF is made on first use and kept (signed-pdf.server.ts): a real one, of what was signed.
    const pdf = await fetch(`${site.server.url}/quote/${quote.token}/pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(pdf.headers.get("cache-control")).toContain("no-store");
    expect(pdf.headers.get("x-robots-tag")).toBe("noindex");
    const read = await readPdf(new Uint8Array(await pdf.arrayBuffer()));
    expect(read.text).toContain("Maria Gonzalez");
    expect(read.text).toContain(sha256(shown));
    const kept = (await site.db((database) => listQuoteSignatures({ db: database.db, quoteId: quote.quoteId })))[0]!;
    expect(kept.pdf_key).toBe(`quotes/${quote.quoteId}/signed-v1.pdf`);
    // Signing again: the signed state with its sentence, nothing more recorded.
    const again = await post(quote.path, [...fields, ["consent", "yes"], ["fullName", "Maria Gonzalez"], ["useTypedMark", "yes"]]);
    expect(again.status).toBe(303);
    expect(again.headers.location).toBe(`${quote.path}?done=already`);
    expect(await site.db((database) => listQuoteSignatures({ db: database.db, quoteId: quote.quoteId }))).toHaveLength(1);
    await waitUntil(
      () => smtp.messages.some((m) => m.parsed.subject === `Maria Gonzalez signed quote ${quote.number} (version 1)`),
      15_000,
      "the signed email",
    );
  });

  test("signing with a drawn mark, in Spanish", async () => {
    const quote = await sentQuote("es");
    const { page, fields } = await signingStep(quote, [["option", "best"]]);
    expect(textOf(page.text)).toContain("Acepto firmar y recibir estos documentos de forma electrónica");
    const mark = "M10 20 L30 40 L50 35 M60 60 L70 80";
    const res = await post(quote.path, [...fields, ["consent", "yes"], ["fullName", "María González"], ["mark", mark]]);
    expect(res.status).toBe(303);
    const [signature] = await site.db((database) => listQuoteSignatures({ db: database.db, quoteId: quote.quoteId }));
    expect(signature).toMatchObject({ mark_kind: "drawn", mark, full_name: "María González" });
    expect(textOf((await anonymous(`${quote.path}?done=signed`)).text)).toContain("Firmada por María González el");
  });

  test("bad input is a 400 with a sentence in the page's language, and the typed name is kept", async () => {
    const quote = await sentQuote();
    const { fields } = await signingStep(quote, [["option", "better"]]);
    const good: [string, string][] = [
      ["consent", "yes"],
      ["fullName", "Maria Gonzalez"],
    ];
    const without = (name: string) => good.filter(([key]) => key !== name);
    const cases: [string, [string, string][], string][] = [
      ["no name", [...fields, ...without("fullName")], "Please type your full name."],
      ["no consent", [...fields, ...without("consent")], "Please tick “I agree to sign and receive these records electronically”"],
      ["a mark that is not path data", [...fields, ...good, ["mark", '<path d="M0 0"/>']], "We could not read your drawn signature."],
      ["a mark too long", [...fields, ...good, ["mark", "M1 1" + " L2 2".repeat(5000)]], "Your drawn signature is too long."],
      [
        "an unknown option",
        [...fields.map(([k, v]): [string, string] => (k === "option" ? [k, "gold"] : [k, v])), ...good],
        "Please choose one of the options",
      ],
      [
        "an extra of another option",
        [...fields, ["extra", "best-heat"], ...good],
        "One of the extras you ticked is not part of the option you chose.",
      ],
    ];
    for (const [what, posted, sentence] of cases) {
      const res = await post(quote.path, posted);
      expect(res.status, what).toBe(400);
      expect(textOf(res.text), what).toContain(sentence);
      if (what !== "no name") expect(res.text, what).toContain('value="Maria Gonzalez"');
    }
    expect(await site.db((database) => listQuoteSignatures({ db: database.db, quoteId: quote.quoteId }))).toHaveLength(0);
  });

  test("a quote changed after it was opened is refused with the version to read, and a changed page is shown again", async () => {
    const quote = await sentQuote();
    const { fields } = await signingStep(quote, [["option", "good"]]);
    await site.db((database) => sendVersion(database, quote.quoteId, { ...bathroomQuote(), title: "Revised" }, sampleNotices()));
    const res = await post(quote.path, [...fields, ["consent", "yes"], ["fullName", "Maria Gonzalez"]]);
    expect(res.status).toBe(409);
    expect(textOf(res.text)).toContain("This quote was changed after you opened it. Please read version 2 and sign it.");
    expect(hiddenValue(res.text, "version")).toBe("2");
    const tampered = fields.map(([k, v]): [string, string] =>
      k === "shownSha256" ? [k, "f".repeat(64)] : k === "version" ? [k, "2"] : [k, v],
    );
    const changed = await post(quote.path, [...tampered, ["consent", "yes"], ["fullName", "Maria Gonzalez"]]);
    expect(changed.status).toBe(409);
    expect(textOf(changed.text)).toContain("This quote changed while you were reading it.");
    expect(await site.db((database) => listQuoteSignatures({ db: database.db, quoteId: quote.quoteId }))).toHaveLength(0);
  });
});
