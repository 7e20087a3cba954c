/**
 * What the booking page shows (ADR 071), as the server gives it: every date and window already
 * written in the URL's language and the site's time zone.
 */

export interface BookingPickerWindow {
  /** The window's start, ISO-8601 UTC: the value the form posts. */
  start: string;
  /** "8:00–10:00 AM". */
  label: string;
}

export interface BookingPickerDay {
  /** "2026-12-05". */
  date: string;
  /** "Saturday, December 5". */
  label: string;
  windows: BookingPickerWindow[];
}

export type BookingPicker =
  | { state: "open"; visitMinutes: number; windowMinutes: number; days: BookingPickerDay[] }
  /** "off": online booking turned off; "calendar": the contractor's calendar unreadable; "full": no open window. */
  | { state: "closed"; reason: "off" | "calendar" | "full" };

export interface BookingVisitView {
  status: "pending" | "scheduled";
  /** "Saturday, December 5, 2026" and "Arrival between 8:00 and 10:00 AM". */
  day: string;
  window: string;
  /** The homeowner may still move or cancel online. */
  canChange: boolean;
  /** Until when, "Friday, December 4, 2026 at 8:00 AM CST"; null with no cut-off. */
  changeUntil: string | null;
}

export interface BookingPageView {
  business: { name: string; phone: string; phoneHref: string };
  request: { subject: string; reference: string };
  visit: BookingVisitView | null;
  /** The day of the latest visit when it was cancelled (and none is ahead). */
  cancelledDay: string | null;
  picker: BookingPicker;
  /** The request's ZIP when it is outside the service area: told gently; the booking waits for the contractor. */
  outsideZip: string | null;
  /** A booking waits for the contractor's confirmation. */
  needsConfirmation: boolean;
}
