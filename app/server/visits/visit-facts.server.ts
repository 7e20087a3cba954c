/**
 * What a visit is, said once: what, when, where and who. The homeowner's invitation and the
 * contractor's feed (ical.server.ts) and the visit emails (mail/visit-messages.server.ts) read
 * these same facts, so a calendar and an email can never disagree about a visit.
 */
import type { Lead } from "#app/server/repos/leads.server.ts";
import type { Visit } from "#app/server/repos/visits.server.ts";
import type { SiteClock } from "#app/server/time.server.ts";
import { arrivalWindowLabel, visitDayLabel } from "#app/server/visits/labels.server.ts";
import type { Locale } from "#app/i18n/locale.ts";
import { translate } from "#app/i18n/messages.ts";

/** The request's side of a visit: a lead, or a visit row listed with its lead. */
type VisitLead = Pick<Lead, "from_name" | "phone" | "subject" | "street_address" | "zip">;

export interface VisitWhen {
  /** The visit's local day, "Tuesday, December 1, 2026". */
  day: string;
  /** "Arrival between 9:00 and 11:00 AM". */
  window: string;
  /** The zone the day and window are read in (SITE_TIMEZONE): the calendar's TZID. */
  timeZone: string;
}

export interface VisitFacts {
  /** The service asked for ("Bathroom Remodeling"). */
  what: string;
  when: VisitWhen;
  /** The street address and ZIP, or words saying it is to be confirmed. */
  where: string;
  /** The homeowner. */
  who: { name: string; phone: string };
}

/** When a visit is, in the site's zone, in `locale` (the homeowner's; English for the contractor). */
export function visitWhen(
  visit: Pick<Visit, "starts_at" | "minutes">,
  clock: Pick<SiteClock, "timeZone">,
  locale: Locale = "en",
): VisitWhen {
  const start = new Date(visit.starts_at);
  return {
    day: visitDayLabel(start, clock.timeZone, locale),
    window: arrivalWindowLabel(start, visit.minutes, clock.timeZone, locale),
    timeZone: clock.timeZone,
  };
}

/** A visit's facts in `locale`: the homeowner's language for their emails and calendar, English for the contractor's feed. */
export function visitFacts(
  visit: Pick<Visit, "starts_at" | "minutes">,
  lead: VisitLead,
  clock: Pick<SiteClock, "timeZone">,
  locale: Locale = "en",
): VisitFacts {
  return {
    what: lead.subject,
    when: visitWhen(visit, clock, locale),
    where: visitLocation(lead, locale),
    who: { name: lead.from_name, phone: lead.phone },
  };
}

/** Where the visit is: the request's street address and ZIP, or words saying it is to be confirmed. */
export function visitLocation(lead: Pick<Lead, "street_address" | "zip">, locale: Locale = "en"): string {
  const street = lead.street_address?.replace(/\s+/g, " ").trim();
  const zip = lead.zip?.trim();
  if (street) return zip && !street.includes(zip) ? `${street}, ${zip}` : street;
  return zip ? translate(locale, "mail.visit.addressTbcZip", { zip }) : translate(locale, "mail.visit.addressTbc");
}
