import { describe, expect, test } from "vitest";
import { defaultReviewSettings } from "#app/schemas/review-settings.ts";
import type { SiteProfile } from "#app/content/profile.ts";
import { defaultProfile } from "#app/content/company.ts";
import { parseEnv } from "#app/server/env.server.ts";
import { reviewMail, type ReviewMailFacts } from "#app/server/mail/review-messages.server.ts";
import { readUnsubscribeToken } from "#app/server/mail/unsubscribe-token.server.ts";
import { reviewEmailJobs } from "#app/server/reviews/review-jobs.server.ts";
import { newReviewToken } from "#app/server/reviews/review-link.server.ts";
import { createSiteClock } from "#app/server/time.server.ts";
import type { OutgoingMail } from "#app/server/mail/messages.server.ts";

const business = {
  name: "Acme Remodeling",
  phone: "(713) 555-0147",
  phoneHref: "tel:+17135550147",
  publicEmail: "hello@acme.test",
  hoursSummary: "Mon–Fri 8–5",
  location: "Houston TX, USA",
};

const TOKEN = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ";

const facts: ReviewMailFacts = {
  kind: "review-request",
  to: "maria@casa.test",
  from: '"Acme" <no-reply@acme.test>',
  replyTo: "leads@acme.test",
  firstName: "<i>María</i>",
  service: "Bathroom Remodeling",
  business,
  siteUrl: "https://acme.test",
  locale: "en",
  reviewLink: `https://acme.test/review/${TOKEN}/go`,
  privateLink: `https://acme.test/review/${TOKEN}`,
  seenImage: `https://acme.test/review/${TOKEN}/seen.gif`,
  unsubscribe: {
    url: "https://acme.test/unsubscribe/bWFyaWFAY2FzYS50ZXN0.reviews.xyz",
    headers: {
      "List-Unsubscribe": "<https://acme.test/unsubscribe/bWFyaWFAY2FzYS50ZXN0.reviews.xyz>",
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  },
};

/** The links of an HTML part, in order: href of every <a>. */
const hrefs = (html: string) => [...html.matchAll(/<a href="([^"]+)"/g)].map((m) => m[1]!.replaceAll("&amp;", "&"));

describe("the review request", () => {
  test("English: the subject, thanks for the job, one button to the public link, the private link, the phone, the image, the unsubscribe link and headers", () => {
    const mail = reviewMail(facts);
    expect(mail.subject).toBe("How did we do? A quick review for Acme Remodeling");
    expect(mail.text).toContain("Hi <i>María</i>,");
    expect(mail.html).toContain("Hi &lt;i&gt;María&lt;/i&gt;,");
    expect(mail.html).not.toContain("<i>María</i>");
    expect(mail.text).toContain("Thank you for choosing us for your project (Bathroom Remodeling).");
    expect(mail.text).toContain(`Write your review here:\n${facts.reviewLink}\n`);
    expect(mail.text).toContain(`Or tell us privately how we did:\n${facts.privateLink}\n`);
    expect(mail.text).toContain("Call us at (713) 555-0147.");
    expect(mail.text).toContain(`Don't want emails like this one? Unsubscribe: ${facts.unsubscribe.url}`);
    // One button, to the public link; then the private link, the phone, the unsubscribe link.
    expect(mail.html.match(/display:inline-block/g)).toHaveLength(1);
    expect(mail.html).toContain(`<a href="${facts.reviewLink}" style="display:inline-block`);
    expect(mail.html).toContain(">Write a review</a>");
    expect(mail.html).toContain(`<a href="${facts.privateLink}">Or tell us privately how we did</a>`);
    expect(mail.html).toContain('<a href="tel:+17135550147">(713) 555-0147</a>');
    expect(hrefs(mail.html)).toEqual(["https://acme.test", facts.reviewLink, facts.privateLink, "tel:+17135550147", facts.unsubscribe.url]);
    expect(mail.html).toContain(`<img src="${facts.seenImage}" width="1" height="1" alt=""`);
    expect(mail.headers).toEqual(facts.unsubscribe.headers);
    expect(mail.replyTo).toBe("leads@acme.test");
    expect(mail.template.kind).toBe("review-request");
    expect(mail.html).toContain('<html lang="en">');
  });

  test("Spanish: a “reseña” in Houston's words, the service's Spanish name, the page's lang", () => {
    const mail = reviewMail({ ...facts, locale: "es", privateLink: `https://acme.test/es/resena/${TOKEN}` });
    expect(mail.subject).toBe("¿Cómo le pareció nuestro trabajo? Una reseña rápida para Acme Remodeling");
    expect(mail.text).toContain("Hola, <i>María</i>:");
    expect(mail.text).toContain("Gracias por elegirnos para su proyecto (Remodelación de baños).");
    expect(mail.text).toContain(`Escriba su reseña aquí:\n${facts.reviewLink}\n`);
    expect(mail.text).toContain(`O cuéntenos en privado qué tal lo hicimos:\nhttps://acme.test/es/resena/${TOKEN}\n`);
    expect(mail.text).toContain("Llámenos al (713) 555-0147.");
    expect(mail.text).toContain(`¿No quiere recibir correos como este? Dese de baja aquí: ${facts.unsubscribe.url}`);
    expect(mail.html).toContain(">Escribir una reseña</a>");
    expect(mail.html).toContain('<html lang="es">');
    expect(mail.headers).toEqual(facts.unsubscribe.headers);
  });

  test("no first name: a plain greeting; “Something else”: thanks for the project without naming it", () => {
    const mail = reviewMail({ ...facts, firstName: "", service: "Something else" });
    expect(mail.text).toContain("Hello,\n");
    expect(mail.text).toContain("Thank you for choosing us for your project. We hope");
    expect(reviewMail({ ...facts, firstName: " ", locale: "es", service: "" }).text).toContain("Hola:\n");
  });
});

describe("the reminder", () => {
  test("shorter, the same public link, the private link, the unsubscribe link and headers, in both languages", () => {
    const en = reviewMail({ ...facts, kind: "review-reminder" });
    expect(en.subject).toBe("A quick reminder: your review of Acme Remodeling");
    expect(en.text).toContain("A few days ago we asked how your project went.");
    expect(en.text).toContain("This is the only reminder we send about it.");
    expect(en.text).not.toContain("Thank you for choosing us");
    expect(en.text.length).toBeLessThan(reviewMail(facts).text.length);
    expect(hrefs(en.html)).toEqual(hrefs(reviewMail(facts).html));
    expect(en.headers).toEqual(facts.unsubscribe.headers);
    const es = reviewMail({ ...facts, kind: "review-reminder", locale: "es" });
    expect(es.subject).toBe("Un recordatorio: su reseña de Acme Remodeling");
    expect(es.text).toContain("Hace unos días le preguntamos cómo le fue con su proyecto.");
    expect(es.text).toContain("Es el único recordatorio que le enviamos.");
  });
});

/** The public link in every part a reader or a mail app sees: the text, the one button, nothing before it. */
function expectPublicLink(mail: OutgoingMail, link: string, privateLink: string, what: string) {
  expect(mail.text, what).toContain(`\n${link}\n`);
  const buttons = [...mail.html.matchAll(/<a href="([^"]+)" style="display:inline-block/g)].map((m) => m[1]);
  expect(buttons, what).toEqual([link]);
  // Nothing asks first: the public link comes before the private one, in both parts.
  // (The public link starts with the private one, followed by "/go".)
  const privateAt = (part: string) => part.search(new RegExp(`${privateLink.replace(/[.?/]/g, "\\$&")}(?!/)`));
  for (const part of [mail.text, mail.html]) {
    expect(privateAt(part), what).toBeGreaterThan(-1);
    expect(part.indexOf(link), what).toBeLessThan(privateAt(part));
  }
  expect(mail.template.params.message, what).toContain(link);
}

