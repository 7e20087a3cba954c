/**
 * The emails of a site visit, to the homeowner: the invitation, the new time, the cancellation
 * (each with its iCalendar, REQUEST or CANCEL, so the mail app offers to add, move or remove the
 * event) and the reminder the day before (plain mail: the calendar already has the event).
 *
 * Pure functions, like messages.server.ts: the result is stored as JSON in `email_jobs.payload`
 * and the outbox sends it later, so the calendar text travels inside the payload.
 */
import type { EmailJobKind } from "#app/schemas/email-job.ts";
import type { VisitFacts, VisitWhen } from "#app/server/visits/visit-facts.server.ts";
import { escapeHtml, type MailProfile, type OutgoingMail } from "#app/server/mail/messages.server.ts";
import { homeownerPage, homeownerText } from "#app/server/mail/homeowner-layout.server.ts";

export type VisitMailKind = Extract<EmailJobKind, "visit-invitation" | "visit-update" | "visit-cancel" | "visit-reminder">;

export interface VisitMailFacts {
  kind: VisitMailKind;
  to: string;
  from: string;
  /** What, when, where and who, as the visit's calendar says them too (visits/visit-facts.server.ts). */
  visit: VisitFacts;
  business: MailProfile;
  /** PUBLIC_URL: the header links to the site and shows the logo from it. */
  siteUrl: string;
  /** The iCalendar (not for the reminder). */
  calendar?: { method: "REQUEST" | "CANCEL"; content: string };
  /** For the reminder: whether it goes out the day before or (scheduled late) on the day. */
  reminderDay?: "today" | "tomorrow";
  /** For "visit-update": the time it had before. */
  previous?: Pick<VisitWhen, "day" | "window">;
}

const subjects: Record<VisitMailKind, (facts: VisitMailFacts) => string> = {
  "visit-invitation": (f) => `Site visit on ${f.visit.when.day}: ${f.business.name}`,
  "visit-update": (f) => `New time for your site visit: ${f.visit.when.day}`,
  "visit-cancel": (f) => `Site visit cancelled: ${f.visit.when.day}`,
  "visit-reminder": (f) => `Reminder: site visit ${f.reminderDay ?? "tomorrow"}, ${f.visit.when.day}`,
};

function leadLine(facts: VisitMailFacts): string {
  const project = facts.visit.what;
  switch (facts.kind) {
    case "visit-invitation":
      return `We will come and look at your project (${project}).`;
    case "visit-update":
      return `We moved your site visit (${project}) to a new time.`;
    case "visit-cancel":
      return `We cancelled the site visit for your project (${project}). We will call you to find another time.`;
    case "visit-reminder":
      return `A reminder: we come ${facts.reminderDay ?? "tomorrow"} to look at your project (${project}).`;
  }
}

function oneLine(value: string): string {
  return value.replace(/\s+/g, " ").trim();
}

/** What the text and the HTML both say, worked out once. */
function mailParts(facts: VisitMailFacts) {
  const firstName = oneLine(facts.visit.who.name).split(" ")[0] ?? "";
  const { when } = facts.visit;
  const cancelled = facts.kind === "visit-cancel";
  const rows: [string, string][] = [
    ["When", `${when.day}, ${when.window}`],
    ["Where", facts.visit.where],
    ...(facts.previous ? ([["Before", `${facts.previous.day}, ${facts.previous.window}`]] as [string, string][]) : []),
  ];
  const calendarLine = facts.calendar
    ? cancelled
      ? "Your mail app can remove the visit from your calendar."
      : "Your mail app can add the visit to your calendar (the invitation is attached)."
    : null;
  return {
    greeting: firstName ? `Hi ${firstName},` : "Hello,",
    cancelled,
    rows,
    calendarLine,
    subject: subjects[facts.kind](facts),
  };
}

type MailParts = ReturnType<typeof mailParts>;

function mailText(facts: VisitMailFacts, { greeting, rows, calendarLine }: MailParts): string {
  const business = facts.business;
  const phoneLine = `Questions, or need another time? Call us at ${business.phone}${business.publicEmail ? ` or write to ${business.publicEmail}` : ""}.`;
  return [
    greeting,
    "",
    leadLine(facts),
    "",
    ...rows.map(([label, value]) => `${`${label}:`.padEnd(8)}${oneLine(value)}`),
    "",
    ...(calendarLine ? [calendarLine, ""] : []),
    phoneLine,
    "",
    business.name,
    "",
  ].join("\n");
}

function mailHtml(facts: VisitMailFacts, { greeting, rows, calendarLine, subject }: MailParts): string {
  const business = facts.business;
  return homeownerPage(
    subject,
    [
      `<p>${escapeHtml(greeting)}</p>`,
      `<p>${escapeHtml(leadLine(facts))}</p>`,
      `<table role="presentation" style="border-collapse:collapse;margin:0 0 16px">`,
      ...rows.map(
        ([label, value]) =>
          `<tr><th scope="row" style="text-align:left;padding:4px 12px 4px 0;vertical-align:top">${escapeHtml(label)}</th><td style="padding:4px 0">${escapeHtml(value)}</td></tr>`,
      ),
      "</table>",
      ...(calendarLine ? [`<p>${escapeHtml(calendarLine)}</p>`] : []),
      `<p>Questions, or need another time? Call us at <a href="${escapeHtml(business.phoneHref)}">${escapeHtml(business.phone)}</a>${
        business.publicEmail
          ? ` or write to <a href="mailto:${escapeHtml(business.publicEmail)}">${escapeHtml(business.publicEmail)}</a>`
          : ""
      }.</p>`,
      `<p>${escapeHtml(business.name)}</p>`,
    ].join("\n"),
    { name: business.name, siteUrl: facts.siteUrl },
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
    ...(facts.calendar
      ? {
          icalEvent: {
            method: facts.calendar.method,
            content: facts.calendar.content,
            filename: parts.cancelled ? "cancel.ics" : "invite.ics",
          },
        }
      : {}),
  };
}
