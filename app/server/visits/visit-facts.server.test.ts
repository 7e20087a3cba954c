import { describe, expect, test } from "vitest";
import type { Visit } from "#app/server/repos/visits.server.ts";
import { createSiteClock } from "#app/server/time.server.ts";
import { visitMail } from "#app/server/mail/visit-messages.server.ts";
import { homeownerEvent, visitInvitationCalendar } from "#app/server/visits/ical.server.ts";
import { visitFacts } from "#app/server/visits/visit-facts.server.ts";

const visit: Visit = {
  id: "v1",
  lead_id: "l1",
  starts_at: "2026-12-01T16:00:00.000Z",
  minutes: 120,
  status: "scheduled",
  sequence: 0,
  uid: "v1@remodel.test",
  note: null,
  reminder_job_id: null,
  created_at: "2026-11-25T15:00:00.000Z",
  updated_at: "2026-11-25T15:00:00.000Z",
  slot_start: null,
  booked_by: null,
};
const lead = {
  from_name: "María González",
  phone: "(713) 555-0100",
  subject: "Bathroom Remodeling",
  street_address: "1234 Heights Blvd",
  zip: "77008",
};
const business = {
  name: "Acme Remodeling",
  phone: "(713) 555-0147",
  phoneHref: "tel:+17135550147",
  publicEmail: "hello@acme.test",
  hoursSummary: "",
  location: "",
};

describe("one set of facts for the email and the calendar", () => {
  test("what, when, where, who, read in the site's zone", () => {
    expect(visitFacts(visit, lead, createSiteClock("America/Chicago"))).toEqual({
      what: "Bathroom Remodeling",
      when: {
        day: "Tuesday, December 1, 2026",
        window: "Arrival between 10:00 AM and 12:00 PM",
        timeZone: "America/Chicago",
      },
      where: "1234 Heights Blvd, 77008",
      who: { name: "María González", phone: "(713) 555-0100" },
    });
  });

  test("with SITE_TIMEZONE set to Denver, the email and the invitation both say Denver's 9:00", () => {
    const facts = visitFacts(visit, lead, createSiteClock("America/Denver"));
    expect(facts.when).toEqual({
      day: "Tuesday, December 1, 2026",
      window: "Arrival between 9:00 and 11:00 AM",
      timeZone: "America/Denver",
    });
    const event = homeownerEvent(visit, facts, {
      business,
      attendee: { name: lead.from_name, email: "maria@casa.test" },
    });
    const calendar = visitInvitationCalendar({
      visit: event,
      business: { name: business.name, email: business.publicEmail },
      timeZone: facts.when.timeZone,
    });
    expect(calendar.content).toContain("DTSTART;TZID=America/Denver:20261201T090000");
    expect(calendar.content).toContain("Arrival between 9:00 and 11:00 AM.");
    const mail = visitMail({
      kind: "visit-invitation",
      to: "maria@casa.test",
      from: "a@acme.test",
      visit: facts,
      business,
      siteUrl: "https://acme.test",
      calendar,
    });
    expect(mail.text).toContain("When:   Tuesday, December 1, 2026, Arrival between 9:00 and 11:00 AM");
  });
});
