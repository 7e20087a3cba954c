import { describe, expect, test } from "vitest";
import { reviewFeedbackMail } from "#app/server/mail/review-feedback-message.server.ts";

const leadId = "6f1c1c1e-8d2a-4c3e-9a51-1a2b3c4d5e6f";
const base = {
  to: "owner@acme.test",
  from: '"Acme" <no-reply@acme.test>',
  replyTo: "maria@casa.test",
  siteUrl: "https://acme.test/",
  rating: 2,
  comment: "The crew left <b>a mess</b>\nin the garage.",
  name: "Maria Lopez",
  phone: "(713) 555-0100",
  subject: "Kitchen Remodeling",
  leadId,
  at: "Tuesday, December 1, 2026 at 3:12 PM CST",
  spanish: false,
};

describe("the owner's email of a low rating", () => {
  test("the rating, the words, the name, the phone and the request, in English, escaped in HTML", () => {
    const mail = reviewFeedbackMail(base);
    expect(mail.subject).toBe("Low rating: 2 of 5 from Maria Lopez");
    expect(mail.to).toBe("owner@acme.test");
    expect(mail.replyTo).toBe("maria@casa.test");
    expect(mail.text).toContain("Maria Lopez rated the job 2 of 5 on the private feedback form.");
    expect(mail.text).toContain(
      "Rating: 2 of 5\nRequest: Kitchen Remodeling\nPhone: (713) 555-0100\nReceived: Tuesday, December 1, 2026 at 3:12 PM CST",
    );
    expect(mail.text).toContain("Their comment:\nThe crew left <b>a mess</b>\nin the garage.");
    expect(mail.text).toContain(`Open the request: https://acme.test/admin/leads/${leadId}`);
    expect(mail.html).toContain("The crew left &lt;b&gt;a mess&lt;/b&gt;");
    expect(mail.html).not.toContain("<b>a mess</b>");
    expect(mail.html).toContain('Phone: <a href="tel:7135550100">(713) 555-0100</a>');
    expect(mail.template).toMatchObject({ kind: "review-feedback", params: { phone: "(713) 555-0100", to_email: "owner@acme.test" } });
  });

  test("no comment, a Spanish page, a deleted request: said so, and the reviews page instead", () => {
    const mail = reviewFeedbackMail({ ...base, comment: "  ", leadId: null, subject: "", phone: "", spanish: true, replyTo: null });
    expect(mail.text).toContain("They left no comment.");
    expect(mail.text).toContain("Phone: none given");
    expect(mail.text).toContain("Language: Spanish");
    expect(mail.text).not.toContain("Request:");
    expect(mail.text).toContain("Open the reviews page: https://acme.test/admin/reviews");
    expect(mail).not.toHaveProperty("replyTo");
  });

  test("a name typed with a line break stays on one line in the subject", () => {
    expect(reviewFeedbackMail({ ...base, name: "Maria\r\nBcc: x@evil.test" }).subject).toBe(
      "Low rating: 2 of 5 from Maria Bcc: x@evil.test",
    );
  });
});
