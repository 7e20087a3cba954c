/**
 * The emails of a site visit, to the homeowner: the invitation, the new time, the cancellation
 * (each with its iCalendar, REQUEST or CANCEL, so the mail app offers to add, move or remove the
 * event) and the reminder the day before (plain mail: the calendar already has the event). And
 * when the homeowner books the time themselves (issue 28): "we have your time" while it waits for
 * the contractor's confirmation, and "please pick another time" when the contractor declines it
 * (no calendar for these two: the time is not set). With the booking page's link, every one of
 * them says where to change, cancel or pick another time.
 *
 * Pure functions, like messages.server.ts: the result is stored as JSON in `email_jobs.payload`
 * and the outbox sends it later, so the calendar text travels inside the payload.
 */
import type { VisitFacts, VisitWhen } from "#app/server/visits/visit-facts.server.ts";
import { escapeHtml, type MailProfile, type OutgoingMail } from "#app/server/mail/messages.server.ts";
import { oneLine, textRows } from "#app/server/mail/message-parts.server.ts";
import {
  bookingLine,
  isBookingKind,
  leadKeys,
  subjectKeys,
  type VisitBookingLink,
  type VisitMailKind,
} from "#app/server/mail/visit-mail-words.server.ts";
import { homeownerPage, homeownerText } from "#app/server/mail/homeowner-layout.server.ts";
import type { Locale } from "#app/i18n/locale.ts";
import { translator } from "#app/i18n/messages.ts";

export { bookingChangeUntilLabel, type VisitBookingLink, type VisitMailKind } from "#app/server/mail/visit-mail-words.server.ts";

export interface VisitMailFacts {
  kind: VisitMailKind;
  to: string;
  from: string;
  /** What, when, where and who, as the visit's calendar says them too (visits/visit-facts.server.ts). */
  visit: VisitFacts;
  business: MailProfile;
  /** PUBLIC_URL: the header links to the site and shows the logo from it. */
  siteUrl: string;
  /** The iCalendar (not for the reminder, nor the two booking kinds: it is left out for them). */
  calendar?: { method: "REQUEST" | "CANCEL"; content: string };
  /** For the reminder: whether it goes out the day before or (scheduled late) on the day. */
  reminderDay?: "today" | "tomorrow";
  /** For "visit-update": the time it had before. */
  previous?: Pick<VisitWhen, "day" | "window">;
  /** The homeowner's language (leads.locale, ADR 064); English when not given. */
  locale?: Locale;
  /** The homeowner's booking page (issue 28): the email says where to change, cancel or pick another time. */
  booking?: VisitBookingLink;
}

/** What the text and the HTML both say, worked out once, in the homeowner's language (ADR 064). */
function mailParts(facts: VisitMailFacts) {
  const t = translator(facts.locale ?? "en");
  const firstName = oneLine(facts.visit.who.name).split(" ")[0] ?? "";
  const { when } = facts.visit;
  const cancelled = facts.kind === "visit-cancel";
  const values = {
    day: when.day,
    business: facts.business.name,
    project: facts.visit.what,
    when: facts.reminderDay ?? "tomorrow",
  };
  const dayAndWindow = t("mail.visit.dayAndWindow", { day: when.day, window: when.window });
  // A declined time is no visit: only the time they chose, no place.
  const rows: [string, string][] =
    facts.kind === "booking-declined"
      ? [[t("mail.visit.chosen"), dayAndWindow]]
      : [
          [t("mail.visit.when"), dayAndWindow],
          [t("mail.visit.where"), facts.visit.where],
          ...(facts.previous ? ([[t("mail.visit.before"), t("mail.visit.dayAndWindow", facts.previous)]] as [string, string][]) : []),
        ];
  const calendar = calendarOf(facts);
  const calendarLine = calendar ? (cancelled ? t("mail.visit.calendarRemove") : t("mail.visit.calendarAdd")) : null;
  const { booking } = facts;
  const business = facts.business;
  // The sentence with its phone and email as markers, so the HTML can link them.
  const questions = (phone: string, email: string) =>
    business.publicEmail ? t("mail.visit.questionsOrWrite", { phone, email }) : t("mail.visit.questions", { phone });
  return {
    greeting: firstName ? t("mail.greeting.named", { name: firstName }) : t("mail.greeting.plain"),
    cancelled,
    rows,
    calendar,
    calendarLine,
    // The HTML's sentence has the link as a marker, to put a real link in its place.
    booking: booking
      ? { text: bookingLine(t, facts.kind, booking, booking.url), marked: bookingLine(t, facts.kind, booking, "\u0003"), url: booking.url }
      : null,
    leadLine: t(leadKeys[facts.kind], values),
    questions,
    subject: t(subjectKeys[facts.kind], values),
  };
}

