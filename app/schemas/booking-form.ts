/**
 * The booking rules' admin form (/admin/visits/booking, ADR 071): the posted strings turned into
 * BookingRules, with a sentence that names the field for each one that is wrong, and the rules
 * turned back into the form's strings. Shared by the page and the server.
 */
import { z } from "zod";
import { bookingLimits, BookingRulesSchema, minutesOfDay, type BookingHours, type BookingRules } from "#app/schemas/booking.ts";

/** The arrival windows offered, in minutes. */
export const windowChoices = [60, 90, 120, 180, 240] as const;

/** The shortest notice, in open days, with its words. */
export const noticeChoices: readonly { days: number; label: string }[] = [
  { days: 0, label: "Same day (at least 2 hours ahead)" },
  { days: 1, label: "Next business day" },
  ...[2, 3, 4, 5, 7, 10, 14].map((days) => ({ days, label: `${days} business days` })),
];

/** Monday first, as a contractor reads a week; the numbers are `Date`'s (0 is Sunday). */
export const bookingWeekdays: readonly { weekday: number; label: string }[] = [
  { weekday: 1, label: "Monday" },
  { weekday: 2, label: "Tuesday" },
  { weekday: 3, label: "Wednesday" },
  { weekday: 4, label: "Thursday" },
  { weekday: 5, label: "Friday" },
  { weekday: 6, label: "Saturday" },
  { weekday: 0, label: "Sunday" },
];

/** The form's field names for a weekday's row. */
export const dayFields = (weekday: number) => ({ open: `day_${weekday}_open`, from: `day_${weekday}_from`, to: `day_${weekday}_to` });

export type BookingFormValues = Record<string, string>;

export interface BookingFormError {
  /** The form field the sentence is about. */
  field: string;
  message: string;
}

const CHECKED = new Set(["yes", "on", "true"]);
const TIME = /^([01]?\d|2[0-3]):([0-5]\d)(:[0-5]\d(\.\d+)?)?$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A whole number in a range, or the field's sentence. */
function count(label: string, unit: string, { min, max }: { min: number; max: number }) {
  const message = `${label}: give a whole number of ${unit} from ${min} to ${max}.`;
  return z
    .string({ error: message })
    .trim()
    .regex(/^\d{1,4}$/, message)
    .transform(Number)
    .pipe(z.number().min(min, message).max(max, message));
}

/** A number that must be one of the choices the form offers. */
function choice(label: string, choices: readonly number[], words: string) {
  const message = `${label}: choose ${words}.`;
  return z
    .string({ error: message })
    .trim()
    .regex(/^\d{1,4}$/, message)
    .transform(Number)
    .refine((n) => choices.includes(n), message);
}

const checkbox = z
  .string()
  .optional()
  .transform((value) => CHECKED.has((value ?? "").trim().toLowerCase()));

/** "8:00" or "08:00:00" as "08:00"; null when it is not a time of day. */
function hhmm(value: string | undefined): string | null {
  const match = TIME.exec((value ?? "").trim());
  return match ? `${match[1]!.padStart(2, "0")}:${match[2]}` : null;
}

