import { expect, test } from "vitest";
import { defaultBookingRules } from "#app/schemas/booking.ts";
import { bookingFormFieldNames, bookingFormValues, parseBookingForm, type BookingFormValues } from "#app/schemas/booking-form.ts";

const posted = (changes: BookingFormValues = {}): BookingFormValues => ({ ...bookingFormValues(defaultBookingRules), ...changes });

test("the defaults go through the form and come back the same", () => {
  expect(parseBookingForm(posted())).toEqual({ ok: true, rules: defaultBookingRules });
  expect(Object.keys(bookingFormValues(defaultBookingRules)).toSorted()).toEqual([...bookingFormFieldNames].toSorted());
});

test("a posted form becomes the rules it says", () => {
  const result = parseBookingForm(
    posted({
      enabled: "",
      day_6_open: "",
      day_0_open: "yes",
      day_0_from: "9:30",
      day_0_to: "13:00:00",
      window_minutes: "180",
      visit_minutes: " 90 ",
      buffer_minutes: "30",
      notice_days: "0",
      horizon_days: "60",
      max_per_day: "5",
      days_off: "2027-12-25\r\n2027-07-04, 2027-12-25\n\n",
      require_confirmation: "",
      change_cutoff_hours: "48",
    }),
  );
  expect(result).toEqual({
    ok: true,
    rules: {
      enabled: false,
      hours: [
        { weekday: 0, open: "09:30", close: "13:00" },
        ...[1, 2, 3, 4, 5].map((weekday) => ({ weekday, open: "08:00", close: "17:00" })),
      ],
      windowMinutes: 180,
      visitMinutes: 90,
      bufferMinutes: 30,
      noticeDays: 0,
      horizonDays: 60,
      maxPerDay: 5,
      daysOff: ["2027-07-04", "2027-12-25"],
      requireConfirmation: false,
      changeCutoffHours: 48,
    },
  });
});

test("a closed day's times are not read", () => {
  const result = parseBookingForm(posted({ day_3_open: "", day_3_from: "nonsense", day_3_to: "" }));
  expect(result.ok && result.rules.hours.map((h) => h.weekday)).toEqual([1, 2, 4, 5, 6]);
});

test("each wrong field gets its own sentence, naming it", () => {
  const result = parseBookingForm(
    posted({
      day_2_to: "07:00",
      day_4_from: "",
      window_minutes: "45",
      visit_minutes: "5",
      buffer_minutes: "-1",
      notice_days: "6",
      horizon_days: "91",
      max_per_day: "two",
      days_off: "2027-02-30",
      change_cutoff_hours: "200",
    }),
  );
  expect(result).toEqual({
    ok: false,
    errors: [
      { field: "day_2_to", message: "Tuesday: the time you stop must be after the time you start." },
      { field: "day_4_from", message: "Thursday: give the time you start (like 08:00), or untick “Open”." },
      { field: "window_minutes", message: "Arrival window: choose one of the window lengths offered (1, 1½, 2, 3 or 4 hours)." },
      { field: "visit_minutes", message: "Visit length: give a whole number of minutes from 15 to 480." },
      { field: "buffer_minutes", message: "Time between visits: give a whole number of minutes from 0 to 240." },
      { field: "notice_days", message: "Shortest notice: choose one of the notices offered." },
      { field: "horizon_days", message: "How far ahead: give a whole number of days from 1 to 90." },
      { field: "max_per_day", message: "Most visits a day: give a whole number of visits from 1 to 20." },
      { field: "days_off", message: "Days off: “2027-02-30” is not a date; write each one as year-month-day, like 2027-03-14." },
      { field: "change_cutoff_hours", message: "Moving or cancelling online: give a whole number of hours from 0 to 168." },
    ],
  });
});

test("a missing field is refused in words, not with a parser's message", () => {
  const { visit_minutes: _, ...rest } = posted();
  expect(parseBookingForm(rest)).toEqual({
    ok: false,
    errors: [{ field: "visit_minutes", message: "Visit length: give a whole number of minutes from 15 to 480." }],
  });
});

test("online booking on with no open day is refused; off, it is kept", () => {
  const closed = Object.fromEntries([0, 1, 2, 3, 4, 5, 6].map((d) => [`day_${d}_open`, ""]));
  expect(parseBookingForm(posted(closed))).toEqual({
    ok: false,
    errors: [{ field: "day_1_open", message: "Days and hours: open at least one day, or turn online booking off." }],
  });
  const off = parseBookingForm(posted({ ...closed, enabled: "" }));
  expect(off.ok && off.rules.hours).toEqual([]);
});

test("more days off than the limit are refused", () => {
  const dates = Array.from({ length: 201 }, (_, i) => new Date(Date.UTC(2027, 0, 1 + i)).toISOString().slice(0, 10));
  expect(parseBookingForm(posted({ days_off: dates.join("\n") }))).toEqual({
    ok: false,
    errors: [{ field: "days_off", message: "Days off: at most 200 dates (remove past ones)." }],
  });
});
