import { afterEach, expect, test } from "vitest";
import { BusyFeedError, busyTimesFromCalendar, type BusyRange } from "#app/server/booking/busy-feed-parse.server.ts";

const range: BusyRange = {
  from: new Date("2027-02-28T00:00:00Z"),
  to: new Date("2027-05-31T00:00:00Z"),
  timeZone: "America/Chicago",
  max: 5000,
};

/** A calendar of these VEVENT bodies (each a list of property lines). */
function calendar(events: string[][], head: string[] = []): string {
  const lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//test//busy//EN", ...head];
  events.forEach((props, index) =>
    lines.push("BEGIN:VEVENT", `UID:event-${index}@test`, "DTSTAMP:20270101T000000Z", ...props, "END:VEVENT"),
  );
  lines.push("END:VCALENDAR");
  return `${lines.join("\r\n")}\r\n`;
}

const iso = (spans: { start: Date; end: Date }[]) => spans.map(({ start, end }) => [start.toISOString(), end.toISOString()]);

const savedTz = process.env.TZ;
afterEach(() => {
  if (savedTz === undefined) delete process.env.TZ;
  else process.env.TZ = savedTz;
});

test("timed, zoned and all-day events are busy; free and cancelled ones are not", () => {
  const text = calendar([
    ["DTSTART:20270305T150000Z", "DTEND:20270305T163000Z", "SUMMARY:Timed"],
    ["DTSTART;TZID=America/Chicago:20270306T090000", "DTEND;TZID=America/Chicago:20270306T103000"],
    ["DTSTART;VALUE=DATE:20270310", "DTEND;VALUE=DATE:20270312"],
    ["DTSTART:20270305T180000Z", "DTEND:20270305T190000Z", "TRANSP:TRANSPARENT"],
    ["DTSTART:20270305T200000Z", "DTEND:20270305T210000Z", "STATUS:CANCELLED"],
  ]);
  expect(iso(busyTimesFromCalendar(text, range))).toEqual([
    ["2027-03-05T15:00:00.000Z", "2027-03-05T16:30:00.000Z"],
    ["2027-03-06T15:00:00.000Z", "2027-03-06T16:30:00.000Z"],
    // Two whole Houston days (CST, before the clocks move on the 14th).
    ["2027-03-10T06:00:00.000Z", "2027-03-12T06:00:00.000Z"],
  ]);
});

test("a weekly event repeats across the clock change, without its excluded date, with its moved and cancelled occurrences", () => {
  const weekly = [
    "DTSTART;TZID=America/Chicago:20270301T130000",
    "DTEND;TZID=America/Chicago:20270301T140000",
    "RRULE:FREQ=WEEKLY;COUNT=5",
    "EXDATE;TZID=America/Chicago:20270308T130000",
  ];
  const text = calendar([weekly]).replace(
    "END:VCALENDAR",
    [
      "BEGIN:VEVENT",
      "UID:event-0@test",
      "DTSTAMP:20270101T000000Z",
      "RECURRENCE-ID;TZID=America/Chicago:20270315T130000",
      "DTSTART;TZID=America/Chicago:20270315T160000",
      "DTEND;TZID=America/Chicago:20270315T170000",
      "END:VEVENT",
      "BEGIN:VEVENT",
      "UID:event-0@test",
      "DTSTAMP:20270101T000000Z",
      "RECURRENCE-ID;TZID=America/Chicago:20270322T130000",
      "DTSTART;TZID=America/Chicago:20270322T130000",
      "DTEND;TZID=America/Chicago:20270322T140000",
      "STATUS:CANCELLED",
      "END:VEVENT",
      "END:VCALENDAR",
    ].join("\r\n"),
  );
  expect(iso(busyTimesFromCalendar(text, range))).toEqual([
    ["2027-03-01T19:00:00.000Z", "2027-03-01T20:00:00.000Z"],
    // 8 March is excluded; 15 March moved to 4 PM (CDT from the 14th); 22 March cancelled.
    ["2027-03-15T21:00:00.000Z", "2027-03-15T22:00:00.000Z"],
    ["2027-03-29T18:00:00.000Z", "2027-03-29T19:00:00.000Z"],
  ]);
});

test("an all-day event is the site's whole day whatever the server's own time zone, 23 hours on the day the clocks move", () => {
  const text = calendar([["DTSTART;VALUE=DATE:20270314", "DTEND;VALUE=DATE:20270315"], ["DTSTART;VALUE=DATE:20270401"]]);
  const expected = [
    ["2027-03-14T06:00:00.000Z", "2027-03-15T05:00:00.000Z"],
    ["2027-04-01T05:00:00.000Z", "2027-04-02T05:00:00.000Z"],
  ];
  for (const zone of ["UTC", "Asia/Tokyo", "Pacific/Honolulu"]) {
    process.env.TZ = zone;
    expect(iso(busyTimesFromCalendar(text, range)), zone).toEqual(expected);
  }
});

test("a floating time is read in the calendar's zone when it names one, else in the site's", () => {
  const event = [["DTSTART:20270402T090000", "DTEND:20270402T100000"]];
  process.env.TZ = "Asia/Tokyo";
  expect(iso(busyTimesFromCalendar(calendar(event), range))).toEqual([["2027-04-02T14:00:00.000Z", "2027-04-02T15:00:00.000Z"]]);
  expect(iso(busyTimesFromCalendar(calendar(event, ["X-WR-TIMEZONE:America/New_York"]), range))).toEqual([
    ["2027-04-02T13:00:00.000Z", "2027-04-02T14:00:00.000Z"],
  ]);
});

test("only what overlaps the range is kept, including an event already under way at its start", () => {
  const text = calendar([
    ["DTSTART:20270227T220000Z", "DTEND:20270228T020000Z"],
    ["DTSTART:20270201T150000Z", "DTEND:20270201T160000Z"],
    ["DTSTART:20270601T150000Z", "DTEND:20270601T160000Z"],
    ["DTSTART:20270301T150000Z", "DTEND:20270301T150000Z"],
  ]);
  expect(iso(busyTimesFromCalendar(text, range))).toEqual([["2027-02-27T22:00:00.000Z", "2027-02-28T02:00:00.000Z"]]);
});

test("a body that is not a calendar is refused in words", () => {
  expect(() => busyTimesFromCalendar("<!doctype html><title>Sign in</title>", range)).toThrow(
    new BusyFeedError("the address did not answer with a calendar (an iCalendar .ics file)"),
  );
});

test("more busy times than the cap refuse the whole calendar rather than use a part of it", () => {
  const text = calendar([["DTSTART:20270301T150000Z", "DTEND:20270301T160000Z", "RRULE:FREQ=DAILY;COUNT=40"]]);
  expect(busyTimesFromCalendar(text, { ...range, max: 40 })).toHaveLength(40);
  expect(() => busyTimesFromCalendar(text, { ...range, max: 39 })).toThrow(/more than 39 busy times/);
});

test("an event repeating every minute is refused in words, not worked out for ever", () => {
  const text = calendar([["DTSTART:20270301T150000Z", "DTEND:20270301T150100Z", "RRULE:FREQ=MINUTELY"]]);
  expect(() => busyTimesFromCalendar(text, range)).toThrow(/^a repeating event in the calendar could not be worked out \(/);
});
