/**
 * The confirmation in the homeowner's terms (ADR 062): it follows the way to reach them they
 * chose, names the photos that came, and repeats the form's own words, in both parts.
 */
import { describe, expect, test } from "vitest";
import { defaultProfile } from "#app/content/company.ts";
import { estimateNextSteps } from "#app/content/estimate-next-steps.ts";
import { describeProfile } from "#app/content/profile.ts";
import { leadConfirmationMail, type LeadForMail } from "#app/server/mail/messages.server.ts";
import { createSiteClock } from "#app/server/time.server.ts";
import { hoursSummaryIn } from "#app/i18n/business-hours.ts";

const profile = describeProfile({ ...defaultProfile, name: "Bayou City Builders", phone: "(281) 555-0123" });
const lead: LeadForMail = {
  id: "3f0c2a9e-7b1d-4f55-9a61-0d6f2c1e8b77",
  created_at: "2026-11-22T16:05:00.000Z",
  from_name: "Maria Gonzalez",
  email: "maria@example.net",
  phone: "(832) 555-0199",
  subject: "Bathroom Remodeling",
  message: "New tile.",
  source: "/contact",
};
const build = (changes: Partial<LeadForMail>, photos?: string[]) =>
  leadConfirmationMail(
    { ...lead, ...changes },
    {
      from: "a@b.test",
      siteUrl: "https://www.example.com",
      clock: createSiteClock("America/Chicago"),
      profile,
      ...(photos ? { photos } : {}),
    },
  );
const parts = (changes: Partial<LeadForMail>, photos?: string[]) => {
  const mail = build(changes, photos);
  return [mail.text, mail.html];
};

describe("the first step follows the way to reach them they chose", () => {
  test.each([
    ["text", "We text you at (832) 555-0199 to set a time."],
    ["call", "We call you at (832) 555-0199 to set a time."],
    ["email", "We email you at maria@example.net to set a time."],
  ])("%s", (method, step) => {
    const mail = build({ contact_method: method });
    expect(mail.text).toContain(`1. ${step}`);
    expect(mail.html).toContain(`<li style="margin:0 0 4px">${step}</li>`);
    for (const body of [mail.text, mail.html]) {
      expect(body).not.toContain("call or text");
      // The rest are the panel's steps, as the page said them.
      for (const later of estimateNextSteps().slice(1)) expect(body).toContain(later);
    }
    expect(mail.template.params.next_step).toBe(step);
  });

  test("none chosen: we call or text, as the page's panel says", () => {
    for (const body of parts({ contact_method: null })) expect(body).toContain("We call or text you to set a time.");
  });

  test("the panel on the page and the email say the same steps for the same choice", () => {
    const steps = estimateNextSteps({ method: "text", phone: lead.phone, email: lead.email });
    const { text } = build({ contact_method: "text" });
    steps.forEach((step, index) => expect(text).toContain(`${index + 1}. ${step}`));
  });
});

describe("the photos that came with it", () => {
  test("their count up front and their names in the copy of the request", () => {
    for (const method of ["text", "call", "email", null]) {
      const mail = build({ contact_method: method }, ["kitchen.jpg", "sink <b>.heic"]);
      expect(mail.text).toContain("Your request for a free estimate has arrived, with 2 photos.");
      expect(mail.text).toMatch(/^ {2}Photos of the job: +2 photos: kitchen\.jpg, sink <b>\.heic$/m);
      expect(mail.html).toContain("has arrived, with 2 photos.");
      expect(mail.html).toContain(
        '>Photos of the job</th><td style="padding:2px 0;vertical-align:top">2 photos: kitchen.jpg, sink &lt;b&gt;.heic</td>',
      );
      expect(mail.template.params).toMatchObject({ photo_count: "2", photos: "kitchen.jpg, sink <b>.heic" });
    }
  });

  test("one photo is one photo", () => {
    const mail = build({}, ["IMG_0001.HEIC"]);
    expect(mail.text).toContain("has arrived, with 1 photo.");
    expect(mail.text).toMatch(/Photos of the job: +1 photo: IMG_0001\.HEIC$/m);
  });

  test("none sent: no photo line at all", () => {
    for (const body of parts({})) {
      expect(body).toContain("Your request for a free estimate has arrived.");
      expect(body).not.toContain("Photos of the job");
      expect(body).not.toContain("with 0");
    }
  });
});

