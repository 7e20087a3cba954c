import { describe, expect, test } from "vitest";
import { visitMail, type VisitMailFacts } from "#app/server/mail/visit-messages.server.ts";
import { visitFacts } from "#app/server/visits/visit-facts.server.ts";

const facts: VisitMailFacts = {
  kind: "visit-invitation",
  to: "maria@casa.test",
  from: '"Acme" <no-reply@acme.test>',
  visit: {
    what: "Bathroom Remodeling",
    when: {
      day: "Tuesday, December 1, 2026",
      window: "Arrival between 9:00 and 11:00 AM",
      timeZone: "America/Chicago",
    },
    where: "1234 Heights Blvd, 77008",
    who: { name: "<i>María</i> González", phone: "(713) 555-0100" },
  },
  business: {
    name: "Acme Remodeling",
    phone: "(713) 555-0147",
    phoneHref: "tel:+17135550147",
    publicEmail: "hello@acme.test",
    hoursSummary: "Mon–Fri 8–5",
    location: "Houston TX, USA",
  },
  siteUrl: "https://acme.test",
  calendar: { method: "REQUEST", content: "BEGIN:VCALENDAR\r\nEND:VCALENDAR" },
};

describe("visit emails", () => {
  test("the invitation: the window, the place, the phone, the calendar attached; the name escaped in HTML", () => {
    const mail = visitMail(facts);
    expect(mail.subject).toBe("Site visit on Tuesday, December 1, 2026: Acme Remodeling");
    expect(mail.text).toContain("When:   Tuesday, December 1, 2026, Arrival between 9:00 and 11:00 AM");
    expect(mail.text).toContain("Where:  1234 Heights Blvd, 77008");
    expect(mail.text).toContain("Call us at (713) 555-0147");
    expect(mail.html).toContain("<p>Hi &lt;i&gt;María&lt;/i&gt;,</p>");
    expect(mail.html).not.toContain("<i>María</i>");
    expect(mail.replyTo).toBe("hello@acme.test");
    expect(mail.icalEvent).toEqual({ method: "REQUEST", content: facts.calendar!.content, filename: "invite.ics" });
    expect(mail.template.kind).toBe("visit-invitation");
    // The EmailJS template has its own header: the message without the business name above it.
    expect(mail.text).toBe(`Acme Remodeling\n===============\n\n${mail.template.params.message}`);
  });

  test("the update names the old time; the cancel carries METHOD:CANCEL; the reminder no calendar", () => {
    const update = visitMail({
      ...facts,
      kind: "visit-update",
      previous: { day: "Monday, November 30, 2026", window: "Arrival between 1:00 and 3:00 PM" },
    });
    expect(update.text).toContain("Before: Monday, November 30, 2026, Arrival between 1:00 and 3:00 PM");
    const cancel = visitMail({ ...facts, kind: "visit-cancel", calendar: { method: "CANCEL", content: "X" } });
    expect(cancel.subject).toBe("Site visit cancelled: Tuesday, December 1, 2026");
    expect(cancel.icalEvent).toMatchObject({ method: "CANCEL", filename: "cancel.ics" });
    const reminder = visitMail({ ...facts, kind: "visit-reminder", calendar: undefined });
    expect(reminder.subject).toBe("Reminder: site visit tomorrow, Tuesday, December 1, 2026");
    expect(reminder.icalEvent).toBeUndefined();
    // Scheduled for later the same day: the reminder says today.
    expect(visitMail({ ...facts, kind: "visit-reminder", calendar: undefined, reminderDay: "today" }).text).toContain("we come today");
  });
});

describe("visit emails in the homeowner's language (ADR 064)", () => {
  const start = new Date("2026-12-01T15:00:00.000Z");
  const lead = {
    from_name: "María González",
    phone: "(713) 555-0100",
    subject: "Remodelación de baño",
    street_address: null,
    zip: "77008",
  };
  const spanish: VisitMailFacts = {
    ...facts,
    locale: "es",
    visit: visitFacts({ starts_at: start.toISOString(), minutes: 120 }, lead, { timeZone: "America/Chicago" }, "es"),
  };

  test("the facts: the day, the window and the place to confirm, with Intl es-US in the site's zone", () => {
    expect(spanish.visit.when.day).toBe("martes, 1 de diciembre de 2026");
    expect(spanish.visit.when.window).toBe("Llegada entre 9:00 y 11:00 a.m.");
    expect(spanish.visit.where).toBe("Dirección por confirmar (código postal 77008)");
    // The contractor's words stay English.
    expect(visitFacts({ starts_at: start.toISOString(), minutes: 120 }, lead, { timeZone: "America/Chicago" }).when.window).toBe(
      "Arrival between 9:00 and 11:00 AM",
    );
  });

  test("the invitation, the change, the cancellation and the reminder in Spanish", () => {
    const invitation = visitMail(spanish);
    expect(invitation.subject).toBe("Visita el martes, 1 de diciembre de 2026: Acme Remodeling");
    expect(invitation.text).toContain("Hola, María:");
    expect(invitation.text).toContain("Vamos a ir a ver su proyecto (Remodelación de baño).");
    // The day and the window as two sentences: "Llegada" starts the second one.
    expect(invitation.text).toContain("Cuándo: martes, 1 de diciembre de 2026. Llegada entre 9:00 y 11:00 a.m.");
    expect(invitation.text).toContain("(la invitación va adjunta)");
    expect(invitation.html).toContain('<html lang="es">');
    expect(invitation.html).toContain('Llámenos al <a href="tel:+17135550147">');
    const update = visitMail({ ...spanish, kind: "visit-update", previous: { day: "lunes, 30 de noviembre de 2026", window: "x" } });
    expect(update.subject).toBe("Nueva hora para su visita: martes, 1 de diciembre de 2026");
    expect(update.text).toContain("Antes:  lunes, 30 de noviembre de 2026. x");
    expect(visitMail({ ...spanish, kind: "visit-cancel" }).subject).toBe("Visita cancelada: martes, 1 de diciembre de 2026");
    const reminder = visitMail({ ...spanish, kind: "visit-reminder", calendar: undefined });
    expect(reminder.subject).toBe("Recordatorio: su visita es mañana, martes, 1 de diciembre de 2026");
    expect(visitMail({ ...spanish, kind: "visit-reminder", calendar: undefined, reminderDay: "today" }).text).toContain(
      "Le recordamos que hoy vamos a ver su proyecto",
    );
    for (const mail of [invitation, update, reminder]) expect(mail.text).not.toMatch(/\b(When|Where|Hi|Questions)\b/);
  });
});
