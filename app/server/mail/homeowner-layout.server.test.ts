/**
 * Every email to a homeowner wears one header (ADR 062): the business name in the site's navy,
 * linked to the site, with the logo from an https PUBLIC_URL, and the same name heading the text.
 */
import { describe, expect, test } from "vitest";
import { defaultProfile } from "#app/content/company.ts";
import { describeProfile } from "#app/content/profile.ts";
import { leadConfirmationMail, passwordResetMail, type OutgoingMail } from "#app/server/mail/messages.server.ts";
import { leadReplyMail } from "#app/server/mail/reply-message.server.ts";
import { visitMail, type VisitMailKind } from "#app/server/mail/visit-messages.server.ts";
import { quoteMail } from "#app/server/mail/quote-messages.server.ts";
import { MAIL_LOGO_PATH, mailLogoUrl } from "#app/server/mail/homeowner-layout.server.ts";
import { createSiteClock } from "#app/server/time.server.ts";

const profile = describeProfile({ ...defaultProfile, name: "Bayou & Sons Builders", phone: "(281) 555-0123" });
const from = '"Bayou & Sons Builders" <no-reply@bayoubuilders.test>';

/** Each kind of email a homeowner can receive, built for the site at `siteUrl`. */
function homeownerMails(siteUrl: string): [string, OutgoingMail][] {
  const lead = {
    id: "3f0c2a9e-7b1d-4f55-9a61-0d6f2c1e8b77",
    created_at: "2026-11-22T16:05:00.000Z",
    from_name: "Maria Gonzalez",
    email: "maria@example.net",
    phone: "(832) 555-0199",
    subject: "Bathroom Remodeling",
    message: "",
    source: "/contact",
  };
  const visit = {
    to: lead.email,
    from,
    business: profile,
    siteUrl,
    visit: {
      what: "Bathroom Remodeling",
      when: { day: "Tuesday, December 1, 2026", window: "Arrival between 9:00 and 11:00 AM", timeZone: "America/Chicago" },
      where: "1234 Heights Blvd, 77008",
      who: { name: lead.from_name, phone: lead.phone },
    },
  };
  const visitKinds: VisitMailKind[] = ["visit-invitation", "visit-update", "visit-cancel", "visit-reminder"];
  return [
    ["lead-confirmation", leadConfirmationMail(lead, { from, siteUrl, clock: createSiteClock("America/Chicago"), profile })],
    [
      "lead-reply",
      leadReplyMail({ to: lead.email, from, replyTo: "leads@b.test", subject: "Your bathroom", body: "Hi Maria", profile, siteUrl }),
    ],
    ...visitKinds.map((kind): [string, OutgoingMail] => [
      kind,
      visitMail({
        ...visit,
        kind,
        ...(kind === "visit-reminder" ? {} : { calendar: { method: kind === "visit-cancel" ? "CANCEL" : "REQUEST", content: "X" } }),
        ...(kind === "visit-update" ? { previous: { day: "Monday, November 30, 2026", window: "Morning" } } : {}),
      }),
    ]),
    ...(["quote-sent", "quote-follow-up"] as const).map((kind): [string, OutgoingMail] => [
      kind,
      quoteMail({
        kind,
        to: lead.email,
        from,
        name: lead.from_name,
        business: profile,
        siteUrl,
        locale: "en",
        timeZone: "America/Chicago",
        title: "Bathroom",
        address: `${siteUrl.replace(/\/+$/, "")}/quote/${"a".repeat(43)}`,
        options: [{ name: "Proposal", totalCents: 1_000_000 }],
        hasExtras: false,
        validUntil: "",
        ...(kind === "quote-follow-up" ? { followUp: { round: 1, sentAt: lead.created_at, mark: { quoteId: "q", version: 1 } } } : {}),
      }),
    ]),
    [
      "password-reset",
      passwordResetMail({ to: lead.email, from, link: `${siteUrl}/reset-password/x`, profile, validMinutes: 60, siteUrl }),
    ],
  ];
}

describe("the header of every email to a homeowner", () => {
  const mails = homeownerMails("https://www.bayoubuilders.test/");

  test.each(mails)("%s: a navy band with the name linked to the site and the logo at the https address", (_kind, mail) => {
    const band = /<table role="presentation"[^>]*bgcolor="#1f3a5f"[^>]*>[\s\S]*?<\/table>/.exec(mail.html)?.[0] ?? "";
    expect(band).not.toBe("");
    // The band comes first in the body: nothing of the message above it.
    expect(mail.html.indexOf(band)).toBeLessThan(mail.html.indexOf("<p"));
    expect(band).toContain(
      `<a href="https://www.bayoubuilders.test" style="color:#ffffff;text-decoration:none;font-family:Arial,Helvetica,sans-serif;font-size:20px;line-height:1.3;font-weight:bold">Bayou &amp; Sons Builders</a>`,
    );
    // Decorative beside the name: with images blocked, the name still reads.
    expect(band).toMatch(new RegExp(`<img src="https://www\\.bayoubuilders\\.test${MAIL_LOGO_PATH}" width="40" height="40" alt=""`));
    // Mail clients drop <style> and external CSS: every rule is inline.
    expect(mail.html).not.toMatch(/<style|<link/i);
  });

  test.each(mails)("%s: the text part starts with the same name, underlined", (_kind, mail) => {
    expect(mail.text).toMatch(/^Bayou & Sons Builders\n=====================\n\n\S/);
  });

  test("a site not served over https shows no logo (no mail client could load it), only the name", () => {
    for (const [, mail] of homeownerMails("http://localhost:3000")) {
      expect(mail.html).not.toContain("<img");
      expect(mail.html).toContain(">Bayou &amp; Sons Builders</a>");
    }
    expect(mailLogoUrl("http://localhost:3000")).toBeNull();
    expect(mailLogoUrl("https://remodel.example.com/")).toBe("https://remodel.example.com/images/logo-mail.png");
  });

  test("a name that carries markup is escaped in the header", () => {
    const hostile = describeProfile({ ...defaultProfile, name: "<img src=x onerror=alert(1)> Builders" });
    const mail = leadReplyMail({
      to: "a@b.test",
      from,
      replyTo: "c@b.test",
      subject: "Hi",
      body: "Hi",
      profile: hostile,
      siteUrl: "https://b.test",
    });
    expect(mail.html).toContain("&lt;img src=x onerror=alert(1)&gt; Builders</a>");
    expect(mail.html).not.toContain("<img src=x");
  });
});
