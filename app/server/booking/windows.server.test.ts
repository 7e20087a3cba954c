import { describe, expect, test } from "vitest";
import { defaultBookingRules, type BookingRules, type BookingWindow, type BusyTime } from "#app/schemas/booking.ts";
import { computeWindows, findOpenWindow, windowsByDay } from "#app/server/booking/windows.server.ts";
import { wallClockAt } from "#app/server/visits/zoned-time.server.ts";

const timeZone = "America/Chicago";
// Wednesday 2027-05-12, 9:00 in Chicago (CDT, UTC-5).
const wednesday9am = new Date("2027-05-12T14:00:00.000Z");
const weekdaysOnly = defaultBookingRules.hours.filter((h) => h.weekday !== 6);

function rulesWith(changes: Partial<BookingRules>): BookingRules {
  return { ...defaultBookingRules, ...changes };
}

function windows(rules: BookingRules, now = wednesday9am, busy: BusyTime[] = [], until?: Date): BookingWindow[] {
  return computeWindows({ rules, now, timeZone, busy, until });
}

const readable = (list: BookingWindow[]) => list.map((w) => ({ start: w.start.toISOString(), end: w.end.toISOString(), day: w.day }));
const starts = (list: BookingWindow[]) => list.map((w) => w.start.toISOString());
const onDay = (list: BookingWindow[], day: string) => starts(list.filter((w) => w.day === day));
const busyTime = (start: string, end: string, isVisit = false): BusyTime => ({ start: new Date(start), end: new Date(end), isVisit });

describe("the default rules", () => {
  const list = windows(defaultBookingRules);

  test("weekdays 8–10, 10–12, 12–14, 14–16 and Saturday 8–10, 10–12, from the next business day", () => {
    expect(readable(list).slice(0, 6)).toEqual([
      { start: "2027-05-13T13:00:00.000Z", end: "2027-05-13T15:00:00.000Z", day: "2027-05-13" },
      { start: "2027-05-13T15:00:00.000Z", end: "2027-05-13T17:00:00.000Z", day: "2027-05-13" },
      { start: "2027-05-13T17:00:00.000Z", end: "2027-05-13T19:00:00.000Z", day: "2027-05-13" },
      { start: "2027-05-13T19:00:00.000Z", end: "2027-05-13T21:00:00.000Z", day: "2027-05-13" },
      { start: "2027-05-14T13:00:00.000Z", end: "2027-05-14T15:00:00.000Z", day: "2027-05-14" },
      { start: "2027-05-14T15:00:00.000Z", end: "2027-05-14T17:00:00.000Z", day: "2027-05-14" },
    ]);
    expect(readable(list.filter((w) => w.day === "2027-05-15"))).toEqual([
      { start: "2027-05-15T13:00:00.000Z", end: "2027-05-15T15:00:00.000Z", day: "2027-05-15" },
      { start: "2027-05-15T15:00:00.000Z", end: "2027-05-15T17:00:00.000Z", day: "2027-05-15" },
    ]);
    expect(onDay(list, "2027-05-16")).toEqual([]);
  });

  test("to today + 21 days inclusive, earliest first", () => {
    // 15 weekdays of four windows and three Saturdays of two, from Thursday 05-13 to Wednesday 06-02.
    expect(list).toHaveLength(66);
    expect(readable(list).at(-1)).toEqual({ start: "2027-06-02T19:00:00.000Z", end: "2027-06-02T21:00:00.000Z", day: "2027-06-02" });
    expect(starts(list)).toEqual(starts(list).toSorted());
    expect(new Set(starts(list)).size).toBe(list.length);
  });

  test("nothing when online booking is off", () => {
    expect(windows(rulesWith({ enabled: false }))).toEqual([]);
  });

  test("`until` keeps the windows starting before it", () => {
    expect(starts(windows(defaultBookingRules, wednesday9am, [], new Date("2027-05-13T17:00:00.000Z")))).toEqual([
      "2027-05-13T13:00:00.000Z",
      "2027-05-13T15:00:00.000Z",
    ]);
  });
});

