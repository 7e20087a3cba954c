import { sync, type VEvent } from "node-ical";
import { describe, expect, test } from "vitest";
import { visitFeedCalendar, visitInvitationCalendar, type CalendarVisit } from "#app/server/visits/ical.server.ts";
import { offsetMinutesAt, vtimezone, wallClockToInstant, zoneTransitions } from "#app/server/visits/zoned-time.server.ts";
import { arrivalWindowLabel, visitShortLabel } from "#app/server/visits/labels.server.ts";
import { checkVisitInput } from "#app/server/visits/visit-input.server.ts";
import { visitLocation } from "#app/server/visits/visit-facts.server.ts";
import { reminderDueAt } from "#app/server/visits/visit-jobs.server.ts";

const CHICAGO = "America/Chicago";
const wall = (date: string, time: string) => {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  const [hour, minute] = time.split(":").map(Number) as [number, number];
  return { year, month, day, hour, minute, second: 0 };
};

describe("wall clocks in the site's time zone", () => {
  test("a typed date and time becomes the right UTC instant on both sides of DST", () => {
    expect(wallClockToInstant(wall("2026-12-01", "09:00"), CHICAGO)?.toISOString()).toBe("2026-12-01T15:00:00.000Z");
    expect(wallClockToInstant(wall("2026-07-01", "09:00"), CHICAGO)?.toISOString()).toBe("2026-07-01T14:00:00.000Z");
    // March 8, 2026: clocks go 2:00 → 3:00 CDT. 9 AM that day is already CDT.
    expect(wallClockToInstant(wall("2026-03-08", "09:00"), CHICAGO)?.toISOString()).toBe("2026-03-08T14:00:00.000Z");
    expect(wallClockToInstant(wall("2026-03-07", "09:00"), CHICAGO)?.toISOString()).toBe("2026-03-07T15:00:00.000Z");
    // November 1, 2026: clocks go 2:00 CDT → 1:00 CST. 9 AM that day is CST.
    expect(wallClockToInstant(wall("2026-11-01", "09:00"), CHICAGO)?.toISOString()).toBe("2026-11-01T15:00:00.000Z");
    expect(wallClockToInstant(wall("2026-10-31", "09:00"), CHICAGO)?.toISOString()).toBe("2026-10-31T14:00:00.000Z");
  });

  test("the skipped hour does not exist; the repeated hour is its first time", () => {
    expect(wallClockToInstant(wall("2026-03-08", "02:30"), CHICAGO)).toBeNull();
    expect(wallClockToInstant(wall("2026-11-01", "01:30"), CHICAGO)?.toISOString()).toBe("2026-11-01T06:30:00.000Z");
  });

  test("another zone is another answer (the setting decides, not a fixed zone)", () => {
    expect(wallClockToInstant(wall("2026-12-01", "09:00"), "America/New_York")?.toISOString()).toBe("2026-12-01T14:00:00.000Z");
    expect(offsetMinutesAt(new Date("2026-07-01T00:00:00Z"), CHICAGO)).toBe(-300);
  });

  test("the transitions of 2026 are found to the minute", () => {
    const changes = zoneTransitions(CHICAGO, new Date("2026-01-01T00:00:00Z"), new Date("2027-01-01T00:00:00Z"));
    expect(changes.map((c) => [c.at.toISOString(), c.from, c.to])).toEqual([
      ["2026-03-08T08:00:00.000Z", -360, -300],
      ["2026-11-01T07:00:00.000Z", -300, -360],
    ]);
  });

  test("VTIMEZONE: the local time before each change, with the offsets and names", () => {
    const block = vtimezone(CHICAGO, 2026, 2026);
    expect(block).toContain("TZID:America/Chicago");
    expect(block).toContain(
      "BEGIN:DAYLIGHT\r\nDTSTART:20260308T020000\r\nTZOFFSETFROM:-0600\r\nTZOFFSETTO:-0500\r\nTZNAME:CDT\r\nEND:DAYLIGHT",
    );
    expect(block).toContain(
      "BEGIN:STANDARD\r\nDTSTART:20261101T020000\r\nTZOFFSETFROM:-0500\r\nTZOFFSETTO:-0600\r\nTZNAME:CST\r\nEND:STANDARD",
    );
    // A zone without DST: one STANDARD part.
    const tokyo = vtimezone("Asia/Tokyo", 2026, 2027);
    expect(tokyo.match(/BEGIN:STANDARD/g)).toHaveLength(1);
    expect(tokyo).toContain("TZOFFSETTO:+0900");
  });
});

