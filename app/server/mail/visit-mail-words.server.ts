/**
 * Which catalog words each visit email says (visit-messages.server.ts), and the line that carries
 * the homeowner's booking page (issue 28): where they change, cancel or pick another time.
 */
import type { EmailJobKind } from "#app/schemas/email-job.ts";
import { languageTags, type Locale } from "#app/i18n/locale.ts";
import type { MessageKey, Translate } from "#app/i18n/messages.ts";

export type VisitMailKind = Extract<
  EmailJobKind,
  "visit-invitation" | "visit-update" | "visit-cancel" | "visit-reminder" | "booking-received" | "booking-declined"
>;

/** The homeowner's booking page, for the line that links it. */
export interface VisitBookingLink {
  /** The booking page's absolute address. */
  url: string;
  /**
   * Until when the homeowner may still move or cancel the visit, as `bookingChangeUntilLabel`
   * writes it in their language ("Monday, November 30 at 9:00 AM"); null says no limit.
   */
  changeUntil: string | null;
}

export const subjectKeys = {
  "visit-invitation": "mail.visit.subject.invitation",
  "visit-update": "mail.visit.subject.update",
  "visit-cancel": "mail.visit.subject.cancel",
  "visit-reminder": "mail.visit.subject.reminder",
  "booking-received": "mail.visit.subject.bookingReceived",
  "booking-declined": "mail.visit.subject.bookingDeclined",
} as const satisfies Record<VisitMailKind, MessageKey>;

export const leadKeys = {
  "visit-invitation": "mail.visit.lead.invitation",
  "visit-update": "mail.visit.lead.update",
  "visit-cancel": "mail.visit.lead.cancel",
  "visit-reminder": "mail.visit.lead.reminder",
  "booking-received": "mail.visit.lead.bookingReceived",
  "booking-declined": "mail.visit.lead.bookingDeclined",
} as const satisfies Record<VisitMailKind, MessageKey>;

/** The two booking kinds carry no calendar: the time is not (or no longer) set. */
export function isBookingKind(kind: VisitMailKind): kind is "booking-received" | "booking-declined" {
  return kind === "booking-received" || kind === "booking-declined";
}

/**
 * The sentence that links the booking page, with `url` put in as given (the HTML passes a marker
 * and puts the escaped link in its place). A received booking may still be changed; a declined
 * one asks for another time, and so does a cancelled visit; a set visit may be moved or
 * cancelled, until the deadline when there is one.
 */
export function bookingLine(
  t: Translate,
  kind: VisitMailKind,
  { changeUntil }: Pick<VisitBookingLink, "changeUntil">,
  url: string,
): string {
  switch (kind) {
    case "booking-received":
      return t("mail.visit.booking.change", { url });
    case "booking-declined":
      return t("mail.visit.booking.pickAnother", { url });
    case "visit-cancel":
      return t("mail.visit.booking.bookAgain", { url });
    case "visit-invitation":
    case "visit-update":
    case "visit-reminder":
      return changeUntil === null ? t("mail.visit.booking.move", { url }) : t("mail.visit.booking.moveUntil", { url, changeUntil });
  }
}

const deadlineFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * The last moment a homeowner may change a visit, in the site's zone and their language, as the
 * booking line reads it: "Monday, November 30 at 9:00 AM", "lunes, 30 de noviembre, 9:00 a.m."
 * (the Spanish line says "hasta el …": it starts with the weekday).
 */
export function bookingChangeUntilLabel(instant: Date, timeZone: string, locale: Locale = "en"): string {
  const id = `${locale}|${timeZone}`;
  let format = deadlineFormats.get(id);
  if (!format) {
    format = new Intl.DateTimeFormat(languageTags[locale], {
      timeZone,
      weekday: "long",
      month: "long",
      day: "numeric",
      hour: "numeric",
      minute: "2-digit",
    });
    deadlineFormats.set(id, format);
  }
  return format.format(instant).replace(/[\u202f\u00a0]/g, " ");
}