describe("notice", () => {
  test("0: later today, from two hours after now", () => {
    const list = windows(rulesWith({ noticeDays: 0 }));
    expect(onDay(list, "2027-05-12")).toEqual(["2027-05-12T17:00:00.000Z", "2027-05-12T19:00:00.000Z"]);
    expect(onDay(list, "2027-05-13")).toHaveLength(4);
  });

  test("0: a window starting exactly two hours after now is offered, one a minute short is not", () => {
    const at8 = windows(rulesWith({ noticeDays: 0 }), new Date("2027-05-12T13:00:00.000Z"));
    expect(onDay(at8, "2027-05-12")[0]).toBe("2027-05-12T15:00:00.000Z");
    const at801 = windows(rulesWith({ noticeDays: 0 }), new Date("2027-05-12T13:01:00.000Z"));
    expect(onDay(at801, "2027-05-12")[0]).toBe("2027-05-12T17:00:00.000Z");
  });

  const friday9am = new Date("2027-05-14T14:00:00.000Z");

  test("1 and 2 on a Friday, Saturday open: Saturday, then Monday", () => {
    expect(starts(windows(rulesWith({ noticeDays: 1 }), friday9am))[0]).toBe("2027-05-15T13:00:00.000Z");
    expect(starts(windows(rulesWith({ noticeDays: 2 }), friday9am))[0]).toBe("2027-05-17T13:00:00.000Z");
  });

  test("1 on a Friday with weekdays only: the next business day is Monday", () => {
    expect(starts(windows(rulesWith({ noticeDays: 1, hours: weekdaysOnly }), friday9am))[0]).toBe("2027-05-17T13:00:00.000Z");
  });

  test("across a weekend and a day off: Monday off makes it Tuesday, and Wednesday for 2", () => {
    const rules = rulesWith({ hours: weekdaysOnly, daysOff: ["2027-05-17"] });
    expect(starts(windows({ ...rules, noticeDays: 1 }, friday9am))[0]).toBe("2027-05-18T13:00:00.000Z");
    expect(starts(windows({ ...rules, noticeDays: 2 }, friday9am))[0]).toBe("2027-05-19T13:00:00.000Z");
  });

  test("1 late at night: the next day's windows still start two hours after now at the earliest", () => {
    const rules = rulesWith({ noticeDays: 1, windowMinutes: 60, hours: [{ weekday: 5, open: "00:00", close: "04:00" }] });
    // Thursday 2027-05-13 at 23:00 in Chicago.
    const list = windows(rules, new Date("2027-05-14T04:00:00.000Z"));
    expect(onDay(list, "2027-05-14")).toEqual(["2027-05-14T06:00:00.000Z", "2027-05-14T07:00:00.000Z", "2027-05-14T08:00:00.000Z"]);
  });
});

describe("horizon and days off", () => {
  test("today and the horizon's days, inclusive", () => {
    const early = new Date("2027-05-12T10:00:00.000Z"); // Wednesday 5:00
    const two = windows(rulesWith({ noticeDays: 0, horizonDays: 2 }), early);
    expect(windowsByDay(two).map((group) => group.day)).toEqual(["2027-05-12", "2027-05-13", "2027-05-14"]);
    expect(readable(two).at(-1)).toEqual({ start: "2027-05-14T19:00:00.000Z", end: "2027-05-14T21:00:00.000Z", day: "2027-05-14" });
    expect(windowsByDay(windows(rulesWith({ noticeDays: 0, horizonDays: 3 }), early)).at(-1)?.day).toBe("2027-05-15");
  });

  test("a day off has no window; the days around it keep theirs", () => {
    const list = windows(rulesWith({ daysOff: ["2027-05-14"] }));
    expect(onDay(list, "2027-05-14")).toEqual([]);
    expect(onDay(list, "2027-05-13")).toHaveLength(4);
    expect(onDay(list, "2027-05-15")).toHaveLength(2);
  });
});