describe("the form's own words", () => {
  const mail = build({ contact_method: "text", zip: "77008", street_address: "1234 Heights Blvd", best_time: "After 5 pm" });

  test("'What do you need?' and the other labels as the form has them, never 'Subject'", () => {
    expect(mail.text).toMatch(/^ {2}What do you need\? +Bathroom Remodeling$/m);
    expect(mail.text).toMatch(/^ {2}Full name: +Maria Gonzalez$/m);
    expect(mail.text).toMatch(/^ {2}Preferred way to reach you: +A text message$/m);
    expect(mail.text).toMatch(/^ {2}Best time to reach you: +After 5 pm$/m);
    expect(mail.text).toMatch(/^ {2}Street address: +1234 Heights Blvd$/m);
    for (const label of ["What do you need?", "Full name", "Preferred way to reach you", "Best time to reach you", "Street address"]) {
      expect(mail.html).toContain(`>${label}</th>`);
    }
    for (const body of [mail.text, mail.html]) expect(body).not.toMatch(/Subject|Contact by/);
  });
});

describe("in the homeowner's language (ADR 064)", () => {
  test("a request from a Spanish page is confirmed in Spanish, in every part", () => {
    const mail = build({ locale: "es", contact_method: "text", zip: "77002" }, ["cocina.jpg", "baño.heic"]);
    expect(mail.subject).toBe("Recibimos su solicitud de estimado — Bayou City Builders");
    expect(mail.text).toMatch(/^Bayou City Builders\n=+\n\nHola, Maria:/);
    expect(mail.html).toContain('<html lang="es">');
    for (const body of [mail.text, mail.html]) {
      expect(body).toContain("Recibimos su solicitud de estimado gratis, con 2 fotos.");
      expect(body).toContain("Le enviamos un mensaje de texto al (832) 555-0199 para acordar una hora.");
      expect(body).toContain("Recibe una cotización por escrito, gratis y sin compromiso.");
      expect(body).toContain("¿Qué necesita?");
      expect(body).toContain("Un mensaje de texto");
      expect(body).toContain("Código postal");
      expect(body).toContain("2 fotos: cocina.jpg, baño.heic");
      // The service chosen, by its Spanish name (stored in English for the contractor).
      expect(body).toContain("Remodelación de baños");
      expect(body).not.toContain("Bathroom Remodeling");
      expect(body).toContain("Si usted no envió esta solicitud, puede ignorar este correo.");
      for (const english of ["What do you need?", "Thank you", "photos", "Hi Maria", "next"]) expect(body).not.toContain(english);
    }
    expect(mail.html).toMatch(/Su número de referencia: <strong[^>]*>[A-Z0-9-]+<\/strong>\./);
    expect(mail.html).toContain(`llame al <a href="${profile.phoneHref}">${profile.phone}</a>`);
    // The opening hours in Spanish too, never the English summary.
    expect(mail.text).toContain(`(${hoursSummaryIn("es", profile.hours)}).`);
    expect(mail.text).not.toContain(profile.hoursSummary);
    expect(mail.template.params.next_step).toBe("Le enviamos un mensaje de texto al (832) 555-0199 para acordar una hora.");
  });

  test("an empty message and one photo, in Spanish", () => {
    const mail = build({ locale: "es", message: " " }, ["techo.jpg"]);
    expect(mail.text).toContain("con 1 foto.");
    expect(mail.text).toContain("(sin mensaje)");
  });

  test("English steps and labels are the page's own (the panel and the form)", () => {
    for (const method of ["call", "text", "email", null]) {
      const mail = build({ locale: "en", contact_method: method });
      const steps = estimateNextSteps({ method, phone: lead.phone, email: lead.email });
      expect(mail.text).toContain(steps.map((step, index) => `${index + 1}. ${step}`).join("\n"));
    }
  });
});

describe("the homeowner's page (ADR 069)", () => {
  const url = "https://www.example.com/my/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde";
  const withLink = (changes: Partial<LeadForMail>) =>
    leadConfirmationMail(
      { ...lead, ...changes },
      { from: "a@b.test", siteUrl: "https://www.example.com", clock: createSiteClock("America/Chicago"), profile, homeownerUrl: url },
    );

  test("its link in both parts, before their copy of the request, with a word to keep it to themselves", () => {
    const mail = withLink({});
    expect(mail.text).toContain(
      `Follow your request, your visit and our quote at any time on your own page (no password needed):\n${url}\nKeep this link to yourself: it opens your page.\n`,
    );
    expect(mail.text.indexOf(url)).toBeLessThan(mail.text.indexOf("What you sent"));
    expect(mail.html).toContain(`<a href="${url}" style="font-weight:bold">${url}</a>`);
    expect(mail.template.params.homeowner_link).toBe(url);
  });

  test("in Spanish for a Spanish request", () => {
    const mail = withLink({ locale: "es", source: "/es/contacto" });
    expect(mail.text).toContain("Siga su solicitud, su visita y nuestra cotización cuando quiera en su propia página (sin contraseña):");
    expect(mail.html).toContain("No comparta este enlace: abre su página.");
  });

  test("none given, none shown", () => {
    for (const body of parts({})) expect(body).not.toContain("own page");
  });
});
