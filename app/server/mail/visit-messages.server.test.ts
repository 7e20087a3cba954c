import { describe, expect, test } from "vitest";
import { bookingChangeUntilLabel, visitMail, type VisitMailFacts } from "#app/server/mail/visit-messages.server.ts";
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

describe("a time the homeowner booked (issue 28)", () => {
  const booking = { url: "https://acme.test/visit/abc?x=1&y=<2>", changeUntil: null };
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

  test("received: the time and the place, the link to change or cancel, no calendar even when one is passed", () => {
    const mail = visitMail({ ...facts, kind: "booking-received", booking });
    expect(mail.subject).toBe("We have your time: Tuesday, December 1, 2026");
    expect(mail.text).toContain(
      "Thanks for choosing a time for the visit (Bathroom Remodeling). Acme Remodeling will confirm it by email shortly.",
    );
    expect(mail.text).toContain("When:   Tuesday, December 1, 2026, Arrival between 9:00 and 11:00 AM");
    expect(mail.text).toContain(`Need another time, or changed your mind? Change or cancel here: ${booking.url}`);
    expect(mail.text).not.toContain("calendar");
    expect(mail.icalEvent).toBeUndefined();
    expect(mail.template.kind).toBe("booking-received");
    // EmailJS sends the text alone: the link has to be in it.
    expect(mail.template.params.message).toContain(booking.url);
  });

  test("declined: only the time they chose, and the link to pick another", () => {
    const mail = visitMail({ ...facts, kind: "booking-declined", booking });
    expect(mail.subject).toBe("Please pick another time for your visit");
    expect(mail.text).toContain(
      "Sorry, we cannot come at the time you chose (Tuesday, December 1, 2026). Please pick another time; the open times are on your booking page.",
    );
    expect(mail.text).toContain("You chose: Tuesday, December 1, 2026, Arrival between 9:00 and 11:00 AM");
    expect(mail.text).not.toContain("Where:");
    expect(mail.text).toContain(`Pick another time here: ${booking.url}`);
    expect(mail.icalEvent).toBeUndefined();
  });

  test("the link is a real, escaped link in the HTML", () => {
    const html = visitMail({ ...facts, kind: "booking-declined", booking }).html;
    const escaped = "https://acme.test/visit/abc?x=1&amp;y=&lt;2&gt;";
    expect(html).toContain(`<p>Pick another time here: <a href="${escaped}">${escaped}</a></p>`);
    expect(html).not.toContain("y=<2>");
    expect(html).not.toContain("\u0003");
  });

  test("a set visit: move or cancel until the deadline, or without one; a cancelled one: pick another", () => {
    const until = visitMail({ ...facts, booking: { url: "https://acme.test/b", changeUntil: "Monday, November 30 at 9:00 AM" } });
    expect(until.text).toContain(
      "Need another time? Move or cancel the visit here until Monday, November 30 at 9:00 AM: https://acme.test/b",
    );
    // The calendar still goes with the invitation.
    expect(until.icalEvent?.method).toBe("REQUEST");
    const update = visitMail({ ...facts, kind: "visit-update", booking: { url: "https://acme.test/b", changeUntil: null } });
    expect(update.text).toContain("Need another time? Move or cancel the visit here: https://acme.test/b");
    expect(update.html).toContain('Move or cancel the visit here: <a href="https://acme.test/b">https://acme.test/b</a>');
    const reminder = visitMail({
      ...facts,
      kind: "visit-reminder",
      calendar: undefined,
      booking: { url: "https://acme.test/b", changeUntil: "x" },
    });
    expect(reminder.text).toContain("here until x: https://acme.test/b");
    const cancel = visitMail({ ...facts, kind: "visit-cancel", booking: { url: "https://acme.test/b", changeUntil: "x" } });
    expect(cancel.text).toContain("Want another time? Pick one here: https://acme.test/b");
    // Without a booking page, no such line.
    expect(visitMail(facts).text).not.toContain("Move or cancel");
  });

  test("in Spanish", () => {
    const received = visitMail({ ...spanish, kind: "booking-received", booking });
    expect(received.subject).toBe("Recibimos el horario que eligió: martes, 1 de diciembre de 2026");
    expect(received.text).toContain(
      "Gracias por elegir un horario para la visita (Remodelación de baño). Acme Remodeling le va a confirmar la cita por correo muy pronto.",
    );
    expect(received.text).toContain(`¿Necesita otro horario o cambió de planes? Cámbielo o cancélelo aquí: ${booking.url}`);
    const declined = visitMail({ ...spanish, kind: "booking-declined", booking });
    expect(declined.subject).toBe("Por favor elija otro horario para su visita");
    expect(declined.text).toContain("Lo sentimos, no podemos ir en el horario que eligió (martes, 1 de diciembre de 2026).");
    expect(declined.text).toContain("Horario que eligió: martes, 1 de diciembre de 2026. Llegada entre 9:00 y 11:00 a.m.");
    expect(declined.text).toContain(`Elija otro horario aquí: ${booking.url}`);
    const invitation = visitMail({ ...spanish, booking: { url: "https://acme.test/b", changeUntil: "lunes, 30 de noviembre, 9:00 a.m." } });
    expect(invitation.text).toContain(
      "¿Necesita otro horario? Puede cambiar o cancelar la visita aquí hasta el lunes, 30 de noviembre, 9:00 a.m.: https://acme.test/b",
    );
    for (const mail of [received, declined, invitation]) expect(mail.text).not.toMatch(/\b(When|Where|Hi|Questions|here)\b/);
  });

  test("the deadline as the line reads it, in the site's zone and the homeowner's language", () => {
    const deadline = new Date("2026-11-30T15:00:00.000Z");
    expect(bookingChangeUntilLabel(deadline, "America/Chicago")).toBe("Monday, November 30 at 9:00 AM");
    expect(bookingChangeUntilLabel(deadline, "America/Chicago", "es")).toBe("lunes, 30 de noviembre, 9:00 a.m.");
  });
});