describe("buffer and busy times", () => {
  const buffered = rulesWith({ bufferMinutes: 30 });

  test("the buffer is the gap between two windows of the grid", () => {
    const list = windows(buffered);
    expect(readable(list.filter((w) => w.day === "2027-05-13"))).toEqual([
      { start: "2027-05-13T13:00:00.000Z", end: "2027-05-13T15:00:00.000Z", day: "2027-05-13" },
      { start: "2027-05-13T15:30:00.000Z", end: "2027-05-13T17:30:00.000Z", day: "2027-05-13" },
      { start: "2027-05-13T18:00:00.000Z", end: "2027-05-13T20:00:00.000Z", day: "2027-05-13" },
    ]);
    expect(onDay(list, "2027-05-15")).toEqual(["2027-05-15T13:00:00.000Z"]);
  });

  test("a busy time touching the padded window leaves it open; one overlapping by a minute closes it", () => {
    // 9:00–10:00 ends where 10:30–12:30's padding begins; 9:00–10:01 reaches into it.
    const touching = windows(buffered, wednesday9am, [busyTime("2027-05-13T14:00:00.000Z", "2027-05-13T15:00:00.000Z")]);
    expect(onDay(touching, "2027-05-13")).toEqual(["2027-05-13T15:30:00.000Z", "2027-05-13T18:00:00.000Z"]);
    const overlapping = windows(buffered, wednesday9am, [busyTime("2027-05-13T14:00:00.000Z", "2027-05-13T15:01:00.000Z")]);
    expect(onDay(overlapping, "2027-05-13")).toEqual(["2027-05-13T18:00:00.000Z"]);
    // After the window: 15:30 starts where 13:00–15:00's padding ends; 15:00 is inside it.
    const after = windows(buffered, wednesday9am, [busyTime("2027-05-13T20:30:00.000Z", "2027-05-13T21:30:00.000Z")]);
    expect(onDay(after, "2027-05-13")).toHaveLength(3);
    const inside = windows(buffered, wednesday9am, [busyTime("2027-05-13T20:00:00.000Z", "2027-05-13T21:00:00.000Z")]);
    expect(onDay(inside, "2027-05-13")).toEqual(["2027-05-13T13:00:00.000Z", "2027-05-13T15:30:00.000Z"]);
  });

  test("a held window of the grid closes itself, not its neighbours", () => {
    const held = busyTime("2027-05-13T15:30:00.000Z", "2027-05-13T17:30:00.000Z", true);
    expect(onDay(windows(buffered, wednesday9am, [held]), "2027-05-13")).toEqual(["2027-05-13T13:00:00.000Z", "2027-05-13T18:00:00.000Z"]);
  });

  test("a calendar's busy time closes the windows it overlaps, a long one whole days", () => {
    const busy = [
      busyTime("2027-05-13T16:00:00.000Z", "2027-05-13T16:30:00.000Z"), // Thursday 11:00–11:30
      busyTime("2027-05-14T05:00:00.000Z", "2027-05-15T05:00:00.000Z"), // all of Friday
      busyTime("2027-05-14T14:00:00.000Z", "2027-05-14T14:30:00.000Z"), // inside it
    ];
    const list = windows(defaultBookingRules, wednesday9am, busy);
    expect(onDay(list, "2027-05-13")).toEqual(["2027-05-13T13:00:00.000Z", "2027-05-13T17:00:00.000Z", "2027-05-13T19:00:00.000Z"]);
    expect(onDay(list, "2027-05-14")).toEqual([]);
    expect(onDay(list, "2027-05-15")).toEqual(["2027-05-15T13:00:00.000Z", "2027-05-15T15:00:00.000Z"]);
  });
});

describe("the most visits a day", () => {
  const busy = [
    busyTime("2027-05-13T11:00:00.000Z", "2027-05-13T12:00:00.000Z", true), // Thursday 6:00, before hours
    busyTime("2027-05-14T01:00:00.000Z", "2027-05-14T02:00:00.000Z", true), // Thursday 20:00 (Friday in UTC)
    busyTime("2027-05-14T23:00:00.000Z", "2027-05-15T00:00:00.000Z", true), // Friday 18:00
    busyTime("2027-05-14T11:00:00.000Z", "2027-05-14T12:00:00.000Z"), // calendar, Friday 6:00
    busyTime("2027-05-15T00:30:00.000Z", "2027-05-15T01:00:00.000Z"), // calendar, Friday 19:30
  ];

  test("counted on the visits' local day; a calendar's busy times do not count", () => {
    const list = windows(rulesWith({ maxPerDay: 2 }), wednesday9am, busy);
    expect(onDay(list, "2027-05-13")).toEqual([]);
    expect(onDay(list, "2027-05-14")).toHaveLength(4);
  });

  test("under the most, the day keeps its windows", () => {
    expect(onDay(windows(rulesWith({ maxPerDay: 3 }), wednesday9am, busy), "2027-05-13")).toHaveLength(4);
  });
});

