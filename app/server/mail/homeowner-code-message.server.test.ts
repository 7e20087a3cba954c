import { expect, test } from "vitest";
import { homeownerCodeMail } from "#app/server/mail/homeowner-code-message.server.ts";

const base = {
  to: "maria@example.net",
  from: '"Bayou City Builders" <no-reply@bayoubuilders.test>',
  code: "042917",
  profile: { name: "Bayou City Builders", publicEmail: "hello@bayoubuilders.test" },
  siteUrl: "https://bayoubuilders.test",
};

test("the code in the subject and the body, how long it works, what to do if not asked for", () => {
  const mail = homeownerCodeMail({ ...base, locale: "en" });
  expect(mail).toMatchObject({ to: base.to, from: base.from, replyTo: "hello@bayoubuilders.test" });
  expect(mail.subject).toBe("Your code for Bayou City Builders: 042917");
  expect(mail.text).toContain("Your code to open your page with Bayou City Builders is:\n\n    042917\n\nIt works for 15 minutes.");
  expect(mail.html).toContain(">042917</p>");
  expect(mail.html).toContain("nobody can open your page without it");
  expect(mail.template.kind).toBe("homeowner-code");
});

test("in Spanish when asked from the Spanish page", () => {
  const mail = homeownerCodeMail({ ...base, locale: "es" });
  expect(mail.subject).toBe("Su código para Bayou City Builders: 042917");
  expect(mail.text).toContain("Sirve durante 15 minutos.");
  expect(mail.html).toMatch(/<html[^>]*lang="es"/);
});
