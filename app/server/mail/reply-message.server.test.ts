import { expect, test } from "vitest";
import { leadReplyMail } from "#app/server/mail/reply-message.server.ts";

const profile = { name: "Bayou City Builders", phone: "(281) 555-0123", phoneHref: "tel:+12815550123" };
const base = {
  to: "maria@example.net",
  from: '"Bayou City Builders" <no-reply@bayoubuilders.test>',
  replyTo: "leads@bayoubuilders.test",
  subject: "Your estimate request: Bathroom remodel",
  body: "Hi Maria,\n\nWhen can we visit?",
  profile,
  siteUrl: "https://bayoubuilders.test",
};

test("to the homeowner, from the business, answers to the lead inbox, signed with name and phone", () => {
  const mail = leadReplyMail(base);
  expect(mail).toMatchObject({ to: base.to, from: base.from, replyTo: base.replyTo, subject: base.subject });
  // Under the business name that heads every email to a homeowner (ADR 062).
  expect(mail.text).toBe(
    "Bayou City Builders\n===================\n\nHi Maria,\n\nWhen can we visit?\n\n-- \nBayou City Builders\n(281) 555-0123\n",
  );
  expect(mail.html).toContain("Hi Maria,\n\nWhen can we visit?");
  expect(mail.html).toContain('<a href="tel:+12815550123">(281) 555-0123</a>');
  expect(mail.template.kind).toBe("lead-reply");
  expect(JSON.parse(JSON.stringify(mail))).toEqual(mail);
});

test("the HTML escapes what the admin typed; headers stay one line", () => {
  const mail = leadReplyMail({
    ...base,
    subject: "Hi\r\nBcc: victim@example.org",
    body: `<script>alert("x")</script> & <b>bold</b>`,
    to: "maria@example.net\r\nBcc: x@example.org",
  });
  expect(mail.subject).toBe("Hi Bcc: victim@example.org");
  expect(mail.to).not.toMatch(/[\r\n]/);
  expect(mail.html).not.toMatch(/<script|<b>/);
  expect(mail.html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &lt;b&gt;bold&lt;/b&gt;");
  expect(mail.text).toContain(`<script>alert("x")</script>`);
});

test("with the homeowner's page: its link under the signature, in the homeowner's language (ADR 069)", () => {
  const url = "https://bayoubuilders.test/es/mi/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde";
  const mail = leadReplyMail({ ...base, locale: "es", homeownerUrl: url });
  expect(mail.text).toContain(
    `(281) 555-0123\n\nSus solicitudes, su visita y sus cotizaciones están en su propia página:\n${url}\nNo comparta este enlace: abre su página.\n`,
  );
  expect(mail.html).toContain(`<a href="${url}" style="font-weight:bold">${url}</a>`);
  expect(mail.html).toContain("No comparta este enlace");
  // Without one, the message is as it was.
  expect(leadReplyMail(base).text).not.toContain("/my/");
});