describe("clock changes (America/Chicago, 2027)", () => {
  const nightHours = rulesWith({
    noticeDays: 0,
    horizonDays: 1,
    windowMinutes: 60,
    hours: [{ weekday: 0, open: "00:00", close: "06:00" }],
  });

  test("Sunday 2027-03-14: 2:00 never happens, so no window starts then; an end at 2:00 is an hour later", () => {
    const list = windows(nightHours, new Date("2027-03-13T18:00:00.000Z"));
    expect(readable(list)).toEqual([
      { start: "2027-03-14T06:00:00.000Z", end: "2027-03-14T07:00:00.000Z", day: "2027-03-14" },
      { start: "2027-03-14T07:00:00.000Z", end: "2027-03-14T08:00:00.000Z", day: "2027-03-14" },
      { start: "2027-03-14T08:00:00.000Z", end: "2027-03-14T09:00:00.000Z", day: "2027-03-14" },
      { start: "2027-03-14T09:00:00.000Z", end: "2027-03-14T10:00:00.000Z", day: "2027-03-14" },
      { start: "2027-03-14T10:00:00.000Z", end: "2027-03-14T11:00:00.000Z", day: "2027-03-14" },
    ]);
    expect(list.map((w) => wallClockAt(w.start, timeZone).hour)).toEqual([0, 1, 3, 4, 5]);
  });

  test("Sunday 2027-11-07: 1:00 happens twice and gives one window, at the first", () => {
    const list = windows(nightHours, new Date("2027-11-06T17:00:00.000Z"));
    expect(readable(list)).toEqual([
      { start: "2027-11-07T05:00:00.000Z", end: "2027-11-07T06:00:00.000Z", day: "2027-11-07" },
      { start: "2027-11-07T06:00:00.000Z", end: "2027-11-07T08:00:00.000Z", day: "2027-11-07" },
      { start: "2027-11-07T08:00:00.000Z", end: "2027-11-07T09:00:00.000Z", day: "2027-11-07" },
      { start: "2027-11-07T09:00:00.000Z", end: "2027-11-07T10:00:00.000Z", day: "2027-11-07" },
      { start: "2027-11-07T10:00:00.000Z", end: "2027-11-07T11:00:00.000Z", day: "2027-11-07" },
      { start: "2027-11-07T11:00:00.000Z", end: "2027-11-07T12:00:00.000Z", day: "2027-11-07" },
    ]);
    expect(new Set(starts(list)).size).toBe(6);
    expect(list.map((w) => wallClockAt(w.start, timeZone).hour)).toEqual([0, 1, 2, 3, 4, 5]);
  });

  test("hours after the change on those Sundays are in the new offset", () => {
    const rules = rulesWith({ noticeDays: 0, horizonDays: 1, hours: [{ weekday: 0, open: "08:00", close: "12:00" }] });
    expect(starts(windows(rules, new Date("2027-03-13T18:00:00.000Z")))).toEqual(["2027-03-14T13:00:00.000Z", "2027-03-14T15:00:00.000Z"]);
    expect(starts(windows(rules, new Date("2027-11-06T17:00:00.000Z")))).toEqual(["2027-11-07T14:00:00.000Z", "2027-11-07T16:00:00.000Z"]);
  });
});

const find = (start: string, busy: BusyTime[] = [], rules = defaultBookingRules) =>
  findOpenWindow({ rules, now: wednesday9am, timeZone, busy, start: new Date(start) });

describe("findOpenWindow", () => {
  test("an open window of the grid", () => {
    const window = find("2027-05-13T15:00:00.000Z");
    expect(window && readable([window])).toEqual([
      { start: "2027-05-13T15:00:00.000Z", end: "2027-05-13T17:00:00.000Z", day: "2027-05-13" },
    ]);
  });

  test("not a window: held, off the grid, too soon, past the horizon, a day off, not a time", () => {
    expect(find("2027-05-13T15:00:00.000Z", [busyTime("2027-05-13T15:00:00.000Z", "2027-05-13T17:00:00.000Z", true)])).toBeNull();
    expect(find("2027-05-13T15:30:00.000Z")).toBeNull();
    expect(find("2027-05-12T17:00:00.000Z")).toBeNull();
    expect(find("2027-06-03T13:00:00.000Z")).toBeNull();
    expect(find("2027-05-13T15:00:00.000Z", [], rulesWith({ daysOff: ["2027-05-13"] }))).toBeNull();
    expect(find("not a date")).toBeNull();
  });

  test("today's window with same-day notice", () => {
    expect(find("2027-05-12T17:00:00.000Z", [], rulesWith({ noticeDays: 0 }))?.day).toBe("2027-05-12");
  });
});

describe("windowsByDay", () => {
  test("one group per local day, in order", () => {
    const groups = windowsByDay(windows(defaultBookingRules)).slice(0, 3);
    expect(groups.map((g) => [g.day, g.windows.length])).toEqual([
      ["2027-05-13", 4],
      ["2027-05-14", 4],
      ["2027-05-15", 2],
    ]);
  });
});
