/**
 * A quote's emails to the homeowner (issue 27): the quote sent (or a new version that replaces
 * the last), and the polite follow-ups of an unanswered one. In the homeowner's language, from
 * the business, with each option's total, the date it is valid until, a button to the quote's
 * page, how to answer and the business's phone.
 *
 * Pure functions, like visit-messages.server.ts: the result is stored as JSON in
 * `email_jobs.payload` when the quote is sent, and the outbox sends it later. A follow-up's
 * payload also carries which quote and version it follows up (`quoteFollowUp`), so the outbox
 * can ask, when its time comes, whether it is still wanted (quotes/follow-ups.server.ts).
 */
import type { EmailJobKind } from "#app/schemas/email-job.ts";
import { escapeHtml, oneLine, truncate, type MailProfile, type OutgoingMail } from "#app/server/mail/messages.server.ts";
import { homeownerPage, homeownerText } from "#app/server/mail/homeowner-layout.server.ts";
import { languageTags, type Locale } from "#app/i18n/locale.ts";
import { translator } from "#app/i18n/messages.ts";

export type QuoteMailKind = Extract<EmailJobKind, "quote-sent" | "quote-follow-up">;

/** What a follow-up's payload says it follows up: the outbox checks the quote before sending it. */
export interface QuoteFollowUpMark {
  quoteId: string;
  version: number;
}

export interface QuoteMailFacts {
  kind: QuoteMailKind;
  to: string;
  from: string;
  /** The lead inbox: a homeowner who answers the email reaches the business. */
  replyTo?: string;
  /** The homeowner's name as they gave it. */
  name: string;
  business: MailProfile;
  /** PUBLIC_URL: the header links to the site and shows the logo from it. */
  siteUrl: string;
  locale: Locale;
  /** The site's time zone, for the days a send happened. */
  timeZone: string;
  title: string;
  /** The quote page's absolute address (quoteAddress). */
  address: string;
  /** Each option's total without extras, in cents. */
  options: { name: string; totalCents: number }[];
  /** Whether any option has extras the homeowner may tick. */
  hasExtras: boolean;
  /** YYYY-MM-DD, or "" for none. */
  validUntil: string;
  /** A new version: when the one it replaces was sent (ISO). */
  replacesSentAt?: string;
  /** A follow-up: which one (1 or 2), when the quote was sent (ISO), and what it follows up. */
  followUp?: { round: 1 | 2; sentAt: string; mark: QuoteFollowUpMark };
}

/** Dollars and cents in the homeowner's language. */
export function formatCents(cents: number, locale: Locale): string {
  return new Intl.NumberFormat(languageTags[locale], { style: "currency", currency: "USD" }).format(cents / 100);
}

function longDay(date: Date, locale: Locale, timeZone: string): string {
  return new Intl.DateTimeFormat(languageTags[locale], { dateStyle: "long", timeZone }).format(date);
}

/** A YYYY-MM-DD day as the homeowner reads it (a calendar day: no zone moves it). */
function calendarDay(day: string, locale: Locale): string {
  const [year, month, date] = day.split("-").map(Number);
  return longDay(new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, date ?? 1)), locale, "UTC");
}

/** What the text and the HTML both say, worked out once, in the homeowner's language. */
function mailParts(facts: QuoteMailFacts) {
  const t = translator(facts.locale);
  const firstName = oneLine(facts.name).split(" ")[0] ?? "";
  const values = { business: oneLine(facts.business.name), title: oneLine(facts.title) };
  const subject = facts.followUp
    ? t("quoteMail.subject.followUp", values)
    : facts.replacesSentAt
      ? t("quoteMail.subject.updated", values)
      : t("quoteMail.subject.sent", values);
  const lead = facts.followUp
    ? [
        t("quoteMail.lead.followUp", {
          round: String(facts.followUp.round),
          date: longDay(new Date(facts.followUp.sentAt), facts.locale, facts.timeZone),
        }),
      ]
    : [
        t("quoteMail.lead.sent"),
        ...(facts.replacesSentAt
          ? [t("quoteMail.lead.replaces", { date: longDay(new Date(facts.replacesSentAt), facts.locale, facts.timeZone) })]
          : []),
      ];
  const rows = facts.options.map((option) =>
    t("quoteMail.optionTotal", { name: oneLine(option.name), total: formatCents(option.totalCents, facts.locale) }),
  );
  const business = facts.business;
  // The sentence with its phone and email as markers, so the HTML can link them.
  const questions = (phone: string, email: string) =>
    business.publicEmail ? t("quoteMail.questionsOrWrite", { phone, email }) : t("quoteMail.questions", { phone });
  return {
    t,
    greeting: firstName ? t("mail.greeting.named", { name: firstName }) : t("mail.greeting.plain"),
    subject: truncate(oneLine(subject), 200),
    lead,
    optionsHeading: t("quoteMail.options", { count: facts.options.length }),
    rows,
    extras: facts.hasExtras ? t("quoteMail.extrasNote") : null,
    validUntil: facts.validUntil ? t("quoteMail.validUntil", { date: calendarDay(facts.validUntil, facts.locale) }) : null,
    questions,
  };
}

