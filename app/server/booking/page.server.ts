/**
 * The booking page's view (ADR 071), in the URL's language: the request, its visit ahead (held or
 * confirmed, and whether it can still be changed online), and the open windows by day, each day
 * and window written for the homeowner in the site's time zone.
 */
import type { Locale } from "#app/i18n/locale.ts";
import { leadReference } from "#app/schemas/lead.ts";
import type { BookingPageView, BookingPicker, BookingPickerDay } from "#app/schemas/booking-page.ts";
import type { BookingDeps } from "#app/server/booking/deps.server.ts";
import { findBooking, type FoundBooking } from "#app/server/booking/find.server.ts";
import { changeUntil } from "#app/server/booking/homeowner-jobs.server.ts";
import { openWindows, type OpenWindows } from "#app/server/booking/open-windows.server.ts";
import { bookingChangeUntilLabel } from "#app/server/mail/visit-mail-words.server.ts";
import { arrivalWindowLabel, pickerDayLabel, visitDayLabel, windowLabel } from "#app/server/visits/labels.server.ts";

export type { BookingPageView } from "#app/schemas/booking-page.ts";

/** The windows by day; a day is the local date of its windows' start. */
function pickerOf(open: OpenWindows, timeZone: string, locale: Locale, current: string | null): BookingPicker {
  if (open.state === "closed") return { state: "closed", reason: open.reason };
  // The visit's own window is not another time to move to.
  const windows = open.windows.filter((window) => window.start.toISOString() !== current);
  if (windows.length === 0) return { state: "closed", reason: "full" };
  const days: BookingPickerDay[] = [];
  for (const window of windows) {
    let day = days.at(-1);
    if (!day || day.date !== window.day) {
      day = { date: window.day, label: pickerDayLabel(window.start, timeZone, locale), windows: [] };
      days.push(day);
    }
    const minutes = Math.round((window.end.getTime() - window.start.getTime()) / 60_000);
    day.windows.push({ start: window.start.toISOString(), label: windowLabel(window.start, minutes, timeZone, locale) });
  }
  return { state: "open", visitMinutes: open.rules.visitMinutes, windowMinutes: open.rules.windowMinutes, days };
}

export async function bookingPageView(
  deps: Pick<BookingDeps, "database" | "clock" | "busyFeed" | "site">,
  { found, locale, now }: { found: FoundBooking; locale: Locale; now: Date },
): Promise<BookingPageView> {
  const { timeZone } = deps.clock;
  const [{ profile }, open] = await Promise.all([
    deps.site.content(),
    openWindows(deps, { now, ...(found.visit ? { exceptVisitId: found.visit.id } : {}) }),
  ]);
  const { lead, visit, latest } = found;
  let visitView: BookingPageView["visit"] = null;
  if (visit && visit.status !== "cancelled") {
    const start = new Date(visit.starts_at);
    const until = changeUntil(visit, open.rules);
    visitView = {
      status: visit.status,
      day: visitDayLabel(start, timeZone, locale),
      window: arrivalWindowLabel(start, visit.minutes, timeZone, locale),
      canChange: until.getTime() > now.getTime(),
      changeUntil: open.rules.changeCutoffHours > 0 && visit.status !== "pending" ? bookingChangeUntilLabel(until, timeZone, locale) : null,
    };
  }
  return {
    business: { name: profile.name, phone: profile.phone, phoneHref: profile.phoneHref },
    request: { subject: lead.subject, reference: leadReference(lead.id) },
    visit: visitView,
    cancelledDay: !visit && latest?.status === "cancelled" ? visitDayLabel(new Date(latest.starts_at), timeZone, locale) : null,
    picker: pickerOf(open, timeZone, locale, visit?.starts_at ?? null),
    outsideZip: lead.in_service_area === 0 ? (lead.zip ?? "") : null,
    needsConfirmation: open.rules.requireConfirmation || lead.in_service_area === 0,
  };
}

/** The page for a token: not found (a plain 404), or its view. */
export async function openBookingPage(
  deps: Pick<BookingDeps, "database" | "clock" | "busyFeed" | "site">,
  { token, locale, now = deps.clock.now() }: { token: string | undefined; locale: Locale; now?: Date },
): Promise<{ state: "not-found" } | { state: "open"; view: BookingPageView }> {
  const found = await findBooking(deps, { token, now });
  if (!found) return { state: "not-found" };
  return { state: "open", view: await bookingPageView(deps, { found, locale, now }) };
}
