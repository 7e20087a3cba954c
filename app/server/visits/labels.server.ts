/**
 * The words and local times of a visit, in the site's zone (SITE_TIMEZONE, ADR 050): "Tuesday,
 * December 1, 2026", "Arrival between 9:00 and 11:00 AM", "Tue, Dec 1, 9:00–11:00 AM". The
 * homeowner's own (the day, the arrival window) also in Spanish: "martes, 1 de diciembre de 2026",
 * "Llegada entre 9:00 y 11:00 a.m." (ADR 064).
 */
import { languageTags, type Locale } from "#app/i18n/locale.ts";
import { translate } from "#app/i18n/messages.ts";
import { wallClockAt } from "#app/server/visits/zoned-time.server.ts";

const dayFormats = new Map<string, Intl.DateTimeFormat>();
function format(timeZone: string, key: string, options: Intl.DateTimeFormatOptions, locale: Locale = "en"): Intl.DateTimeFormat {
  const id = `${locale}|${timeZone}|${key}`;
  let f = dayFormats.get(id);
  if (!f) {
    f = new Intl.DateTimeFormat(languageTags[locale], { timeZone, ...options });
    dayFormats.set(id, f);
  }
  return f;
}

const plain = (text: string) => text.replace(/[\u202f\u00a0]/g, " ");

/** "Tuesday, December 1, 2026". */
export function visitDayLabel(instant: Date, timeZone: string, locale: Locale = "en"): string {
  return plain(format(timeZone, "long-day", { weekday: "long", month: "long", day: "numeric", year: "numeric" }, locale).format(instant));
}

/** "Tue, Dec 1". */
function shortDayLabel(instant: Date, timeZone: string): string {
  return plain(format(timeZone, "short-day", { weekday: "short", month: "short", day: "numeric" }).format(instant));
}

/** "9:00" and "AM": the wall clock, and its half of the day apart so a window names it once. */
export function clockLabel(instant: Date, timeZone: string, locale: Locale = "en"): { time: string; period: string } {
  const parts = format(timeZone, "clock", { hour: "numeric", minute: "2-digit", hour12: true }, locale).formatToParts(instant);
  const time = parts
    .filter((p) => p.type === "hour" || p.type === "minute" || p.type === "literal")
    .map((p) => p.value)
    .join("")
    .trim();
  const period = parts.find((p) => p.type === "dayPeriod")?.value ?? "";
  return { time: plain(time), period };
}

/** The window's two ends joined by `joiner`, the half of the day said once when both share it. */
function windowEnds(start: Date, minutes: number, timeZone: string, joiner: string): string {
  const [first, last] = windowParts(start, minutes, timeZone, "en");
  return `${first}${joiner}${last}`;
}

/** The window's two ends, the half of the day said once when both share it: ["9:00", "11:00 AM"]. */
function windowParts(start: Date, minutes: number, timeZone: string, locale: Locale): [string, string] {
  const a = clockLabel(start, timeZone, locale);
  const b = clockLabel(new Date(start.getTime() + minutes * 60_000), timeZone, locale);
  return [a.period === b.period ? a.time : `${a.time} ${a.period}`, `${b.time} ${b.period}`];
}

/** "9:00–11:00 AM", or "11:00 AM–1:00 PM" across noon. */
export function windowRange(start: Date, minutes: number, timeZone: string): string {
  return windowEnds(start, minutes, timeZone, "–");
}

/** "Arrival between 9:00 and 11:00 AM", or "… 11:00 AM and 1:00 PM" across noon. */
export function arrivalWindowLabel(start: Date, minutes: number, timeZone: string, locale: Locale = "en"): string {
  const [first, last] = windowParts(start, minutes, timeZone, locale);
  return translate(locale, "mail.visit.arrival", { start: first, end: last });
}

/** "9:00–11:00 AM" in `locale`: a window as a picker's button says it (ADR 071). */
export function windowLabel(start: Date, minutes: number, timeZone: string, locale: Locale): string {
  const [first, last] = windowParts(start, minutes, timeZone, locale);
  return `${first}–${last}`;
}

/** "Saturday, December 5" in `locale`: a day of the picker. */
export function pickerDayLabel(instant: Date, timeZone: string, locale: Locale): string {
  return plain(format(timeZone, "picker-day", { weekday: "long", month: "long", day: "numeric" }, locale).format(instant));
}

/** "Tue, Dec 1, 9:00–11:00 AM". */
export function visitShortLabel(start: Date, minutes: number, timeZone: string): string {
  return `${shortDayLabel(start, timeZone)}, ${windowRange(start, minutes, timeZone)}`;
}

/** "2 hours", "90 minutes", "1 hour". */
export function lengthLabel(minutes: number): string {
  if (minutes % 60 === 0) return minutes === 60 ? "1 hour" : `${minutes / 60} hours`;
  return `${minutes} minutes`;
}

/** The local calendar day of an instant, "2026-12-01". */
export function localDayKey(instant: Date, timeZone: string): string {
  const w = wallClockAt(instant, timeZone);
  return `${w.year}-${String(w.month).padStart(2, "0")}-${String(w.day).padStart(2, "0")}`;
}

/** What a date and a time field show for an instant: "2026-12-01" and "09:00". */
export function dateInput(instant: Date, timeZone: string): { date: string; time: string } {
  const w = wallClockAt(instant, timeZone);
  return {
    date: localDayKey(instant, timeZone),
    time: `${String(w.hour).padStart(2, "0")}:${String(w.minute).padStart(2, "0")}`,
  };
}
