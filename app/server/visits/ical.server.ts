/**
 * The iCalendar text of site visits, made with ical-generator: the invitation a homeowner's mail
 * app offers to add (METHOD:REQUEST, or METHOD:CANCEL), and the contractor's subscribed feed
 * (METHOD:PUBLISH). Times are written as wall clocks with TZID=<SITE_TIMEZONE>, and the calendar
 * carries that zone's VTIMEZONE (zoned-time.server.ts), so every app shows them the same.
 */
import { ICalCalendar, ICalCalendarMethod, ICalAttendeeRole, ICalAttendeeStatus, ICalEventStatus } from "ical-generator";
import type { Visit } from "#app/server/repos/visits.server.ts";
import type { VisitFacts } from "#app/server/visits/visit-facts.server.ts";
import type { Locale } from "#app/i18n/locale.ts";
import { translator } from "#app/i18n/messages.ts";
import { vtimezone, wallClockAt } from "#app/server/visits/zoned-time.server.ts";

export interface CalendarVisit {
  uid: string;
  sequence: number;
  startsAt: string;
  minutes: number;
  status: "scheduled" | "cancelled";
  summary: string;
  location: string;
  description: string;
  url?: string;
  /** When the visit row last changed: the event's DTSTAMP and LAST-MODIFIED. */
  updatedAt: string;
  /** The homeowner, invited (RSVP). Left out of the contractor's own feed. */
  attendee?: { name: string; email: string };
}

export interface CalendarBusiness {
  name: string;
  email: string;
}

/** The row's side of an event: UID, SEQUENCE, times and status as stored. */
function eventOf(visit: Visit): Pick<CalendarVisit, "uid" | "sequence" | "startsAt" | "minutes" | "status" | "updatedAt"> {
  return {
    uid: visit.uid,
    sequence: visit.sequence,
    startsAt: visit.starts_at,
    minutes: visit.minutes,
    // A pending booking is never sent; an event of one reads as the visit it asks for.
    status: visit.status === "cancelled" ? "cancelled" : "scheduled",
    updatedAt: visit.updated_at,
  };
}

/** The homeowner's event, in their language (`facts` too): the business comes, with its phone; the homeowner invited. */
export function homeownerEvent(
  visit: Visit,
  facts: VisitFacts,
  {
    business,
    attendee,
    locale = "en",
  }: { business: { name: string; phone: string }; attendee: { name: string; email: string }; locale?: Locale },
): CalendarVisit {
  const t = translator(locale);
  return {
    ...eventOf(visit),
    summary: t("mail.ics.summary", { business: business.name }),
    location: facts.where,
    description: [
      t("mail.ics.comes", { business: business.name, project: facts.what }),
      `${facts.when.window}.`,
      t("mail.ics.questions", { phone: business.phone }),
    ].join("\n"),
    attendee,
  };
}

/** The contractor's event in the feed: who to see, their phone, the service, the note and the request's link. */
export function contractorEvent(visit: Visit, facts: VisitFacts, url: string): CalendarVisit {
  return {
    ...eventOf(visit),
    summary: `Visit: ${facts.who.name} (${facts.what})`,
    location: facts.where,
    description: [
      `${facts.when.window}.`,
      `${facts.who.name}, ${facts.who.phone}`,
      `Service: ${facts.what}`,
      ...(visit.note ? [`Note: ${visit.note}`] : []),
      `Request: ${url}`,
    ].join("\n"),
    url,
  };
}

/**
 * A zoned date-time as ical-generator reads Temporal.ZonedDateTime: it asks for the wall clock
 * in the calendar's zone (`withTimeZone(zone).toPlainDateTime()`). Built from Intl, so it is
 * right in any zone whatever the server's own TZ (a plain Date would be written in the
 * process's local time).
 */