type MailParts = ReturnType<typeof mailParts>;

function mailText(facts: QuoteMailFacts, parts: MailParts): string {
  const { t } = parts;
  return [
    parts.greeting,
    "",
    ...parts.lead.flatMap((line) => [line, ""]),
    `${parts.optionsHeading}:`,
    ...parts.rows.map((row) => `- ${row}`),
    ...(parts.extras ? [parts.extras] : []),
    "",
    ...(parts.validUntil ? [parts.validUntil, ""] : []),
    t("quoteMail.linkIntro"),
    facts.address,
    "",
    t("quoteMail.howToAnswer"),
    parts.questions(facts.business.phone, facts.business.publicEmail),
    t("quoteMail.noPressure"),
    "",
    t("quoteMail.keepLink"),
    "",
    facts.business.name,
    "",
  ].join("\n");
}

function mailHtml(facts: QuoteMailFacts, parts: MailParts): string {
  const { t } = parts;
  const business = facts.business;
  const links: [string, string][] = [
    ["\u0001", `<a href="${escapeHtml(business.phoneHref)}">${escapeHtml(business.phone)}</a>`],
    ["\u0002", `<a href="mailto:${escapeHtml(business.publicEmail)}">${escapeHtml(business.publicEmail)}</a>`],
  ];
  let questionsHtml = escapeHtml(parts.questions("\u0001", "\u0002"));
  for (const [marker, link] of links) questionsHtml = questionsHtml.replace(marker, link);
  // A bulletproof button: a link styled as one, readable with images and styles blocked.
  const button = `<p style="margin:20px 0"><a href="${escapeHtml(facts.address)}" style="display:inline-block;background-color:#1f3a5f;color:#ffffff;font-weight:bold;text-decoration:none;padding:12px 20px;border-radius:6px;font-family:Arial,Helvetica,sans-serif;font-size:16px">${escapeHtml(t("quoteMail.button"))}</a></p>`;
  return homeownerPage(
    parts.subject,
    [
      `<p>${escapeHtml(parts.greeting)}</p>`,
      ...parts.lead.map((line) => `<p>${escapeHtml(line)}</p>`),
      `<p style="margin:16px 0 4px"><strong>${escapeHtml(parts.optionsHeading)}</strong></p>`,
      `<ul style="margin:0 0 12px;padding-left:20px">`,
      ...parts.rows.map((row) => `<li>${escapeHtml(row)}</li>`),
      "</ul>",
      ...(parts.extras ? [`<p>${escapeHtml(parts.extras)}</p>`] : []),
      ...(parts.validUntil ? [`<p>${escapeHtml(parts.validUntil)}</p>`] : []),
      button,
      `<p style="font-size:14px;color:#333">${escapeHtml(t("quoteMail.linkIntro"))} <a href="${escapeHtml(facts.address)}">${escapeHtml(facts.address)}</a></p>`,
      `<p>${escapeHtml(t("quoteMail.howToAnswer"))}</p>`,
      `<p>${questionsHtml}</p>`,
      `<p>${escapeHtml(t("quoteMail.noPressure"))}</p>`,
      `<p style="font-size:13px;color:#555">${escapeHtml(t("quoteMail.keepLink"))}</p>`,
      `<p>${escapeHtml(business.name)}</p>`,
    ].join("\n"),
    { name: business.name, siteUrl: facts.siteUrl, locale: facts.locale },
  );
}

/** One quote email, text and HTML; a follow-up carries its mark for the outbox's check. */
export function quoteMail(facts: QuoteMailFacts): OutgoingMail & { quoteFollowUp?: QuoteFollowUpMark } {
  const parts = mailParts(facts);
  const text = mailText(facts, parts);
  const { business } = facts;
  return {
    to: oneLine(facts.to),
    from: facts.from,
    ...(facts.replyTo ? { replyTo: oneLine(facts.replyTo) } : {}),
    subject: parts.subject,
    text: homeownerText(text, { name: business.name, siteUrl: facts.siteUrl }),
    html: mailHtml(facts, parts),
    template: {
      kind: facts.kind,
      params: {
        from_name: facts.name,
        email: facts.to,
        to_email: facts.to,
        subject: parts.subject,
        // An EmailJS template has its own header: the message alone.
        message: text,
        company_name: business.name,
        company_phone: business.phone,
        company_email: business.publicEmail,
      },
    },
    ...(facts.followUp ? { quoteFollowUp: facts.followUp.mark } : {}),
  };
}