/** A real calendar date written year-month-day. */
function isRealDate(text: string): boolean {
  const match = DATE.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

const daysOff = z
  .string()
  .optional()
  .transform((text, ctx) => {
    const dates = (text ?? "").split(/[\s,;]+/).filter((part) => part !== "");
    const bad = dates.find((date) => !isRealDate(date));
    if (bad !== undefined) {
      const shown = bad.length > 20 ? `${bad.slice(0, 20)}…` : bad;
      ctx.addIssue({ code: "custom", message: `Days off: “${shown}” is not a date; write each one as year-month-day, like 2027-03-14.` });
      return z.NEVER;
    }
    const unique = [...new Set(dates)].toSorted();
    if (unique.length > bookingLimits.daysOff.max) {
      ctx.addIssue({ code: "custom", message: `Days off: at most ${bookingLimits.daysOff.max} dates (remove past ones).` });
      return z.NEVER;
    }
    return unique;
  });

/** Every field but the weekdays' hours, which are read row by row. */
const BookingFormSchema = z.object({
  enabled: checkbox,
  window_minutes: choice("Arrival window", windowChoices, "one of the window lengths offered (1, 1½, 2, 3 or 4 hours)"),
  visit_minutes: count("Visit length", "minutes", bookingLimits.visitMinutes),
  buffer_minutes: count("Time between visits", "minutes", bookingLimits.bufferMinutes),
  notice_days: choice(
    "Shortest notice",
    noticeChoices.map((c) => c.days),
    "one of the notices offered",
  ),
  horizon_days: count("How far ahead", "days", bookingLimits.horizonDays),
  max_per_day: count("Most visits a day", "visits", bookingLimits.maxPerDay),
  days_off: daysOff,
  require_confirmation: checkbox,
  change_cutoff_hours: count("Moving or cancelling online", "hours", bookingLimits.changeCutoffHours),
});

/** The open days' hours, or the sentences for the rows that are wrong. */
function readHours(values: Partial<BookingFormValues>, enabled: boolean): { hours: BookingHours[]; errors: BookingFormError[] } {
  const hours: BookingHours[] = [];
  const errors: BookingFormError[] = [];
  for (const { weekday, label } of bookingWeekdays) {
    const names = dayFields(weekday);
    if (!CHECKED.has((values[names.open] ?? "").trim().toLowerCase())) continue;
    const open = hhmm(values[names.from]);
    const close = hhmm(values[names.to]);
    if (open === null) errors.push({ field: names.from, message: `${label}: give the time you start (like 08:00), or untick “Open”.` });
    else if (close === null) errors.push({ field: names.to, message: `${label}: give the time you stop (like 17:00), or untick “Open”.` });
    else if (minutesOfDay(close) <= minutesOfDay(open)) {
      errors.push({ field: names.to, message: `${label}: the time you stop must be after the time you start.` });
    } else hours.push({ weekday, open, close });
  }
  if (enabled && errors.length === 0 && hours.length === 0) {
    errors.push({ field: dayFields(1).open, message: "Days and hours: open at least one day, or turn online booking off." });
  }
  return { hours: hours.toSorted((a, b) => a.weekday - b.weekday), errors };
}

/** The posted form as rules, or a sentence per wrong field (in the form's order). */
export function parseBookingForm(
  values: Partial<BookingFormValues>,
): { ok: true; rules: BookingRules } | { ok: false; errors: BookingFormError[] } {
  const parsed = BookingFormSchema.safeParse(values);
  const enabled = CHECKED.has((values.enabled ?? "").trim().toLowerCase());
  const { hours, errors: hourErrors } = readHours(values, enabled);
  const fieldErrors = parsed.success ? [] : parsed.error.issues.map((issue) => ({ field: String(issue.path[0]), message: issue.message }));
  const errors = [...hourErrors, ...fieldErrors];
  if (!parsed.success || errors.length > 0) return { ok: false, errors };
  const form = parsed.data;
  const rules = BookingRulesSchema.safeParse({
    enabled: form.enabled,
    hours,
    windowMinutes: form.window_minutes,
    visitMinutes: form.visit_minutes,
    bufferMinutes: form.buffer_minutes,
    noticeDays: form.notice_days,
    horizonDays: form.horizon_days,
    maxPerDay: form.max_per_day,
    daysOff: form.days_off,
    requireConfirmation: form.require_confirmation,
    changeCutoffHours: form.change_cutoff_hours,
  });
  if (!rules.success) return { ok: false, errors: [{ field: "enabled", message: "These rules do not fit together; please check them." }] };
  return { ok: true, rules: rules.data };
}

/** The rules as the form's strings: what the page shows before anything is posted. */
export function bookingFormValues(rules: BookingRules): BookingFormValues {
  const values: BookingFormValues = {
    enabled: rules.enabled ? "yes" : "",
    window_minutes: String(rules.windowMinutes),
    visit_minutes: String(rules.visitMinutes),
    buffer_minutes: String(rules.bufferMinutes),
    notice_days: String(rules.noticeDays),
    horizon_days: String(rules.horizonDays),
    max_per_day: String(rules.maxPerDay),
    days_off: rules.daysOff.join("\n"),
    require_confirmation: rules.requireConfirmation ? "yes" : "",
    change_cutoff_hours: String(rules.changeCutoffHours),
  };
  for (const { weekday } of bookingWeekdays) {
    const names = dayFields(weekday);
    const day = rules.hours.find((h) => h.weekday === weekday);
    values[names.open] = day ? "yes" : "";
    values[names.from] = day?.open ?? "08:00";
    values[names.to] = day?.close ?? "17:00";
  }
  return values;
}

/** The form's field names, in the form's order: what the server copies back into a refused form. */
export const bookingFormFieldNames: readonly string[] = [
  "enabled",
  ...bookingWeekdays.flatMap(({ weekday }) => Object.values(dayFields(weekday))),
  ...Object.keys(BookingFormSchema.shape).filter((name) => name !== "enabled"),
];
