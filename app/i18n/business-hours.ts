/**
 * The business's opening hours in a homeowner's language (ADR 064), for pages and emails: the English summary is the
 * profile's own ("Mon–Sat, 7 am – 6 pm"); the Spanish one says the same with Intl's es-US words
 * ("lun–sáb, 7 a.m. – 6 p.m.").
 */
import { summarizeHours } from "#app/content/profile.ts";
import { languageTags, type Locale } from "#app/i18n/locale.ts";
import { translate } from "#app/i18n/messages.ts";
import { weekdays, type DayHours, type Weekday } from "#app/schemas/site-rules.ts";

// 2024-01-01 was a Monday: the days of that week, read in UTC, name each weekday.
const mondayUtc = Date.UTC(2024, 0, 1);

function dayName(locale: Locale, day: Weekday): string {
  const date = new Date(mondayUtc + weekdays.indexOf(day) * 86_400_000);
  return new Intl.DateTimeFormat(languageTags[locale], { weekday: "short", timeZone: "UTC" }).format(date);
}

function clock(locale: Locale, time: string): string {
  const [hour = 0, minute = 0] = time.split(":").map(Number);
  const options: Intl.DateTimeFormatOptions = minute === 0 ? { hour: "numeric" } : { hour: "numeric", minute: "2-digit" };
  return new Intl.DateTimeFormat(languageTags[locale], { ...options, timeZone: "UTC" })
    .format(new Date(Date.UTC(2024, 0, 1, hour, minute)))
    .replace(/[\u202f\u00a0]/g, " ");
}

/** Runs of consecutive days with the same hours, in `locale`: "lun–vie, 7 a.m. – 6 p.m.; sáb, 8 a.m. – 12 p.m.". */
export function hoursSummaryIn(locale: Locale, hours: Record<Weekday, DayHours>): string {
  if (locale === "en") return summarizeHours(hours);
  const runs: { from: Weekday; to: Weekday; open: string; close: string }[] = [];
  let previous: Weekday | null = null;
  for (const day of weekdays) {
    const today = hours[day];
    const last = runs.at(-1);
    if (today && last && previous === last.to && last.open === today.open && last.close === today.close) last.to = day;
    else if (today) runs.push({ from: day, to: day, open: today.open, close: today.close });
    previous = day;
  }
  if (runs.length === 0) return translate(locale, "mail.hours.byAppointment");
  return runs
    .map(({ from, to, open, close }) => {
      const days = from === to ? dayName(locale, from) : `${dayName(locale, from)}–${dayName(locale, to)}`;
      return `${days}, ${clock(locale, open)} – ${clock(locale, close)}`;
    })
    .join("; ");
}
