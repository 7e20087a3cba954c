import { describe, expect, test } from "vitest";
import { leadWaitingMail } from "#app/server/mail/lead-waiting-message.server.ts";
import { createSiteClock } from "#app/server/time.server.ts";

const leadId = "6f1c1c1e-8d2a-4c3e-9a51-1a2b3c4d5e6f";
const base = {
  to: "owner@acme.test",
  from: '"Acme" <no-reply@acme.test>',
  siteUrl: "https://acme.test/",
  clock: createSiteClock("America/Chicago"),
  hours: 4,
  lead: {
    id: leadId,
    from_name: "Maria <b>Lopez</b>",
    email: "maria@casa.test",
    phone: "(713) 555-0100",
    subject: "Kitchen Remodeling",
    // Friday, January 15, 2027, 4 PM in Houston.
    created_at: "2027-01-15T22:00:00.000Z",
  },
};

describe("the contractor's reminder of an unanswered request", () => {
  test("who, for what, how long; the phone as a tel: link and the request's page", () => {
    const mail = leadWaitingMail(base);
    expect(mail.to).toBe("owner@acme.test");
    expect(mail.replyTo).toBe("maria@casa.test");
    expect(mail.subject).toBe("Reminder: no answer yet after 4 business hours — Kitchen Remodeling, Maria <b>Lopez</b>");
    expect(mail.text).toContain("Maria <b>Lopez</b>'s request for Kitchen Remodeling has waited 4 business hours for an answer.");
    expect(mail.text).toContain("Phone: (713) 555-0100\nReceived: Friday, January 15, 2027 at 4:00 PM CST\nReference: 6F1C1C1E");
    expect(mail.text).toContain(`Open the request: https://acme.test/admin/leads/${leadId}`);
    expect(mail.html).toContain('<a href="tel:7135550100"');
    expect(mail.html).toContain(`href="https://acme.test/admin/leads/${leadId}"`);
    // What the homeowner typed is escaped.
    expect(mail.html).toContain("Maria &lt;b&gt;Lopez&lt;/b&gt;");
    expect(mail.html).not.toContain("<b>Lopez</b>");
    expect(mail.template).toMatchObject({ kind: "lead-waiting", params: { phone: "(713) 555-0100", to_email: "owner@acme.test" } });
  });

  test("one hour, no name, no usable address: still a sentence, and no reply-to", () => {
    const mail = leadWaitingMail({ ...base, hours: 1, lead: { ...base.lead, from_name: " ", email: "not an address", phone: "" } });
    expect(mail.text).toContain("A homeowner's request for Kitchen Remodeling has waited 1 business hour for an answer.");
    expect(mail.text).toContain("Phone: none given");
    expect(mail.replyTo).toBeUndefined();
    expect(mail.html).not.toContain("tel:");
  });
});