describe("the visit form", () => {
  const now = new Date("2026-11-25T15:00:00.000Z");

  test("a good visit: the start in UTC, two hours by default", () => {
    const result = checkVisitInput({ date: "2026-12-01", time: "09:00" }, CHICAGO, now);
    expect(result).toMatchObject({ outcome: "ok", minutes: 120, note: null });
    expect(result.outcome === "ok" && result.startsAt.toISOString()).toBe("2026-12-01T15:00:00.000Z");
  });

  test.each([
    [{ date: "", time: "09:00" }, /Choose the day/],
    [{ date: "2026-02-30", time: "09:00" }, /not a date on the calendar/],
    [{ date: "2026-12-01", time: "9am" }, /hours and minutes/],
    [{ date: "2026-12-01", time: "25:00" }, /hours and minutes/],
    [{ date: "2026-12-01", time: "09:00", minutes: "15" }, /from 30 minutes to 8 hours/],
    [{ date: "2026-12-01", time: "09:00", minutes: "600" }, /from 30 minutes to 8 hours/],
    [{ date: "2026-12-01", time: "09:00", minutes: "abc" }, /from 30 minutes to 8 hours/],
    [{ date: "2026-11-25", time: "08:00" }, /already passed/],
    [{ date: "2028-01-01", time: "09:00" }, /a year ahead/],
    [{ date: "2027-03-14", time: "02:15" }, /clocks move forward/],
  ])("%o is refused with a sentence", (input, message) => {
    const result = checkVisitInput(input, CHICAGO, now);
    expect(result.outcome).toBe("refused");
    expect(result.outcome === "refused" && result.error).toMatch(message);
    expect(result.outcome === "refused" && result.status).toBe(400);
  });

  test("the words: an arrival window, short labels across noon", () => {
    const start = new Date("2026-12-01T15:00:00.000Z");
    expect(arrivalWindowLabel(start, 120, CHICAGO)).toBe("Arrival between 9:00 and 11:00 AM");
    expect(arrivalWindowLabel(new Date("2026-12-01T17:00:00.000Z"), 120, CHICAGO)).toBe("Arrival between 11:00 AM and 1:00 PM");
    expect(visitShortLabel(start, 120, CHICAGO)).toBe("Tue, Dec 1, 9:00–11:00 AM");
  });

  test("the reminder: 9 AM local the day before, or now when that has passed", () => {
    expect(reminderDueAt(new Date("2026-12-01T15:00:00.000Z"), CHICAGO, now).toISOString()).toBe("2026-11-30T15:00:00.000Z");
    // The day before is in daylight time, the visit in standard time.
    expect(reminderDueAt(new Date("2026-11-02T15:00:00.000Z"), CHICAGO, new Date("2026-10-01T00:00:00Z")).toISOString()).toBe(
      "2026-11-01T15:00:00.000Z",
    );
    expect(reminderDueAt(new Date("2026-11-26T15:00:00.000Z"), CHICAGO, now).toISOString()).toBe(now.toISOString());
  });

  test("the location: street and ZIP, or to be confirmed", () => {
    expect(visitLocation({ street_address: "1234 Heights Blvd", zip: "77008" })).toBe("1234 Heights Blvd, 77008");
    expect(visitLocation({ street_address: null, zip: "77008" })).toBe("Address to be confirmed (ZIP 77008)");
    expect(visitLocation({ street_address: null, zip: null })).toBe("Address to be confirmed");
  });
});

function eventOf(text: string) {
  const parsed = sync.parseICS(text);
  const events = Object.values(parsed).filter((c) => c?.type === "VEVENT");
  expect(events).toHaveLength(1);
  return { calendar: parsed.vcalendar as unknown as { method?: string }, event: events[0] as VEvent };
}

describe("the iCalendar, parsed back", () => {
  const visit: CalendarVisit = {
    uid: "v1@remodel.test",
    sequence: 0,
    startsAt: "2026-12-01T15:00:00.000Z",
    minutes: 120,
    status: "scheduled",
    summary: "Site visit: Acme",
    location: "1234 Heights Blvd, 77008",
    description: "Questions? Call (713) 555-0100.",
    updatedAt: "2026-11-25T15:00:00.000Z",
    attendee: { name: "María González", email: "maria@casa.test" },
  };
  const business = { name: "Acme Remodeling", email: "hello@acme.test" };

  test("REQUEST: UID, SEQUENCE, the Chicago wall clock with its TZID, organiser and attendee", () => {
    const invitation = visitInvitationCalendar({
      visit,
      business,
      timeZone: CHICAGO,
      now: new Date("2026-11-25T15:00:00Z"),
    });
    expect(invitation.method).toBe("REQUEST");
    expect(invitation.content).toContain("DTSTART;TZID=America/Chicago:20261201T090000");
    expect(invitation.content).toContain("BEGIN:VTIMEZONE");
    const { calendar, event } = eventOf(invitation.content);
    expect(calendar.method).toBe("REQUEST");
    expect(event.uid).toBe("v1@remodel.test");
    expect(Number(event.sequence)).toBe(0);
    expect(event.start.toISOString()).toBe("2026-12-01T15:00:00.000Z");
    expect(event.end?.toISOString()).toBe("2026-12-01T17:00:00.000Z");
    expect(event.start.tz).toBe(CHICAGO);
    expect(event.location).toBe("1234 Heights Blvd, 77008");
    expect(JSON.stringify(event.organizer)).toContain("mailto:hello@acme.test");
    expect(JSON.stringify(event.attendee)).toMatch(/maria@casa\.test/i);
    expect(JSON.stringify(event.attendee)).toContain('"RSVP":true');
  });

  test("CANCEL keeps the UID, with a higher SEQUENCE; the feed publishes without attendees", () => {
    const cancel = visitInvitationCalendar({
      visit: { ...visit, status: "cancelled", sequence: 2 },
      business,
      timeZone: CHICAGO,
    });
    expect(cancel.method).toBe("CANCEL");
    const { calendar, event } = eventOf(cancel.content);
    expect(calendar.method).toBe("CANCEL");
    expect(event.uid).toBe("v1@remodel.test");
    expect(Number(event.sequence)).toBe(2);
    expect(event.status).toBe("CANCELLED");

    const feed = visitFeedCalendar({ visits: [{ ...visit, attendee: undefined }], business, timeZone: CHICAGO });
    expect(feed).toContain("METHOD:PUBLISH");
    expect(feed).not.toContain("ATTENDEE");
  });
});
