/**
 * Bookings (ADR 071) for the browser tests and the screenshots: a request with its booking page,
 * made with the app's own code in a server's database; the booking page's days and windows as
 * a homeowner sees them; and the windows a test may take without meeting another test's.
 */
import type { Locator } from "@playwright/test";
import type { Locale } from "#app/i18n/locale.ts";
import { ensureBookingToken } from "#app/server/booking/link.server.ts";
import { bookingPath } from "#app/server/quotes/paths.server.ts";
import { loadSiteSecret } from "#app/server/secrets.server.ts";
import { withSiteDatabase } from "#tests/support/accounts.ts";
import { storeLead } from "#tests/support/seed-leads.ts";

/** The site's zone as the servers under test run (SITE_TIMEZONE unset). */
export const SITE_TIMEZONE = "America/Chicago";

/** A request from `name`, stored without emails, and its booking page's path in `locale`. */
export async function seedBookingRequest(
  dataDir: string,
  { locale, name, email, subject = "Hall bathroom" }: { locale: Locale; name: string; email: string; subject?: string },
): Promise<{ leadId: string; path: string }> {
  return withSiteDatabase({ dataDir }, async (database) => {
    const { lead } = await storeLead({
      database,
      lead: {
        fromName: name,
        email,
        phone: "(713) 555-0147",
        subject,
        message: "",
        source: locale === "es" ? "/es/contacto" : "/contact",
        isSpam: false,
        spamReason: null,
        ipHash: null,
        userAgent: "e2e",
        locale,
      },
      jobs: [],
      mail: { to: "office@remodel.test", from: "Website <no-reply@remodel.test>", siteUrl: "http://127.0.0.1" },
    });
    const secret = await loadSiteSecret({ db: database.db, configured: undefined });
    const token = await ensureBookingToken({ db: database.db, secret, leadId: lead.id, now: new Date() });
    return { leadId: lead.id, path: bookingPath(locale, token) };
  });
}

/** One window of the picker: its button's words, its accessible name and the instant it starts. */
export interface PickerWindow {
  text: string;
  label: string;
  start: Date;
}

/** One day of the picker: its heading ("Saturday, December 5") and its windows in order. */
export interface PickerDay {
  label: string;
  windows: PickerWindow[];
}

/** The days and windows a picker (the booking page's, or the one under "Move to another time") lists, folded ones too. */
export async function pickerDays(picker: Locator): Promise<PickerDay[]> {
  const days = await picker.locator("fieldset.booking__day").evaluateAll((sets) =>
    sets.map((set) => ({
      label: set.querySelector("h3")?.textContent?.trim() ?? "",
      windows: [...set.querySelectorAll("button")].map((button) => ({
        // The button keeps a time and its AM or PM together with no-break spaces.
        text: button.textContent?.replace(/\u00a0/g, " ").trim() ?? "",
        label: button.getAttribute("aria-label") ?? "",
        start: button.getAttribute("value") ?? "",
      })),
    })),
  );
  return days.map((day) => ({ label: day.label, windows: day.windows.map((w) => ({ ...w, start: new Date(w.start) })) }));
}

/** The local weekday of an instant, 0 (Sunday) to 6 (Saturday), in the site's zone. */
export function weekdayOf(instant: Date): number {
  const name = new Intl.DateTimeFormat("en-US", { timeZone: SITE_TIMEZONE, weekday: "short" }).format(instant);
  return ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"].indexOf(name);
}

/** The local year of an instant (the visit's day is written with it: "Saturday, December 5, 2026"). */
export function yearOf(instant: Date): string {
  return new Intl.DateTimeFormat("en-US", { timeZone: SITE_TIMEZONE, year: "numeric" }).format(instant);
}

/**
 * The days whose first window starts far enough ahead to be moved or cancelled online (the default
 * rules stop changes 24 hours before the window; a day and a half leaves room for a slow run), on
 * the weekdays given. The tests of one run share a server: each takes a day of its own from this list.
 */
export function changeableDays(days: readonly PickerDay[], weekdays: readonly number[], now = new Date()): PickerDay[] {
  const soonest = now.getTime() + 36 * 3600_000;
  return days.filter((day) => {
    const first = day.windows[0];
    return first !== undefined && first.start.getTime() > soonest && weekdays.includes(weekdayOf(first.start));
  });
}

export const SATURDAY = [6];
export const WEEKDAYS = [1, 2, 3, 4, 5];