type MailParts = ReturnType<typeof mailParts>;

/** The calendar the email carries: none for the booking kinds, whatever the caller passed. */
function calendarOf(facts: VisitMailFacts): VisitMailFacts["calendar"] {
  return isBookingKind(facts.kind) ? undefined : facts.calendar;
}

function mailText(facts: VisitMailFacts, { greeting, rows, calendarLine, booking, leadLine, questions }: MailParts): string {
  const business = facts.business;
  return [
    greeting,
    "",
    leadLine,
    "",
    ...textRows(rows, 8),
    "",
    ...(booking ? [booking.text, ""] : []),
    ...(calendarLine ? [calendarLine, ""] : []),
    questions(business.phone, business.publicEmail),
    "",
    business.name,
    "",
  ].join("\n");
}

function mailHtml(facts: VisitMailFacts, { greeting, rows, calendarLine, booking, subject, leadLine, questions }: MailParts): string {
  const business = facts.business;
  const links: [string, string][] = [
    ["\u0001", `<a href="${escapeHtml(business.phoneHref)}">${escapeHtml(business.phone)}</a>`],
    ["\u0002", `<a href="mailto:${escapeHtml(business.publicEmail)}">${escapeHtml(business.publicEmail)}</a>`],
  ];
  let questionsHtml = escapeHtml(questions("\u0001", "\u0002"));
  for (const [marker, link] of links) questionsHtml = questionsHtml.replace(marker, link);
  const bookingHtml = booking
    ? escapeHtml(booking.marked).replace("\u0003", `<a href="${escapeHtml(booking.url)}">${escapeHtml(booking.url)}</a>`)
    : null;
  return homeownerPage(
    subject,
    [
      `<p>${escapeHtml(greeting)}</p>`,
      `<p>${escapeHtml(leadLine)}</p>`,
      `<table role="presentation" style="border-collapse:collapse;margin:0 0 16px">`,
      ...rows.map(
        ([label, value]) =>
          `<tr><th scope="row" style="text-align:left;padding:4px 12px 4px 0;vertical-align:top">${escapeHtml(label)}</th><td style="padding:4px 0">${escapeHtml(value)}</td></tr>`,
      ),
      "</table>",
      ...(bookingHtml ? [`<p>${bookingHtml}</p>`] : []),
      ...(calendarLine ? [`<p>${escapeHtml(calendarLine)}</p>`] : []),
      `<p>${questionsHtml}</p>`,
      `<p>${escapeHtml(business.name)}</p>`,
    ].join("\n"),
    { name: business.name, siteUrl: facts.siteUrl, ...(facts.locale ? { locale: facts.locale } : {}) },
  );
}

/** One visit email, text and HTML, with its calendar when it has one. */
export function visitMail(facts: VisitMailFacts): OutgoingMail {
  const parts = mailParts(facts);
  const { business } = facts;
  const text = mailText(facts, parts);
  const subject = oneLine(parts.subject);
  return {
    to: facts.to,
    from: facts.from,
    ...(business.publicEmail ? { replyTo: business.publicEmail } : {}),
    subject,
    text: homeownerText(text, { name: business.name, siteUrl: facts.siteUrl }),
    html: mailHtml(facts, parts),
    template: {
      kind: facts.kind,
      params: {
        from_name: facts.visit.who.name,
        email: facts.to,
        to_email: facts.to,
        subject,
        // An EmailJS template has its own header: the message alone.
        message: text,
        company_name: business.name,
        company_phone: business.phone,
        company_email: business.publicEmail,
      },
    },
    ...(parts.calendar
      ? {
          icalEvent: {
            method: parts.calendar.method,
            content: parts.calendar.content,
            filename: parts.cancelled ? "cancel.ics" : "invite.ics",
          },
        }
      : {}),
  };
}
