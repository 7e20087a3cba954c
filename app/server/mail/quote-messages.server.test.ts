import { describe, expect, test } from "vitest";
import { quoteMail, type QuoteMailFacts } from "#app/server/mail/quote-messages.server.ts";

const facts: QuoteMailFacts = {
  kind: "quote-sent",
  to: "maria@casa.test",
  from: '"Acme" <no-reply@acme.test>',
  replyTo: "leads@acme.test",
  name: "<i>María</i> González",
  business: {
    name: "Acme Remodeling",
    phone: "(713) 555-0147",
    phoneHref: "tel:+17135550147",
    publicEmail: "hello@acme.test",
    hoursSummary: "Mon–Fri 8–5",
    location: "Houston TX, USA",
  },
  siteUrl: "https://acme.test",
  locale: "en",
  timeZone: "America/Chicago",
  title: "Hall bathroom",
  address: "https://acme.test/quote/abc_DEF-123",
  options: [
    { name: "Good", totalCents: 1_234_550 },
    { name: "Better", totalCents: 1_890_000 },
  ],
  hasExtras: true,
  validUntil: "2026-12-31",
};

describe("the quote's email", () => {
  test("English: the subject, each option's total, valid until, the button to the page, the phone; the name escaped", () => {
    const mail = quoteMail(facts);
    expect(mail.subject).toBe("Your quote from Acme Remodeling: Hall bathroom");
    expect(mail.text).toContain("- Good: $12,345.50");
    expect(mail.text).toContain("- Better: $18,900.00");
    expect(mail.text).toContain("This quote is valid until December 31, 2026.");
    expect(mail.text).toContain("https://acme.test/quote/abc_DEF-123");
    expect(mail.text).toContain("Call us at (713) 555-0147 or write to hello@acme.test.");
    expect(mail.html).toContain('<a href="https://acme.test/quote/abc_DEF-123" style="display:inline-block');
    expect(mail.html).toContain(">See your quote</a>");
    expect(mail.html).toContain('<a href="tel:+17135550147">(713) 555-0147</a>');
    expect(mail.html).toContain("Hi &lt;i&gt;María&lt;/i&gt;,");
    expect(mail.html).not.toContain("<i>María</i>");
    expect(mail.replyTo).toBe("leads@acme.test");
    expect(mail.template.kind).toBe("quote-sent");
    expect(mail).not.toHaveProperty("quoteFollowUp");
    expect(mail.text).not.toContain("replaces");
  });

  test("Spanish: a “cotización” in the homeowner's words, the dates and money in Spanish, the page's lang", () => {
    const mail = quoteMail({ ...facts, locale: "es", address: "https://acme.test/es/cotizacion/abc" });
    expect(mail.subject).toBe("Su cotización de Acme Remodeling: Hall bathroom");
    expect(mail.text).toContain("Hola, <i>María</i>:");
    expect(mail.text).toContain("Sus opciones:");
    expect(mail.text).toContain("- Good: $12,345.50");
    expect(mail.text).toContain("Esta cotización es válida hasta el 31 de diciembre de 2026.");
    expect(mail.text).toContain("Llámenos al (713) 555-0147");
    expect(mail.html).toContain('lang="es');
    expect(mail.html).toContain(">Ver su cotización</a>");
    expect(mail.text).not.toMatch(/Your quote|See your quote/);
  });

  test("one option says “The total”; no extras and no date leave their lines out", () => {
    const mail = quoteMail({ ...facts, options: [{ name: "Proposal", totalCents: 50_000 }], hasExtras: false, validUntil: "" });
    expect(mail.text).toContain("The total:\n- Proposal: $500.00");
    expect(mail.text).not.toContain("valid until");
    expect(mail.text).not.toContain("Optional extras");
  });

  test("a new version says what it replaces, with the day the last one was sent in the site's zone", () => {
    // 03:00 UTC on Dec 2 is still Dec 1 in Houston.
    const mail = quoteMail({ ...facts, replacesSentAt: "2026-12-02T03:00:00.000Z" });
    expect(mail.subject).toBe("Your updated quote from Acme Remodeling: Hall bathroom");
    expect(mail.text).toContain("This updated quote replaces the one we sent on December 1, 2026.");
    const es = quoteMail({ ...facts, locale: "es", replacesSentAt: "2026-12-02T03:00:00.000Z" });
    expect(es.text).toContain("Esta cotización actualizada reemplaza la que le enviamos el 1 de diciembre de 2026.");
  });

  test("the follow-ups: two different polite words, in both languages, carrying what they follow up", () => {
    const mark = { quoteId: "q1", version: 2 };
    const first = quoteMail({ ...facts, kind: "quote-follow-up", followUp: { round: 1, sentAt: "2026-11-20T16:00:00.000Z", mark } });
    const second = quoteMail({ ...facts, kind: "quote-follow-up", followUp: { round: 2, sentAt: "2026-11-20T16:00:00.000Z", mark } });
    expect(first.subject).toBe("Following up on your quote from Acme Remodeling: Hall bathroom");
    expect(first.text).toContain("We wanted to make sure you received the quote we sent on November 20, 2026.");
    expect(second.text).toContain("Just checking in one last time about the quote we sent on November 20, 2026.");
    expect(first.quoteFollowUp).toEqual(mark);
    expect(first.template.kind).toBe("quote-follow-up");
    const es = quoteMail({
      ...facts,
      locale: "es",
      kind: "quote-follow-up",
      followUp: { round: 1, sentAt: "2026-11-20T16:00:00.000Z", mark },
    });
    expect(es.subject).toBe("Seguimiento de su cotización de Acme Remodeling: Hall bathroom");
    expect(es.text).toContain("Queremos asegurarnos de que le llegó la cotización que le enviamos el 20 de noviembre de 2026.");
  });
});
