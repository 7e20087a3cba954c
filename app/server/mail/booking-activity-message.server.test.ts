import { describe, expect, test } from "vitest";
import { bookingActivityMail } from "#app/server/mail/booking-activity-message.server.ts";

const leadId = "6f1c1c1e-8d2a-4c3e-9a51-1a2b3c4d5e6f";
const base = {
  to: "owner@acme.test",
  from: '"Acme" <no-reply@acme.test>',
  replyTo: "maria@casa.test",
  siteUrl: "https://acme.test/",
  homeowner: "Maria Lopez",
  phone: "(713) 555-0100",
  subject: "Kitchen Remodeling",
  leadId,
  window: "Sat, Dec 5, 8:00–10:00 AM",
  at: "Tue, Dec 1, 3:12 PM",
};

describe("the contractor's email when a homeowner books online", () => {
  test("requested: the time to confirm, and the dashboard where it is confirmed, then the request", () => {
    const mail = bookingActivityMail({ ...base, kind: "requested" });
    expect(mail.subject).toBe("Visit requested: Maria Lopez, Sat, Dec 5, 8:00–10:00 AM");
    expect(mail.to).toBe("owner@acme.test");
    expect(mail.replyTo).toBe("maria@casa.test");
    expect(mail.text).toContain("Maria Lopez picked a time for the site visit that needs your confirmation: Sat, Dec 5, 8:00–10:00 AM.");
    expect(mail.text).toContain("Request: Kitchen Remodeling\nPhone: (713) 555-0100\nReceived: Tue, Dec 1, 3:12 PM");
    expect(mail.text).toContain("Confirm it on the dashboard: https://acme.test/admin\n");
    expect(mail.text).toContain(`Open the request: https://acme.test/admin/leads/${leadId}`);
    expect(mail.html).toContain('<a href="https://acme.test/admin">Confirm it on the dashboard</a>');
    expect(mail.html).toContain('Phone: <a href="tel:7135550100">(713) 555-0100</a>');
    expect(mail.template).toMatchObject({
      kind: "booking-activity",
      params: { source: "https://acme.test/admin", phone: "(713) 555-0100" },
    });
  });

  test("booked, moved and cancelled: what happened, and the request's page only", () => {
    const booked = bookingActivityMail({ ...base, kind: "booked" });
    expect(booked.subject).toBe("Visit booked: Maria Lopez, Sat, Dec 5, 8:00–10:00 AM");
    expect(booked.text).toContain("Maria Lopez booked a site visit: Sat, Dec 5, 8:00–10:00 AM.");
    expect(booked.text).toContain("the invitation went to them");
    const moved = bookingActivityMail({ ...base, kind: "moved", previousWindow: "Fri, Dec 4, 1:00–3:00 PM" });
    expect(moved.subject).toBe("Visit moved: Maria Lopez, Sat, Dec 5, 8:00–10:00 AM");
    expect(moved.text).toContain("Maria Lopez moved the site visit from Fri, Dec 4, 1:00–3:00 PM to Sat, Dec 5, 8:00–10:00 AM.");
    expect(bookingActivityMail({ ...base, kind: "moved" }).text).toContain("moved the site visit to Sat, Dec 5");
    const cancelled = bookingActivityMail({ ...base, kind: "cancelled" });
    expect(cancelled.subject).toBe("Visit cancelled: Maria Lopez, Sat, Dec 5, 8:00–10:00 AM");
    expect(cancelled.text).toContain("Maria Lopez cancelled the site visit of Sat, Dec 5, 8:00–10:00 AM.");
    for (const mail of [booked, moved, cancelled]) {
      expect(mail.text).not.toContain("dashboard");
      expect(mail.html).not.toContain('href="https://acme.test/admin"');
      expect(mail.template.params.source).toBe(`https://acme.test/admin/leads/${leadId}`);
    }
  });

  test("what the homeowner typed is one line in the subject and escaped in the HTML; no reply-to without an address", () => {
    const mail = bookingActivityMail({
      ...base,
      kind: "moved",
      replyTo: null,
      homeowner: "<b>Eve</b>\nBcc: x@y.test",
      subject: 'Deck & "patio" <script>',
      phone: "call <me>",
      previousWindow: "<i>then</i>",
    });
    expect(mail.subject).not.toContain("\n");
    expect(mail.subject).toBe("Visit moved: <b>Eve</b> Bcc: x@y.test, Sat, Dec 5, 8:00–10:00 AM");
    expect(mail.replyTo).toBeUndefined();
    expect(mail.html).not.toMatch(/<b>|<script>|<i>|<me>/);
    expect(mail.html).toContain("&lt;b&gt;Eve&lt;/b&gt; Bcc: x@y.test");
    expect(mail.html).toContain("Request: Deck &amp; &quot;patio&quot; &lt;script&gt;");
    // Too few digits for a tel: link: the words alone.
    expect(mail.html).toContain("Phone: call &lt;me&gt;");
    expect(mail.html).toContain("from &lt;i&gt;then&lt;/i&gt; to");
  });

  test("without a name or a phone, words that say so", () => {
    const mail = bookingActivityMail({ ...base, kind: "cancelled", homeowner: "  ", phone: "" });
    expect(mail.subject).toBe("Visit cancelled: The homeowner, Sat, Dec 5, 8:00–10:00 AM");
    expect(mail.text).toContain("Phone: none given");
  });
});