describe("no review gating: every variant carries the public review link", () => {
  const SECRET = "s".repeat(64);
  const config = parseEnv({ PUBLIC_URL: "https://acme.test", MAIL_FROM: "Acme <no-reply@acme.test>" });
  const clock = createSiteClock("America/Chicago");
  const profile: SiteProfile = { ...defaultProfile, ...business, reviewPlaceId: "ChIJN1t_tDeuEmsRUsoyG83frY4" } as SiteProfile;

  const variants = (["en", "es"] as const).flatMap((locale) =>
    ["Maria Gonzalez", ""].flatMap((name) =>
      ["Bathroom Remodeling", "Something else", "Fix the porch steps"].flatMap((service) =>
        [0, 4].map((reminderDays) => ({ locale, name, service, reminderDays })),
      ),
    ),
  );

  test.each(variants)("%o", ({ locale, name, service, reminderDays }) => {
    const { token } = newReviewToken(SECRET);
    const link = `https://acme.test/review/${token}/go`;
    const jobs = reviewEmailJobs(
      { config, secret: SECRET, clock },
      {
        request: { email: "maria@casa.test", first_name: name, locale },
        token,
        lead: { id: "lead-1", subject: service },
        facts: { settings: { ...defaultReviewSettings, reminderDays }, profile, replyTo: "leads@acme.test" },
        sendAt: new Date("2026-12-01T16:00:00.000Z"),
      },
    );
    expect(jobs.map((job) => job.kind)).toEqual(reminderDays > 0 ? ["review-request", "review-reminder"] : ["review-request"]);
    for (const job of jobs) {
      const mail = job.payload as OutgoingMail;
      const privateLink = `https://acme.test${locale === "es" ? "/es/resena" : "/review"}/${token}`;
      expectPublicLink(mail, link, privateLink, `${job.kind} ${locale} ${name || "(no name)"} ${service}`);
      expect(mail.html).toContain(`<img src="https://acme.test/review/${token}/seen.gif"`);
      // The unsubscribe link is this address's, scope "reviews", in their language, in the text, the HTML and the header.
      const header = mail.headers?.["List-Unsubscribe"] ?? "";
      const url = /^<(https:\/\/acme\.test\/(?:unsubscribe|es\/baja)\/([^>]+))>$/.exec(header);
      expect(url?.[1]).toContain(locale === "es" ? "/es/baja/" : "/unsubscribe/");
      expect(readUnsubscribeToken(SECRET, url?.[2] ?? "")).toEqual({ email: "maria@casa.test", scope: "reviews" });
      expect(mail.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
      expect(mail.text).toContain(url?.[1]);
      expect(mail.html).toContain(`href="${url?.[1]}"`);
    }
  });

  test("the reminder goes at 10:00 AM Houston time, the reminder's days after the request", () => {
    const { token } = newReviewToken(SECRET);
    const jobs = reviewEmailJobs(
      { config, secret: SECRET, clock },
      {
        request: { email: "maria@casa.test", first_name: "Maria", locale: "en" },
        token,
        lead: { id: "lead-1", subject: "Fences" },
        facts: { settings: defaultReviewSettings, profile, replyTo: "leads@acme.test" },
        sendAt: new Date("2026-12-01T16:00:00.000Z"),
      },
    );
    expect(jobs.map((job) => job.dueAt.toISOString())).toEqual(["2026-12-01T16:00:00.000Z", "2026-12-05T16:00:00.000Z"]);
    expect(jobs.every((job) => job.recipient === "maria@casa.test" && job.leadId === "lead-1")).toBe(true);
  });
});