function zoned(instant: Date, timeZone: string) {
  const wall = wallClockAt(instant, timeZone);
  const plain = {
    ...wall,
    toZonedDateTime: (zone: string) => zoned(instant, zone),
    toPlainDate: () => ({ year: wall.year, month: wall.month, day: wall.day }),
    toString: () => instant.toISOString(),
  };
  return {
    ...wall,
    timeZoneId: timeZone,
    epochMilliseconds: instant.getTime(),
    toPlainDateTime: () => plain,
    withTimeZone: (zone: string) => zoned(instant, zone),
    toInstant: () => ({ epochMilliseconds: instant.getTime(), toString: () => instant.toISOString() }),
    toJSON: () => instant.toISOString(),
    toString: () => instant.toISOString(),
  };
}

/** The years a calendar's VTIMEZONE must cover: those of its events, and the current one. */
function yearsOf(visits: readonly CalendarVisit[], timeZone: string, now: Date): [number, number] {
  const years = [wallClockAt(now, timeZone).year];
  for (const visit of visits) {
    const start = new Date(visit.startsAt);
    years.push(wallClockAt(start, timeZone).year, wallClockAt(new Date(start.getTime() + visit.minutes * 60_000), timeZone).year);
  }
  return [Math.min(...years), Math.max(...years)];
}

function calendar({
  method,
  name,
  visits,
  business,
  timeZone,
  now,
}: {
  method: ICalCalendarMethod;
  name: string;
  visits: readonly CalendarVisit[];
  business: CalendarBusiness;
  timeZone: string;
  now: Date;
}): string {
  const [fromYear, toYear] = yearsOf(visits, timeZone, now);
  const cal = new ICalCalendar({
    name,
    method,
    prodId: { company: business.name || "Website", product: "Site visits", language: "EN" },
    // No calendar-wide zone: DTSTAMP and LAST-MODIFIED then stay UTC (with Z), as RFC 5545
    // asks; the events name theirs, and the generator writes its VTIMEZONE.
    timezone: { name: null, generator: (zone) => vtimezone(zone, fromYear, toYear) },
  });
  for (const visit of visits) {
    const start = new Date(visit.startsAt);
    const end = new Date(start.getTime() + visit.minutes * 60_000);
    const cancelled = visit.status === "cancelled";
    const event = cal.createEvent({
      id: visit.uid,
      sequence: visit.sequence,
      start: zoned(start, timeZone) as never,
      end: zoned(end, timeZone) as never,
      timezone: timeZone,
      stamp: new Date(visit.updatedAt),
      lastModified: new Date(visit.updatedAt),
      summary: visit.summary,
      location: visit.location,
      description: visit.description,
      url: visit.url ?? null,
      status: cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
      organizer: { name: business.name, email: business.email },
    });
    if (visit.attendee) {
      event.createAttendee({
        name: visit.attendee.name,
        email: visit.attendee.email,
        rsvp: !cancelled,
        role: ICalAttendeeRole.REQ,
        status: ICalAttendeeStatus.NEEDSACTION,
      });
    }
  }
  return cal.toString();
}

/** The invitation (REQUEST) or its cancellation (CANCEL) of one visit, for the homeowner's mail. */
export function visitInvitationCalendar({
  visit,
  business,
  timeZone,
  now = new Date(),
}: {
  visit: CalendarVisit;
  business: CalendarBusiness;
  timeZone: string;
  now?: Date;
}): { method: "REQUEST" | "CANCEL"; content: string } {
  const method = visit.status === "cancelled" ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST;
  return {
    method: method === ICalCalendarMethod.CANCEL ? "CANCEL" : "REQUEST",
    content: calendar({ method, name: visit.summary, visits: [visit], business, timeZone, now }),
  };
}

/** The contractor's subscribed calendar: every visit given, published (no invitation). */
export function visitFeedCalendar({
  visits,
  business,
  timeZone,
  now = new Date(),
}: {
  visits: readonly CalendarVisit[];
  business: CalendarBusiness;
  timeZone: string;
  now?: Date;
}): string {
  return calendar({
    method: ICalCalendarMethod.PUBLISH,
    name: `${business.name || "Website"}: site visits`,
    visits,
    business,
    timeZone,
    now,
  });
}
